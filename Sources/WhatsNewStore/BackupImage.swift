import CSQLite
import Glibc

/// A backup file's bytes, read once, and what its 100-byte SQLite header says about them.
///
/// Restore vets and copies these bytes, never the file again, so nothing that happens to the
/// file afterwards reaches the store unvetted. Reading creates nothing beside the file and
/// never blocks (a FIFO or a device is refused after a non-blocking open; the file's lock is
/// only tried, briefly).
struct BackupImage: Sendable {
  /// The largest backup restore reads: 16 MiB. A whatsnew store holds a few dozen short
  /// rows (about 24 KiB); the cap bounds the memory a hostile file can make restore use.
  static let maximumSize = 16 << 20

  /// The path the bytes were read from, for messages.
  let path: String
  /// The file's bytes, as read once.
  let bytes: [UInt8]

  /// An image of `bytes` as if read from `path` (tests and the fuzz target), header checked.
  init(bytes: [UInt8], path: String) throws(StoreError) {
    self.path = path
    self.bytes = bytes
    try checkHeader()
  }

  // MARK: Reading the file

  /// Reads the backup at `path` once, under a shared SQLite lock so no SQLite writer can
  /// change it mid-read, and checks its header.
  static func read(_ path: String) throws(StoreError) -> BackupImage {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT { throw StoreError(kind: .notABackup, path: path, key: "store.restore.missing", path) }
      throw refusal(path, "it cannot be opened (\(errorText(code)))")
    }
    // Closing the descriptor also drops the lock taken below.
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw refusal(path, "it cannot be read (\(errorText(errno)))") }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw refusal(path, "it is \(fileTypeName(info.st_mode)), not a regular file")
    }
    guard info.st_size <= maximumSize else {
      throw refusal(
        path, "it is \(info.st_size) bytes, more than the \(maximumSize >> 20) MiB a whatsnew backup can be")
    }
    try lockShared(descriptor, path: path)
    try checkNeighbours(path, descriptor: descriptor)

    let size = Int(info.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, size - done, off_t(done)) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        throw refusal(path, count < 0 ? "it cannot be read (\(errorText(errno)))" : "it shrank while it was read")
      }
      done += count
    }
    return try BackupImage(bytes: bytes, path: path)
  }

  /// SQLite's locking bytes (see `os_unix.c`): another process writing the file holds
  /// `reserved` (``StoreSidecars/holdsReservedLock(_:)``), and `pending` then the whole
  /// `shared` range while it changes the file.
  private enum LockByte {
    static let pending: off_t = 0x4000_0000
    static let shared: off_t = 0x4000_0002
    static let sharedSize: off_t = 510
  }

  /// Takes a read lock on the shared range as SQLite's readers do (through the pending byte),
  /// so no SQLite writer can commit while the bytes are read; tries for about a second. A file
  /// system without locks (`ENOLCK`, …) is read unlocked. (Closing the descriptor drops every
  /// POSIX lock this process holds on the file: safe, as the app never has a backup open.)
  private static func lockShared(_ descriptor: Int32, path: String) throws(StoreError) {
    func busy(_ code: Int32) -> Bool { code == EAGAIN || code == EACCES }
    for attempt in 0..<50 {
      if attempt > 0 { usleep(20_000) }
      if let code = setLock(descriptor, F_RDLCK, start: LockByte.pending, length: 1) {
        if busy(code) { continue } else { return }
      }
      let failure = setLock(descriptor, F_RDLCK, start: LockByte.shared, length: LockByte.sharedSize)
      _ = setLock(descriptor, F_UNLCK, start: LockByte.pending, length: 1)
      if failure.map(busy) != true { return }
    }
    throw StoreError(
      kind: .backupInUse, path: path,
      description: "cannot restore \(path): it is locked by another process that is writing to it; "
        + "try again when that program has finished; nothing was restored")
  }

  /// `fcntl(F_SETLK)`: `nil` when it succeeded, else its `errno`.
  private static func setLock(_ descriptor: Int32, _ type: Int32, start: off_t, length: off_t) -> Int32? {
    var lock = flock(type, start: start, length: length)
    return fcntl(descriptor, F_SETLK, &lock) == 0 ? nil : errno
  }

  /// Refuses a file whose bytes alone are not the database: a hot rollback journal beside it
  /// (a writer stopped mid-transaction; only SQLite, opening the file read-write, rolls it
  /// back), or a `-wal` file with changes not yet copied into it.
  private static func checkNeighbours(_ path: String, descriptor: Int32) throws(StoreError) {
    // A journal while a writer holds `reserved` is that writer's, and the file is still as it
    // was before its transaction (it cannot commit while the shared lock is held).
    let journalStart = StoreSidecars.readPrefix(path + "-journal", count: 1)?.first
    if journalStart.map({ $0 != 0 }) == true && !StoreSidecars.holdsReservedLock(descriptor) {
      throw StoreError(
        kind: .backupInUse, path: path,
        description: "cannot restore \(path): it has a hot journal (\(path)-journal), left by a program that stopped "
          + "in the middle of a write; open it with that program first (or `sqlite3 \(path) 'PRAGMA integrity_check'`) "
          + "so SQLite can roll the journal back; nothing was restored")
    }
    var header = [UInt8](repeating: 0, count: 20)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, 20, 0) }
    let walMode = count == 20 && (header[18] == 2 || header[19] == 2)
    if walMode, StoreSidecars.hasContent(path + "-wal") {
      throw StoreError(
        kind: .backupInUse, path: path,
        description: "cannot restore \(path): it is in WAL mode and \(path)-wal still holds changes that are not in the "
          + "file; close the program using it, or run `sqlite3 \(path) 'PRAGMA wal_checkpoint(TRUNCATE)'`, "
          + "then try again; nothing was restored")
    }
  }

  private static func fileTypeName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "a special file"
    }
  }

  // MARK: The header

  /// The bytes with the header saying "rollback journal" (offsets 18 and 19 set to 1): the
  /// private copy never looks for a `-wal` file. A backup's data is the same in either mode.
  var bytesInRollbackMode: [UInt8] {
    var copy = bytes
    copy[18] = 1
    copy[19] = 1
    return copy
  }

  /// Checks the header's magic, page size, format bytes, page count and free-page count.
  private func checkHeader() throws(StoreError) {
    let refuse = { (reason: String) in Self.refusal(path, reason) }
    if bytes.isEmpty { throw refuse("it is empty") }
    guard bytes.starts(with: Array("SQLite format 3\0".utf8)) else {
      throw refuse("file is not a database (it does not start with the SQLite header)")
    }
    guard bytes.count >= 512 else {
      throw refuse("it is \(bytes.count) bytes, too short to be a SQLite database (a cut-off copy?)")
    }
    let pageSize = StoreSidecars.DatabaseHeader.pageSize(in: bytes)
    guard (512...65536).contains(pageSize), pageSize & (pageSize - 1) == 0 else {
      throw refuse("its header gives the page size \(pageSize), which SQLite never writes")
    }
    guard (1...2).contains(bytes[18]), (1...2).contains(bytes[19]) else {
      throw refuse("its header gives the file format \(bytes[18]).\(bytes[19]), which SQLite never writes")
    }
    guard bytes.count % pageSize == 0 else {
      throw refuse("it is \(bytes.count) bytes, not a whole number of its \(pageSize)-byte pages (a cut-off copy?)")
    }
    let realPages = bytes.count / pageSize
    // The page count at offset 28 is valid when the version-valid-for number (92) equals the
    // change counter (24); SQLite then trusts it over the file's size.
    let field = { (offset: Int) in StoreSidecars.bigEndian32(bytes, offset) }
    let headerPages = Int(field(28))
    if headerPages != 0 && field(92) == field(24) && headerPages != realPages {
      throw refuse(
        "its header claims \(headerPages) pages of \(pageSize) bytes, but the file holds \(realPages) "
          + "(a damaged or forged header)")
    }
    let freePages = Int(field(36))
    guard freePages < realPages else {
      throw refuse(
        "its header claims \(freePages) free pages, but the file holds \(realPages) pages (a damaged or forged free list)")
    }
  }

  static func refusal(_ path: String, _ reason: String) -> StoreError {
    StoreError(
      kind: .notABackup, path: path, description: "\(path) is not a whatsnew backup: \(reason); nothing was restored")
  }
}
