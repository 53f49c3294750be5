// Hand-written over the C library, for the `make bench` rows "warm start" and "first start
// after the translations changed" (shipped content, and 1,000 releases against 10): Foundation
// reads a file into `Data`, which the tables then copy into the `[UInt8]` they keep (every
// page touched twice), and it `fsync`s every file it writes, which a cache does not need (a
// copy torn by a crash fails its fingerprint and is parsed again).
import Glibc

/// Whole files as bytes, read once into the array that keeps them, and cache files written
/// without waiting for the disk.
enum FileBytes {
  /// Why a file was not read.
  enum Refusal: Error, Equatable, CustomStringConvertible {
    /// `open` or `fstat` failed: the error number (the C library's words for it are the description).
    case cannotOpen(Int32)
    /// Not a regular file (a FIFO could block, a device never ends): what it is instead.
    case notARegularFile(String)
    /// Larger than the limit the caller set.
    case tooLarge(size: Int, limit: Int)

    /// Whether the file is simply not there (`ENOENT`).
    var isMissing: Bool { self == .cannotOpen(ENOENT) }

    var description: String {
      switch self {
      case .cannotOpen(let error): String(cString: strerror(error))
      case .notARegularFile(let kind): "it is \(kind), not a regular file"
      case .tooLarge(let size, let limit): "it is \(size) bytes, over the \(limit)-byte limit"
      }
    }
  }

  /// The bytes of the regular file at `path`, checked after opening it (`fstat` on the
  /// descriptor, so a file swapped in after a check is never what is read): a FIFO, a device
  /// or a directory is refused without a read, and so is a file over `limit` bytes.
  /// `followingSymlink: false` refuses a symbolic link as the last component: for paths the
  /// app made itself (its caches), where a link can only have been planted. `truncating`
  /// reads the first `limit` bytes of a larger file instead of refusing it.
  static func contents(
    of path: String, limit: Int, followingSymlink: Bool = true, truncating: Bool = false
  ) -> Result<[UInt8], Refusal> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followingSymlink ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      return .failure(
        errno == ELOOP && !followingSymlink ? .notARegularFile("a symbolic link") : .cannotOpen(errno))
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(.cannotOpen(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notARegularFile(kind(info.st_mode))) }
    guard truncating || Int(info.st_size) <= limit else {
      return .failure(.tooLarge(size: Int(info.st_size), limit: limit))
    }
    var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit))
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      done += count
    }
    if done < bytes.count { bytes.removeLast(bytes.count - done) }
    return .success(bytes)
  }

  /// A file's type in words, from `st_mode`.
  static func kind(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// The ending of temporary files ``replace(_:with:)`` writes (`<name>.<pid>.tmp`), so
  /// leftovers of a process killed while writing can be found, and are never taken for the
  /// file itself by its own ending.
  static let temporarySuffix = ".tmp"

  /// Replaces the file at `path` with `bytes` at once: written to a temporary file beside it
  /// (mode 0600), then renamed over it, so a reader sees the old file or the new one. No
  /// `fsync`: for caches only, so a failure leaves the old file, or none.
  static func replace(_ path: String, with bytes: [UInt8]) {
    let temporary = path + ".\(getpid())" + temporarySuffix
    unlink(temporary)
    if create(temporary, bytes, mode: 0o600, sync: false) == nil, rename(temporary, path) != 0 { unlink(temporary) }
  }

  /// Creates `path` with `mode`, holding all of `bytes` (through short writes and interrupts),
  /// flushed to disk when `sync`: the error number when it failed (what was created is removed).
  static func create(_ path: String, _ bytes: [UInt8], mode: mode_t, sync: Bool) -> Int32? {
    // O_EXCL | O_NOFOLLOW: never write through a link or into a file someone else made.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    guard descriptor >= 0 else { return errno }
    var done = 0
    var failure: Int32?
    while done < bytes.count, failure == nil {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { failure = errno } else { done += count }
    }
    if failure == nil, sync, fsync(descriptor) != 0 { failure = errno }
    close(descriptor)
    if failure != nil { unlink(path) }
    return failure
  }
}
