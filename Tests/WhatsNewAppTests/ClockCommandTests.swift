import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// `qa clock` moves the session's own clock and zone (issue 36, part 4): every reader of the
/// time sees the move (`state`, `check`, the screens), bad words move nothing, and
/// `qa explore --clock` runs each case again at the clock's boundaries.
@Suite("qa clock moves the session's clock, and everything that reads the time follows")
@MainActor
struct ClockCommandTests {
  /// Runs `line` and returns what it printed, its wrapped lines joined.
  func run(_ line: String, in harness: SessionHarness) async -> String {
    Self.unwrapped(await harness.output(of: line))
  }

  /// `text` with its rows joined by a space and its no-break spaces plain, as read whatever the wrapping.
  static func unwrapped(_ text: String) -> String {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
      .replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
  }

  @Test("after a week on, a daylight-saving change and another zone, check agrees and state's next reminder is right")
  func movesKeepCheckTrue() async throws {
    // The test clock: Monday 2026-11-30 12:00 UTC; the reminder: Sundays at 18:00.
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    let moves: [(line: String, reply: String, next: String)] = [
      ("qa clock +7d", "(2026-12-07T12:00:00Z)", "2026-12-13T18:00:00Z"),
      ("qa clock set 2027-03-27T12:00:00Z Europe/Amsterdam", "(2027-03-27T13:00:00+01:00)", "2027-03-28T18:00:00+02:00"),
      ("qa clock next-dst", "(2027-03-28T01:59:00+01:00)", "2027-03-28T18:00:00+02:00"),
      ("qa clock +2m", "(2027-03-28T03:01:00+02:00)", "2027-03-28T18:00:00+02:00"),
      ("qa clock set 2027-03-28T18:30:00-04:00 America/New_York", "(2027-03-28T18:30:00-04:00)", "2027-04-04T18:00:00-04:00"),
      ("qa clock -1d", "(2027-03-27T18:30:00-04:00)", "2027-03-28T18:00:00-04:00"),
      ("qa clock reset", "(2026-11-30T12:00:00Z)", "2026-12-06T18:00:00Z"),
    ]
    for move in moves {
      let reply = await run(move.line, in: harness)
      #expect(reply.contains(move.reply), "\(move.line): \(reply)")
      #expect(harness.lastOutcome.wasInvalid == false, "\(move.line)")
      let next = await run("state notification.next", in: harness)
      #expect(next.contains(move.next), "\(move.line): \(next)")
      let why = await run("why reminder --json", in: harness)
      #expect(why.contains(#"{"name":"next","value":"\#(move.next)","passes":true}"#), "\(move.line): \(why)")
      let check = await run("check", in: harness)
      #expect(harness.lastOutcome.checkVerdict == .consistent, "\(move.line): \(check)")
    }
  }

