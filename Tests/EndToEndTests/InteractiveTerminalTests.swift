import Foundation
import Glibc
import TestSupport
import Testing

/// The REPL as a person gets it: the built binary on a pseudo-terminal, driven key by key.
@Suite("The interactive editor on a real terminal", .serialized)
struct InteractiveTerminalTests {
  let directory: TemporaryDirectory
  let terminal: PseudoTerminal

  init() throws {
    directory = try TemporaryDirectory()
    var environment = ProcessInfo.processInfo.environment
    for key in ["NO_COLOR", "WHATSNEW_DB", "WHATSNEW_FAULTS", "LC_ALL", "COLUMNS"] { environment[key] = nil }
    environment["TERM"] = "xterm"
    environment["LANG"] = "C.UTF-8"
    environment["TZ"] = "UTC"
    environment["XDG_STATE_HOME"] = directory.path("state")
    environment["XDG_CACHE_HOME"] = directory.path("cache")
    environment["SWIFT_BACKTRACE"] = "enable=no"
    terminal = try PseudoTerminal(
      executable: RepositoryPaths.executable,
      arguments: ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.13.1", "--color", "never"],
      environment: environment)
    try terminal.waitFor("whatsnew:tour 1/2> ")
  }

  var historyPath: String { directory.path("state/whatsnew/history") }

  @Test("Tab completes a command, Enter runs it, and Ctrl-D leaves with the history saved")
  func completionAndHistory() throws {
    var mark = terminal.mark
    terminal.type("he\t")
    try terminal.waitFor("help", after: mark)
    mark = terminal.mark
    terminal.type("\r")
    try terminal.waitFor("List the commands, or explain one.", after: mark)
    try terminal.waitFor("whatsnew:tour 1/2> ", after: mark)
    mark = terminal.mark
    terminal.type("qa faults\r")
    try terminal.waitFor("No faults.", after: mark)
    try terminal.waitFor("whatsnew:tour 1/2> ", after: mark)
    terminal.type("\u{4}")
    #expect(terminal.waitForExit() == 0)
    let history = try String(contentsOfFile: historyPath, encoding: .utf8)
    #expect(history.contains("help"))
    #expect(history.contains("qa\\040faults"), "libedit's history file escapes spaces")
    let mode = try FileManager.default.attributesOfItem(atPath: historyPath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test("Ctrl-C throws away the line being typed and keeps the app running")
  func interruptClearsTheLine() throws {
    terminal.type("bogus-command")
    try terminal.waitFor("bogus-command")
    let mark = terminal.mark
    terminal.type("\u{3}")
    try terminal.waitFor("whatsnew:tour 1/2> ", after: mark)
    terminal.type("qa faults\r")
    let output = try terminal.waitFor("No faults.", after: mark)
    #expect(!output.contains("Unknown command"), "the interrupted line was not run")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test("a write that finishes while the user types is shown above the prompt, and the typed text survives")
  func resultAboveThePartialLine() throws {
    var mark = terminal.mark
    terminal.type("qa delay write 1200\r")
    try terminal.waitFor("Fault added: write=delay:1200", after: mark)
    try terminal.waitFor("whatsnew:tour 1/2> ", after: mark)
    mark = terminal.mark
    terminal.type("choose 2\r")
    try terminal.waitFor("saving…", after: mark)
    try terminal.waitFor("whatsnew:tour 1/2> ", after: mark)
    // Half a command, typed before the write finishes.
    terminal.type("qa fau")
    mark = terminal.mark
    let shown = try terminal.waitFor("Saved:", after: mark, timeout: 30)
    // The prompt and the partial line are drawn again below the message.
    let afterMessage = try terminal.waitFor("whatsnew:tour 1/2> qa fau", after: mark)
    #expect(shown.contains("Saved: Show what's new after updates is now Off."), "the result is shown while the user types")
    #expect(afterMessage.range(of: "Saved:")!.lowerBound < afterMessage.range(of: "whatsnew:tour 1/2> qa fau")!.lowerBound)
    // Finishing the line runs the whole command: nothing typed was lost.
    mark = terminal.mark
    terminal.type("lts\r")
    try terminal.waitFor("write=delay:1200", after: mark)
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test("a lone Esc closes an info popover")
  func escapeClosesPopover() throws {
    var mark = terminal.mark
    terminal.type("close\r")
    try terminal.waitFor("whatsnew:home> ", after: mark)
    mark = terminal.mark
    terminal.type("go workouts\r")
    // The first visit starts the screen's intro; skip it.
    try terminal.waitFor("whatsnew:workouts_intro 1/3> ", after: mark)
    mark = terminal.mark
    terminal.type("skip\r")
    try terminal.waitFor("whatsnew:workouts> ", after: mark)
    mark = terminal.mark
    terminal.type("info workouts.view_info\r")
    let open = try terminal.waitFor("whatsnew:workouts> ", after: mark)
    #expect(open.contains("close or Esc to dismiss"), "the popover is drawn")
    mark = terminal.mark
    terminal.type("\u{1B}")
    // The screen is drawn again, without the popover.
    let closed = try terminal.waitFor("whatsnew:workouts> ", after: mark)
    #expect(closed.contains("── Workout settings"))
    #expect(!closed.contains("close or Esc to dismiss"), "Esc closed the popover")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }
}
