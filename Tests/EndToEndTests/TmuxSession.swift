import Foundation
import Glibc
import Synchronization
import TestSupport

/// A real terminal for end-to-end tests: a command in a detached tmux session, driven with
/// `send-keys` and read back with `capture-pane`, as a person at a terminal of a given size
/// sees it (tmux draws every escape sequence the app prints; tests read the screen, not the
/// bytes).
///
/// Every session runs on a tmux server of its own: a private socket (`-L`, unique per
/// session) in the session's temporary directory (`TMUX_TMPDIR`), with a configuration of
/// its own (`-f`), so a test never touches, or is touched by, a user's tmux. The server
/// goes away with ``kill()`` (also on deinit), and its socket with the directory.
///
/// The server's settings: no status line (the pane is exactly `width` × `height`),
/// `remain-on-exit` (the screen and the exit status stay readable after the command ends;
/// see ``waitForExit(timeout:)``) and 10,000 lines of history.
///
/// ```swift
/// let tmux = try TmuxSession.start(width: 80, height: 24, command: [RepositoryPaths.executable],
///                                  environment: ["TERM": "screen", "LANG": "C.UTF-8"])
/// defer { tmux.kill() }
/// try tmux.waitUntil(contains: "whatsnew:home>")
/// try tmux.sendLiteral("help")
/// try tmux.sendKeys("Enter")
/// let screen = try tmux.waitUntil(contains: "List the commands")
/// ```
///
/// Not thread-safe: one test drives one session. Waits are bounded (``waitUntil(timeout:_:_:)``).
final class TmuxSession {
  enum Failure: Error, CustomStringConvertible {
    /// tmux is not installed (`make deps` installs it).
    case tmuxMissing
    /// A tmux command failed.
    case command(arguments: [String], status: Int32, error: String)
    /// What a test waited for never showed.
    case timedOut(waitingFor: String, screen: String)

    var description: String {
      switch self {
      case .tmuxMissing: "tmux is not installed (make deps installs it)"
      case .command(let arguments, let status, let error): "tmux \(arguments.joined(separator: " ")) exited \(status): \(error)"
      case .timedOut(let what, let screen): "timed out waiting for \(what); the terminal showed:\n\(screen)"
      }
    }
  }

  /// The tmux executable, if installed.
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") + ["/usr/bin"] {
      let candidate = "\(directory)/tmux"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  /// Whether tmux is installed, for `.enabled(if:)`.
  static var isAvailable: Bool { executable != nil }

  /// The session's name on its server (unique per session in this process).
  let name: String
  /// The private server's socket name (`tmux -L`).
  let socketName: String
  /// Holds the server's socket and configuration; removed on deinit.
  let directory: TemporaryDirectory
  private var isKilled = false

  /// Sessions started so far in this process, for unique names.
  private static let started = Mutex(0)

  private init(name: String, socketName: String, directory: TemporaryDirectory) {
    self.name = name
    self.socketName = socketName
    self.directory = directory
  }

  deinit { kill() }

  /// Starts `command` (its executable and arguments, run directly, no shell) in a new
  /// detached session of `width` × `height` cells, with exactly `environment` (through
  /// `env -i`: nothing leaks in from the test process or the tmux server). Set `TERM` in
  /// it (`screen` is what tmux emulates); `namePrefix` starts the session's and the
  /// socket's names, so a stray server says whose it was.
  static func start(
    width: Int = 80, height: Int = 24, command: [String], environment: [String: String], namePrefix: String = "e2e"
  ) throws -> TmuxSession {
    guard executable != nil else { throw Failure.tmuxMissing }
    let number = started.withLock { count in
      count += 1
      return count
    }
    let unique = "\(namePrefix)-\(getpid())-\(number)"
    let directory = try TemporaryDirectory()
    let configuration = directory.path("tmux.conf")
    try """
    set -g status off
    set -g remain-on-exit on
    set -g history-limit 10000
    set -g escape-time 0

    """.write(toFile: configuration, atomically: true, encoding: .utf8)
    let session = TmuxSession(name: unique, socketName: unique, directory: directory)
    let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    try session.tmux(
      ["-f", configuration, "new-session", "-d", "-s", unique, "-x", String(width), "-y", String(height), "--", "env", "-i"]
        + assignments + command)
    return session
  }

