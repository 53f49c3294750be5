import Foundation
import Glibc
import TestSupport
import Testing

/// The built app in a real terminal (tmux), as a person uses it: keys pressed, the screen
/// read back, the window resized, the process signalled. Each test runs its own tmux server.
@Suite("The app in a real terminal (tmux)", .serialized)
struct TmuxTerminalTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  var database: String { directory.path("x.sqlite") }
  var historyPath: String { directory.path("state/whatsnew/history") }

  /// The environment the app gets in the terminal (and nothing else).
  var environment: [String: String] {
    [
      "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
      "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"),
      "SWIFT_BACKTRACE": "enable=no",
    ]
  }

  /// The app at a `width`-column terminal, as a user upgrading from `upgradeFrom`; waits for
  /// the first prompt.
  func start(width: Int = 80, upgradeFrom: String = "2.13.1", prompt: String) throws -> TmuxSession {
    let tmux = try TmuxSession.start(
      width: width, height: 24,
      command: [RepositoryPaths.executable, "--db", database, "--upgrade-from", upgradeFrom],
      environment: environment, namePrefix: "keys")
    try tmux.waitUntil(lastLine: prompt)
    return tmux
  }

  /// Types `command`, presses Enter and waits for `prompt` as the last line again.
  @discardableResult
  func run(_ command: String, in tmux: TmuxSession, prompt: String, showing text: String? = nil) throws -> String {
    try tmux.sendLiteral(command)
    try tmux.waitUntil(contains: command)
    try tmux.sendKeys("Enter")
    if let text { try tmux.waitUntil(contains: text) }
    return try tmux.waitUntil(lastLine: prompt)
  }

  @Test("a result that lands at the prompt and moves the person moves the prompt too, the typed word kept")
  func promptFollowsALateLanding() throws {
    // A new user: the wizard; its write delayed, so it lands while the person sits at the prompt.
    let tmux = try TmuxSession.start(
      width: 80, height: 24, command: [RepositoryPaths.executable, "--db", database], environment: environment,
      namePrefix: "keys")
    try tmux.waitUntil(lastLine: "whatsnew:onboarding 1/7>")
    try run("qa delay seen-write 1500", in: tmux, prompt: "whatsnew:onboarding 1/7>")
    try run("finish", in: tmux, prompt: "whatsnew:onboarding 1/7>")
    try tmux.sendLiteral("go car")
    // Home, with its offer of the first-run guide, is drawn above the line, whose prompt now names home.
    try tmux.waitUntil(lastLine: "whatsnew:home> go car")
    #expect(try tmux.capture().contains("New here? Type tour first_run"))
    try tmux.sendLiteral("dio")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: "whatsnew:guide 1/3>")
  }

  /// The app on the 2.12.0 tour's first page, its write of workoutView delayed 1.5 s, after
  /// `choose 2`: a choice being saved.
  func startWithADelayedChoice() throws -> TmuxSession {
    let tmux = try start(upgradeFrom: "2.12.0", prompt: "whatsnew:tour 1/6>")
    try run(
      "qa delay write workoutView 1500", in: tmux, prompt: "whatsnew:tour 1/6>",
      showing: "Fault added: write:workoutView=delay:1500")
    try run("choose 2", in: tmux, prompt: "whatsnew:tour 1/6>")
    return tmux
  }

  /// The last `count` non-empty lines of the screen.
  func lastLines(_ tmux: TmuxSession, _ count: Int) throws -> [String] {
    Array(try tmux.lines().filter { !$0.isEmpty }.suffix(count))
  }

  /// What `state` says in a second, scripted run of the app on the same store.
  func storedState() throws -> String {
    try runWhatsNew(["--db", database], input: "state\n").output
  }

  @Test("Enter on an empty line turns the page; on the last page it says how to finish; at home it does nothing")
  func enterOnAnEmptyLine() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    try tmux.sendKeys("Enter")
    let second = try tmux.waitUntil(lastLine: "whatsnew:tour 2/2>")
    #expect(second.contains("page 2 of 2"))
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(contains: "This is the last page: type done.")
    // The message is printed above the prompt, which is drawn again after it.
    try tmux.waitUntil(lastLine: "whatsnew:tour 2/2>")
    #expect(try lastLines(tmux, 2) == ["This is the last page: type done.", "whatsnew:tour 2/2>"])

    try run("close", in: tmux, prompt: "whatsnew:home>")
    try tmux.sendKeys("Enter")
    // A fresh prompt below the old one, and nothing between them.
    try tmux.waitUntil("two prompts in a row") { screen in
      screen.split(separator: "\n").suffix(2).map(String.init) == ["whatsnew:home>", "whatsnew:home>"]
    }
  }

  @Test("Ctrl-C drops the typed line, shows ^C and gives a fresh prompt on a line of its own")
  func controlC() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    try tmux.sendLiteral("go wor")
    try tmux.waitUntil(contains: "whatsnew:tour 1/2> go wor")
    try tmux.sendKeys("C-c")
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2>")
    #expect(try lastLines(tmux, 2) == ["whatsnew:tour 1/2> go wor^C", "whatsnew:tour 1/2>"])
    // The line really is empty: what comes next is a command of its own.
    let after = try run("qa faults", in: tmux, prompt: "whatsnew:tour 1/2>", showing: "No faults.")
    #expect(!after.contains("Unknown command"))
  }

  /// From the start, the tour closed and the workouts guide skipped: the workouts screen with
  /// its view popover open.
  func openViewPopover(in tmux: TmuxSession) throws {
    try run("close", in: tmux, prompt: "whatsnew:home>")
    // The tour just showed: the screen's intro waits a day (the attention budget).
    try run("go workouts", in: tmux, prompt: "whatsnew:workouts>")
    try run("info workouts.view_info", in: tmux, prompt: "whatsnew:workouts>", showing: "close or Esc to dismiss")
  }

  @Test("Esc closes a popover and the screen is drawn again where the prompt was, not after it")
  func escapeClosesThePopover() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    try openViewPopover(in: tmux)
    try tmux.sendKeys("Escape")
    let screen = try tmux.waitUntil("the popover to close") { !$0.contains("close or Esc to dismiss") }
    try tmux.waitUntil(lastLine: "whatsnew:workouts>")
    let lines = try tmux.lines(history: true)
    #expect(!screen.contains("whatsnew:workouts> ──"), "not drawn on the prompt line:\n\(screen)")
    let heading = try #require(lines.lastIndex { $0.hasPrefix("── Workout settings") })
    // The prompt Esc was pressed at is gone: the heading took its row, right below the
    // popover's footer.
    #expect(lines[heading - 1] == "set <setting> <value> · home · help", "\(lines.suffix(30))")
    #expect(lines.filter { $0 == "whatsnew:workouts>" }.count == 1, "one prompt on screen: \(lines.suffix(30))")
  }

  @Test("Esc with a half-typed line closes the popover and keeps the line, ready to finish (issue 22)")
  func escapeKeepsTheTypedLine() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    try openViewPopover(in: tmux)
    try tmux.sendLiteral("set th")
    try tmux.waitUntil(lastLine: "whatsnew:workouts> set th")
    try tmux.sendKeys("Escape")
    try tmux.waitUntil("the popover to close") { !$0.contains("close or Esc to dismiss") }
    try tmux.waitUntil(lastLine: "whatsnew:workouts> set th")
    try tmux.sendLiteral("eme dark")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(contains: "Saved: Theme is now Dark.")
  }

  @Test("Tab completes commands and their arguments")
  func tabCompletes() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    try tmux.sendLiteral("he")
    try tmux.sendKeys("Tab")
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> help")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(contains: "List the commands, or explain one.", history: true)
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2>")
    try tmux.sendLiteral("go wo")
    try tmux.sendKeys("Tab")
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> go workouts")
    try tmux.sendKeys("Enter")
    // Left from the tour, the screen's guide does not start by itself: the tour waits under it.
    try tmux.waitUntil(lastLine: "whatsnew:workouts>")
  }

  @Test("the up arrow and Ctrl-R bring back earlier commands")
  func history() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    /// How many times `text` is in the scrollback.
    func count(_ text: String) throws -> Int { try tmux.capture(history: true).components(separatedBy: text).count - 1 }
    try run("qa faults", in: tmux, prompt: "whatsnew:tour 1/2>", showing: "No faults.")
    try run("help choose", in: tmux, prompt: "whatsnew:tour 1/2>", showing: "choose <setting> <value>")
    let helped = try count("Pick an option")
    try tmux.sendKeys("Up")
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> help choose")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(history: true, "help choose to run again") {
      $0.components(separatedBy: "Pick an option").count - 1 == helped + 1
    }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2>")
    // Ctrl-R searches backwards as you type; Enter runs what it found.
    try tmux.sendKeys("C-r")
    try tmux.sendLiteral("qa f")
    try tmux.waitUntil(contains: "whatsnew:tour 1/2> qa faults")
    let before = try count("No faults.")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(history: true, "qa faults to run again") {
      $0.components(separatedBy: "No faults.").count - 1 == before + 1
    }
  }

  @Test("a resize from 80 to 50 columns draws the view again at once, and the typed text survives")
  func resize() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    try tmux.sendLiteral("set theme")
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> set theme")
    let drawn = try tmux.capture(history: true).components(separatedBy: "What's new in 2.14.0").count
    try tmux.resize(width: 50)
    try tmux.waitUntil(history: true, "the view to be drawn again") {
      $0.components(separatedBy: "What's new in 2.14.0").count == drawn + 1
    }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/2> set theme")
    // The partly typed line is still in the editor, not only on the screen.
    try tmux.sendLiteral(" dark")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(contains: "Saved: Theme is now Dark.")
  }

  @Test("quit while a choice is being written waits for it, says what is saving, and the store has it")
  func quitWaitsForTheWrite() throws {
    let tmux = try startWithADelayedChoice()
    defer { tmux.kill() }
    try tmux.sendLiteral("quit")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(contains: "Saving Workout view…")
    #expect(try tmux.waitForExit() == 0)
    #expect(try tmux.capture().contains("Saved: Workout view is now Inline."))
    #expect(try storedState().contains(#""workoutView":"inline""#))
  }

  @Test(
    "SIGTERM or SIGHUP during a delayed write waits for it, saves the history and exits 128 + the signal",
    arguments: [SIGTERM, SIGHUP])
  func signalWaitsForTheWrite(signal: Int32) throws {
    let tmux = try startWithADelayedChoice()
    defer { tmux.kill() }
    try tmux.sendLiteral("half a comm")
    try tmux.waitUntil(contains: "half a comm")
    try tmux.signal(signal)
    try tmux.waitUntil(contains: "Saving Workout view…")
    #expect(try tmux.waitForExit() == 128 + signal)
    #expect(try tmux.capture().contains("Saved: Workout view is now Inline."))
    #expect(try storedState().contains(#""workoutView":"inline""#))
    let history = try String(contentsOfFile: historyPath, encoding: .utf8)
    #expect(history.contains("choose\\0402"), "\(history)")
    #expect(!history.contains("half"), "a line never entered is not history")
  }

  @Test("a write held by qa hold is reported as not saved on quit, at once")
  func quitWithAHeldWrite() throws {
    let tmux = try start(upgradeFrom: "2.12.0", prompt: "whatsnew:tour 1/6>")
    defer { tmux.kill() }
    try run("qa hold write workoutView", in: tmux, prompt: "whatsnew:tour 1/6>", showing: "Fault added")
    try run("choose 2", in: tmux, prompt: "whatsnew:tour 1/6>")
    let started = Date()
    try tmux.sendLiteral("quit")
    try tmux.sendKeys("Enter")
    #expect(try tmux.waitForExit() == 0)
    #expect(Date().timeIntervalSince(started) < 4, "not waited for (the wait would be 5 s)")
    #expect(try tmux.capture().contains("Not saved: Workout view (held by qa hold)."))
    #expect(try storedState().contains(#""workoutView":"guided""#))
  }

  @Test("while another program holds the store's lock, a tap is drawn at once and saved once the lock clears")
  func tapWhileLocked() throws {
    let tmux = try start(prompt: "whatsnew:tour 1/2>")
    defer { tmux.kill() }
    let holder = try SQLiteLockHolder(database)
    let started = Date()
    try run("choose 2", in: tmux, prompt: "whatsnew:tour 1/2>", showing: "saving…")
    #expect(Date().timeIntervalSince(started) < 3, "drawn without waiting for SQLite's 5 s busy timeout")
    #expect(!(try tmux.capture()).contains("Saved"), "not saved while the lock is held")
    holder.release()
    try tmux.waitUntil(contains: "Saved: Show what's new after updates is now Off.")
    #expect(try storedState().contains(#""showWhatsNew":"false""#))
  }

  @Test("keys typed while the app works are not echoed into its output; they wait for the prompt, and echo is back after quit")
  func typeAheadIsNotEchoed() throws {
    let sttyAfter = directory.path("stty-after.txt")
    // The shell ignores Ctrl-C (dash would end itself after its child); the app handles its own.
    let app = [RepositoryPaths.executable, "--db", database, "--upgrade-from", "2.12.0"].map { "'\($0)'" }
      .joined(separator: " ")
    let tmux = try TmuxSession.start(
      width: 80, height: 24, command: ["/bin/sh", "-c", "trap '' INT; " + app + "; /bin/stty -a > '\(sttyAfter)'"],
      environment: environment,
      namePrefix: "typeahead")
    defer { tmux.kill() }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/6>")
    // qa explore works for seconds with no prompt: Ctrl-C (which stops it, saying how far it
    // got) and a command typed meanwhile.
    try tmux.sendLiteral("qa explore")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(contains: "Exploring every choice")
    try tmux.sendKeys("C-c")
    try tmux.sendLiteral("state screen")
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/6> state screen", timeout: 120)
    let lines = try tmux.lines(history: true)
    #expect(!lines.contains { $0.contains("state screen") && !$0.hasPrefix("whatsnew:") }, "echoed early: \(lines)")
    #expect(!lines.contains { $0.contains("^C") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Stopped, as asked, after ") }, "Ctrl-C stopped the exploration: \(lines)")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(contains: #""home""#)
    try tmux.sendLiteral("quit")
    try tmux.sendKeys("Enter")
    let status = try tmux.waitForExit()
    let screen = try tmux.capture()
    #expect(status == 0, "\(screen)")
    let settings = try String(contentsOfFile: sttyAfter, encoding: .utf8)
    #expect(settings.contains(" echo ") && !settings.contains("-echo "), "echo is back: \(settings)")
  }
}
