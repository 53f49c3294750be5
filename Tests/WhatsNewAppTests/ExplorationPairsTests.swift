import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// `qa explore --pairs`'s planner, pure: the second faults it adds to a single-fault run,
/// given what that run was seen to perform.
@Suite("What qa explore --pairs plans")
struct ExplorationPairPlannerTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var name: String
    var explorationCase: ExplorationCase
    /// Which of the case's single faults the pairs are added to.
    var single: ExplorationScenario
    /// What the plain run of the case performed (to plan its singles).
    var plain: ObservedOperations
    /// What the single-fault run performed.
    var observed: ObservedOperations
    var expected: [ExplorationScenario]
    var testDescription: String { name }
  }

  static let weekday = ExplorationCase(
    kind: .choice, lines: ["choose reviewWeekday monday"], actionLines: [0], releasePoints: [0],
    readSettings: ["reviewWeekday"])
  static let theme = ExplorationCase(
    kind: .choice, lines: ["next", "choose theme dark"], actionLines: [1], releasePoints: [1], readSettings: ["theme"])

  static let rows: [Row] = [
    Row(
      name: "after a schedule that fails when let go: each operation of the tap, then the write-back at the release",
      explorationCase: weekday,
      single: ExplorationScenario(lines: [
        "qa schedule=hold", "choose reviewWeekday monday", "show", "qa schedule=fail:1", "qa release schedule",
      ]),
      plain: ExplorationPlannerTests.observed(boot: [], lines: [["schedule"]]),
      observed: ExplorationPlannerTests.observed(boot: [], lines: [[], ["schedule"], [], [], ["write:reviewWeekday"]]),
      expected: [
        ExplorationScenario(lines: [
          "qa schedule=hold", "qa schedule=fail:1", "choose reviewWeekday monday", "show", "qa schedule=fail:1",
          "qa release schedule",
        ]),
        ExplorationScenario(lines: [
          "qa schedule=hold", "qa schedule=hold", "choose reviewWeekday monday", "qa release schedule", "show",
          "qa schedule=fail:1", "qa release schedule",
        ]),
        ExplorationScenario(lines: [
          "qa schedule=hold", "qa schedule=hold", "choose reviewWeekday monday", "show", "qa schedule=fail:1",
          "qa release schedule", "show", "qa schedule=fail:1", "qa release schedule",
        ]),
        ExplorationScenario(lines: [
          "qa schedule=hold", "qa schedule=hold", "choose reviewWeekday monday", "show", "qa schedule=fail:1",
          "qa release schedule", "qa release schedule",
        ]),
        // The write-back of the old weekday fails too: the repair's own failure.
        ExplorationScenario(lines: [
          "qa schedule=hold", "choose reviewWeekday monday", "show", "qa schedule=fail:1", "qa write:reviewWeekday=fail:1",
          "qa release schedule",
        ]),
        ExplorationScenario(lines: [
          "qa schedule=hold", "choose reviewWeekday monday", "show", "qa schedule=fail:1", "qa write:reviewWeekday=hold",
          "qa release schedule", "qa release write:reviewWeekday",
        ]),
        ExplorationScenario(lines: [
          "qa schedule=hold", "choose reviewWeekday monday", "show", "qa schedule=fail:1", "qa write:reviewWeekday=hold",
          "qa release schedule", "show", "qa write:reviewWeekday=fail:1", "qa release write:reviewWeekday",
        ]),
      ]),
    Row(
      name: "after a read that failed at boot: the case's read where the page opens, then the write",
      explorationCase: theme,
      single: ExplorationScenario(startFaults: ["read:theme=fail:1"], lines: ["next", "choose theme dark"]),
      plain: ExplorationPlannerTests.observed(boot: ["read:theme"], lines: [[], ["write:theme"]]),
      observed: ExplorationPlannerTests.observed(
        boot: ["read:workoutView"], lines: [["read:theme", "read:units"], ["write:theme"]]),
      expected: [
        ["qa read:theme=fail:1", "next", "choose theme dark"],
        ["qa read:theme=hold", "next", "qa release read:theme", "choose theme dark"],
        ["qa read:theme=hold", "next", "show", "qa read:theme=fail:1", "qa release read:theme", "choose theme dark"],
        ["qa read:theme=hold", "next", "choose theme dark", "qa release read:theme"],
        ["qa read:theme=hold", "next", "choose theme dark", "show", "qa read:theme=fail:1", "qa release read:theme"],
        ["next", "qa write:theme=fail:1", "choose theme dark"],
        ["next", "qa write:theme=hold", "choose theme dark", "qa release write:theme"],
        ["next", "qa write:theme=hold", "choose theme dark", "show", "qa write:theme=fail:1", "qa release write:theme"],
      ].map { ExplorationScenario(startFaults: ["read:theme=fail:1"], lines: $0) }),
  ]

  @Test(
    "every ordered pair: each operation a single-fault run performed after its fault, failed, held or failing slowly",
    arguments: rows)
  func pairs(row: Row) throws {
    let singles = ExplorationPlanner.singleFaults(for: row.explorationCase, observed: row.plain)
    let single = try #require(singles.first { $0.scenario == row.single }, "the single is one the planner makes")
    #expect(ExplorationPlanner.pairs(of: single, in: row.explorationCase, observed: row.observed) == row.expected)
  }

  @Test("each single fault's step: the line its fault went before, -1 for a start fault")
  func singlesAreTheScenarios() {
    let observed = ExplorationPlannerTests.observed(boot: ["read:theme"], lines: [[], ["write:theme"]])
    let singles = ExplorationPlanner.singleFaults(for: Self.theme, observed: observed)
    #expect(singles.map(\.faultStep) == [1, 1, 1, -1, -1, -1])
  }
}

