import Foundation
import WhatsNewCore
import WhatsNewStore

extension Session {
  // MARK: Views

  /// The view on screen now, rendered from the state (``AppView/render(_:_:_:)``): at the
  /// width the terminal has now, cut to its rows; after `show all`, once, whole.
  package func renderCurrentView() -> Document { AppView.render(state, renderContext, viewInputs).document }

  /// What the view needs besides the state: the part Enter reached, `show all`, the
  /// terminal's rows, `--dev`, and when and where the reminder's date is worded.
  package var viewInputs: ViewInputs {
    ViewInputs(
      pagePart: pagePart, whole: wholeViewRequested, terminalRows: configuration.rows,
      developerMode: configuration.options.developerMode, now: backends.clock.now(), timeZone: backends.timeZone)
  }

  /// Whether the view is an onboarding or tour page (``AppView/page(_:_:)``).
  var showsPage: Bool { state.onboarding != nil || state.showingTour != nil }

  /// Enter on a tall page shows its next part: returns whether there was one to show.
  func showNextPagePart() -> Bool {
    let context = renderContext
    guard let rows = configuration.rows, let page = AppView.page(state, context), !AppView.isShownWhole(page, pagePart),
      let next = Viewport(terminalRows: rows).part(page, from: AppView.partStart(of: page, pagePart), context: context).next
    else { return false }
    pagePart = (page.first?.plainText ?? "", next)
    return true
  }

  // MARK: Facts

  /// The store's facts in words, now.
  var factsWording: FactsWording {
    FactsWording(context: renderContext, now: backends.clock.now(), timeZone: backends.timeZone)
  }

  /// Reads what the screens show from the store, in one read transaction: done when a
  /// screen opens and on `show`, so another process's changes show then. Awaited by the
  /// command and not gated (QA's read faults are for the controls): an unreadable store shows
  /// as a fresh one, and `check` says what is wrong.
  func readStoreFacts() async {
    await send(.factsRead(.all(StoreFacts(try? await runner.snapshot()))))
  }
}
