import CSQLite
import Glibc

/// The store's file: opening it (the boot gate's checks, in order, before anything is
/// written) and creating files and directories with the modes the store needs.
///
/// The C library, not FileManager: creating with `O_EXCL` and mode 0600 in one step (no
/// window in which the file exists with the umask's mode), and `access(2)` on the directory.
enum StoreFile {
  static func openStore(path: String, createParentDirectory: Bool, lockWait: LockWait) throws(StoreError) -> (
    connection: SQLiteConnection, fresh: Bool, setAside: [SetAsideFile]
  ) {
    guard !path.isEmpty else {
      throw StoreError(kind: .fileSystem, path: path, key: "store.open.emptyPath")
    }
    if isDirectory(path) {
      throw StoreError(kind: .fileSystem, path: path, key: "store.open.directory", path)
    }
    let directory = parentDirectory(of: path)
    if !isDirectory(directory) {
      if createParentDirectory {
        try makeDirectories(directory)
      } else {
        throw StoreError(kind: .directoryMissing, path: directory, key: "store.open.directoryMissing", directory, path)
      }
    }
    // SQLite writes its rollback journal next to the store: in a directory it cannot write
    // to, the store would open and every write would then fail. Refuse at the boot gate.
    if access(directory, W_OK) != 0 {
      let code = errno
      throw StoreError(
        kind: .fileSystem, path: directory, key: "store.open.directoryReadOnly", directory, errorText(code), path)
    }
    let created = try createWhole(path)
    // SQLite would open a FIFO or a device too, and then wait on it or read it forever.
    try requireRegularFile(path, followingSymlink: !createParentDirectory)
    // SQLite applies a journal or WAL beside the store as it opens it: look first.
    let setAside = try StoreSidecars.setAsideForeignFiles(of: path)
    do throws(StoreError) {
      let (connection, fresh) = try openSetUp(path: path, created: created, lockWait: lockWait)
      return (connection, fresh, setAside)
    } catch {
      var refusal = error
      refusal.setAside = setAside  // said with the refusal: the files were moved all the same
      throw refusal
    }
  }

  /// Opens the store at `path` (a regular file, with nothing foreign beside it), refuses what
  /// is not a whatsnew store this build can use, and migrates it; returns it and whether it is fresh.
  private static func openSetUp(path: String, created: Bool, lockWait: LockWait) throws(StoreError) -> (
    SQLiteConnection, Bool
  ) {
    let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    // SQLite falls back to read-only when the file cannot be written: every write would fail
    // later, one tap at a time. Refuse here instead.
    if connection.isReadOnly {
      throw StoreError(kind: .readOnly, path: path, key: "store.open.readOnly", path)
    }
    // Read before writing anything: a file we must refuse is left exactly as it was.
    let version = try userVersion(of: connection, waiting: lockWait)
    if version > SettingsStore.currentSchemaVersion {
      throw StoreError.newerSchema(path: path, found: version, supported: SettingsStore.currentSchemaVersion)
    }
    var fresh = created
    if version == 0 {
      let tables = try connection.scalar("SELECT count(*) FROM sqlite_schema")?.integer ?? 0
      guard tables == 0 else {
        throw StoreError(
          kind: .notADatabase, path: path,
          description: "\(path) is a SQLite database but not a whatsnew settings store (it has tables and no schema version); "
            + "move it aside or choose another path")
      }
      fresh = true
    }
    // Rollback journal, not WAL: Debian's SQLite 3.40.1 has the WAL-reset corruption bug.
    let mode = try connection.scalar("PRAGMA journal_mode = DELETE")?.text
    if mode?.lowercased() != "delete" {
      throw StoreError(
        kind: .sqlite(code: SQLITE_BUSY), path: path,
        description: "cannot switch \(path) to the rollback journal (journal mode is \(mode ?? "unknown")); "
          + "close other programs using the store and try again")
    }
    // A current store (every start but the first after an update) needs no migration, and
    // so takes no write lock at all: opening it never waits on, or holds up, another process.
    if version < SettingsStore.currentSchemaVersion { try Migrations.migrate(connection) }
    return (connection, fresh)
  }

  /// Creates the store at `path` when nothing is there, and returns whether this start made
  /// it: a whole store is made as `<path>.<pid>.tmp` and linked into place, so no other start
  /// sees it half made (of starts racing, one link wins). Without hard links, the store is
  /// created empty in place and migrated when opened.
  private static func createWhole(_ path: String) throws(StoreError) -> Bool {
    var info = stat()
    guard lstat(path, &info) != 0 && errno == ENOENT else { return false }
    _ = BackupFile.removeLeftovers(of: path, in: parentDirectory(of: path))
    let temporary = "\(path).\(getpid()).tmp"
    try create(temporary)
    defer { for file in [temporary, temporary + "-journal"] { unlink(file) } }
    do {
      let connection = try SQLiteConnection(path: temporary, flags: SQLITE_OPEN_READWRITE)
      try Migrations.migrate(connection)
    }  // closed here, before it is linked
    if link(temporary, path) == 0 { return true }
    let code = errno
    guard code != EEXIST else { return false }
    guard [EPERM, EOPNOTSUPP, ENOSYS, EMLINK].contains(code) else {
      throw StoreError.fileSystem("cannot create", path: path, errno: code)
    }
    return try create(path, allowExisting: true)
  }

