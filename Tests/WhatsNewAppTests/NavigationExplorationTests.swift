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
  func explore(depth: Int, tourReturn: TourReturn = .resumes, starts: [String]? = nil) async throws
    -> NavigationExplorer.Report
  {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"], tourReturn: tourReturn)
    await harness.boot()
    let explorer = NavigationExplorer(session: harness.session, depth: depth)
    let chosen = starts.map { names in explorer.starts.filter { names.contains($0.name) } }
    return try await explorer.explore(starts: chosen)
  }

  @Test("on the shipped content, from every start, no state is a dead end and every refusal names a way out that leaves")
  func shippedContent() async throws {
    let report = try await explore(depth: 4)
    #expect(report.problems == [], "\(report.problems.map { "\($0.start.name): \($0.lines) → \($0.problem)" })")
    #expect(report.states > 50)
    print("navigation: \(report.states) states, \(report.runs) runs, \(report.seconds) s")
  }

  @Test("debug")
  func debugWalk() async throws {
    let depth = Int(ProcessInfo.processInfo.environment["NAV_DEPTH"] ?? "2")!
    let report = try await explore(depth: depth, starts: ["upgrader"])
    print("NAV states=\(report.states) runs=\(report.runs) s=\(report.seconds)")
    for p in report.problems.prefix(15) { print("NAV \(p.lines) -> \(p.problem)") }
  }

  @Test("a tour that never comes back is found, with the shortest path to it")
  func plantedDeadEnd() async throws {
    let report = try await explore(depth: 3, tourReturn: PlantedDefect.tourNeverReturns, starts: ["upgrader"])
    let deadEnds = report.problems.filter { $0.problem.hasPrefix("the waiting tour cannot be reached") }
    #expect(!deadEnds.isEmpty)
    // The shortest: one command that leaves the tour for a screen.
    #expect(deadEnds.map(\.lines.count).min() == 1, "\(deadEnds.map(\.lines))")
    // The shipped rule finds nothing on the same walk.
    #expect(try await explore(depth: 3, starts: ["upgrader"]).problems == [])
  }
}