  @Test("the review screen words the reminder anew after the clock moves back or to another zone")
  func screenFollowsTheClock() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    let transcript = await harness.transcript(of: [
      "go review", "skip", "qa clock +7d", "qa clock -7d", "qa clock set 2026-12-05T12:00:00Z Asia/Tokyo",
    ])
    // What each move printed: its reply, then the screen drawn again.
    let moves = transcript.components(separatedBy: "> qa clock ").dropFirst().map(Self.unwrapped)
    try #require(moves.count == 3, "\(transcript)")
    #expect(moves[0].contains("Next reminder: Sunday, December 13 at 6:00 PM (UTC)"), "\(moves[0])")
    #expect(moves[1].contains("Next reminder: Sunday, December 6 at 6:00 PM (UTC)"), "\(moves[1])")
    #expect(moves[2].contains("Next reminder: Sunday, December 6 at 6:00 PM (Asia/Tokyo)"), "\(moves[2])")
  }

  @Test(
    "a word that does not read is named with an example, and moves nothing",
    arguments: [
      ("qa clock +7y", "'+7y' is not a move"), ("qa clock 7d", "'7d' is not a move"),
      ("qa clock rest", "(did you mean 'reset'?)"), ("qa clock +d", "'+d' is not a move"),
      ("qa clock set 2027-02-30T00:00:00Z", "'2027-02-30T00:00:00Z' is not an RFC 3339 time"),
      ("qa clock set tomorrow", "'tomorrow' is not an RFC 3339 time"),
      ("qa clock set 2027-03-28T00:59:00Z Mars/Olympus", "'Mars/Olympus' is not a time zone"),
      ("qa clock +3000000d", "+3000000d would take the clock past the calendar's edges"),
      ("qa clock set 9999-12-31T23:59:00-01:00", "past the calendar's edges"),
      ("qa clock set", "usage: qa clock"), ("qa clock reset now", "usage: qa clock"),
    ])
  func badWords(line: String, said: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    _ = harness.takeOutput()
    let reply = await run(line, in: harness)
    #expect(reply.contains(said), "\(reply)")
    #expect(reply.contains("The clock did not move") || said.hasPrefix("usage"), "\(reply)")
    #expect(harness.lastOutcome.wasInvalid, "\(line)")
    let clock = harness.session.runner.backends.clock
    #expect(clock.offset == 0 && clock.timeZone == SessionHarness.timeZone && clock.moves == 0)
  }

  @Test("the calendar's edges themselves can be reached, and a zone without daylight saving says so")
  func edges() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    let first = await run("qa clock set 0000-01-01T00:00:00Z", in: harness)
    #expect(first.contains("(0000-01-01)") && !harness.lastOutcome.wasInvalid, "\(first)")
    let last = await run("qa clock set 9999-12-31T23:59:00Z", in: harness)
    #expect(last.contains("(9999-12-31T23:59:00Z)"), "\(last)")
    let none = await run("qa clock next-dst", in: harness)
    #expect(none.contains("UTC has no daylight-saving change ahead"), "\(none)")
    let now = await run("qa clock", in: harness)
    #expect(now.contains("(9999-12-31T23:59:00Z)") && now.contains("ahead of the real clock"), "\(now)")
  }

  @Test("qa explore --clock runs each case again at the clock's boundaries, and finds nothing wrong")
  func exploreWithTheClock() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    // Allowed in a run: it moves only that run's clock.
    #expect(!CommandTable.traits(ofLine: "qa clock set 2027-03-28T00:59:00Z Europe/Amsterdam").contains(.reachesOutside))
    let script = ["go review", "set reviewWeekday monday"]
    let plain = try await Explorer(exploring: harness.session.runner).explore(
      seenThrough: Version(major: 2, minor: 14, patch: 0), script: script)
    let inUTC = try await Explorer(exploring: harness.session.runner, clock: true).explore(
      seenThrough: Version(major: 2, minor: 14, patch: 0), script: script)
    _ = await run("qa clock set 2027-03-27T12:00:00Z Europe/Amsterdam", in: harness)
    let inAmsterdam = try await Explorer(exploring: harness.session.runner, clock: true).explore(
      seenThrough: Version(major: 2, minor: 14, patch: 0), script: script)
    // Before and after the reminder, a week on; and a daylight-saving change where the zone has one.
    #expect(inUTC.runs == plain.runs + 3 && inAmsterdam.runs == plain.runs + 4)
    #expect(inUTC.counterexamples.isEmpty && inAmsterdam.counterexamples.isEmpty)
    let runs = ExplorationPlanner.clockRuns(
      of: script, now: Date(timeIntervalSince1970: 1_806_148_800), zone: TimeZone(identifier: "Europe/Amsterdam")!)
    #expect(
      runs.map(\.lines) == [
        ["qa clock set 2027-03-28T17:59:00+02:00"] + script + ["qa clock +2m"],
        ["qa clock set 2027-03-28T18:01:00+02:00"] + script, ["qa clock next-dst"] + script + ["qa clock +2m"],
        script + ["qa clock +7d"],
      ])
  }

  /// `qa clock`'s replies in every language, at 40 and 80 columns.
  nonisolated static let goldens: [String] = Language.allCases.flatMap { language in
    [40, 80].map { "qa-clock-\(language.rawValue)-\($0)" }
  }

  @Test("qa clock's replies match their golden files", arguments: goldens)
  func golden(name: String) async throws {
    let parts = name.split(separator: "-")
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.14.0", "--locale", parts.dropFirst(2).dropLast().joined(separator: "-")],
      width: Int(parts.last!)!)
    let transcript = await harness.transcript(of: [
      "qa clock", "qa clock +7d", "qa clock -90m", "qa clock set 2027-03-28T00:30:00Z Europe/Amsterdam",
      "qa clock next-dst", "qa clock", "qa clock +3y", "qa clock rest", "qa clock set 2027-02-30T00:00:00Z",
      "qa clock set 2027-03-28T00:59:00Z Mars/Olympus", "qa clock +3000000d", "qa clock reset", "qa clock next-dst",
    ])
    let mismatch = GoldenFile.compare(transcript, named: name + ".txt", in: "WhatsNewAppTests")
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }
}
