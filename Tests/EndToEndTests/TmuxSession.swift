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

  /// The rows of the scrollback and screen, and how many of them continue a row tmux wrapped:
  /// rows a line wider than the window took, as the terminal drew it (whatever the app's width
  /// code thought). Compares the capture with wrapped lines joined (`-J`) and without.
  func wrappedRows() throws -> (rows: Int, wrapped: Int) {
    let count = { (text: String) in
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      while lines.last.map({ $0.allSatisfy { $0 == " " } }) == true { lines.removeLast() }
      return lines.count
    }
    let raw = count(try tmux(["capture-pane", "-p", "-t", name, "-S", "-"]))
    let joined = count(try tmux(["capture-pane", "-p", "-J", "-t", name, "-S", "-"]))
    return (raw, raw - joined)
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
    // What the pane was, and what scrolled off the screen: an empty screen alone says nothing.
    let pane = (try? tmux(["display-message", "-p", "-t", name, "pane dead #{pane_dead}, status #{pane_dead_status}"])) ?? ""
    let scrollback = history ? "" : ((try? capture(history: true)) ?? "")
    throw Failure.timedOut(
      waitingFor: what, screen: screen + "\n[" + pane.trimmingCharacters(in: .newlines) + "; with the history:]\n" + scrollback)
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
  ///
  /// tmux marks the pane dead when its terminal closes, and learns the status when it
  /// reaps the command; now and then it does not reap it for seconds (the command stays a
  /// zombie, `pane_dead_status` empty). The status is then read from the zombie's
  /// `/proc/<pid>/stat` (its last field, `exit_code`).
  func waitForExit(timeout: Double = 20) throws -> Int32 {
    let command = try pid()
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let fields = try tmux(["display-message", "-p", "-t", name, "#{pane_dead}|#{pane_dead_status}|#{pane_dead_signal}"])
        .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|", omittingEmptySubsequences: false)
        .map(String.init)
      if fields.count == 3, fields[0] == "1" {
        if let status = Int32(fields[1]) { return status }
        if let signal = Int32(fields[2]) { return 128 + signal }
        if let status = Self.zombieExitStatus(command) { return status }
      }
      usleep(20_000)
    }
    throw Failure.timedOut(waitingFor: "the command to exit", screen: (try? capture()) ?? "")
  }

  /// The exit status of `pid` while it is a zombie (exited, not reaped yet), from
  /// `/proc/<pid>/stat`; `nil` otherwise.
  private static func zombieExitStatus(_ pid: pid_t) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.first == "Z", let last = fields.last, let code = Int32(last.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    return (code & 0x7f) == 0 ? (code >> 8) & 0xff : 128 + (code & 0x7f)
  }

  /// Ends the private server, the session and its command with it (SIGHUP to the
  /// command). Safe to call twice.
  func kill() {
    guard !isKilled else { return }
    isKilled = true
    _ = try? tmux(["kill-server"])
  }

  /// Runs `tmux -L <socket> <arguments>` and returns its standard output.
  ///
  /// Started with `posix_spawn`, every signal unblocked and the usual ones at their
  /// default action: a test runner's thread blocks all signals, and a child inherits
  /// that. A tmux server started so never sees SIGCHLD (nor SIGTERM): it neither reaps
  /// its command nor exits on `kill-server`; and the command it starts would inherit it
  /// too. Output goes through files in the session's directory, not pipes: the server
  /// `new-session` starts must not hold a pipe open that this process reads to its end.
  @discardableResult
  private func tmux(_ arguments: [String]) throws -> String {
    guard let executable = Self.executable else { throw Failure.tmuxMissing }
    let outputPath = directory.path("tmux.out")
    let errorPath = directory.path("tmux.err")
    var environment = TestEnvironment.utf8
    environment["TMUX"] = nil
    environment["TMUX_TMPDIR"] = directory.path
    let status = try Self.spawnAndWait(
      executable, ["-L", socketName] + arguments, environment: environment, output: outputPath, error: errorPath)
    let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    guard status == 0 else {
      let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      throw Failure.command(arguments: arguments, status: status, error: error)
    }
    return output
  }

  /// Runs `executable` with a clean signal mask, standard output and error into files;
  /// its exit status (128 + the signal when one ended it).
  private static func spawnAndWait(
    _ executable: String, _ arguments: [String], environment: [String: String], output: String, error: String
  ) throws -> Int32 {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD, SIGQUIT, SIGWINCH] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let result = spawn(executable, arguments, environment: environment, actions: &actions, attributes: &attributes)
    let child: pid_t
    switch result {
    case .success(let pid): child = pid
    case .failure(let error):
      throw Failure.command(arguments: arguments, status: error.code, error: String(cString: strerror(error.code)))
    }
    var status: Int32 = 0
    while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
