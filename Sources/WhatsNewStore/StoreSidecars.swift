// Hand-written: SQLite applies a `-journal` or `-wal` beside a database as soon as it reads
// it, with no hook to ask first, and no library here reads their headers. The formats are
// SQLite's own, documented at https://www.sqlite.org/fileformat2.html (sections 1.3, 4.1, 4.3).

import Glibc

/// A file found beside the store that did not belong to it, and where it was moved.
package struct SetAsideFile: Sendable, Equatable, CustomStringConvertible {
  /// The file as found (`<store>-journal`, `<store>-wal`).
  package var path: String
  /// Where it is now: beside it, never deleted, never applied.
  package var movedTo: String
  /// Why it does not belong to the store, in words.
  package var reason: String

  package var description: String {
    "\(path) does not belong to the settings store (\(reason)); moved it aside to \(movedTo) without applying it"
  }
}

/// The store's own files beside it: the rollback journal (`-journal`) and the write-ahead log
/// (`-wal`). Looked at before SQLite opens the store, because SQLite applies them then.
///
/// - A `-wal` beside a store in rollback mode (the store's header says so) is never the
///   store's: whatsnew keeps its store in rollback mode, so it is stale or another database's.
///   Beside a store in WAL mode (set by another tool), one whose header does not fit the
///   store (magic, page size) is not the store's either.
/// - A `-journal` is the store's own only when it fits: its page size is the store's, and the
///   image of page 1 it keeps, when it keeps one (every write transaction changes page 1, so
///   a finished one always has), is this store's page 1 as it was: same page size, a whatsnew
///   schema version, and a change counter the store's equals or is one past.
///
/// A journal or WAL that another connection is using now (it holds the store's reserved
/// lock) is left alone: it is live, not left over. One that does not fit is renamed to
/// `<name>.set-aside-<n>` (never deleted), and the open goes on without it; a hot journal of
/// the store's own crash is left for SQLite to roll back, as its atomic commit needs.
enum StoreSidecars {
  /// The header fields of a database file that the checks need.
  struct DatabaseHeader: Equatable {
    var pageSize: Int
    var isWAL: Bool
    var changeCounter: UInt32
    var schemaVersion: Int32

    /// Reads the 100-byte header; `nil` when the bytes are not a SQLite database header.
    init?(_ bytes: [UInt8]) {
      guard bytes.count >= 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
      pageSize = Self.pageSize(in: bytes)
      guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else { return nil }
      isWAL = bytes[18] == 2 || bytes[19] == 2
      changeCounter = StoreSidecars.bigEndian32(bytes, 24)
      schemaVersion = Int32(bitPattern: StoreSidecars.bigEndian32(bytes, 60))
    }

    /// The page size at header offset 16 (1 means 65536).
    static func pageSize(in bytes: [UInt8]) -> Int {
      let raw = Int(bytes[16]) << 8 | Int(bytes[17])
      return raw == 1 ? 65536 : raw
    }
  }

  /// Moves aside what beside `path` does not belong to the store; returns what it moved.
  /// Throws when a file that must be moved cannot be (the store is then not opened).
  static func setAsideForeignFiles(of path: String) throws(StoreError) -> [SetAsideFile] {
    let prefix = readPrefix(path, count: 100) ?? []
    guard let store = DatabaseHeader(prefix) else {
      // An empty store has nothing to recover, and a file that is not a database is refused
      // next, untouched: whatever is beside either is not its own, and must not be applied.
      let why = prefix.isEmpty ? "the store is empty, so it has nothing to recover" : "the store is not a SQLite database"
      return try setAside([(path + "-journal", why), (path + "-wal", why)].filter { hasContent($0.0) })
    }
    if isLockedForWriting(path) { return [] }
    let checks: [(String, (String, DatabaseHeader) -> String?)] = [
      (path + "-wal", walMisfit), (path + "-journal", journalMisfit),
    ]
    return try setAside(checks.compactMap { file, misfit in hasContent(file) ? misfit(file, store).map { (file, $0) } : nil })
  }

  /// Why the `-wal` at `path` is not the store's, or `nil` when it may be.
  static func walMisfit(_ path: String, store: DatabaseHeader) -> String? {
    guard store.isWAL else { return "the store is in rollback-journal mode, so a write-ahead log is never its own" }
    guard let header = readPrefix(path, count: 32), header.count == 32 else { return "its header is cut short" }
    let magic = bigEndian32(header, 0)
    guard magic == 0x377f_0682 || magic == 0x377f_0683 else { return "it is not a SQLite write-ahead log" }
    let pageSize = Int(bigEndian32(header, 8))
    guard pageSize == store.pageSize else {
      return "its page size is \(pageSize) bytes, the store's \(store.pageSize)"
    }
    return nil
  }