/// `qa explore --pairs` at work: a defect only a double fault shows, and the next start's repair.
@Suite("qa explore --pairs")
@MainActor
struct ExplorerPairsTests {
  static let weekdayScript = ["next", "next", "next", "choose reviewWeekday monday"]

  func explore(pairs: Bool, restore: CompensatingRestore, script: [String] = weekdayScript) async throws
    -> ExplorationReport
  {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"], compensatingRestore: restore)
    await harness.boot()
    let explorer = Explorer(exploring: harness.session.runner, pairs: pairs)
    return try await explorer.explore(seenThrough: Version(major: 2, minor: 11, patch: 0), script: script)
  }

  @Test("a write-back whose failure goes unreported is found by --pairs, and not by the single faults")
  func doubleFaultDefect() async throws {
    let singles = try await explore(pairs: false, restore: PlantedDefect.unreportedWriteBack)
    #expect(singles.counterexamples == [])
    let pairs = try await explore(pairs: true, restore: PlantedDefect.unreportedWriteBack)
    #expect(pairs.runs > singles.runs)
    #expect(!pairs.counterexamples.isEmpty)
    // Each one fails the write-back after a cancel or schedule failed: the second fault.
    for counterexample in pairs.counterexamples {
      #expect(counterexample.scenario.lines.contains("qa write:reviewWeekday=fail:1"), "\(counterexample.scenario.lines)")
    }
    let first = try #require(pairs.counterexamples.first)
    #expect(first.problems.contains { $0.hasSuffix("reviewWeekday: the screen shows sunday, the store has monday.") })
    // The healthy app reports its failed repair, and the next start mends it.
    let healthy = try await explore(pairs: true, restore: .live)
    #expect(healthy.counterexamples == [])
    #expect(healthy.runs > singles.runs)
  }

