import Synchronization
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// What the REPL does at a terminal for keys that are not commands: Enter on an empty line,
/// and a resize.
@Suite("Keys at a terminal: an empty line, a resize")
@MainActor
struct TerminalKeysTests {
  @Test("Enter on an empty line turns the tour's page; on the last page it says how to finish")
  func emptyLineTurnsThePage() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    await harness.boot()
    _ = harness.takeOutput()
    #expect(harness.session.state.tour?.index == 0)
    await harness.session.enterOnEmptyLine()
    await harness.settle()
    #expect(harness.session.state.tour?.index == 1)
    #expect(harness.session.viewIsOutOfDate, "the new page is drawn after the key")
    await harness.session.enterOnEmptyLine()
    #expect(harness.session.state.tour?.index == 1)
    #expect(harness.takeOutput() == "This is the last page: type done.\n")
  }

  @Test("Enter on an empty line turns onboarding's page; on its last page it says to finish")
  func emptyLineTurnsOnboardingsPage() async throws {
    let harness = try await SessionHarness()
    await harness.boot()
    let pages = try #require(harness.session.state.onboarding?.pages.count)
    for index in 1..<pages {
      await harness.session.enterOnEmptyLine()
      #expect(harness.session.state.onboarding?.index == index)
    }
    _ = harness.takeOutput()
    await harness.session.enterOnEmptyLine()
    #expect(harness.takeOutput() == "This is the last page: type finish.\n")
  }

  @Test("outside the tour an empty line does nothing")
  func emptyLineOutsideTheTour() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    await harness.boot()
    await harness.send("close")
    await harness.settle()
    let before = harness.session.state
    harness.session.markViewShown()
    _ = harness.takeOutput()
    await harness.session.enterOnEmptyLine()
    #expect(harness.session.state == before)
    #expect(!harness.session.viewIsOutOfDate)
    #expect(harness.takeOutput().isEmpty)
  }

  @Test("in a script an empty line is still nothing: no page turns")
  func emptyLineInAScript() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    _ = await harness.transcript(of: ["", "  "])
    #expect(harness.session.state.tour?.index == 0)
  }

  @Test("a resize at the prompt draws the view again above it at once; during a command, after it")
  func resizeRedraws() async throws {
    let width = Mutex(80)
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.13.1"], widthProvider: { width.withLock { $0 } })
    await harness.boot()
    _ = harness.takeOutput()
    var shownAbove: [String] = []
    harness.session.console.showAbovePrompt = { shownAbove.append($0) }
    harness.session.console.isAtPrompt = true
    harness.session.redrawAfterResize()
    #expect(shownAbove.count == 1)
    #expect(shownAbove.first?.contains("What's new in 2.14.0") == true)
    #expect(shownAbove.first?.contains("page 1 of 2") == true)

    harness.session.console.isAtPrompt = false
    #expect(!harness.session.viewIsOutOfDate, "the redraw above the prompt brought the view up to date")
    width.withLock { $0 = 60 }
    harness.session.redrawAfterResize()
    #expect(shownAbove.count == 1, "not above a prompt that is not there")
    #expect(harness.session.viewIsOutOfDate, "drawn after the command: the width it was drawn at changed")
  }

  @Test("resizes that arrive while a redraw waits to run make no more redraws; a later one does")
  func resizesCoalesce() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    await harness.boot()
    _ = harness.takeOutput()
    var shownAbove: [String] = []
    harness.session.console.showAbovePrompt = { shownAbove.append($0) }
    harness.session.console.isAtPrompt = true
    let redraw = ResizeRedraw { harness.session.redrawAfterResize() }
    // From the reader thread, as the line editor asks: three resizes in a burst.
    await Task.detached {
      redraw.request()
      redraw.request()
      redraw.request()
    }.value
    while shownAbove.isEmpty { await Task.yield() }
    for _ in 0..<20 { await Task.yield() }
    #expect(shownAbove.count == 1)
    redraw.request()
    while shownAbove.count < 2 { await Task.yield() }
    #expect(shownAbove.count == 2)
  }
}
