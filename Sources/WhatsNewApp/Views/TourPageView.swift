package import WhatsNewCore

/// The what's-new tour's page as the user sees it: the heading (the release, or the
/// previewed version), the page's blocks with their controls, the page's error and the
/// commands the footer offers. Values in, rows out.
///
/// ```swift
/// let rows = TourPageView(tour: tour, controls: controls).document(in: context)
/// ```
package struct TourPageView: Sendable {
  package var tour: TourState
  /// What each choice control shows.
  package var controls: [Setting: ChoiceMachine.ControlState]
  /// What a block's rules read (``Block/when``): a block whose rules do not hold is not drawn.
  package var facts: RuleFacts

  /// The page, drawn in `context`.
  package func document(in context: RenderContext) -> Document {
    var flowPage = tour.currentPage
    flowPage.page.blocks.removeAll { block in !block.when.allSatisfy { $0.holds(facts) } }
    let heading =
      switch tour.mode {
      case .automatic, .news: context.text("ui.tour.heading", flowPage.release.description)
      case .preview(let version): context.text("ui.tour.previewHeading", version.description)
      }
    var footer = [String]()
    if tour.index > 0 { footer.append("back") }
    footer.append(tour.isLastPage ? "done" : "next")
    footer += ["skip", "close"]
    if flowPage.page.blocks.contains(where: { $0.choice != nil }) { footer.append("choose …") }
    if flowPage.page.blocks.contains(where: Self.isOpenable) { footer.append("open …") }
    footer.append("help")
    var view = PageView(
      heading: heading, page: flowPage.page, index: tour.index, count: tour.pages.count, controls: controls,
      error: tour.failure.map { context.text("ui.tour.dismissFailed", $0) }, footer: footer)
    // Nothing a person was due is lost: the last page names what the cap left out, and how to see it.
    // Past a few releases, one line for them all: `news` lists each.
    if tour.isLastPage, let oldest = tour.capped.first, let newest = tour.capped.last {
      view.notes =
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
    return PageRenderer(context: context).render(view)
  }

  /// The most releases the last page names one by one as left out by the cap.
  static let cappedNamedOneByOne = 2

  /// Whether `block` leads somewhere `open` can go: an action, or a feature list with an item that has one.
  static func isOpenable(_ block: Block) -> Bool {
    switch block.content {
    case .action: true
    case .featureList(let list): list.items.contains { $0.action != nil }
    default: false
    }
  }
}
