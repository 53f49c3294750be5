package import WhatsNewCore

/// A guide's step over the screen it belongs to, as the user sees it: a tour step's
/// spotlight and card, or an info popover next to its element. Values in, rows out: the
/// screen under the overlay comes already drawn (in ``screenContext(for:in:)``), with the
/// rows its target was drawn on.
package struct GuidanceOverlayView: Sendable {
  /// The guide showing.
  package var guide: Guidance
  /// The 0-based step showing.
  package var stepIndex: Int
  /// The screen under the overlay, and that screen as drawn.
  package var screen: Screen
  package var screenDocument: Document
  /// The rows the step's target was drawn on, or `nil` when it is not on screen.
  package var targetRows: ClosedRange<Int>?

  package init(guide: Guidance, stepIndex: Int, screen: Screen, screenDocument: Document, targetRows: ClosedRange<Int>?) {
    self.guide = guide
    self.stepIndex = stepIndex
    self.screen = screen
    self.screenDocument = screenDocument
    self.targetRows = targetRows
  }

  /// The context to draw the screen under a `mode` overlay in: a tour's marks and frame take
  /// ``GuidanceOverlayRenderer/frameInset`` columns (none in accessible mode).
  package static func screenContext(for mode: GuidanceMode, in context: RenderContext) -> RenderContext {
    guard mode == .tour, !context.accessible else { return context }
    var narrow = context
    narrow.width = max(8, context.width - GuidanceOverlayRenderer.frameInset)
    return narrow
  }

  /// The overlay over the screen, drawn in `context`.
  package func document(in context: RenderContext) -> Document {
    let step = guide.steps[stepIndex]
    let renderer = GuidanceOverlayRenderer(context: context)
    let anchorName = context.text("guidance.anchor." + step.targetAnchor)
    switch guide.mode {
    case .tour:
      let home = guide.routeForAnchor[step.targetAnchor] ?? Self.screen(owning: step.targetAnchor) ?? screen
      let commands = GuidanceMachine.commands(ofStep: stepIndex, in: guide)
      let card = SpotlightCard(
        guideName: context.text(guide.nameKey), title: context.text(step.titleKey), body: context.text(step.bodyKey),
        step: stepIndex + 1, count: guide.steps.count, commands: commands, anchorName: anchorName,
        anchorScreenName: context.text(home.titleKey), anchorScreenID: home.rawValue)
      return renderer.renderTour(screen: screenDocument, spotlight: targetRows, card: card)
    case .info:
      let card = InfoCard(
        title: context.text(step.titleKey), body: context.text(step.bodyKey), anchorName: anchorName,
        placement: step.placement)
      return renderer.renderInfo(screen: screenDocument, anchor: targetRows, card: card)
    }
  }

  /// The screen that draws `anchor`, if any.
  static func screen(owning anchor: String) -> Screen? {
    Screen.allCases.first { ScreenRenderer.anchors[$0]?.contains(anchor) ?? false }
  }
}
