import Foundation
import TestSupport
import Testing

/// What the page cap left out, at a real terminal (issue 23): the last page names it and
/// `news <version>` shows it; `news` lists every release and what became of it, inside a
/// 24-row window, and Tab completes the version to open. In two languages at 40 and 80
/// columns, every row inside the window.
@Suite("The cap's note, the news list and news <version> (tmux)", .serialized)
struct TmuxNewsTests {
  static func environment(_ directory: TemporaryDirectory) -> [String: String] {
    [
      "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
      "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
    ]
  }

  /// The rows on screen as one line of words, one space between each (no-break spaces too): a
  /// wrapped sentence, or a column of the list, reads as it would whole.
  static func flat(_ screen: String) -> String {
    screen.components(separatedBy: CharacterSet(charactersIn: " \n\u{00A0}\u{202F}")).filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// What the list says, in each language: its title, 2.12.0's status, and the footer's command.
  static let words = [
    ("en", "Releases, newest first:", "2.12.0 July 14, 2026: left out of the tour by the page cap", "Type news 2.14.0"),
    (
      "ru", "Версии, сначала новые:", "2.12.0 14 июля 2026 г.: не вошла в рассказ о новинках из-за ограничения числа страниц",
      "Введите news 2.14.0"
    ),
  ]

  @Test("after skip, news lists every release in the window, and Tab completes the one to open", arguments: [40, 80], [0, 1])
  func list(width: Int, language index: Int) throws {
    let (language, title, leftOut, footer) = Self.words[index]
    let directory = try TemporaryDirectory()
    let tmux = try TmuxSession.start(
      width: width, height: 24,
      command: [
        RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0", "--locale", language,
      ],
      environment: Self.environment(directory), namePrefix: "newslist")
    defer { tmux.kill() }
    try tmux.waitUntil(lastLine: "whatsnew:tour 1/6>")
    try tmux.sendLiteral("skip")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: "whatsnew:home>")
    try tmux.sendLiteral("news")
    try tmux.sendKeys("Enter")
    // What the window shows, not what scrolled away: the whole list above the prompt.
    let shown = try tmux.waitUntil("the list above whatsnew:home>") { screen in
      screen.split(separator: "\n").last.map(String.init) == "whatsnew:home>" && Self.flat(screen).contains(footer)
    }
    let flat = Self.flat(shown)
    #expect(flat.contains(title) && flat.contains(leftOut), "\(shown)")
    #expect(flat.contains("2.11.0") && !flat.contains("2.15.0"), "\(shown)")
    try tmux.sendLiteral("news 2.12")
    try tmux.sendKeys("Tab")
    try tmux.sendKeys("Enter")
    let news = try tmux.waitUntil(lastLine: "whatsnew:news 1/2>")
    #expect(news.contains("2.12.0"), "\(news)")
    let screen = try tmux.capture(history: true)
    let wide = screen.split(separator: "\n").filter { $0.count > width && !$0.hasPrefix("whatsnew:") }
    #expect(wide.isEmpty, "every row fits \(width) columns: \(wide)")
  }

  @Test(
    "the last page names 2.12.0's left-out pages, and news 2.12.0 opens them",
    arguments: [(40, "en"), (80, "en"), (40, "ru"), (80, "ru")])
  func noteThenNews(width: Int, language: String) throws {
    let directory = try TemporaryDirectory()
    let tmux = try TmuxSession.start(
      width: width, height: 60,
      command: [
        RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0", "--locale", language,
      ],
      environment: Self.environment(directory), namePrefix: "news")
    defer { tmux.kill() }
    for page in 1...5 {
      try tmux.waitUntil(lastLine: "whatsnew:tour \(page)/6>")
      try tmux.sendLiteral("next")
      try tmux.sendKeys("Enter")
    }
    let last = try tmux.waitUntil(lastLine: "whatsnew:tour 6/6>")
    let flat = last.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(flat.contains("news 2.12.0"), "the last page names the command: \(last)")
    #expect(flat.contains(language == "ru" ? "Страниц версии 2.12.0 пропущено: 2" : "2 pages of 2.12.0 were left out"))
    try tmux.sendLiteral("skip")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: "whatsnew:home>")
    try tmux.sendLiteral("news 2.12.0")
    try tmux.sendKeys("Enter")
    let news = try tmux.waitUntil(lastLine: "whatsnew:news 1/2>")
    #expect(news.contains("2.12.0"), "\(news)")
    let screen = try tmux.capture(history: true)
    #expect(screen.split(separator: "\n").allSatisfy { $0.count <= width }, "every row fits \(width) columns")
  }
}
