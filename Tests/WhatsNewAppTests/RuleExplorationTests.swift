import Foundation
import TestSupport
import Testing

@testable import WhatsNewApp
@testable import WhatsNewCore

/// `qa explore --rules`' plan and oracle, pure.
@Suite("What qa explore --rules plans, and what its oracle expects")
struct RulePlanTests {
  static let visit = ["go review", "home"]

  @Test("an event rule is run one short of its count, at it, and at its window's last minute, edge and minute past")
  func eventBoundaries() {
    let rule = Rule.event(.visited(.review), atLeast: 2, withinDays: 14)
    #expect(
      RulePlanner.unitLists(for: rule) == [
        [Self.visit], [Self.visit, Self.visit],
        [Self.visit, Self.visit, ["qa clock +14d"], ["qa clock -1m"]],
        [Self.visit, Self.visit, ["qa clock +14d"]],
        [Self.visit, Self.visit, ["qa clock +14d"], ["qa clock +1m"]],
      ])
  }

  @Test("a setting's changes alternate with its default, so each one changes it")
  func changes() {
    let rule = Rule.event(.changed(.units), atLeast: 3, withinDays: nil)
    #expect(
      RulePlanner.unitLists(for: rule) == [
        [["set units imperial"], ["set units metric"]],
        [["set units imperial"], ["set units metric"], ["set units imperial"]],
      ])
  }

  @Test("a popover's display count and invalidation; a guide's shows, asked for and skipped; shown:tour is left out")
  func guidanceCases() {
    let planner = RulePlanner(
      guidanceRules: [
        "review.weekday_info": GuidanceRules(maxDisplayCount: 2, invalidatedBy: [.changed(.reviewWeekday)]),
        "workouts_intro": GuidanceRules(when: [
          .event(.shown("first_run"), atLeast: 1, withinDays: nil), .event(.shown("tour"), atLeast: 1, withinDays: nil),
        ]),
      ], flow: [])
    let display = ["info review.weekday_info", "close"]
    #expect(
      planner.cases.map(\.units) == [
        [display], [display, display], [], [["set reviewWeekday monday"]], [], [["tour first_run", "skip", "home"]],
      ])
    #expect(planner.cases.allSatisfy { $0.lead == [] }, "no tour to close")
  }

  @Test("a member of an ordered group: none, each first few and the last alone before it closed, then each started by itself")
  func orderCases() {
    let planner = RulePlanner(
      guidanceRules: [
        "review.weekday_info": GuidanceRules(
          when: [.setting(.units, is: "imperial")], group: "g", after: ["review_intro", "cardio.log_info"])
      ], flow: [])
    let (intro, popover) = (["tour review_intro", "skip", "home"], ["info cardio.log_info", "close"])
    let order = planner.cases.filter { if case .order = $0.check { true } else { false } }
    #expect(order.map(\.units) == [[], [intro], [intro, popover], [popover]])
    let reach = planner.cases.last
    #expect(reach?.check == .reached(guidance: "review.weekday_info", group: "g"))
    #expect(
      reach?.units == [
        ["qa clock +1d", "go review", "skip", "home"], ["qa clock +1d", "go cardio", "close", "home"],
      ], "neither has rules of its own to meet")
  }

  @Test("a rule over the seen record is read with the tour open and closed; one over onboarding once")
  func seenRecordAndOnboarding() {
    let planner = RulePlanner(
      guidanceRules: [
        "review.weekday_info": GuidanceRules(when: [.seenThrough(Version("2.12.0")!), .onboarding(complete: true)])
      ],
      flow: [FlowPage(release: Version("2.12.0")!, page: Page(id: "p", blocks: []))])
    #expect(planner.cases.map(\.lines) == [[], ["close"], ["close"]])
    let oracle = { (lines: [String]) in
      RuleOracle(
        now: .distantPast, language: .en, seenThrough: Version("2.11.0"), current: Version("2.14.0")!, tourOpen: true,
        lines: lines)
    }
    #expect(oracle([]).expected(.seenThrough(Version("2.12.0")!)) == ("2.11.0", false))
    #expect(oracle(["close"]).expected(.seenThrough(Version("2.12.0")!)) == ("2.14.0", true))
    #expect(oracle([]).expected(.onboarding(complete: false)) == ("complete", false))
  }

  @Test("the oracle: a member waits for the first before it that the lines did not close nor invalidate")
  func oracleBlocker() {
    let rules = ["cardio.log_info": GuidanceRules(invalidatedBy: [.changed(.units)])]
    let members = ["review_intro", "cardio.log_info"]
    let lines = { (lines: [String]) in RuleOracle(now: .distantPast, language: .en, lines: lines) }
    #expect(lines([]).blocker(among: members, rules: rules) == "review_intro")
    #expect(lines(["tour review_intro", "skip"]).blocker(among: members, rules: rules) == "cardio.log_info")
    #expect(lines(["tour review_intro", "skip", "set units imperial"]).blocker(among: members, rules: rules) == nil)
  }

  @Test(
    "the oracle counts what the lines donate, at the time the clock says",
    arguments: [
      (["go review", "home", "go review", "home"], 2),
      // The same screen twice is one visit; the edge of the window counts.
      (["go review", "go review", "home", "qa clock +14d"], 1),
      (["go review", "home", "qa clock +14d", "qa clock +1m"], 0),
      (["go review", "home", "qa clock +14d", "qa clock -1m"], 1),
    ])
  func oracleCounts(lines: [String], expected: Int) {
    let oracle = RuleOracle(now: Date(timeIntervalSince1970: 0), language: .en, lines: lines)
    #expect(oracle.count(.visited(.review), withinDays: 14) == expected)
  }

  @Test("the oracle: a setting set to what it holds changes nothing; close after no popover closes nothing")
  func oracleNoOps() {
    let oracle = RuleOracle(
      now: Date(timeIntervalSince1970: 0), language: .en,
      lines: ["set units metric", "set units imperial", "set units imperial", "close", "info review.weekday_info", "close"])
    #expect(oracle.count(.changed(.units)) == 1)
    #expect(oracle.expected(.setting(.units, is: "imperial")) == ("imperial", true))
    #expect(oracle.count(.closed("review.weekday_info")) == 1)
    #expect(oracle.count(.shown("review.weekday_info")) == 1)
  }
}

