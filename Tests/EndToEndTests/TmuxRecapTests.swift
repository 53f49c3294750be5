import Foundation
import TestSupport
import Testing

/// The recap and undo at a real terminal (issue 23): after `done` the home screen of a short
/// window ends with what the tour changed; `undo` puts a change back and says what it put
/// back; `recap` marks it undone. In two languages at 40 and 80 columns, every row inside the window.
@Suite("The recap and undo (tmux)", .serialized)
struct TmuxRecapTests {
  struct Words: Sendable {
    var language: String
    var workoutView: String
    var weekday: String
    var putBack: String
    var undone: String
  }

  static let languages = [
    Words(
      language: "en", workoutView: "1. Workout view: Guided → Inline", weekday: "2. Weekly review day: Sunday → Friday",
      putBack: "Put back. Weekly review day: Sunday, as before the tour.", undone: "Sunday → Friday (undone)"),
    Words(
      language: "ru", workoutView: "1. Вид тренировки: Пошагово → Таблица",
      weekday: "2. День итогов недели: Воскресенье → Пятница",
      putBack: "Возвращено. День итогов недели: Воскресенье, как до рассказа о новинках.",
      undone: "Воскресенье → Пятница (возвращено)"),
  ]

  /// The rows on screen as one line of words: a wrapped sentence reads as it would whole.
  static func flat(_ screen: String) -> String {
    screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  @Test("done lists the tour's changes on home, undo puts one back, recap marks it", arguments: [40, 80], languages)
  func recapThenUndo(width: Int, words: Words) throws {
    let directory = try TemporaryDirectory()
    let db = directory.path("x.sqlite")
    let tmux = try TmuxSession.start(
      width: width, height: 24,
      command: [RepositoryPaths.executable, "--db", db, "--upgrade-from", "2.11.0", "--locale", words.language],
      environment: [
        "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
        "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
      ], namePrefix: "recap")
    defer { tmux.kill() }
    /// Types `line`, then waits for `prompt` as the last line and, when the prompt was there
    /// already (the same screen), for `expected` too: a busy machine may not have drawn the answer yet.
    func type(_ line: String, thenWaitFor prompt: String, showing expected: String? = nil) throws -> String {
      try tmux.sendLiteral(line)
      try tmux.sendKeys("Enter")
      guard let expected else { return try tmux.waitUntil(lastLine: prompt) }
      return try tmux.waitUntil("\(expected.debugDescription) above \(prompt)") { screen in
        screen.split(separator: "\n").last.map(String.init) == prompt && Self.flat(screen).contains(expected)
      }
    }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/6>")
    _ = try type("choose 2", thenWaitFor: "whatsnew:tour 1/6>")
    for page in 1...3 { _ = try type("next", thenWaitFor: "whatsnew:tour \(page + 1)/6>") }
    _ = try type("choose reviewWeekday friday", thenWaitFor: "whatsnew:tour 4/6>")
    for page in 4...5 { _ = try type("next", thenWaitFor: "whatsnew:tour \(page + 1)/6>") }
    // What the window shows after done, not what scrolled away: the recap is the home screen's end.
    let home = Self.flat(try type("done", thenWaitFor: "whatsnew:home>"))
    #expect(home.contains(words.workoutView) && home.contains(words.weekday), "\(home)")
    #expect(home.contains("undo 1") && home.contains("undo all"), "\(home)")
    let undone = Self.flat(try type("undo 2", thenWaitFor: "whatsnew:home>", showing: words.putBack))
    #expect(undone.contains(words.putBack), "\(undone)")
    let recap = Self.flat(try type("recap", thenWaitFor: "whatsnew:home>", showing: words.undone))
    #expect(recap.contains(words.undone), "\(recap)")
    let screen = try tmux.capture(history: true)
    // The capture joins wrapped rows: a typed line longer than the window is the person's, not the app's.
    let wide = screen.split(separator: "\n").filter { $0.count > width && !$0.hasPrefix("whatsnew:") }
    #expect(wide.isEmpty, "every row fits \(width) columns: \(wide)")
    try tmux.sendLiteral("quit")
    try tmux.sendKeys("Enter")
    #expect(try tmux.waitForExit() == 0)
  }
}
