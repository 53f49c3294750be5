import Foundation
import Synchronization
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// A long QA script (issue 35.4): after every line the view is compared with the one on screen,
/// and a line that changes nothing it is drawn from (a comment, `state`) must not draw the whole
/// view again to learn that. The view still follows everything it is drawn from: the state, the
/// terminal's size, and the clock passing the reminder's next date.
@Suite("A long script draws the view only when what it shows changed")
@MainActor
struct LongScriptTests {
  /// Counts how often the session asks for its width: each drawing of the view asks many
  /// times (every row it wraps), a look that finds nothing changed once.
  final class WidthProbe: Sendable {
    let width = Mutex(80)
    let asks = Mutex(0)
    func provider() -> @Sendable () -> Int {
      { [self] in
        asks.withLock { $0 += 1 }
        return width.withLock { $0 }
      }
    }
  }

  /// Runs `lines` as a script does (each run, waited for, then the view printed if it is out
  /// of date) and returns what they printed.
  static func run(_ harness: SessionHarness, _ lines: [String]) async -> String {
    let repl = REPL(session: harness.session, source: ArrayLineSource([]), isInteractive: false, echoCommands: false)
    _ = harness.takeOutput()
    for line in lines {
      await harness.send(line)
      await harness.settle()
      repl.printPending()
    }
    return harness.takeOutput()
  }

  @Test("comments and state lines do not draw the view again")
  func linesThatChangeNothingDrawNothing() async throws {
    let probe = WidthProbe()
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"], widthProvider: probe.provider())
    await harness.boot()
    let settings = await Self.run(harness, ["go settings", "skip"])
    #expect(settings.contains("── Settings"), "\(settings)")
    let lines = Array(repeating: "# a note", count: 100) + Array(repeating: "state", count: 20)
    let before = probe.asks.withLock { $0 }
    let transcript = await Self.run(harness, lines)
    let asks = probe.asks.withLock { $0 } - before
    // One look per comment and two per `state` (its own words ask once): no drawing of the
    // screen (before, each line drew it, asking once more: 260 asks).
    #expect(asks <= 100 + 2 * 20, "the width was asked \(asks) times for \(lines.count) lines")
    #expect(transcript.components(separatedBy: "{\"screen\":\"settings\"").count == 21, "\(transcript)")
    #expect(!transcript.contains("── Settings"), "the view was printed again for lines that changed nothing")
  }

  @Test("the view is printed again when the width changes or the reminder's date passes, even after a comment")
  func viewFollowsWhatItIsDrawnFrom() async throws {
    let probe = WidthProbe()
    let clock = TestClock()  // Monday 2026-11-30 12:00 UTC: the next review is Sunday, December 6.
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.14.0"], clock: clock, widthProvider: probe.provider())
    await harness.boot()
    let first = await Self.run(harness, ["go review", "skip"])
    #expect(first.contains("Next reminder: Sunday, December\u{A0}6"), "\(first)")
    let unchanged = await Self.run(harness, ["# nothing"])
    #expect(unchanged.isEmpty, "\(unchanged)")
    clock.advance(seconds: 7 * 86_400)
    let later = await Self.run(harness, ["# a week later"])
    #expect(later.contains("Next reminder: Sunday, December\u{A0}13"), "\(later)")
    probe.width.withLock { $0 = 60 }
    let narrow = await Self.run(harness, ["# narrower"])
    #expect(narrow.split(separator: "\n").contains { $0.hasPrefix("── Weekly review") && $0.count == 60 }, "\(narrow)")
  }
}
