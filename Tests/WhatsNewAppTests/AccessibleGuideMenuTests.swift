import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore

/// Issue 34, item 10: in accessible mode a guide's step lists its commands as a numbered menu
/// (`1. skip … 2. next`); typing a number runs that command, as a page's menu takes numbers.
@Suite("A guide's numbered menu in accessible mode")
@MainActor
struct AccessibleGuideMenuTests {
  /// Each row: the numbers typed after `tour first_run`, and the step showing after (1-based;
  /// `nil`: the guide closed).
  nonisolated static let rows: [(typed: [String], step: Int?)] = [
    (["2"], 2),  // skip, next: next
    (["2", "2"], 1),  // skip, back, next: back
    (["2", "3"], 3),  // skip, back, next: next
    (["1"], nil),  // skip
  ]

  @Test("a number picks the menu's command", arguments: rows.indices)
  func number(_ index: Int) async throws {
    let row = Self.rows[index]
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--accessible"])
    await harness.boot()
    _ = await harness.output(of: "tour first_run")
    let card = harness.session.renderCurrentView().map(\.plainText).joined(separator: "\n")
    #expect(card.contains("  1. ") && card.contains("  2. "), "\(card)")
    for number in row.typed {
      _ = await harness.output(of: number)
      #expect(!harness.lastOutcome.wasInvalid, "\(row.typed)")
    }
    let guidance = harness.session.state.guidance
    #expect((guidance.active.map { _ in guidance.stepIndex + 1 }) == row.step, "\(row.typed)")
  }

  @Test("a number the menu does not have is refused, and without --accessible numbers are not a guide's")
  func outside() async throws {
    let accessible = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--accessible"])
    await accessible.boot()
    _ = await accessible.output(of: "tour first_run")
    _ = await accessible.output(of: "5")
    #expect(accessible.lastOutcome.wasInvalid)
    #expect(accessible.session.state.guidance.stepIndex == 0)
    let plain = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await plain.boot()
    _ = await plain.output(of: "tour first_run")
    _ = await plain.output(of: "2")
    #expect(plain.lastOutcome.wasInvalid)
    #expect(plain.session.state.guidance.stepIndex == 0)
  }
}
