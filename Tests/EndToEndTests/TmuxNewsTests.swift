import Foundation
import TestSupport
import Testing

/// What the page cap left out, at a real terminal (issue 23): the last page names it and
/// `news <version>` shows it, in two languages at 40 and 80 columns, every row inside the window.
@Suite("The cap's note and news <version> (tmux)", .serialized)
struct TmuxNewsTests {
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
      environment: [
        "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
        "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
      ], namePrefix: "news")
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
