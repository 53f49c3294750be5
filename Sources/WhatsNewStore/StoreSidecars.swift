// Hand-written: SQLite applies a `-journal` or `-wal` beside a database as soon as it reads
// it, with no hook to ask first, and no library here reads their headers. The formats are
// SQLite's own, documented at https://www.sqlite.org/fileformat2.html (sections 1.3, 4.1, 4.3).

import CSQLite
import Glibc
import WhatsNewCore

/// A file found beside the store that did not belong to it, and where it was moved.
package struct SetAsideFile: Sendable, Equatable, CustomStringConvertible {
  /// The file as found (`<store>-journal`, `<store>-wal`).
  package var path: String
  /// Where it is now: beside it, never deleted, never applied.
  package var movedTo: String
  /// Why it does not belong to the store: a key of ``StoreMessages`` (`store.sidecar.…`).
  package var reason: String

  /// What the app says, as a store message: the path, then where it went.
  package var message: StoreMessage { StoreMessage(key: reason, arguments: [path, movedTo]) }

  package var description: String { Localizer.format(StoreMessages.english[reason] ?? reason, arguments: [path, movedTo]) }
}

/// The store's own files beside it: the rollback journal (`-journal`) and the write-ahead log
/// (`-wal`). Looked at before SQLite opens the store, because SQLite applies them then; beside
/// the file a symbolic link names (`--db` may be one), where SQLite keeps them.
///
/// A `-journal`, `-wal` or `-shm` that is not a regular file is refused: SQLite would wait for
/// ever on a FIFO, and follow a symbolic link into another file. A journal or WAL that does not
/// fit the store (its header, then a trial on a private copy) is renamed to
/// `<name>.set-aside-<n>`, never deleted; one another connection is using now is left alone,
/// and so is a hot journal of the store's own crash, which SQLite's atomic commit rolls back.
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
  /// Throws when a sidecar is not a regular file, or when a file that must be moved cannot be
  /// (the store is then not opened).
  static func setAsideForeignFiles(of storePath: String) throws(StoreError) -> [SetAsideFile] {
    let path =
      realpath(storePath, nil).map { resolved in
        defer { free(resolved) }
        return String(cString: resolved)
      } ?? storePath
    for file in [path + "-journal", path + "-wal", path + "-shm"] {
      var info = stat()
      if lstat(file, &info) == 0 && info.st_mode & S_IFMT != S_IFREG {
        throw StoreError(kind: .fileSystem, path: file, key: "store.open.sidecarNotAFile", file, storePath)
      }
    }
    // Another connection's live journal (one creating an empty store, too) is not left over.
    if isLockedForWriting(path) { return [] }
    let prefix = readPrefix(path, count: 100) ?? []
    guard let store = DatabaseHeader(prefix) else {
      // An empty store has nothing to recover, and a file that is not a database is refused
      // next, untouched: whatever is beside either is not its own, and must not be applied.
      let why = prefix.isEmpty ? "store.sidecar.emptyStore" : "store.sidecar.notADatabase"
      return try setAside([(path + "-journal", why), (path + "-wal", why)].filter { hasContent($0.0) })
    }
    let checks: [(String, (String, DatabaseHeader) -> String?)] = [("-wal", walMisfit), ("-journal", journalMisfit)]
    return try setAside(
      checks.compactMap { suffix, misfit in
        guard hasContent(path + suffix) else { return nil }
        return (misfit(path + suffix, store) ?? trialMisfit(path, suffix)).map { (path + suffix, $0) }
      })
  }

  /// Why the `-wal` at `path` is not the store's, or `nil` when it may be: whatsnew keeps its
  /// store in rollback mode, so beside a store in that mode a WAL is stale or another
  /// database's; beside a store another tool put in WAL mode, its header must fit the store's.
  static func walMisfit(_ path: String, store: DatabaseHeader) -> String? {
    guard store.isWAL else { return "store.sidecar.rollbackMode" }
    guard let header = readPrefix(path, count: 32), header.count == 32 else { return "store.sidecar.header" }
    let magic = bigEndian32(header, 0)
    guard magic == 0x377f_0682 || magic == 0x377f_0683, Int(bigEndian32(header, 8)) == store.pageSize else {
      return "store.sidecar.header"
    }
    return nil
  }

  /// Why the `-journal` at `path` is not the store's, or `nil` when it may be (or is not hot):
  /// its page size must be the store's, and the page 1 it keeps, if any, this store's as it
  /// was (a schema version, and a change counter the store's equals or is one past).
  static func journalMisfit(_ path: String, store: DatabaseHeader) -> String? {
    guard let header = readPrefix(path, count: 28), header.count == 28 else { return "store.sidecar.header" }
    let magic: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]
    // A journal whose header was zeroed or never written is not hot: SQLite ignores it.
    guard header.starts(with: magic) else { return nil }
    let sectorSize = Int(bigEndian32(header, 20))
    let pageSize = Int(bigEndian32(header, 24))
    guard pageSize == store.pageSize, sectorSize >= 32, sectorSize <= 65536, sectorSize & (sectorSize - 1) == 0 else {
      return "store.sidecar.header"
    }
    guard let original = pageOneImage(path, sectorSize: sectorSize, pageSize: pageSize) else { return nil }
    guard let image = DatabaseHeader(original), image.pageSize == store.pageSize,
      image.schemaVersion >= 1,
      store.changeCounter &- image.changeCounter <= 1
    else { return "store.sidecar.pageOne" }
    return nil
  }

  /// Why applying the store's `suffix` file (`-journal`, `-wal`) to a copy of the store, in a
  /// private temporary directory, leaves no whole whatsnew store (integrity, and the schema
  /// ``Migrations`` create at its version); `nil` when it leaves one. A copy that cannot be
  /// made counts as not whole: the file is then kept aside, not applied.
  static func trialMisfit(_ path: String, _ suffix: String) -> String? {
    let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((temporary + "/whatsnew-trial.XXXXXX").utf8CString)
    guard let made = mkdtemp(&template) else { return "store.sidecar.trial" }
    let directory = String(cString: made)
    let copy = directory + "/store"
    defer {
      for file in [copy, copy + suffix, copy + "-shm", copy + "-journal"] { unlink(file) }
      rmdir(directory)
    }
    guard copyFile(path, to: copy), copyFile(path + suffix, to: copy + suffix) else { return "store.sidecar.trial" }
    do throws(StoreError) {
      let connection = try SQLiteConnection(path: copy, flags: SQLITE_OPEN_READWRITE)
      try connection.execute("PRAGMA trusted_schema = OFF")
      let version = try connection.userVersion()
      // A newer whatsnew's store (refused next, untouched) keeps its own journal: its schema is not known here.
      if version <= SettingsStore.currentSchemaVersion, try BackupVetting.schemaProblem(connection, version: version) != nil {
        return "store.sidecar.trial"
      }
      let problems = try connection.integrityProblems()
      return version >= 1 && problems.isEmpty ? nil : "store.sidecar.trial"
    } catch {
      return "store.sidecar.trial"
    }
  }

  /// Copies the regular file at `source` to a new file `destination` (mode 0600).
  private static func copyFile(_ source: String, to destination: String) -> Bool {
    let input = open(source, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC)
    guard input >= 0 else { return false }
    defer { close(input) }
    let output = open(destination, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    guard output >= 0 else { return false }
    defer { close(output) }
    var info = stat()
    guard fstat(input, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(input, &buffer, buffer.count)
      if count == 0 { return true }
      guard count > 0, write(output, buffer, count) == count else { return false }
    }
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
          description: "\(path) does not belong to the settings store, and it cannot be moved aside "
            + "(\(errorText(code))); the store was not opened and is unchanged. Move the file away, then start again")
      }
      moved.append(SetAsideFile(path: path, movedTo: target, reason: reason))
    }
    return moved
  }

  /// Whether `path` is a regular file with at least one byte (SQLite ignores an empty journal or WAL).
  static func hasContent(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_size > 0
  }

  /// Up to `count` bytes from the start of the regular file at `path` (never through a
  /// symbolic link).
  static func readPrefix(_ path: String, count: Int) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC)
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