/// `qa explore --rules` on real sessions and stores: the shipped content, an off-by-one
/// planted between the rules the app runs and the rules the plan and oracle read, and an
/// ordered group planted in content, blocked behind a rule no run can meet.
@Suite("qa explore --rules")
@MainActor
struct RuleExplorerTests {
  /// Explores from 2.11.0, on the shipped releases or those of `releases`.
  func explore(
    planned: [String: GuidanceRules]? = nil, releases: String? = nil
  ) async throws -> (report: ExplorationReport, text: [String]) {
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.11.0"] + (releases.map { ["--releases", $0] } ?? []))
    await harness.boot()
    let report = try await RuleExplorer(exploring: harness.session.runner).explore(
      seenThrough: Version(major: 2, minor: 11, patch: 0), planned: planned)
    return (report, report.lines(in: harness))
  }

  /// The shipped releases with `manifest` instead of theirs, in `directory` (for as long as it lives).
  static func releases(with manifest: String, in directory: TemporaryDirectory) throws -> String {
    let releases = directory.path("Releases")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: releases)
    try Data(manifest.utf8).write(to: URL(fileURLWithPath: releases + "/manifest.json"))
    return releases
  }

  @Test("on the shipped content every boundary of every rule agrees with the oracle")
  func shippedContent() async throws {
    let (report, text) = try await explore()
    // The popover's visit rule (5 boundaries), display count (2), invalidation (2) and place
    // behind the review intro (2, and the run that reaches it), and the plate-weights block (3).
    #expect(report.runs == 15)
    #expect(report.rules == 5)
    #expect(text == ["Runs explored: 15, over the boundaries of the rules content gives (5): no counterexample."])
  }

  @Test("rules over the seen record and onboarding agree with the oracle, the record read right after the tour's close")
  func seenRecordRules() async throws {
    // This run found `why` reading the record from before the close, until a screen read it
    // back; the tour's write now hands the session what it left.
    let directory = try TemporaryDirectory()
    let manifest = #"""
      {"releases": ["2.11.0", "2.12.0", "2.13.1", "2.14.0", "2.15.0"],
       "guidance": {"cardio.log_info": {"when": [{"seenThrough": "2.12.0"}, {"onboarding": "complete"}]}}}
      """#
    let (report, _) = try await explore(releases: Self.releases(with: manifest, in: directory))
    #expect(report.counterexamples.isEmpty, "\(report.counterexamples.map(\.problems))")
    // The record open and closed, onboarding once, and the plate-weights block's three.
    #expect(report.runs == 6)
  }

  @Test("a deadlock is found by running it: a member before it whose rule reads well but holds in no run")
  func plantedDeadlock() async throws {
    // The directory lives to the replay, whose start line names it (the end of the test).
    let directory = try TemporaryDirectory()
    let manifest = #"""
      {"releases": ["2.11.0", "2.12.0", "2.13.1", "2.14.0", "2.15.0"],
       "guidance": {"cardio.log_info": {"when": [{"seenThrough": "9.0.0"}]}},
       "orderedGroups": {"cardio": ["cardio.log_info", "cardio_intro"]}}
      """#
    let (report, _) = try await explore(releases: Self.releases(with: manifest, in: directory))
    let found = try #require(report.counterexamples.first)
    #expect(report.counterexamples.count == 1)
    #expect(found.scenario.lines == ["close", "qa clock +1d", "go cardio", "close", "home"], "the whole attempt")
    #expect(found.problems.first?.hasPrefix("cardio_intro waits for cardio.log_info in group cardio even after") == true)
    #expect(found.closing == "why guide cardio_intro")
    // Replayed, `why` says what it waits for.
    let replay = try await SessionHarness(
      arguments: report.startArguments, placement: .sharing(MainActor.sharedUnownedExecutor))
    let transcript = await replay.transcript(of: found.scenario.lines + [found.closing])
    #expect(transcript.contains("waits for About the cardio week to be done"))
    withExtendedLifetime(directory) {}
  }

  static func planted(_ rule: Rule) -> [String: GuidanceRules] {
    ["review.weekday_info": GuidanceRules(when: [rule], maxDisplayCount: 2, invalidatedBy: [.changed(.reviewWeekday)])]
  }

  @Test("a count one off is found, shortened to the one boundary where the app and the oracle part")
  func plantedCount() async throws {
    // The app needs 2 visits; the plan and the oracle are told 3.
    let (report, _) = try await explore(planned: Self.planted(.event(.visited(.review), atLeast: 3, withinDays: 14)))
    let found = try #require(report.counterexamples.first)
    #expect(report.counterexamples.count == 1)
    #expect(
      found.scenario.lines == ["close", "go review", "home", "go review", "home"],
      "two visits: the app's rule holds, the oracle's does not")
    #expect(
      found.problems == [
        "event:visited:review of review.weekday_info: the app reads 2 (holds), but the lines give 2 (does not hold)"
      ])
    #expect(found.closing == "why popover review.weekday_info")
  }

  @Test("a window one day off is found at its edge, and the printed script shows it in a plain session")
  func plantedWindow() async throws {
    let (report, text) = try await explore(planned: Self.planted(.event(.visited(.review), atLeast: 2, withinDays: 15)))
    let found = try #require(report.counterexamples.first)
    #expect(found.scenario.lines == ["close", "go review", "home", "qa clock +15d"])
    #expect(
      found.problems == [
        "event:visited:review of review.weekday_info: the app reads 0 (does not hold), but the lines give 1 (does not hold)"
      ])
    // The script as printed, replayed: `why` shows what the app reads.
    let start = try #require(text.firstIndex { $0.hasPrefix("# whatsnew --db <new-file> --upgrade-from 2.11.0") })
    let script = Array(text[start...].prefix { !$0.isEmpty }).filter { !$0.hasPrefix("#") }
    #expect(script.last == "why popover review.weekday_info")
    let replay = try await SessionHarness(
      arguments: report.startArguments, placement: .sharing(MainActor.sharedUnownedExecutor))
    #expect(await replay.transcript(of: script).contains("visited:review: 0 times in the last 14 days, needs 2"))
  }
}
