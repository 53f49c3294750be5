package import WhatsNewCore

/// What a tour-like overlay is showing, for the page renderer: the what's-new tour's page
/// (``init(tour:controls:in:)``) or the onboarding wizard's (``init(onboarding:controls:in:)``).
///
/// ```swift
/// let rows = PageRenderer(context: context).render(PageView(tour: tour, controls: controls, facts: facts, in: context))
/// ```
package struct PageView: Sendable {
  /// The heading: "What's new in 2.13.1", "Welcome", "Preview of 2.15.0".
  package var heading: String
  package var page: Page
  /// 0-based page index and page count.
  package var index: Int
  package var count: Int
  /// What each choice control shows.
  package var controls: [Setting: ChoiceMachine.ControlState]
  /// An error for the whole page (a failed dismissal, say).
  package var error: String?
  /// The commands the footer offers, already worded.
  package var footer: [String]
  /// Notes under the blocks (what the cap left out, on the tour's last page), already worded.
  package var notes: [String] = []
}

extension PageView {
  /// The onboarding wizard's page: the welcome heading, the page's choices, its error (a
  /// failed finish) and the commands the footer offers.
  package init(onboarding: OnboardingState, controls: [Setting: ChoiceMachine.ControlState], in context: RenderContext) {
    var commands = onboarding.index > 0 ? ["back"] : []
    if !onboarding.isLastPage { commands.append("next") }
    self.init(
      heading: context.text("ui.onboarding.heading"), page: onboarding.currentPage, index: onboarding.index,
      count: onboarding.pages.count, controls: controls,
      error: onboarding.failure.map { context.text("ui.onboarding.finishFailed", $0) },
      footer: Self.footer(commands + ["finish"], for: onboarding.currentPage))
  }

  /// The what's-new tour's page: the heading (the release, or the previewed version), the
  /// page's blocks with their controls, the page's error, what the cap left out (on the last
  /// page) and the commands the footer offers. A block whose rules do not hold on `facts` is
  /// not drawn (``Block/when``).
  package init(
    tour: TourState, controls: [Setting: ChoiceMachine.ControlState], facts: RuleFacts, in context: RenderContext
  ) {
    var flowPage = tour.currentPage
    flowPage.page.blocks.removeAll { block in !block.when.allSatisfy { $0.holds(facts) } }
    let heading =
      switch tour.mode {
      case .automatic, .news: context.text("ui.tour.heading", flowPage.release.description)
      case .preview(let version): context.text("ui.tour.previewHeading", version.description)
      }
    let commands = (tour.index > 0 ? ["back"] : []) + [tour.isLastPage ? "done" : "next", "skip", "close"]
    self.init(
      heading: heading, page: flowPage.page, index: tour.index, count: tour.pages.count, controls: controls,
      error: tour.failure.map { context.text("ui.tour.dismissFailed", $0) }, footer: Self.footer(commands, for: flowPage.page))
    // Nothing a person was due is lost: the last page names what the cap left out, and how to see it.
    // Past a few releases, one line for them all: `news` lists each.
    if tour.isLastPage, let oldest = tour.capped.first, let newest = tour.capped.last {
      notes =
        tour.capped.count > Self.cappedNamedOneByOne
        ? [
          context.text(
            "ui.tour.cappedMany", context.formats.number(tour.capped.map(\.pages).reduce(0, +)),
            context.formats.number(tour.capped.count), oldest.release.description, newest.release.description)
        ]
        : tour.capped.map { capped in
          let key = capped.pages == 1 ? "ui.tour.cappedOne" : "ui.tour.capped"
          return context.text(key, context.formats.number(capped.pages), capped.release.description)
        }
    }
  }

  /// The most releases the last page names one by one as left out by the cap.
  static let cappedNamedOneByOne = 2

  /// The footer: the page's own `commands`, then what its blocks bring (`choose …` for a
  /// choice, `open …` for something to open), then `help`.
  static func footer(_ commands: [String], for page: Page) -> [String] {
    // What `choose` and `open` reach on the page, as its hints number them.
    let shortcuts = PageShortcuts(page: page, numbering: .perChoice)
    var footer = commands
    if !shortcuts.choices.isEmpty { footer.append("choose …") }
    if !shortcuts.openTargets.isEmpty { footer.append("open …") }
    return footer + ["help"]
  }
}