  @Test("a next start that leaves the reminder a double fault left is found there, and not by the single faults")
  func nextStartDefect() async throws {
    let singles = try await explore(pairs: false, restore: PlantedDefect.staleReminderAtStart)
    #expect(singles.counterexamples == [])
    let report = try await explore(pairs: true, restore: PlantedDefect.staleReminderAtStart)
    #expect(!report.counterexamples.isEmpty)
    for counterexample in report.counterexamples {
      // Found only at the next start: the session itself said what it left.
      #expect(
        counterexample.problems == [
          "at the next start (the store opened again, as a new session opens it): reviewWeekday: the store has monday, the reminder is scheduled for sunday."
        ])
      #expect(counterexample.scenario.lines.contains("qa cancel=fail:1"), "\(counterexample.scenario.lines)")
    }
  }

  @Test(
    "the next start is checked on the store as a new session opens it: a disagreement it leaves is named",
    arguments: [true, false])
  func nextStartCheck(repairs: Bool) async throws {
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.11.0"], compensatingRestore: repairs ? .live : PlantedDefect.staleReminderAtStart)
    let runner = try ExplorationRunner(like: harness.session.runner, seenThrough: Version(major: 2, minor: 11, patch: 0))
    let path = runner.directory.path("left-apart.sqlite")
    // What a failed repair leaves: the store has Monday, the reminder is still Sunday's.
    do {
      let store = try SettingsStore(path: path)
      try await store.completeOnboarding(seenThrough: Version(major: 2, minor: 11, patch: 0))
      try await store.setSetting(.reviewWeekday, to: "monday")
      try await store.saveNotification(
        StoredNotification(id: WeeklyReview.notificationID, weekday: "sunday", hour: 18, minute: 0))
    }
    let problems = try await runner.nextStart(path: path, after: .version(Version(major: 2, minor: 11, patch: 0)))
    #expect(problems == (repairs ? [] : ["reviewWeekday: the store has monday, the reminder is scheduled for sunday."]))
  }

  @Test("the report says how many runs, in how long, and how many a second")
  func summary() throws {
    let report = ExplorationReport(
      runs: 10_000, pages: 6, choices: 7, startArguments: [], counterexamples: [], pairs: true, seconds: 25)
    let english = try ShippedTables.english
    let line = ExplorationReportView(report: report, width: 200) { key, arguments in
      Localizer.format(english[key] ?? key, arguments: arguments)
    }.lines[0]
    #expect(
      line
        == "Runs explored with every ordered pair of faults: 10000 in 25.0 s (400 runs a second), over the flow's pages (6) and choices (7): no counterexample."
    )
  }

  @Test(
    "--pairs is one declaration: usage, help, completion and the parser",
    arguments: [
      (["--pairs"], true), (["--pairs", "--max-runs", "9"], true), (["--max-runs", "9", "--pairs", "s.txt"], true),
      (["--pairs", "--pairs"], false), (["--pairs", "--navigation"], false), (["--clock", "--pairs"], true),
      (["--clock", "--clock"], false), (["--navigation", "--clock"], false), (["--rules"], false),
      (["--pairs", "--rules"], false),
    ])
  func option(words: [String], parses: Bool) {
    #expect((ExploreOption.parse(words) != nil) == parses)
    let qa = CommandTable.find("qa")
    #expect(qa?.usage.contains("qa explore [--pairs] [--max-runs <n>] [--clock] [<script>]") == true)
    #expect(qa?.syntax.contains("qa explore --pairs [<script file>]") == true)
    #expect(ExploreOption.completions(after: []) == ["--pairs", "--max-runs", "--navigation", "--clock", "--rules"])
    #expect(ExploreOption.completions(after: ["--rules"]) == [], "--rules stands alone")
    #expect(qa?.syntax.contains("qa explore --rules") == true)
    #expect(ExploreOption.completions(after: ["--pairs"]) == ["--max-runs", "--clock"])
    #expect(ExploreOption.completions(after: ["--max-runs"]) == [])
    #expect(ExploreOption.completions(after: ["choices.txt"]) == [])
  }
}
