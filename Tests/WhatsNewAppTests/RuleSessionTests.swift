import Foundation
import TestSupport
import Testing
import WhatsNewCore

/// Issue 36 at a session on the shipped content: the rule-driven popover and tour block, the
/// events behind them kept in the store, and the attention budget between displays.
@MainActor
@Suite("Rules and the attention budget, in a session on the shipped content")
struct RuleSessionTests {
  static let day: Int64 = 86_400

  @Test("review's popover starts by itself on the second visit, a day after the intro; changing the day closes it for good")
  func weekdayPopover() async throws {
    // A person who updated from this version: at home, nothing new to tour.
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    // The first visit shows review's intro: a display, so nothing else starts by itself today.
    _ = await harness.transcript(of: ["go review", "skip", "home", "go review"])
    #expect(harness.session.state.guidance.active == nil)
    var why = await harness.transcript(of: ["why popover review.weekday_info --json"])
    #expect(why.contains(#""reason":"paced""#), "\(why)")
    // A day on, the next visit (the third: the rule wants two within 14 days) starts it.
    harness.clock.advance(seconds: Self.day)
    _ = await harness.transcript(of: ["home", "go review"])
    #expect(harness.session.state.guidance.active?.id == "review.weekday_info")
    // Every event was kept in the store with the session's clock, for the next start.
    _ = await harness.transcript(of: ["wait"])
    let events = try await harness.store.events().map(\.name)
    #expect(events.filter { $0 == "visited:review" }.count == 3)
    #expect(events.contains("shown:review_intro") && events.contains("shown:review.weekday_info"))
    // Changing the day is what the popover points at: it never starts by itself again.
    harness.clock.advance(seconds: Self.day)
    _ = await harness.transcript(of: ["close", "set reviewWeekday monday", "wait", "home", "go review"])
    #expect(harness.session.state.guidance.active == nil)
    why = await harness.transcript(of: ["why popover review.weekday_info --json"])
    #expect(why.contains(#""reason":"invalidated","detail":"changed:reviewWeekday""#), "\(why)")
    // Asked for, it still opens: only starting by itself is closed.
    _ = await harness.transcript(of: ["info review.weekday_info"])
    #expect(harness.session.state.guidance.active?.id == "review.weekday_info")
  }

  @Test("the plate-weights block shows on the progression page once imperial is picked earlier in the same tour")
  func plateWeights() async throws {
    let arguments = ["--upgrade-from", "2.11.0", "--app-version", "2.13.1"]
    let metric = try await SessionHarness(arguments: arguments)
    let untouched = await metric.transcript(of: ["next", "next", "next"])
    #expect(untouched.contains("How do you want to progress?"))
    #expect(!untouched.contains("Weights in pounds"))
    let imperial = try await SessionHarness(arguments: arguments)
    let chosen = await imperial.transcript(of: ["next", "choose units imperial", "wait", "next", "next"])
    #expect(chosen.contains("Weights in pounds"), "\(chosen)")
    // Back to metric on the same page's way back: the block goes with the choice.
    let back = await imperial.transcript(of: ["back", "back", "choose units metric", "wait", "next", "next"])
    #expect(!back.suffix(from: back.range(of: "choose units metric")!.upperBound).contains("Weights in pounds"))
  }
}
