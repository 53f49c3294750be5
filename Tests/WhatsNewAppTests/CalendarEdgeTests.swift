import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// A clock at the calendar's edge (a wrong clock: 0000-01-01, 9999-12-31): the weekly review's
/// next date falls outside the years 0001–9999, which `state` writes as `null`. The screens,
/// `notifications` and `check` say why there is none, in the session's language, and `check`
/// does not call it consistent (issue 35.6).
@Suite("At the calendar's edge the screens and check say why there is no next reminder")
@MainActor
struct CalendarEdgeTests {
  /// 9999-12-31 12:00 UTC (a Friday: the next Sunday is in the year 10000) and 0000-01-01
  /// 12:00 UTC (the next Sunday, 0000-01-02, is before the year 0001).
  nonisolated static let edges: [(clock: Int64, date: String)] = [
    (253_402_257_600, "9999-12-31"), (-62_167_176_000, "0000-01-01"),
  ]

  @Test("the review screen, notifications and check name the clock's date; check is not consistent", arguments: edges)
  func edgesAreSaid(clock: Int64, date: String) async throws {
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.14.0"], clock: TestClock(now: Date(timeIntervalSince1970: TimeInterval(clock))))
    let transcript = await harness.transcript(of: ["go review", "skip", "notifications", "check", "state"])
    let reason = "none: the clock reads \(date), and the next one would fall outside the years 0001 to 9999."
    // Words as read, whatever the wrapping.
    let words = transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("Next reminder: " + reason), "\(transcript)")
    #expect(words.contains("Weekly review reminder: " + reason), "\(transcript)")
    #expect(
      words.contains("reviewWeekday: the reminder for sunday has no next date: the clock reads \(date)"), "\(transcript)")
    #expect(!transcript.contains("Consistent"), "\(transcript)")
    #expect(transcript.contains(#""notification":{"weekday":"sunday","time":"18:00","next":null}"#), "\(transcript)")
  }

  @Test("check's verdict at the calendar's edge is a disagreement, in every language", arguments: Language.allCases)
  func verdictInEveryLanguage(language: Language) async throws {
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.14.0", "--locale", language.rawValue],
      clock: TestClock(now: Date(timeIntervalSince1970: 253_402_257_600)))
    await harness.boot()
    _ = harness.takeOutput()
    await harness.send("check")
    await harness.settle()
    let output = harness.takeOutput()
    #expect(harness.lastOutcome.checkVerdict == .disagreement, "\(output)")
    #expect(output.contains("9999-12-31") && output.contains("0001") && output.contains("reviewWeekday"), "\(output)")
  }
}
