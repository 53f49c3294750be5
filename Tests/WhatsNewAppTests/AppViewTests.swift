import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// The view is a pure function of the app state (``AppView``): the anchors guidance places
/// itself by are an output of rendering, never a record kept while drawing.
@Suite("The view, rendered from the state")
@MainActor
struct AppViewTests {
  @Test("each screen's view carries its own anchors where it drew them, none of another screen's, the same each time")
  func anchorsAreTheScreensOwn() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    let session = harness.session
    for screen in Screen.allCases {
      var state = session.state
      state.screen = screen
      let view = AppView.render(state, session.runner.renderContext, session.viewInputs)
      let own = Set(ScreenRenderer.anchors[screen] ?? [])
      #expect(view.anchors[screen.rawValue] == 0...(view.document.count - 1), "the route's anchor spans \(screen)")
      #expect(Set(view.anchors.keys).subtracting(own).isEmpty, "\(screen) carries another screen's anchors")
      #expect(view.anchors == AppView.render(state, session.runner.renderContext, session.viewInputs).anchors)
    }
  }

  @Test("a guide's step is placed by the anchors of the screen under it, drawn in the language in force")
  func overlayUsesTheScreensAnchors() async throws {
    let harness = try await SessionHarness()
    await harness.boot()
    for line in ["finish", "tour first_run", "skip", "tour settings_intro", "next", "lang ru"] {
      _ = await harness.output(of: line)
    }
    let session = harness.session
    let step = try #require(session.state.guidance.currentStep)
    let overlay = try #require(AppView.overlay(session.state, session.runner.renderContext, session.viewInputs))
    let context = GuidanceOverlayRenderer.screenContext(for: .tour, in: session.runner.renderContext)
    let screen = AppView.screen(session.state.screen, session.state, context, session.viewInputs)
    #expect(overlay.anchors == screen.anchorBounds)
    #expect(overlay.anchors[step.targetAnchor] != nil)
    #expect(screen.contains { $0.plainText.contains("Единицы") })
  }
}
