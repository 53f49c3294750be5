import Foundation
import TestSupport
import Testing

@testable import WhatsNewStore

/// Sidecar rules no other test reached (issue 35.7: with each planted away, every test passed).
/// whatsnew's store is in rollback-journal mode, so a `-wal` beside it is set aside before its
/// header is read; a store another tool switched to WAL mode still keeps out a log of another
/// page size. A journal beside a store another program is writing is that program's, left
/// alone whatever it holds; one beside an empty store has nothing to recover and is set aside.
@Suite("What is beside the store: headers, a writer's journal, an empty store")
struct SidecarHeaderTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  /// The first 100 bytes of a SQLite database in WAL mode with `pageSize`-byte pages.
  static func walStoreHeader(pageSize: Int) -> [UInt8] {
    var bytes = Array("SQLite format 3\0".utf8) + [UInt8](repeating: 0, count: 84)
    bytes[16] = UInt8(pageSize >> 8 & 0xff)
    bytes[17] = UInt8(pageSize & 0xff)
    bytes[18] = 2
    bytes[19] = 2
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
    let store = try #require(StoreSidecars.DatabaseHeader(Self.walStoreHeader(pageSize: 4096)))
    #expect(store.isWAL && store.pageSize == 4096)
    #expect(StoreSidecars.walMisfit(try walFile(pageSize: 4096), store: store) == nil)
    #expect(StoreSidecars.walMisfit(try walFile(pageSize: 1024), store: store) == "store.sidecar.header")
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
