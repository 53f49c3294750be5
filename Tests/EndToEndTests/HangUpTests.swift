import Foundation
import Glibc
import TestSupport
import Testing

/// A closed terminal: the app runs under an interactive bash in tmux, as a person runs it,
/// and is hung up on the ways a hang-up comes (the terminal closed, which signals the app
/// and makes bash pass its own SIGHUP on; SIGHUP once, twice, to a process group). The
/// history and every write in flight are saved, and no `.history-*` temporary is left.
@Suite("A hang-up saves the history and every write", .serialized, .enabled(if: TmuxSession.isAvailable))
struct HangUpTests {
  let directory: TemporaryDirectory
  var database: String { directory.path("x.sqlite") }
  var stateFolder: String { directory.path("state/whatsnew") }
  var historyPath: String { stateFolder + "/history" }
  var pidFile: String { directory.path("sh.pid") }
  var statusFile: String { directory.path("app.status") }

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// How the hang-up is delivered.
  enum Delivery: String, CaseIterable, CustomTestStringConvertible {
    /// tmux goes away and the terminal with it: the kernel signals the app (the terminal's
    /// foreground job) and bash, which passes SIGHUP on to its jobs.
    case terminalClosed
    /// `kill -HUP` to the app.
    case once
    /// `kill -HUP` to the app twice: in quick succession, or the second once the way out
    /// says it is saving (`whileSaving`).
    case twice
    /// `kill -HUP` to bash's process group: bash passes it on.
    case shellGroup
    /// `kill -HUP` to the app's own process group (bash made it a job of its own).
    case appGroup

    var testDescription: String { rawValue }
  }

