import Foundation
import TestSupport
import Testing

/// `qa clock` at a real terminal (tmux): the review screen on screen is drawn again with the
/// reminder's next date each time the clock moves, back as well as forward, and in the zone named.
@Suite("qa clock in a real terminal (tmux)", .enabled(if: TmuxSession.isAvailable))
struct ClockTmuxTests {
  @Test("the review screen follows qa clock at a terminal: a daylight-saving change, a week on and back")
  func reviewScreenFollows() throws {
    let directory = try TemporaryDirectory()
    let environment = [
      "TERM": "screen", "LANG": "C.UTF-8", "TZ": "Europe/Amsterdam", "HOME": directory.path,
      "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
    ]
    let tmux = try TmuxSession.start(
      width: 80, height: 24,
      command: [RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0"],
      environment: environment, namePrefix: "clock")
    defer { tmux.kill() }
    try tmux.waitUntil(lastLine: "whatsnew:home>")
    /// Types `line`, waits for `prompt`, and returns the last "Next reminder" row drawn, its spaces plain.
    func nextReminder(after line: String, prompt: String = "whatsnew:review>") throws -> String? {
      try tmux.sendLiteral(line)
      try tmux.sendKeys("Enter")
      try tmux.waitUntil(lastLine: prompt)
      return try tmux.lines(history: true).last { $0.contains("Next reminder:") }?
        .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        .trimmingCharacters(in: .whitespaces)
    }
    _ = try nextReminder(after: "go review", prompt: "whatsnew:guide 1/3>")
    _ = try nextReminder(after: "skip")
    let changes = [
      ("qa clock set 2027-03-27T12:00:00Z", "Sunday, March 28 at 6:00 PM (Europe/Amsterdam)"),
      ("qa clock next-dst", "Sunday, March 28 at 6:00 PM (Europe/Amsterdam)"),
      ("qa clock +7d", "Sunday, April 4 at 6:00 PM (Europe/Amsterdam)"),
      ("qa clock -7d", "Sunday, March 28 at 6:00 PM (Europe/Amsterdam)"),
      ("qa clock set 2027-03-27T12:00:00Z America/New_York", "Sunday, March 28 at 6:00 PM (America/New_York)"),
    ]
    for (line, next) in changes {
      #expect(try nextReminder(after: line) == "Next reminder: " + next, "\(line)")
    }
    #expect(try tmux.capture(history: true).contains("a minute before the daylight-saving change"))
  }
}