  /// Reads the store's `user_version`; while another process holds the store's lock, waits up
  /// to `lockWait.seconds`, telling `lockWait.onWaiting` the seconds left once a second, then
  /// fails as ``StoreError/Kind/busy``.
  private static func userVersion(of connection: SQLiteConnection, waiting lockWait: LockWait) throws(StoreError) -> Int {
    guard lockWait.seconds > 0 else { return try connection.userVersion() }
    defer { connection.busyWait.timeoutMilliseconds = SQLiteConnection.defaultBusyTimeout }
    connection.busyWait.timeoutMilliseconds = 0
    var waited = 0
    while true {
      do {
        return try connection.userVersion()
      } catch  where error.kind == .busy && waited < lockWait.seconds {
        lockWait.onWaiting(lockWait.seconds - waited)
        connection.busyWait.timeoutMilliseconds = 1000
        waited += 1
      } catch  where error.kind == .busy {
        throw StoreError(
          kind: .busy, path: connection.path,
          description: "the settings store \(connection.path) is still in use by another program (another whatsnew, or "
            + "sqlite3) after \(lockWait.seconds) s; try again once it has finished")
      }
    }
  }

  /// Opens the store at `path` for reading only (the `backup` subcommand), changing nothing, so
  /// a store this user cannot write opens too. On a read-only file system, where no process
  /// can change the file, a store a plain read-only open cannot read (a WAL-mode one, whose
  /// `-shm` cannot be made there) is opened `immutable=1`.
  static func openForReading(_ path: String) throws(StoreError) -> SQLiteConnection {
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw StoreError(kind: .fileSystem, path: path, key: "store.backup.noStore", path)
    }
    // A journal or WAL that is not the store's would be read into the backup: set it aside first.
    _ = try StoreSidecars.setAsideForeignFiles(of: path)
    var connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY)
    let version: Int
    do throws(StoreError) {
      version = try connection.userVersion()
    } catch  where error.kind != .notADatabase && isOnReadOnlyFileSystem(path) {
      connection = try SQLiteConnection(path: immutableURI(path), flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
      version = try connection.userVersion()
    } catch {
      throw error
    }
    if version > SettingsStore.currentSchemaVersion {
      throw StoreError.newerSchema(path: path, found: version, supported: SettingsStore.currentSchemaVersion)
    }
    guard version >= 1 else {
      throw StoreError(
        kind: .notADatabase, path: path,
        description: "\(path) is not a whatsnew settings store (schema version \(version)); nothing was backed up")
    }
    return connection
  }

  private static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
    var info = statvfs()
    return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
  }

  /// `file:<path>?immutable=1`, with the characters a URI path cannot hold percent-encoded.
  private static func immutableURI(_ path: String) -> String {
    var encoded = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "%"), 0..<0x21, 0x7f...:
        encoded += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
      default:
        encoded.unicodeScalars.append(Unicode.Scalar(byte))
      }
    }
    return "file:\(encoded)?immutable=1"
  }

  /// Checks, on an open descriptor, that `path` is a regular file. `followingSymlink: false`
  /// (the default store path, which the app made) refuses a symbolic link: one there was
  /// planted.
  static func requireRegularFile(_ path: String, followingSymlink: Bool) throws(StoreError) {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingSymlink ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      let code = errno
      throw StoreError(
        kind: .fileSystem, path: path,
        description: code == ELOOP
          ? "the settings store \(path) is a symbolic link where whatsnew keeps its own file; remove the link"
          : "cannot open the settings store \(path): \(errorText(code))")
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw StoreError(
        kind: .fileSystem, path: path,
        description: "the settings store \(path) is not a regular file (a FIFO, a device or a socket); "
          + "choose a SQLite file with --db")
    }
  }

  static func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = String(path[..<slash])
    return directory.isEmpty ? "/" : directory
  }

  static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  /// `mkdir -p` with mode 0700 for each directory it creates.
  static func makeDirectories(_ directory: String) throws(StoreError) {
    if isDirectory(directory) { return }
    let parent = parentDirectory(of: directory)
    if parent != directory && parent != "." { try makeDirectories(parent) }
    if mkdir(directory, 0o700) != 0 && errno != EEXIST {
      throw StoreError.fileSystem("cannot create the directory", path: directory, errno: errno)
    }
  }

  /// Creates `path` with mode 0600 (`O_CREAT | O_EXCL`).
  ///
  /// - Returns: `true` when the file was created; `false` when it already existed and
  ///   `allowExisting` permits that.
  @discardableResult
  static func create(_ path: String, allowExisting: Bool = false) throws(StoreError) -> Bool {
    let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if fd >= 0 {
      fchmod(fd, 0o600)  // in case the umask took bits away from 0600
      close(fd)
      return true
    }
    let code = errno
    guard code == EEXIST else { throw StoreError.fileSystem("cannot create", path: path, errno: code) }
    if allowExisting { return false }
    throw StoreError(kind: .destinationExists, path: path, key: "store.backup.exists", path)
  }
}
