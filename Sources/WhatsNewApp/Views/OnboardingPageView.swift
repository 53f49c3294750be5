package import WhatsNewCore

/// The onboarding wizard's page as the user sees it: the welcome heading, the page's
/// choices, its error (a failed finish) and the commands the footer offers. Values in, rows out.
package struct OnboardingPageView: Sendable {
  package var onboarding: OnboardingState
  /// What each choice control shows.
  package var controls: [Setting: ChoiceMachine.ControlState]

  /// The page, drawn in `context`.
  package func document(in context: RenderContext) -> Document {
    var footer = [String]()
    if onboarding.index > 0 { footer.append("back") }
    if !onboarding.isLastPage { footer.append("next") }
    footer.append("finish")
    if onboarding.currentPage.blocks.contains(where: { $0.choice != nil }) { footer.append("choose …") }
    footer.append("help")
    let view = PageView(
      heading: context.text("ui.onboarding.heading"), page: onboarding.currentPage, index: onboarding.index,
      count: onboarding.pages.count, controls: controls,
      error: onboarding.failure.map { context.text("ui.onboarding.finishFailed", $0) }, footer: footer)
    return PageRenderer(context: context).render(view)
  }
}
