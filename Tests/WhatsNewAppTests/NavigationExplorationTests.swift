import Foundation
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore

/// `qa explore --navigation`: every state the shipped content can reach in a few commands
/// has a way out, and a planted dead end is found.
@Suite("Exploring every state's way out")
@MainActor
struct NavigationExplorationTests {
  func explore(
    depth: Int, interpret: @escaping NavigationExplorer.Interpreter = NavigationExplorer.runs, starts: [String]? = nil
  ) async throws -> NavigationExplorer.Report {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    let explorer = NavigationExplorer(exploring: harness.session.runner, depth: depth, interpret: interpret)
    let chosen = starts.map { names in explorer.starts.filter { names.contains($0.name) } }
    return try await explorer.explore(starts: chosen)
  }

  @Test(
    "on the shipped content, from each start, no state is a dead end and every refusal names a way out that leaves",
    arguments: ["new user", "upgrader", "up to date", "widget launch"])
  func shippedContent(start: String) async throws {
    let report = try await explore(depth: 4, starts: [start])
    #expect(report.problems == [], "\(report.problems.map { "\($0.start.name): \($0.lines) → \($0.problem)" })")
    #expect(report.states > 10)
    print("navigation from \(start): \(report.states) states, \(report.runs) runs, \(report.seconds) s")
  }

  @Test("a tour that never comes back is found, with the shortest path to it")
  func plantedDeadEnd() async throws {
    let report = try await explore(depth: 3, interpret: PlantedDefect.tourNeverReturns, starts: ["upgrader"])
    let deadEnds = report.problems.filter { if case .waitingTourUnreachable = $0.problem { true } else { false } }
    #expect(!deadEnds.isEmpty)
    // The shortest: one command that leaves the tour for a screen.
    #expect(deadEnds.map(\.lines.count).min() == 1, "\(deadEnds.map(\.lines))")
    // The shipped rule finds nothing on the same walk.
    #expect(try await explore(depth: 3, starts: ["upgrader"]).problems == [])
  }
}

/// What `qa explore --navigation` reports is worded in the person's language, like the rest.
@Suite("Navigation problems in every language")
@MainActor
struct NavigationProblemWordsTests {
  static let problems: [NavigationProblem] = [
    .wideLine("x"), .seenRecord(.removed(was: Version("2.13.1")), by: "debug seen clear"),
    .seenRecord(.movedBack(from: Version("2.14.0")!, to: Version("2.13.1")!), by: "next"),
    .seenRecord(.movedOutsideDismissal(from: nil, to: Version("2.14.0")!), by: "open 1"),
    .stillInFlight(["read", "write"]), .homeUnreachable(from: .screen(.workouts)),
    .waitingTourUnreachable(from: .guide(id: "workouts_intro", step: 1, count: 3)), .refusedWithoutWayOut("finish"),
    .refusedWaysStay("finish", ways: ["done", "skip"]),
  ]

  @Test("each problem reads in each language, naming what it is about", arguments: ["es", "nl", "pt-BR", "ru"])
  func worded(locale: String) async throws {
    let english = try await SessionHarness()
    let other = try await SessionHarness(arguments: ["--locale", locale])
    for problem in Self.problems {
      let words = problem.words(in: other.session.runner)
      #expect(!words.contains("ui.explore"), "\(problem): \(words)")
      #expect(words != problem.words(in: english.session.runner), "\(problem) is not translated to \(locale): \(words)")
    }
    #expect(
      NavigationProblem.refusedWaysStay("finish", ways: ["done", "skip"]).words(in: english.session.runner)
        == "finish was refused naming done or skip, none of which leaves")
  }
}
