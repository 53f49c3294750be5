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
    terminal = try Self.start(in: directory)
    try terminal.waitFor("whatsnew:tour 1/2> ")
  }

  /// The environment the app runs in on a pseudo-terminal: this process's, without what
  /// would change the app's choices (colour, store, faults, locale, width), an xterm in UTF-8
  /// and UTC, its state and cache in `directory`.
  static func environment(in directory: TemporaryDirectory) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in ["NO_COLOR", "WHATSNEW_DB", "WHATSNEW_FAULTS", "LC_ALL", "COLUMNS"] { environment[key] = nil }
    environment["TERM"] = "xterm"
    environment["LANG"] = "C.UTF-8"
    environment["TZ"] = "UTC"
    environment["XDG_STATE_HOME"] = directory.path("state")
    environment["XDG_CACHE_HOME"] = directory.path("cache")
    environment["SWIFT_BACKTRACE"] = "enable=no"
    return environment
  }

  /// The app on a new pseudo-terminal, with its store, state and cache in `directory`, as a
  /// user upgrading from 2.13.1 (a two-page tour); `extra` adds to its environment.
  static func start(in directory: TemporaryDirectory, extra: [String: String] = [:], color: String = "never") throws
    -> PseudoTerminal
  {
    var environment = Self.environment(in: directory)
    environment.merge(extra) { _, new in new }
    return try PseudoTerminal(
      executable: RepositoryPaths.executable,
      arguments: ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.13.1", "--color", color],
      environment: environment)
  }

  var historyPath: String { directory.path("state/whatsnew/history") }

  @Test("Tab completes a command, the up arrow recalls one, and Ctrl-D leaves with the history saved")
  func completionAndHistory() throws {
    try terminal.press("he\t", until: "help")
    let help = try terminal.press("\r", until: "whatsnew:tour 1/2> ")
    #expect(help.contains("List the commands, or explain one."))
    let faults = try terminal.press("qa faults\r", until: "whatsnew:tour 1/2> ")
    #expect(faults.contains("No faults."))
    // Up arrow brings the last command back; Enter runs it again.
    try terminal.press("\u{1B}[A", until: "qa faults")
    try terminal.press("\r", until: "No faults.")
    terminal.type("\u{4}")
    #expect(terminal.waitForExit() == 0)
    let history = try String(contentsOfFile: historyPath, encoding: .utf8)
    #expect(history.contains("help"))
    #expect(history.contains("qa\\040faults"), "libedit's history file escapes spaces")
    let mode = try FileManager.default.attributesOfItem(atPath: historyPath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test("Tab completes from the page on screen: choose offers its hints and settings, a setting its values and labels")
  func completionFollowsThePage() throws {
    // Page 1 of 2 has one choice (showWhatsNew) and an action button.
    let listing = try terminal.press("choose \t\t", until: "showWhatsNew")
    #expect(!listing.contains("workoutView"), "only the page's settings: \(listing)")
    try terminal.press("\u{15}set units I\t", until: "set units Imperial (lb, mi)")
    try terminal.press("\r", until: "Saved: Units is now Imperial (lb, mi).")
    // The next page numbers its feature items; Tab follows the page that is shown now.
    try terminal.press("next\r", until: "whatsnew:tour 2/2> ")
    // The listing is read whole: until the prompt and "open" are drawn again below it (its
    // rows can arrive in pieces, the "2" after "openCardioLog").
    let start = terminal.mark
    terminal.type("open \t\t")
    let openListing = try terminal.waitFor("open", after: start, following: "openCardioLog")
    #expect(openListing.contains("2"), "the page's [open 2] hint: \(openListing)")
    #expect(!openListing.contains("openSettings"), "only the page's actions: \(openListing)")
    terminal.type("\u{15}quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test("Ctrl-C throws away the line being typed and keeps the app running")
  func interruptClearsTheLine() throws {
    try terminal.press("bogus-command", until: "bogus-command")
    try terminal.press("\u{3}", until: "whatsnew:tour 1/2> ")
    let output = try terminal.press("qa faults\r", until: "No faults.")
    #expect(!output.contains("Unknown command"), "the interrupted line was not run")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test("a write that finishes while the user types is shown above the prompt, and the typed text survives")
  func resultAboveThePartialLine() throws {
    try terminal.press("qa delay write 1200\r", until: "Fault added: write=delay:1200")
    try terminal.press("choose 2\r", until: "whatsnew:tour 1/2> ")
    // Half a command, typed before the write finishes; then the prompt and the partial
    // line are drawn again below the message.
    let start = terminal.mark
    try terminal.press("qa fau", until: "Saved: Show what's new after updates is now Off.", timeout: 30)
    try terminal.waitFor("whatsnew:tour 1/2> qa fau", after: start, following: "Saved:")
    // Finishing the line runs the whole command: nothing typed was lost.
    try terminal.press("lts\r", until: "write=delay:1200")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }

  @Test("a lone Esc closes an info popover")
  func escapeClosesPopover() throws {
    try terminal.press("close\r", until: "whatsnew:home> ")
    // The tour just showed: the screen's intro waits a day (the attention budget).
    try terminal.press("go workouts\r", until: "whatsnew:workouts> ")
    let open = try terminal.press("info workouts.view_info\r", until: "whatsnew:workouts> ")
    #expect(open.contains("close or Esc to dismiss"), "the popover is drawn")
    // The screen is drawn again, without the popover.
    let closed = try terminal.press("\u{1B}", until: "whatsnew:workouts> ")
    #expect(closed.contains("── Workout settings"))
    #expect(!closed.contains("close or Esc to dismiss"), "Esc closed the popover")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
  }
}

@Suite("A terminal without libedit", .serialized)
struct MissingLineEditorTests {
  @Test("without libedit the app says editing is off and still reads commands at the terminal")
  func missingLibedit() throws {
    let directory = try TemporaryDirectory()
    let terminal = try InteractiveTerminalTests.start(
      in: directory, extra: ["WHATSNEW_LIBEDIT": directory.path("nowhere/libedit.so.2")])
    let start = try terminal.waitFor("whatsnew:tour 1/2> ")
    #expect(start.contains("line editing is off: cannot load libedit"), "\(start)")
    #expect(start.contains("install libedit2"), "\(start)")
    let help = try terminal.press("help\r", until: "whatsnew:tour 1/2> ", waitingForEditor: false)
    #expect(help.contains("List the commands, or explain one."))
  }
}

/// What `WHATSNEW_LIBEDIT` may name: a file checked as any file the app reads, on a
/// non-blocking descriptor, before the loader sees it.
enum NamedLibrary: String, CaseIterable, Sendable {
  case fifo = "a FIFO"
  case directory = "a directory"
  case groupWritable = "a copy of libedit its group may change"
  case worldWritable = "a copy of libedit anyone may change"
  case foreignOwner = "a copy of libedit owned by another user"

  /// Makes it in `directory`; its path.
  func make(in directory: TemporaryDirectory) throws -> String {
    let path = directory.path("libedit-\(self).so.2")
    switch self {
    case .fifo:
      guard mkfifo(path, 0o600) == 0 else { throw PseudoTerminal.Failure.system("mkfifo") }
    case .directory:
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    case .groupWritable, .worldWritable, .foreignOwner:
      try FileManager.default.copyItem(atPath: MissingLineEditorTests.systemLibedit, toPath: path)
      let mode: mode_t = self == .groupWritable ? 0o664 : self == .worldWritable ? 0o646 : 0o644
      guard chmod(path, mode) == 0 else { throw PseudoTerminal.Failure.system("chmod") }
      if self == .foreignOwner {
        // 65534 is `nobody`: neither root nor the user running the tests (unless that is nobody).
        guard getuid() != 65534, chown(path, 65534, 65534) == 0 else { throw PseudoTerminal.Failure.system("chown") }
      }
    }
    return path
  }

  /// What the refusal says is wrong with it.
  var problem: String {
    switch self {
    case .fifo, .directory: "it is not a regular file (it is a FIFO, a directory or a device)"
    case .groupWritable: "its group or other users can change it (mode 664)"
    case .worldWritable: "its group or other users can change it (mode 646)"
    case .foreignOwner: "it belongs to user 65534, neither you nor root"
    }
  }
}

extension MissingLineEditorTests {
  /// The libedit the libedit2 package installs: the file its soname links to (a copy of
  /// the link would be a link to a name the copy's directory lacks).
  static let systemLibedit = URL(fileURLWithPath: "/usr/lib/x86_64-linux-gnu/libedit.so.2").resolvingSymlinksInPath().path

  @Test(
    "WHATSNEW_LIBEDIT naming a file that is not a safe library is refused once, and lines are read plainly",
    arguments: NamedLibrary.allCases)
  func refusedLibrary(library: NamedLibrary) throws {
    if library == .foreignOwner && getuid() != 0 { return }  // only root can give a file away
    let directory = try TemporaryDirectory()
    let path = try library.make(in: directory)
    let terminal = try InteractiveTerminalTests.start(in: directory, extra: ["WHATSNEW_LIBEDIT": path])
    // A FIFO used to be opened by dlopen, which waited for a writer: the prompt never came.
    let start = try terminal.waitFor("whatsnew:tour 1/2> ", timeout: 10)
    let refusal = "the line editor library \(path) (WHATSNEW_LIBEDIT) was not loaded: \(library.problem). Line editing is off"
    #expect(start.components(separatedBy: "(WHATSNEW_LIBEDIT) was not loaded").count == 2, "said once: \(start)")
    #expect(start.replacingOccurrences(of: "\n", with: " ").contains(refusal), "\(start)")
    #expect(!start.contains("cannot load libedit"), "\(start)")
    let help = try terminal.press("help\r", until: "whatsnew:tour 1/2> ", waitingForEditor: false)
    #expect(help.contains("List the commands, or explain one."))
  }

  @Test("WHATSNEW_LIBEDIT naming a copy of libedit that passes the check loads it: Tab completes")
  func acceptedLibrary() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("libedit.so.2")
    try FileManager.default.copyItem(atPath: Self.systemLibedit, toPath: path)
    #expect(chmod(path, 0o644) == 0)
    let terminal = try InteractiveTerminalTests.start(in: directory, extra: ["WHATSNEW_LIBEDIT": path])
    let start = try terminal.waitFor("whatsnew:tour 1/2> ")
    #expect(!start.contains("line editing is off") && !start.contains("was not loaded"), "\(start)")
    try terminal.press("he\t", until: "help")
  }
}

/// `TERM` is echoed by libedit ("No entry for terminal type ...") and read for colour and
/// ASCII: one that is no terminal's name must reach none of them as it is.
@Suite("A TERM that is no terminal's name, on a real terminal", .serialized)
struct HostileTermTests {
  @Test(
    "a TERM holding an escape sequence or a shell word is treated as dumb: never echoed, no colour, ASCII",
    arguments: ["xterm\u{1B}]0;PWN\u{7}", "xterm\u{1B}[2J\u{1B}[31m", "xterm; reboot", String(repeating: "x", count: 65)])
  func hostileTerm(term: String) throws {
    let directory = try TemporaryDirectory()
    let terminal = try InteractiveTerminalTests.start(in: directory, extra: ["TERM": term], color: "auto")
    try terminal.waitFor("whatsnew:tour 1/2> ")
    try terminal.press("help\r", until: "List the commands, or explain one.")
    try terminal.waitFor("whatsnew:tour 1/2> ", following: "List the commands")
    let raw = terminal.transcript
    #expect(!raw.contains(term), "TERM reached the terminal as it is: \(raw.debugDescription)")
    #expect(!raw.contains("No entry for terminal type"), "\(raw.debugDescription)")
    // As dumb: no colour (auto would colour a terminal), and ASCII chrome (no box drawing).
    #expect(!raw.contains("\u{1B}["), "an escape sequence reached the terminal: \(raw.debugDescription)")
    #expect(!raw.contains("\u{2500}"), "the frames are not ASCII: \(raw.debugDescription)")
  }
}