  /// bash in tmux, running the app as a user upgrading from `upgradeFrom`; waits for `prompt`.
  /// The app is started by a `sh`, as a script would start it (the same process group), which
  /// writes its own pid and then the app's exit status.
  func start(upgradeFrom: String, prompt: String) throws -> TmuxSession {
    let environment = [
      "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path, "PS1": "$ ",
      "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"),
      "SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin",
    ]
    let tmux = try TmuxSession.start(
      command: ["/bin/bash", "--norc", "--noprofile", "-i"], environment: environment, namePrefix: "hangup")
    try? FileManager.default.removeItem(atPath: pidFile)
    let app = [RepositoryPaths.executable, "--db", database, "--upgrade-from", upgradeFrom].map { "'\($0)'" }
    try? FileManager.default.removeItem(atPath: statusFile)
    try tmux.sendLiteral(
      "sh -c 'echo $$ > \(pidFile); \"$0\" \"$@\"; echo $? > \(statusFile)' " + app.joined(separator: " "))
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: prompt)
    return tmux
  }

  /// Types `command` and Enter; waits for `prompt` as the last line again.
  func run(_ command: String, in tmux: TmuxSession, prompt: String, showing text: String? = nil) throws {
    try tmux.sendLiteral(command)
    try tmux.waitUntil(contains: command)
    try tmux.sendKeys("Enter")
    if let text { try tmux.waitUntil(contains: text) }
    try tmux.waitUntil(lastLine: prompt)
  }

  /// The process id of the `sh` that started the app.
  func shellPID() throws -> pid_t {
    try #require(pid_t(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// The app's process id: the child of the `sh` that started it.
  func appPID() throws -> pid_t {
    let shell = try shellPID()
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return try #require(children.split(separator: " ").first.flatMap { pid_t($0) })
  }

  /// Hangs the app up as `delivery` says; `whileSaving`: a second signal waits until the
  /// first is being acted on (the way out says what it is saving).
  func hangUp(_ tmux: TmuxSession, _ delivery: Delivery, whileSaving: String? = nil) throws {
    let app = try appPID()
    switch delivery {
    case .terminalClosed: tmux.kill()
    case .once: kill(app, SIGHUP)
    case .twice:
      kill(app, SIGHUP)
      if let whileSaving { try tmux.waitUntil(contains: whileSaving) }
      kill(app, SIGHUP)
    case .shellGroup: kill(-getpgid(try tmux.pid()), SIGHUP)
    case .appGroup: kill(-getpgid(app), SIGHUP)
    }
  }

  /// Waits until `pid` has exited (gone, or a zombie not reaped yet).
  func waitUntilGone(_ pid: pid_t, timeout: Double = 20) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      if kill(pid, 0) != 0 || stat.contains(") Z ") { return }
      usleep(20_000)
    }
    Issue.record("the app (pid \(pid)) was still running \(timeout) s after the hang-up")
  }

  /// The temporaries left in the state folder.
  func temporaries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: stateFolder).filter { $0.hasPrefix(".history-") }
  }

  @Test("a hang-up during a delayed write waits for it, saves the history and leaves no temporary", arguments: Delivery.allCases)
  func hangUpDuringAWrite(delivery: Delivery) throws {
    let tmux = try start(upgradeFrom: "2.12.0", prompt: "whatsnew:tour 1/6>")
    defer { tmux.kill() }
    try run(
      "qa delay write workoutView 1000", in: tmux, prompt: "whatsnew:tour 1/6>",
      showing: "Fault added: write:workoutView=delay:1000")
    try run("choose 2", in: tmux, prompt: "whatsnew:tour 1/6>")
    let app = try appPID()
    try hangUp(tmux, delivery, whileSaving: "Saving Workout view…")
    try waitUntilGone(app)
    let state = try runWhatsNew(["--db", database], input: "state\n").output
    #expect(state.contains(#""workoutView":"inline""#), "the write in flight was waited for")
    let history = (try? String(contentsOfFile: historyPath, encoding: .utf8)) ?? "(none)"
    #expect(history.contains("choose\\0402") && history.contains("qa\\040delay"), "\(history)")
    #expect(try temporaries() == [])
    if delivery == .once || delivery == .twice {
      // The signal went to the app alone: the script that started it goes on.
      try waitUntilGone(try shellPID())
      #expect((try? String(contentsOfFile: statusFile, encoding: .utf8)) == "129\n")
    }
  }

  @Test("a SIGTERM after the hang-up still ends a way out that waits, at once (143)")
  func terminateAfterHangUp() throws {
    let tmux = try start(upgradeFrom: "2.12.0", prompt: "whatsnew:tour 1/6>")
    defer { tmux.kill() }
    try run("qa delay write workoutView 4000", in: tmux, prompt: "whatsnew:tour 1/6>", showing: "Fault added")
    try run("choose 2", in: tmux, prompt: "whatsnew:tour 1/6>")
    let app = try appPID()
    kill(app, SIGHUP)
    try tmux.waitUntil(contains: "Saving Workout view…")
    let started = Date()
    kill(app, SIGTERM)
    try waitUntilGone(try shellPID())
    #expect(Date().timeIntervalSince(started) < 2, "not waited for the 4 s write")
    #expect((try? String(contentsOfFile: statusFile, encoding: .utf8)) == "143\n")
  }

  @Test("SIGHUP twice in quick succession, and the terminal closed under bash, ten times each: the history is saved every time")
  func repeatedHangUps() throws {
    for (attempt, delivery) in zip(1...20, [Delivery.twice, .terminalClosed].flatMap { Array(repeating: $0, count: 10) }) {
      try? FileManager.default.removeItem(atPath: stateFolder)
      let tmux = try start(upgradeFrom: "2.13.1", prompt: "whatsnew:tour 1/2>")
      defer { tmux.kill() }
      try self.run("qa faults", in: tmux, prompt: "whatsnew:tour 1/2>", showing: "No faults.")
      let app = try appPID()
      try hangUp(tmux, delivery)
      try waitUntilGone(app)
      let history = (try? String(contentsOfFile: historyPath, encoding: .utf8)) ?? "(none)"
      #expect(history.contains("qa\\040faults"), "run \(attempt), \(delivery): \(history)")
      #expect(try temporaries() == [], "run \(attempt), \(delivery)")
    }
  }

  @Test("a temporary a crash left is removed at the next start; a link and a save in progress are left alone")
  func staleTemporaryIsCleaned() throws {
    try FileManager.default.createDirectory(atPath: stateFolder, withIntermediateDirectories: true)
    let stale = stateFolder + "/.history-Ab12Cd"
    try "_HiStOrY_V2_\nhalf\n".write(toFile: stale, atomically: false, encoding: .utf8)
    let victim = directory.path("victim.txt")
    try "not the app's".write(toFile: victim, atomically: false, encoding: .utf8)
    let link = stateFolder + "/.history-Link00"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
    // Another instance's save in progress holds its temporary locked.
    let inProgress = stateFolder + "/.history-Saving"
    try "_HiStOrY_V2_\n".write(toFile: inProgress, atomically: false, encoding: .utf8)
    let held = open(inProgress, O_RDONLY | O_CLOEXEC)
    defer { close(held) }
    #expect(flock(held, LOCK_EX) == 0)

    let tmux = try start(upgradeFrom: "2.13.1", prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    #expect(!FileManager.default.fileExists(atPath: stale), "the stale temporary is gone at the start")
    #expect(try temporaries().sorted() == [".history-Link00", ".history-Saving"])
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "not the app's")
  }
}
