// Hand-written over the C library, for two rows of `make bench` ("1,000 generated releases,
// warm start" and "first start after the translations changed"): Foundation reads a file
// into `Data`, which the tables then copy into the `[UInt8]` they keep (the two 5 MB
// tables of 1,000 releases were read twice over: 80% of that start's page faults), and it
// `fsync`s every file it writes, which a cache does not need (a copy torn by a crash fails
// its fingerprint and is parsed again).
import Glibc

/// Whole files as bytes, read once into the array that keeps them, and cache files written
/// without waiting for the disk.
enum FileBytes {
  /// The bytes of the regular file at `path`, or its first `limit` bytes; `nil` when it
  /// cannot be opened or is not a regular file (a FIFO or a device is never read: it could
  /// block or never end).
  static func read(_ path: String, limit: Int = .max) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit))
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      done += count
    }
    if done < bytes.count { bytes.removeLast(bytes.count - done) }
    return bytes
  }

  /// The ending of temporary files ``replace(_:with:)`` writes (`<name>.<pid>.tmp`), so
  /// leftovers of a process killed while writing can be found, and are never taken for the
  /// file itself by its own ending.
  static let temporarySuffix = ".tmp"

  /// Replaces the file at `path` with `bytes` at once: written to a temporary file beside it
  /// (mode 0600), then renamed over it, so a reader sees the old file or the new one. No
  /// `fsync`: for caches only. Returns whether the file was replaced.
  @discardableResult
  static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
    let temporary = path + ".\(getpid())" + temporarySuffix
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      done += count
    }
    close(descriptor)
    guard done == bytes.count, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }
}