  /// Why the `-journal` at `path` is not the store's, or `nil` when it is (or may be).
  static func journalMisfit(_ path: String, store: DatabaseHeader) -> String? {
    guard let header = readPrefix(path, count: 28), header.count == 28 else { return "its header is cut short" }
    let magic: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
    // A journal whose header was zeroed or never written is not hot: SQLite ignores it.
    guard header.starts(with: magic) else { return nil }
    let sectorSize = Int(bigEndian32(header, 20))
    let pageSize = Int(bigEndian32(header, 24))
    guard pageSize == store.pageSize else {
      return "its page size is \(pageSize) bytes, the store's \(store.pageSize)"
    }
    guard sectorSize >= 32, sectorSize <= 65536, sectorSize & (sectorSize - 1) == 0 else {
      return "its sector size \(sectorSize) is not one SQLite writes"
    }
    guard let original = pageOneImage(path, sectorSize: sectorSize, pageSize: pageSize) else { return nil }
    guard let image = DatabaseHeader(original) else { return "the page 1 it keeps is not a SQLite database's" }
    guard image.pageSize == store.pageSize, (1...Int32(SettingsStore.currentSchemaVersion)).contains(image.schemaVersion)
    else { return "the page 1 it keeps is another database's (schema version \(image.schemaVersion))" }
    let counter = store.changeCounter &- image.changeCounter
    guard counter <= 1 else {
      return "the page 1 it keeps is from another database or another time (change counter \(image.changeCounter), "
        + "the store's \(store.changeCounter))"
    }
    return nil
  }

  /// The original page 1 a journal keeps, if it keeps one: its page records follow the header
  /// sector, each a page number, the page and a checksum.
  private static func pageOneImage(_ path: String, sectorSize: Int, pageSize: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let record = 4 + pageSize + 4
    var offset = sectorSize
    // A journal of the store's size: a few pages. Bound the walk all the same.
    var records = 0
    while offset + record <= Int(info.st_size), records < 100_000 {
      var number: [UInt8] = [0, 0, 0, 0]
      guard pread(descriptor, &number, 4, off_t(offset)) == 4 else { return nil }
      if bigEndian32(number, 0) == 1 {
        var page = [UInt8](repeating: 0, count: 100)
        guard pread(descriptor, &page, 100, off_t(offset + 4)) == 100 else { return nil }
        return page
      }
      offset += record
      records += 1
    }
    return nil
  }

  /// Whether another connection holds the store's reserved lock (SQLite's lock byte at
  /// 0x40000001): then a journal beside it is that connection's live one.
  static func isLockedForWriting(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return holdsReservedLock(descriptor)
  }

  /// Whether another process holds the reserved lock byte of the file open at `descriptor`
  /// (it has a write transaction open).
  static func holdsReservedLock(_ descriptor: Int32) -> Bool {
    var lock = flock(F_WRLCK, start: 0x4000_0001, length: 1)
    return fcntl(descriptor, F_GETLK, &lock) == 0 && lock.l_type != Int16(F_UNLCK)
  }

  private static func setAside(_ files: [(String, String)]) throws(StoreError) -> [SetAsideFile] {
    var moved: [SetAsideFile] = []
    for (path, reason) in files {
      var number = 1
      var target = path + ".set-aside-1"
      while access(target, F_OK) == 0 {
        number += 1
        target = path + ".set-aside-\(number)"
      }
      guard rename(path, target) == 0 else {
        let code = errno
        throw StoreError(
          kind: .fileSystem, path: path,
          description: "\(path) does not belong to the settings store (\(reason)), and it cannot be moved aside "
            + "(\(errorText(code))); the store was not opened and is unchanged. Move the file away, then start again")
      }
      moved.append(SetAsideFile(path: path, movedTo: target, reason: reason))
    }
    return moved
  }

  /// Whether `path` is a file with at least one byte (SQLite ignores an empty journal or WAL).
  private static func hasContent(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_size > 0
  }

  /// Up to `count` bytes from the start of the regular file at `path`.
  static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: count)
    let read = pread(descriptor, &bytes, count, 0)
    guard read >= 0 else { return nil }
    return Array(bytes.prefix(read))
  }

  static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
      | UInt32(bytes[offset + 3])
  }
}

extension flock {
  /// A POSIX lock of `type` (`F_RDLCK`, `F_WRLCK`, `F_UNLCK`) on `length` bytes from `start`.
  init(_ type: Int32, start: off_t, length: off_t) {
    self.init()
    l_type = Int16(type)
    l_whence = Int16(SEEK_SET)
    l_start = start
    l_len = length
  }
}
