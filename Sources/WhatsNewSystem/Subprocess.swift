import Glibc

/// Runs a program to completion and collects what it wrote (`posix_spawn`, two pipes, `poll`).
///
/// ```swift
/// let result = try Subprocess.run("/bin/echo", arguments: ["hi"])
/// // result.status == 0, result.standardOutput == Array("hi\n".utf8)
/// ```
public enum Subprocess {
  /// How a program ended and what it wrote.
  public struct Result: Sendable, Hashable {
    /// The exit status; for a program killed by a signal, 128 plus the signal's number.
    public var status: Int32
    /// Whether the program was killed by a signal (then ``status`` is 128 + the signal).
    public var wasSignalled: Bool
    public var standardOutput: [UInt8]
    public var standardError: [UInt8]
  }

  /// Runs `executable` with `arguments` (not including the program name), with this
  /// process's environment and standard input from `/dev/null`, and waits for it.
  ///
  /// A program still running after `timeoutMilliseconds` (when given) is killed, and the
  /// call throws: a hung helper must not hang its caller.
  ///
  /// - Throws: ``SystemError`` when the program cannot be started (missing, not
  ///   executable), its output cannot be read, or it ran out of time (`ETIMEDOUT`).
  public static func run(_ executable: String, arguments: [String], timeoutMilliseconds: Int? = nil)
    throws(SystemError) -> Result
  {
    var outputPipe: [Int32] = [-1, -1]
    var errorPipe: [Int32] = [-1, -1]
    guard makePipe(&outputPipe) else { throw .current("start", executable) }
    guard makePipe(&errorPipe) else {
      let error = SystemError.current("start", executable)
      close(outputPipe[0])
      close(outputPipe[1])
      throw error
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
    close(outputPipe[1])
    close(errorPipe[1])
    guard spawned == 0 else {
      close(outputPipe[0])
      close(errorPipe[0])
      throw SystemError(operation: "start", path: executable, code: spawned)
    }

    var output: [UInt8] = []
    var errors: [UInt8] = []
    var readFailure: SystemError?
    let deadline = timeoutMilliseconds.map { monotonicMilliseconds() + max(0, $0) }
    do {
      let finished = try drain(
        output: outputPipe[0], into: &output, error: errorPipe[0], into: &errors, program: executable, deadline: deadline)
      if !finished {
        kill(child, SIGKILL)
        readFailure = SystemError(
          operation: "finish", path: executable, code: ETIMEDOUT,
          detail: "it was still running after \(timeoutMilliseconds ?? 0) ms, so it was stopped")
      }
    } catch {
      kill(child, SIGKILL)  // it may be stuck writing to a pipe nobody reads any more
      readFailure = error
    }
    close(outputPipe[0])
    close(errorPipe[0])

    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 {
      guard errno == EINTR else { throw .current("wait for", executable) }
    }
    if let readFailure { throw readFailure }
    // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
    let signal = status & 0x7f
    if signal == 0 {
      return Result(status: (status >> 8) & 0xff, wasSignalled: false, standardOutput: output, standardError: errors)
    }
    return Result(status: 128 + signal, wasSignalled: true, standardOutput: output, standardError: errors)
  }

  /// A pipe whose ends close on `exec` (`pipe2` needs `_GNU_SOURCE`, which Swift's Glibc
  /// module does not define).
  private static func makePipe(_ ends: inout [Int32]) -> Bool {
    guard pipe(&ends) == 0 else { return false }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return true
  }

  /// Reads both pipes until both are closed, so neither can fill up and stall the child.
  /// Returns `false` when `deadline` (monotonic milliseconds) passed first.
  private static func drain(
    output: Int32, into outputBytes: inout [UInt8], error: Int32, into errorBytes: inout [UInt8], program: String,
    deadline: Int?
  ) throws(SystemError) -> Bool {
    var open = [output, error]
    var buffer = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
      var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      var wait: Int32 = -1
      if let deadline {
        let remaining = deadline - monotonicMilliseconds()
        if remaining <= 0 { return false }
        wait = Int32(clamping: remaining)
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
      if ready < 0 {
        if errno == EINTR { continue }
        throw .current("read the output of", program)
      }
      for descriptor in descriptors where descriptor.revents != 0 {
        let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          throw .current("read the output of", program)
        }
        if count == 0 {
          open.removeAll { $0 == descriptor.fd }
        } else if descriptor.fd == output {
          outputBytes.append(contentsOf: buffer[0..<count])
        } else {
          errorBytes.append(contentsOf: buffer[0..<count])
        }
      }
    }
    return true
  }

  /// `CLOCK_MONOTONIC` in milliseconds, for deadlines the wall clock cannot move.
  private static func monotonicMilliseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}
