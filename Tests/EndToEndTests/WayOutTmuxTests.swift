import Foundation
import TestSupport
import Testing

/// The examples at a real terminal (tmux), in English and Russian, at 80 and 40
/// columns: leaving the tour for a screen and coming back, `finish` on a tour page, Esc, and
/// `quit` on an unfinished tour, which the next start opens on the same page.
@Suite("Every state has a way out, at a terminal (tmux)", .serialized)
struct WayOutTmuxTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// The app as an upgrader from 2.11.0 on this test's store, at `width` columns.
  func launch(width: Int, locale: String = "en") throws -> TmuxSession {
    let environment = [
      "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
      "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
    ]
    return try TmuxSession.start(
      width: width, height: 24,
      command: [RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0", "--locale", locale],
      environment: environment, namePrefix: "wayout")
  }

  /// Types `command`, presses Enter and waits for `prompt` as the last line.
  func run(_ command: String, _ tmux: TmuxSession, prompt: String) throws {
    try tmux.sendLiteral(command)
    try tmux.waitUntil(contains: command)
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: prompt)
  }

  /// Each language's words the test looks for; prompts are the same in every language.
  struct Words: Sendable, CustomTestStringConvertible {
    var locale: String
    var width: Int
    var waits: String
    var finishIsForSettingUp: String
    var comesBack: String
    var testDescription: String { "\(locale) at \(width) columns" }
  }

  static let cases = [
    Words(
      locale: "en", width: 80, waits: "The tour waits on page 3 of 6", finishIsForSettingUp: "finish is for setting up",
      comesBack: "The tour comes back next time, on page 3."),
    Words(
      locale: "ru", width: 40, waits: "ждёт на странице 3 из 6", finishIsForSettingUp: "относится к начальной",
      comesBack: "вернётся в следующий раз, на странице 3."),
  ]

  @Test(
    "from tour page 3: open 1, no guide on top, tour comes back; finish names the tour's words; quit resumes on page 3",
    arguments: cases)
  func leaveAndComeBack(_ words: Words) throws {
    let tmux = try launch(width: words.width, locale: words.locale)
    defer { tmux.kill() }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/6>")
    try run("next", tmux, prompt: "whatsnew:tour 2/6>")
    try run("next", tmux, prompt: "whatsnew:tour 3/6>")
    // The action's screen, and no guide over it: the prompt is the screen's.
    try run("open 1", tmux, prompt: "whatsnew:workouts>")
    #expect(try tmux.lines(history: true).joined(separator: " ").contains(words.waits))
    try run("tour", tmux, prompt: "whatsnew:tour 3/6>")
    try run("finish", tmux, prompt: "whatsnew:tour 3/6>")
    #expect(try tmux.lines(history: true).joined(separator: " ").contains(words.finishIsForSettingUp))
    // Esc leaves the tour waiting (home shows); back brings it back on its page.
    try tmux.sendKeys("Escape")
    try tmux.waitUntil(lastLine: "whatsnew:home>")
    try run("back", tmux, prompt: "whatsnew:tour 3/6>")
    // Every row the app drew fits the window.
    for line in try tmux.lines(history: true) { #expect(line.count <= words.width, "\(line)") }
    try tmux.sendLiteral("quit")
    try tmux.sendKeys("Enter")
    #expect(try tmux.waitForExit() == 0)
    #expect(try tmux.lines(history: true).joined(separator: " ").contains(words.comesBack))

    let again = try launch(width: words.width, locale: words.locale)
    defer { again.kill() }
    try again.waitUntil(lastLine: "whatsnew:tour 3/6>")
  }

  @Test("promises that hold, a preview's own prompt and the held skip, as a person sees them")
  func promisesAtATerminal() throws {
    let tmux = try launch(width: 80)
    defer { tmux.kill() }
    func run(_ command: String, prompt: String) throws { try self.run(command, tmux, prompt: prompt) }
    func screen() throws -> String { try tmux.lines(history: true).joined(separator: " ") }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/6>")
    try run("qa hold seen-write", prompt: "whatsnew:tour 1/6>")
    try run("skip", prompt: "whatsnew:tour 1/6>")
    #expect(try screen().contains("Saving that you have seen this tour"))
    try run("qa release seen-write", prompt: "whatsnew:home>")
    try run("set showWhatsNew off", prompt: "whatsnew:home>")
    try run("debug seen clear", prompt: "whatsnew:home>")
    #expect(try screen().contains("showWhatsNew is off, so no tour will appear"))
    try run("debug preview 2.15.0", prompt: "whatsnew:preview 2.15.0 1/2>")
    #expect(try screen().contains("not saved"))
    try run("close", prompt: "whatsnew:home>")
  }
}
