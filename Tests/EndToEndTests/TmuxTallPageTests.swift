import Foundation
import TestSupport
import Testing

/// A page too tall for the window, at a real terminal (tmux) of 40 × 24 (issue 22): Enter shows
/// its next part before it turns the page, so no option cut below the window is skipped.
@Suite("A tall page is shown in parts (tmux)", .serialized)
struct TmuxTallPageTests {
  @Test("at 40×24 in Spanish, Enter shows the rest of the rest-timer page, then turns to the next")
  func enterShowsTheRestFirst() throws {
    let directory = try TemporaryDirectory()
    let tmux = try TmuxSession.start(
      width: 40, height: 24,
      command: [RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0", "--locale", "es"],
      environment: [
        "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
        "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
      ], namePrefix: "tall")
    defer { tmux.kill() }
    for page in 2...3 {
      try tmux.waitUntil(lastLine: "whatsnew:tour \(page - 1)/6>")
      try tmux.sendKeys("Enter")
    }
    // Page 3's second choice is cut: its last option is below the window, and the note says
    // how many rows are left out and that Enter shows them.
    let first = try tmux.waitUntil(contains: "Pulsa Intro")
    #expect(first.contains("[choose haptics.1]") && !first.contains("[choose haptics.2]"))
    #expect(first.contains("Filas abajo: 9."))
    try tmux.waitUntil(lastLine: "whatsnew:tour 3/6>")
    try tmux.sendKeys("Enter")
    // The part is drawn, then the prompt under it: wait for both before reading the screen.
    let second = try tmux.waitUntil("the second part, and the prompt under it") { screen in
      screen.contains("Filas arriba") && screen.split(separator: "\n").last == "whatsnew:tour 3/6>"
    }
    #expect(second.contains("[choose haptics.2]"), "the option cut below is shown")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: "whatsnew:tour 4/6>")
    // next still turns the page at once.
    try tmux.sendLiteral("back")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: "whatsnew:tour 3/6>")
    try tmux.sendLiteral("next")
    try tmux.sendKeys("Enter")
    try tmux.waitUntil(lastLine: "whatsnew:tour 4/6>")
  }
}
