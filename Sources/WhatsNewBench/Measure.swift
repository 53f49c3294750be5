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

/// ``time(_:)`` for work the app does through its async rules (a tap: ``Session/send(_:)``).
@MainActor func time(_ body: () async throws -> Void) async rethrows -> Double {
  let start = now()
  try await body()
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

/// What a finished child process left: its exit status and its wall time.
struct ChildResult {
  var status: Int32
  var seconds: Double
}

/// The environment children run with: this process's, plus `overrides`.
func childEnvironment(_ overrides: [String: String]) -> [String] {
  var environment = ProcessInfo.processInfo.environment
  for (key, value) in overrides { environment[key] = value }
  return environment.map { "\($0.key)=\($0.value)" }
}

/// Runs `path` with `arguments`, stdin from `stdinPath`, stdout to `stdoutPath` (stderr too),
/// with `posix_spawn` and `waitpid`, so the time is spawn to exit.
func runChild(
  _ path: String, _ arguments: [String], stdinPath: String, stdoutPath: String, environment: [String]
) -> ChildResult {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_adddup2(&actions, 1, 2)
  let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  let start = now()
  let spawned = argv.withUnsafeBufferPointer { arguments in
    envp.withUnsafeBufferPointer { environment in
      posix_spawn(
        &pid, path, &actions, nil, UnsafeMutablePointer(mutating: arguments.baseAddress!),
        UnsafeMutablePointer(mutating: environment.baseAddress!))
    }
  }
  guard spawned == 0 else {
    fatalError("cannot run \(path): \(String(cString: strerror(spawned)))")
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let seconds = now() - start
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  return ChildResult(status: exitStatus, seconds: seconds)
}

/// The peak resident set of `path` run with `arguments`, in MiB, as GNU time reports it
/// (`/usr/bin/time -f %M`, the child's `ru_maxrss`).
///
/// Not measured with `wait4` from here: `posix_spawn` uses `vfork`, and Linux carries the
/// parent's high-water mark across `exec`, so every child would report at least this
/// benchmark's own RSS. GNU time is a small process, so what it reports is the child's own.
func peakMemory(
  _ path: String, _ arguments: [String], stdinPath: String, stdoutPath: String, environment: [String], scratch: Scratch
) -> Double? {
  let report = scratch.path("peak-rss.txt")
  let run = runChild(
    "/usr/bin/time", ["-f", "%M", "-o", report, path] + arguments, stdinPath: stdinPath, stdoutPath: stdoutPath,
    environment: environment)
  guard run.status == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
    let kibibytes = text.split(separator: "\n").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
  else { return nil }
  return kibibytes / 1024
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
