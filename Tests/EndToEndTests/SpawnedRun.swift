import Foundation
import Glibc
import TestSupport

/// One run of the built `whatsnew` started with `posix_spawn`, so a test decides exactly
/// which descriptors the child starts with (standard input closed, as cron may leave it).
struct SpawnedRun {
  /// The exit status, or 128 + the signal that ended it.
  var status: Int32
  /// Whether the run was still going at the deadline (then it was killed).
  var timedOut: Bool
  /// How long it ran, in seconds.
  var seconds: Double
  /// How long it ran after the signal, in seconds; `nil` when none was sent.
  var signalledAfter: Double?
  var output: String
  var errors: String

  /// What a test may do to the child's standard input.
  enum Input {
    /// Closed: the child starts without a descriptor 0.
    case closed
    /// A pipe fed `text`, then closed.
    case text(String)
  }

  /// Runs `arguments` with `environment` (on top of the tests' usual environment: see
  /// ``runWhatsNew(_:input:environment:)``), standard output and error on pipes, and waits
  /// for it to close them, for `timeout` seconds at most; then kills it. `signal`: once
  /// standard error holds `after`, the child is sent `number` (once), and ``signalledAfter``
  /// says how long it ran from then.
  static func run(
    _ arguments: [String], input: Input, environment overrides: [String: String] = [:], timeout: Double = 30,
    signal: (after: String, number: Int32)? = nil
  ) throws -> SpawnedRun {
    ignoreBrokenPipes()
    var environment = ProcessInfo.processInfo.environment
    for key in ["NO_COLOR", "WHATSNEW_DB", "WHATSNEW_FAULTS", "LC_ALL"] { environment[key] = nil }
    environment["LANG"] = "C.UTF-8"
    environment["TZ"] = "UTC"
    environment["SWIFT_BACKTRACE"] = "enable=no"
    environment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
    for (key, value) in overrides { environment[key] = value }

    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    var inputPipe: [Int32] = [-1, -1]
    for index in 0..<3 {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else { throw Errno(code: errno) }
      // Close-on-exec at once: a test spawning another child meanwhile must not inherit them.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      switch index {
      case 0: outputPipe = ends
      case 1: errorPipe = ends
      default: inputPipe = ends
      }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch input {
    case .closed: posix_spawn_file_actions_addclose(&actions, 0)
    case .text: posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    }
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    let began = Date()
    let result = spawn(
      RepositoryPaths.executable, arguments, environment: environment, actions: &actions, attributes: &attributes)
    close(outputPipe[1])
    close(errorPipe[1])
    close(inputPipe[0])
    let child: pid_t
    switch result {
    case .success(let pid): child = pid
    case .failure(let error):
      close(outputPipe[0])
      close(errorPipe[0])
      close(inputPipe[1])
      throw error
    }
    if case .text(let text) = input {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(inputPipe[1], $0.baseAddress, $0.count) }
    }
    close(inputPipe[1])

    // Both pipes are read until the child closes them (it exits) or the deadline.
    var collected: [Int32: [UInt8]] = [outputPipe[0]: [], errorPipe[0]: []]
    var open = [outputPipe[0], errorPipe[0]]
    let deadline = began.addingTimeInterval(timeout)
    var timedOut = false
    var signalled: Date?
    while !open.isEmpty {
      if let signal, signalled == nil,
        String(decoding: collected[errorPipe[0]] ?? [], as: UTF8.self).contains(signal.after)
      {
        kill(child, signal.number)
        signalled = Date()
      }
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else {
        timedOut = true
        break
      }
      var pollers = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let ready = poll(&pollers, nfds_t(pollers.count), Int32(min(left * 1000, 1000)) + 1)
      if ready < 0 && errno == EINTR { continue }
      for poller in pollers where poller.revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(poller.fd, &buffer, buffer.count)
        if count > 0 {
          collected[poller.fd, default: []].append(contentsOf: buffer[0..<count])
        } else {
          open.removeAll { $0 == poller.fd }
        }
      }
    }
    if timedOut { kill(child, SIGKILL) }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    let seconds = Date().timeIntervalSince(began)
    let signalledAfter = signalled.map { Date().timeIntervalSince($0) }
    close(outputPipe[0])
    close(errorPipe[0])
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return SpawnedRun(
      status: exitStatus, timedOut: timedOut, seconds: seconds, signalledAfter: signalledAfter,
      output: String(decoding: collected[outputPipe[0]] ?? [], as: UTF8.self),
      errors: String(decoding: collected[errorPipe[0]] ?? [], as: UTF8.self))
  }
}
