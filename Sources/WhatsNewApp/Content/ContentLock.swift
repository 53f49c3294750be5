// Over the C library's `flock`: Foundation has no file lock. A lock taken with `flock` ends
// with its process, so a `new-release` that was killed never leaves the content locked.
import Glibc

/// The lock `new-release` holds on a content tree while it reads and writes it, so that runs
/// at the same time take turns and none loses another's entry: `.new-release.lock` in the
/// release directory, locked with `flock`, removed again when released (so a tree is left
/// with no file it did not have).
///
/// Removing a lock file is safe only if a process that locked the removed file notices:
/// after locking, the file must still be the one at the path (same device and inode), else it
/// is locked again from the start.
struct ContentLock: Sendable {
  static let fileName = ".new-release.lock"

  /// Why the lock was not taken.
  enum Failure: Error, Equatable, Sendable {
    /// Another run held it for all of `seconds`.
    case busy(path: String, seconds: Double)
    /// The lock file cannot be made or locked: the C library's words.
    case unusable(path: String, reason: String)
  }

  private let descriptor: Int32
  private let path: String

  /// Locks `directory`, waiting up to `seconds` for another holder to finish; hold it until
  /// ``release()``.
  init(directory: String, seconds: Double) throws(Failure) {
    let path = directory + "/" + Self.fileName
    let deadline = ContinuousClock.now + .seconds(seconds)
    while true {
      let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else { throw .unusable(path: path, reason: String(cString: strerror(errno))) }
      if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
        var held = stat()
        var named = stat()
        if fstat(descriptor, &held) == 0, lstat(path, &named) == 0, held.st_dev == named.st_dev,
          held.st_ino == named.st_ino
        {
          self.descriptor = descriptor
          self.path = path
          return
        }
        // The holder before removed this file: lock the one at the path now.
        close(descriptor)
        continue
      }
      let error = errno
      close(descriptor)
      guard error == EWOULDBLOCK || error == EINTR else {
        throw .unusable(path: path, reason: String(cString: strerror(error)))
      }
      guard ContinuousClock.now < deadline else { throw .busy(path: path, seconds: seconds) }
      usleep(10_000)
    }
  }

  /// Removes the lock file, then unlocks it.
  func release() {
    unlink(path)
    close(descriptor)
  }
}
