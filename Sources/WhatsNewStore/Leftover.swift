import Glibc

/// What a process of ours that died left behind: a file or directory named with its pid
/// (`<backup>.<pid>.tmp`, `whatsnew-explore.<pid>.*`). One rule for every such clean-up: the
/// process is gone, and the entry is this user's and of the kind that process makes.
package enum Leftover {
  /// Whether `path`, made by process `pid`, was left by a process that has ended: `pid` is
  /// not running, and `path` is a regular file (or, with `directory`, a directory, never a
  /// link to one) that this user owns. A running process's entry (its work may be under way)
  /// and anyone else's are never taken for leftovers.
  package static func isAbandoned(_ path: String, pid: Int32, directory: Bool = false) -> Bool {
    guard pid > 0, kill(pid, 0) != 0, errno == ESRCH else { return false }
    var info = stat()
    return lstat(path, &info) == 0 && info.st_mode & S_IFMT == (directory ? S_IFDIR : S_IFREG)
      && info.st_uid == getuid()
  }
}
