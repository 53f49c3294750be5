import Foundation
import TestSupport
import Testing
import WhatsNewCore

/// What a person sees at a real terminal (tmux) of 40 and 80 columns, in every language:
/// the tour's pages, every screen with its guides, help, the reminder, and a resize; no line
/// the app prints is wider than the window (the scrollback is read back with the lines the
/// terminal wrapped joined, so a line too wide shows as one long line).
@Suite("Every view fits a real terminal (tmux)", .serialized)
struct TmuxWidthTests {
  /// What is typed, in order. Screens start their guides by themselves the first time;
  /// `skip` ends whichever one is showing.
  static let walk = [
    "next", "next", "next", "next", "next", "next", "back", "skip",
    "go workouts", "next", "skip", "go cardio", "skip", "info cardio.log_info", "go review", "skip",
    "go settings", "skip", "home", "help", "help qa", "help choose", "notifications", "guidance", "news", "news 2.14.0", "close",
    "set reviewWeekday fri", "set units imp", "go review", "chose 2", "qa delay write theme 1",
  ]

  static let cases: [(String, Int)] = Language.allCases.flatMap { language in [(language.rawValue, 40), (language.rawValue, 80)] }

  @Test("at 40 and 80 columns, in every language, no line is wider than the window", arguments: cases)
  func everyViewFits(language: String, width: Int) throws {
    let directory = try TemporaryDirectory()
    let tmux = try TmuxSession.start(
      width: width, height: 30,
      command: [
        RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0", "--locale", language,
        "--releases", RepositoryPaths.releases, "--localizations", RepositoryPaths.localizations,
      ],
      environment: [
        "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
        "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
      ], namePrefix: "width")
    defer { tmux.kill() }
    try waitForPrompt(tmux)
    for command in Self.walk {
      // The walk types the next command only once this one's prompt line is new on screen
      // (an earlier line with the same command must not count), as a person would.
      let before = try Self.promptLines(ending: command, in: tmux.capture(history: true))
      try tmux.sendLiteral(command)
      try tmux.sendKeys("Enter")
      try waitForPrompt(tmux, after: command, moreThan: before)
    }
    let before = try tmux.lines(history: true)
    for line in before where DisplayWidth.of(line) > width {
      Issue.record("\(language) at \(width) columns: \(DisplayWidth.of(line)) columns: \(line.debugDescription)")
    }
    #expect(before.count > 100, "the walk printed the views (\(before.count) lines)")
    // A resize redraws the view at once; it, and what follows, must fit the new width.
    let newWidth = width == 40 ? 60 : 40
    try tmux.resize(width: newWidth)
    try tmux.sendLiteral("show")
    try tmux.sendKeys("Enter")
    try waitForPrompt(tmux, after: "show")
    let after = try tmux.lines(history: true).dropFirst(before.count)
    #expect(after.count > 5, "the view was drawn again")
    for line in after where DisplayWidth.of(line) > newWidth {
      Issue.record("\(language) after a resize to \(newWidth): \(DisplayWidth.of(line)) columns: \(line.debugDescription)")
    }
  }

  /// Waits until a fresh prompt is the last line, after `command` was echoed.
  func waitForPrompt(_ tmux: TmuxSession, after command: String? = nil, moreThan count: Int = 0) throws {
    try tmux.waitUntil(timeout: 20, history: true, "a prompt after \(command ?? "start")") { screen in
      let lines = screen.split(separator: "\n").map(String.init)
      guard let last = lines.last, last.hasPrefix("whatsnew:"), last.hasSuffix(">") else { return false }
      guard let command else { return true }
      return Self.promptLines(ending: command, in: screen) > count
    }
  }

  /// How many lines of `screen` are a prompt with `command` typed after it.
  static func promptLines(ending command: String, in screen: String) -> Int {
    screen.split(separator: "\n").filter { $0.hasPrefix("whatsnew:") && $0.hasSuffix("> " + command) }.count
  }
}
