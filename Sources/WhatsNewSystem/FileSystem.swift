import Glibc

/// Files and directories through the C library: the app's one wrapper over them.
///
/// Every call names its path in the error it throws. Reads retry on `EINTR` and on short
/// reads; writes that must not leave a half-written file go through
/// ``writeFileAtomically(_:contents:permissions:)``.
///
/// ```swift
/// let bytes = try FileSystem.readFile("Releases/manifest.json")
/// let names = try FileSystem.listDirectory("Releases").filter { $0.hasSuffix(".json") }
/// ```
public enum FileSystem {
  /// What `stat` says about a path.
  public struct Status: Sendable, Hashable {
    /// The size in bytes.
    public var size: Int
    /// The last modification, in whole seconds since 1970-01-01 UTC.
    public var modificationTime: Int64
    /// The nanoseconds past ``modificationTime``.
    public var modificationNanoseconds: Int = 0
    /// The file's device and inode: a file replaced by another (renamed over it) has others.
    public var device: UInt64 = 0
    public var inode: UInt64 = 0
    /// The permission bits (`0o600`).
    public var permissions: UInt32
    public var isDirectory: Bool
    public var isRegularFile: Bool
  }

  /// `stat(2)` of `path`, following symbolic links; `nil` when it cannot be examined.
  public static func status(_ path: String) -> Status? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let kind = info.st_mode & S_IFMT
    return Status(
      size: Int(info.st_size), modificationTime: Int64(info.st_mtim.tv_sec),
      modificationNanoseconds: Int(info.st_mtim.tv_nsec), device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
      permissions: UInt32(info.st_mode & 0o7777), isDirectory: kind == S_IFDIR, isRegularFile: kind == S_IFREG)
  }

  /// Whether anything exists at `path` (following symbolic links).
  public static func exists(_ path: String) -> Bool { status(path) != nil }

  /// Whether `path` is a directory (following symbolic links).
  public static func isDirectory(_ path: String) -> Bool { status(path)?.isDirectory ?? false }

  /// Reads the whole file, or its first `limit` bytes.
  public static func readFile(_ path: String, limit: Int = .max) throws(SystemError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw .current("read", path) }
    defer { close(descriptor) }
    var info = stat()
    let size = fstat(descriptor, &info) == 0 && info.st_size > 0 ? Int(info.st_size) : 0
    // A file whose size is known is read straight into the result (one byte more than its
    // size, to notice one that grew); anything else in chunks below.
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: min(limit, size + 1)) { buffer, count in
      while count < buffer.count {
        let got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if got == 0 { return }
        count += got
      }
    }
    if failure != 0 { throw SystemError(operation: "read", path: path, code: failure) }
    if bytes.count < min(limit, size + 1) { return bytes }
    var chunk = [UInt8](repeating: 0, count: 65536)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .current("read", path)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  /// The names in a directory, without `.` and `..`, in no particular order.
  public static func listDirectory(_ path: String) throws(SystemError) -> [String] {
    guard let directory = opendir(path) else { throw .current("list", path) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// Creates a directory with `permissions`, and any missing parents when
  /// `intermediates` is set. An existing directory is not an error.
  public static func createDirectory(_ path: String, permissions: UInt32 = 0o755, intermediates: Bool = false)
    throws(SystemError)
  {
    if isDirectory(path) { return }
    if intermediates {
      let parent = parentDirectory(of: path)
      if !parent.isEmpty, parent != path { try createDirectory(parent, permissions: permissions, intermediates: true) }
    }
    if mkdir(path, mode_t(permissions)) != 0 && !(errno == EEXIST && isDirectory(path)) {
      throw .current("create the directory", path)
    }
  }

  /// Writes `contents` to a new file at `path` with `permissions`; fails if the file exists.
  public static func createFile(_ path: String, contents: [UInt8], permissions: UInt32 = 0o644) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    guard descriptor >= 0 else { throw .current("create", path) }
    var written = 0
    while written < contents.count {
      let count = contents.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, contents.count - written) }
      if count < 0 {
        if errno == EINTR { continue }
        let error = SystemError.current("write", path)
        close(descriptor)
        unlink(path)
        throw error
      }
      written += count
    }
    guard close(descriptor) == 0 else {
      let error = SystemError.current("write", path)
      unlink(path)
      throw error
    }
  }

  /// Replaces `path` with `contents` all at once: the bytes go to a temporary file in the
  /// same directory (named after `path` and this process), which is then renamed over
  /// `path`. A reader sees the old file or the new one, never a part.
  public static func writeFileAtomically(_ path: String, contents: [UInt8], permissions: UInt32 = 0o644)
    throws(SystemError)
  {
    let temporary = temporaryPath(for: path)
    unlink(temporary)
    try createFile(temporary, contents: contents, permissions: permissions)
    do {
      try rename(temporary, to: path)
    } catch {
      unlink(temporary)
      throw error
    }
  }

  /// The temporary file ``writeFileAtomically(_:contents:permissions:)`` uses for `path`
  /// in this process: `<path>.<pid>.tmp`.
  public static func temporaryPath(for path: String) -> String { "\(path).\(getpid()).tmp" }

  /// Renames `source` to `destination`, replacing it (`rename(2)`).
  public static func rename(_ source: String, to destination: String) throws(SystemError) {
    guard Glibc.rename(source, destination) == 0 else { throw .current("rename", source) }
  }

  /// Removes a file (not a directory).
  public static func removeFile(_ path: String) throws(SystemError) {
    guard unlink(path) == 0 else { throw .current("remove", path) }
  }

  /// The working directory, or `nil` when it has been removed.
  public static func currentDirectory() -> String? {
    guard let pointer = getcwd(nil, 0) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }

  /// Where a symbolic link points, or `nil` when `path` is not one.
  public static func destinationOfSymbolicLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `path` made absolute against the working directory.
  public static func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return (currentDirectory() ?? "") + "/" + path
  }

  /// The directory part of a path: `/a/b/c` → `/a/b`, `c` → ``, `/c` → `/`.
  public static func parentDirectory(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// The last part of a path: `/a/b/c.txt` → `c.txt`.
  public static func lastComponent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard trimmed != "/", let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
    return String(trimmed[trimmed.index(after: slash)...])
  }
}
