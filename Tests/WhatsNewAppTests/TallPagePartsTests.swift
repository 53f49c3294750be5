import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// Enter through a page too tall for the window (issue 22): the part reached belongs to the
/// page and the visit; `show all` shows what is left, so Enter then turns the page.
@Suite("The parts of a tall page")
@MainActor
struct TallPagePartsTests {
  /// Where the part of the page on screen that Enter reached starts.
  func partStart(_ harness: SessionHarness) throws -> Int {
    let page = try #require(AppView.page(harness.session.state, harness.session.runner.renderContext))
    return AppView.partStart(of: page, harness.session.pagePart)
  }

  /// Page 3 of the Spanish tour at 40 × 24, its first part printed.
  func onTallPage() async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--locale", "es"], width: 40, rows: 24)
    await harness.boot()
    for _ in 0..<2 { await harness.send("next") }
    harness.session.emitView()
    #expect(harness.session.state.tour?.index == 2)
    #expect(try partStart(harness) == 0)
    return harness
  }

  @Test(
    "a page left on a later part and come back to starts at its top again",
    arguments: [["next", "back"], ["go settings", "tour"]])
  func comingBackStartsAtTheTop(away: [String]) async throws {
    let harness = try await onTallPage()
    await harness.session.enterOnEmptyLine()
    harness.session.emitView()
    #expect(harness.session.state.tour?.index == 2, "Enter showed the next part, not the next page")
    #expect(harness.session.pagePart.map { $0.start > 0 } == true)
    for line in away {
      await harness.send(line)
      harness.session.emitView()
    }
    #expect(harness.session.state.tour?.index == 2)
    #expect(try partStart(harness) == 0, "back on the page, from its top")
    let shown = harness.session.renderCurrentView().map(\.plainText)
    #expect(shown.contains { $0.contains("[choose autoStart.1]") }, "\(shown.joined(separator: "\n"))")
  }

  @Test("after show all, Enter turns the page: nothing of it is left unseen")
  func showAllThenEnter() async throws {
    let harness = try await onTallPage()
    await harness.send("show all")
    harness.session.emitView()
    await harness.session.enterOnEmptyLine()
    #expect(harness.session.state.tour?.index == 3, "the page turned")
  }

  @Test("without show all, the first Enter stays on the page (the test above can fail)")
  func enterFirstShowsAPart() async throws {
    let harness = try await onTallPage()
    await harness.session.enterOnEmptyLine()
    #expect(harness.session.state.tour?.index == 2)
  }

  @Test("Enter past the last part of the last page keeps that part on screen, under how to finish")
  func lastPageKeepsItsLastPart() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--locale", "ru"], width: 40, rows: 20)
    await harness.boot()
    for _ in 0..<5 { await harness.send("next") }
    harness.session.emitView()
    #expect(harness.session.state.tour?.isLastPage == true)
    for _ in 0..<4 {
      await harness.session.enterOnEmptyLine()
      await harness.settle()
      harness.session.emitView()
    }
    #expect(harness.session.state.tour?.isLastPage == true)
    #expect(try partStart(harness) > 0, "not back at the top")
  }
}
