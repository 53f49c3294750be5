import Foundation
import Glibc

/// Seconds on the monotonic clock.
func now() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Times `body` once, in seconds.
@inline(never)
func time(_ body: () throws -> Void) rethrows -> Double {
  let start = now()
  try body()
  return now() - start
}

func median(_ values: [Double]) -> Double {
  precondition(!values.isEmpty)
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The nearest-rank percentile `p` (0…100).
func percentile(_ values: [Double], _ p: Double) -> Double {
  precondition(!values.isEmpty)
  let sorted = values.sorted()
  let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
  return sorted[max(0, min(sorted.count - 1, rank - 1))]
}

/// Keeps results alive so the optimizer cannot drop the work that made them.
nonisolated(unsafe) var blackHole = 0

/// What a finished child process left: its exit status, its wall time and its peak RSS.
struct ChildResult {
  var status: Int32
  var seconds: Double
  /// `ru_maxrss` from `wait4`, in KiB.
  var maxRSSKiB: Int
}

/// Runs `path` with `arguments`, stdin from `stdinPath`, stdout to `stdoutPath` (stderr too),
/// with `posix_spawn` and `wait4`, so the time is spawn to exit and the RSS is the child's own.
func runChild(_ path: String, _ arguments: [String], stdinPath: String, stdoutPath: String) -> ChildResult {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var pid: pid_t = 0
  let start = now()
  let spawned = argv.withUnsafeBufferPointer { buffer in
    posix_spawn(&pid, path, &actions, nil, UnsafeMutablePointer(mutating: buffer.baseAddress!), environ)
  }
  guard spawned == 0 else {
    fatalError("cannot run \(path): \(String(cString: strerror(spawned)))")
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
  let seconds = now() - start
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return ChildResult(status: exitStatus, seconds: seconds, maxRSSKiB: Int(usage.ru_maxrss))
}

/// A scratch directory for one run, removed at exit.
final class Scratch {
  let path: String

  init() {
    var template = Array("/tmp/whatsnew-bench.XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else { fatalError("cannot create a scratch directory in /tmp") }
    path = String(cString: result)
  }

  func path(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
