import CSQLite
import Glibc

/// Writing a backup file from a store: a new file appears under the name asked for only
/// once it is complete.
enum BackupFile {
  /// How a finished backup is put in place: `link(2)` where the file system has hard links.
  /// Tests pass one that fails as exFAT's does, to prove the fallback.
  struct Placement: Sendable {
    var link: @Sendable (String, String) -> Int32
    static let live = Placement(link: { Glibc.link($0, $1) })
  }

  /// Writes a copy of `connection`'s database to a new file at `destination` (mode 0600), and
  /// returns what a killed backup to the same destination had left, which it removed first.
  ///
  /// The copy goes to `<destination>.<pid>.tmp` (`O_EXCL`: never through a symlink or into
  /// another file), is synced, and is then linked into place, which fails if `destination`
  /// appeared meanwhile: a killed backup leaves at most that temporary file, never a partial
  /// file under the name asked for. An existing destination is refused unless it is an empty
  /// regular file (one `mktemp` made).
  @discardableResult
  static func write(
    _ connection: SQLiteConnection, to destination: String, placement: Placement = .live
  ) throws(StoreError) -> [String] {
    let directory = StoreFile.parentDirectory(of: destination)
    guard StoreFile.isDirectory(directory) else {
      throw StoreError(kind: .directoryMissing, path: directory, key: "store.backup.directoryMissing", directory, destination)
    }
    // Backup and restore agree on what a backup may be: one restore would refuse is not written.
    let pages = try connection.scalar("PRAGMA page_count")?.integer ?? 0
    let pageSize = try connection.scalar("PRAGMA page_size")?.integer ?? 0
    if pages * pageSize > Int64(BackupImage.maximumSize) {
      throw StoreError(
        kind: .invalidValue, path: connection.path,
        description: "the settings store \(connection.path) is \(pages * pageSize) bytes, more than the "
          + "\(BackupImage.maximumSize >> 20) MiB a whatsnew backup can be, so restore could not read a backup of it; "
          + "nothing was written. A store this large holds rows whatsnew never writes: check it with sqlite3")
    }
    let replacesEmptyFile = try checkDestination(destination)
    let removed = removeLeftovers(of: destination, in: directory)
    let temporary = "\(destination).\(getpid()).tmp"
    do throws(StoreError) {
      try StoreFile.create(temporary)
    } catch  where error.kind == .destinationExists {
      throw StoreError(
        kind: .destinationExists, path: temporary, key: "store.backup.temporaryInTheWay", destination, temporary)
    } catch {
      throw error
    }
    do throws(StoreError) {
      do {
        let target = try SQLiteConnection(path: temporary, flags: SQLITE_OPEN_READWRITE)
        try target.copy(from: connection)
      }  // closed here, before it is synced and moved
      try sync(temporary)
      try place(temporary, at: destination, replacingEmptyFile: replacesEmptyFile, placement: placement)
      try sync(directory)
    } catch {
      unlink(temporary)
      unlink(temporary + "-journal")
      throw error
    }
    return removed
  }

  /// Removes the `<destination>.<pid>.tmp` and `<destination>.<pid>.tmp-journal` in
  /// `directory` that a killed backup (or store creation) left, never a running process's;
  /// returns the paths removed.
  static func removeLeftovers(of destination: String, in directory: String) -> [String] {
    let base = destination.split(separator: "/").last.map(String.init) ?? destination
    guard let listing = opendir(directory) else { return [] }
    defer { closedir(listing) }
    var removed: [String] = []
    while let entry = readdir(listing) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      guard name.hasPrefix(base + "."), let pid = leftoverPID(String(name.dropFirst(base.count + 1))) else { continue }
      let path = directory == "/" ? "/" + name : directory + "/" + name
      if Leftover.isAbandoned(path, pid: pid), unlink(path) == 0 { removed.append(path) }
    }
    return removed.sorted()
  }

  /// The pid in `<pid>.tmp` or `<pid>.tmp-journal`, if `suffix` is one.
  private static func leftoverPID(_ suffix: String) -> pid_t? {
    for ending in [".tmp", ".tmp-journal"] where suffix.hasSuffix(ending) {
      let digits = suffix.dropLast(ending.count)
      if !digits.isEmpty, digits.allSatisfy(\.isASCII), let pid = pid_t(digits), pid > 0 { return pid }
    }
    return nil
  }

  /// Refuses an existing destination unless it is an empty regular file (never following a
  /// symlink); returns whether it is one, to be replaced.
  private static func checkDestination(_ destination: String) throws(StoreError) -> Bool {
    var info = stat()
    guard lstat(destination, &info) == 0 else { return false }
    if info.st_mode & S_IFMT == S_IFREG && info.st_size == 0 { return true }
    throw exists(destination)
  }

  private static func exists(_ destination: String) -> StoreError {
    StoreError(kind: .destinationExists, path: destination, key: "store.backup.exists", destination)
  }

  /// Moves the finished `temporary` to `destination`: `link(2)`, which never replaces a file
  /// made there meanwhile, or `rename(2)` over the empty file checked before. Without hard
  /// links (exFAT, FAT), an empty destination made with `O_EXCL` stands in for the link.
  private static func place(
    _ temporary: String, at destination: String, replacingEmptyFile: Bool, placement: Placement
  ) throws(StoreError) {
    let cannotPlace = { (code: Int32) in
      StoreError.fileSystem("cannot move the finished backup into place at", path: destination, errno: code)
    }
    if !replacingEmptyFile {
      if placement.link(temporary, destination) == 0 {
        unlink(temporary)
        return
      }
      let code = errno
      if code == EEXIST { throw exists(destination) }
      guard [EPERM, EOPNOTSUPP, ENOSYS, EMLINK].contains(code) else { throw cannotPlace(code) }
      do throws(StoreError) {
        try StoreFile.create(destination)
      } catch  where error.kind == .destinationExists {
        throw exists(destination)
      }
    }
    guard rename(temporary, destination) == 0 else {
      let failure = errno
      // The empty file made above, not the person's empty file checked before.
      if !replacingEmptyFile { unlink(destination) }
      throw cannotPlace(failure)
    }
  }

  /// `fsync(2)` on the file or directory at `path`.
  private static func sync(_ path: String) throws(StoreError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw StoreError.fileSystem("cannot open", path: path, errno: errno) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 || errno == EINVAL else {
      throw StoreError.fileSystem("cannot sync the backup to disk at", path: path, errno: errno)
    }
  }
}
