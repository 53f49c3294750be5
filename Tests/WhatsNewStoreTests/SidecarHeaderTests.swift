import Foundation
import TestSupport
import Testing

@testable import WhatsNewStore

/// Sidecar rules no other test reached (issue 35.7: with each planted away, every test passed).
/// whatsnew's store is in rollback-journal mode, so a `-wal` beside it is set aside before its
/// header is read; a store another tool switched to WAL mode still keeps out a log of another
/// page size, and a journal whose page 1 is not the store's as of one write back is set aside. A
/// journal beside a store another program is writing is that program's, left
/// alone whatever it holds; one beside an empty store has nothing to recover and is set aside.
@Suite("What is beside the store: headers, a writer's journal, an empty store")
struct SidecarHeaderTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// `value` as 4 big-endian bytes.
  static func bigEndian(_ value: Int) -> [UInt8] { (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xff) } }

  /// The first 100 bytes of a SQLite database with `pageSize`-byte pages, in WAL mode or not,
  /// with its change counter and schema version.
  static func storeHeader(pageSize: Int, wal: Bool = true, counter: Int = 0, schema: Int = 0) -> [UInt8] {
    var bytes = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)
    bytes[16] = UInt8(pageSize >> 8 & 0xff)
    bytes[17] = UInt8(pageSize & 0xff)
    bytes[18] = wal ? 2 : 1
    bytes[19] = wal ? 2 : 1
    bytes.replaceSubrange(24..<28, with: bigEndian(counter))
    bytes.replaceSubrange(60..<64, with: bigEndian(schema))
    return bytes
  }

  /// A write-ahead log's 32-byte header with `pageSize`-byte pages.
  func walFile(pageSize: Int) throws -> String {
    var header = [UInt8](repeating: 0, count: 32)
    for (index, byte) in [0x37, 0x7f, 0x06, 0x82].enumerated() { header[index] = UInt8(byte) }
    for shift in 0..<4 { header[8 + shift] = UInt8(pageSize >> (24 - 8 * shift) & 0xff) }
    let path = directory.path("store.sqlite-wal")
    try Data(header).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("a log of the store's page size is its own; one of another page size is not, and says why")
  func pageSize() throws {
    let store = try #require(StoreSidecars.DatabaseHeader(Self.storeHeader(pageSize: 4096)))
    #expect(store.isWAL && store.pageSize == 4096)
    #expect(StoreSidecars.walMisfit(try walFile(pageSize: 4096), store: store) == nil)
    #expect(StoreSidecars.walMisfit(try walFile(pageSize: 1024), store: store) == "store.sidecar.header")
  }

  /// A hot journal (512-byte sectors, 4096-byte pages) whose one record is page 1 as it was
  /// before the transaction: its change counter `counter` and schema version `schema`.
  func journal(counter: Int, schema: Int) throws -> String {
    var header = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7] + [UInt8](repeating: 0, count: 504)
    header.replaceSubrange(20..<24, with: Self.bigEndian(512))
    header.replaceSubrange(24..<28, with: Self.bigEndian(4096))
    let page = Self.storeHeader(pageSize: 4096, wal: false, counter: counter, schema: schema)
    let record = Self.bigEndian(1) + page + [UInt8](repeating: 0, count: 4096 - 100) + Self.bigEndian(0)
    let path = directory.path("store.sqlite-journal")
    try Data(header + record).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Each row: page 1 as the journal keeps it (change counter, schema version), against a
  /// store at change counter 10 and schema version 4, and whether it may be the store's.
  static let pageOnes: [(counter: Int, schema: Int, own: Bool)] = [
    (10, 4, true), (9, 4, true), (9, 3, true), (3, 4, false), (11, 4, false), (9, 0, false),
  ]

  @Test("a journal's page 1 is the store's only one write back, and holds a schema", arguments: pageOnes)
  func pageOne(counter: Int, schema: Int, own: Bool) throws {
    let store = try #require(
      StoreSidecars.DatabaseHeader(Self.storeHeader(pageSize: 4096, wal: false, counter: 10, schema: 4)))
    let misfit = StoreSidecars.journalMisfit(try journal(counter: counter, schema: schema), store: store)
    #expect(misfit == (own ? nil : "store.sidecar.pageOne"))
  }

  @Test("a journal beside a store another program is writing is left alone, even one cut short")
  func writersJournal() throws {
    let path = directory.path("store.sqlite")
    _ = try SettingsStore(path: path)
    let writer = try SQLiteLockHolder(path)
    defer { writer.release() }
    try Data("cut short".utf8).write(to: URL(fileURLWithPath: path + "-journal"))
    #expect(try StoreSidecars.setAsideForeignFiles(of: path) == [])
    #expect(FileManager.default.fileExists(atPath: path + "-journal"))
  }

  @Test("a journal beside an empty store is set aside, saying why, never applied")
  func emptyStore() throws {
    let path = directory.path("empty.sqlite")
    try Data().write(to: URL(fileURLWithPath: path))
    try Data(repeating: 7, count: 512).write(to: URL(fileURLWithPath: path + "-journal"))
    let moved = try StoreSidecars.setAsideForeignFiles(of: path)
    #expect(moved.map(\.reason) == ["store.sidecar.emptyStore"])
    #expect(moved.first?.description.contains("the store is empty, so it has nothing to recover") == true)
    #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    #expect(FileManager.default.fileExists(atPath: path + "-journal.set-aside-1"), "moved aside, never deleted")
  }
}