  /// Presses keys, by tmux's names: `Enter`, `Tab`, `Escape`, `Up`, `BSpace`, `C-c`,
  /// `C-d`, `C-r`, … (each argument one key or a string of keys without names).
  func sendKeys(_ keys: String...) throws {
    try tmux(["send-keys", "-t", name] + keys)
  }

  /// Types `text` as it is (no key names: `Enter` is five letters).
  func sendLiteral(_ text: String) throws {
    try tmux(["send-keys", "-t", name, "-l", "--", text])
  }

  /// The screen as text: lines the terminal wrapped are joined back into one (`-J`; a
  /// line wider than the window shows as one long line), trailing spaces removed.
  /// `history`: the scrollback above the screen too.
  func capture(history: Bool = false) throws -> String {
    let text = try tmux(["capture-pane", "-p", "-J", "-t", name] + (history ? ["-S", "-"] : []))
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
      .joined(separator: "\n")
  }

  /// The screen's lines (see ``capture(history:)``) without the empty ones at the bottom.
  func lines(history: Bool = false) throws -> [String] {
    var lines = try capture(history: history).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  /// Waits until the screen (or the scrollback too, with `history`) satisfies `condition`;
  /// returns that screen. Checks every 20 ms, for at most `timeout` seconds.
  @discardableResult
  func waitUntil(
    timeout: Double = 20, history: Bool = false, _ what: String, _ condition: (String) -> Bool
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    var screen = ""
    while Date() < deadline {
      screen = try capture(history: history)
      if condition(screen) { return screen }
      usleep(20_000)
    }
    throw Failure.timedOut(waitingFor: what, screen: screen)
  }

  /// Waits until the screen contains `text`; returns that screen.
  @discardableResult
  func waitUntil(contains text: String, timeout: Double = 20, history: Bool = false) throws -> String {
    try waitUntil(timeout: timeout, history: history, text.debugDescription) { $0.contains(text) }
  }

  /// Waits until the screen's last non-empty line is `line` (trailing spaces ignored),
  /// such as a fresh prompt with nothing typed; returns the screen.
  @discardableResult
  func waitUntil(lastLine line: String, timeout: Double = 20) throws -> String {
    let wanted = String(line.reversed().drop { $0 == " " }.reversed())
    return try waitUntil(timeout: timeout, "the last line to be \(wanted.debugDescription)") { screen in
      screen.split(separator: "\n").last.map(String.init) == wanted
    }
  }

  /// Resizes the window (the command gets SIGWINCH); `height` stays when not given.
  func resize(width: Int, height: Int? = nil) throws {
    try tmux(["resize-window", "-t", name, "-x", String(width)] + (height.map { ["-y", String($0)] } ?? []))
  }

  /// The process id of the command (run directly, so it is the pane's own process).
  func pid() throws -> pid_t {
    let text = try tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
    guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw Failure.command(arguments: ["display-message", "#{pane_pid}"], status: 0, error: "no pid in \(text)")
    }
    return pid
  }

  /// Sends `signal` to the command.
  func signal(_ signal: Int32) throws {
    let target = try pid()
    guard Glibc.kill(target, signal) == 0 else {
      throw Failure.command(arguments: ["kill", String(signal), String(target)], status: errno, error: "kill failed")
    }
  }

  /// Waits until the command has exited; its exit status, or 128 + the signal that ended it.
  func waitForExit(timeout: Double = 20) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let fields = try tmux(["display-message", "-p", "-t", name, "#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}"])
        .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|", omittingEmptySubsequences: false)
        .map(String.init)
      // tmux learns the status a moment after the pane's output ends: wait for it.
      if fields.count == 3, fields[0] == "1" {
        if let status = Int32(fields[1]) { return status }
        if let signal = Int32(fields[2]) { return 128 + signal }
      }
      usleep(20_000)
    }
    throw Failure.timedOut(waitingFor: "the command to exit", screen: (try? capture()) ?? "")
  }

  /// Ends the private server, the session and its command with it (SIGHUP to the
  /// command). Safe to call twice.
  func kill() {
    guard !isKilled else { return }
    isKilled = true
    _ = try? tmux(["kill-server"])
  }

  /// Runs `tmux -L <socket> <arguments>` and returns its standard output.
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    guard let executable = Self.executable else { throw Failure.tmuxMissing }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-L", socketName] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TMUX_TMPDIR"] = directory.path
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let text = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure.command(
        arguments: arguments, status: process.terminationStatus, error: String(decoding: errorText, as: UTF8.self))
    }
    return String(decoding: text, as: UTF8.self)
  }
}
