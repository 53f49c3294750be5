import Foundation
import WhatsNewCore

/// A view as printed: the rows, the width they were wrapped at, and how many times the
/// person had asked to see the view (``AppState/presentations``). The view is printed
/// again when the one the state draws now differs from the one last printed: a redraw
/// follows a change of what is shown, never a flag set by hand.
struct PrintedView: Equatable {
  var document: Document
  var width: Int
  var presentations: Int
}

/// What a view is drawn from besides the clock (``Session/currentView``): the state, the
/// part of a page Enter reached, `show all`, the terminal's size, the tables read so far and
/// the `qa clock` moves (a clock moved back or to another zone words the reminder anew).
struct ViewSource: Equatable {
  var state: AppState
  var page: String?
  var start: Int?
  var whole: Bool
  var width: Int
  var rows: Int?
  var tables: Int
  var clockMoves: Int
}

extension Session {
  /// The view on screen now, rendered from the state (``AppView/render(_:_:_:)``): at the
  /// width the terminal has now, cut to its rows; after `show all`, once, whole.
  package func renderCurrentView() -> Document { AppView.render(state, runner.renderContext, viewInputs).document }

  /// What the view needs besides the state: the part Enter reached, `show all`, the
  /// terminal's rows, `--dev`, and when and where the reminder's date is worded.
  package var viewInputs: ViewInputs {
    ViewInputs(
      pagePart: pagePart, whole: wholeViewRequested, terminalRows: configuration.rows(),
      developerMode: configuration.options.developerMode, now: runner.backends.clock.now(), timeZone: runner.backends.timeZone)
  }

  /// Enter on a tall page shows its next part: returns whether there was one to show.
  func showNextPagePart() -> Bool {
    let context = runner.renderContext
    guard let rows = configuration.rows(), let page = AppView.page(state, context), !AppView.isShownWhole(page, pagePart),
      let next = Viewport(terminalRows: rows).part(page, from: AppView.partStart(of: page, pagePart), context: context).next
    else { return false }
    pagePart = (page.first?.plainText ?? "", next)
    return true
  }

  /// The view the state draws now: drawn again only when what it is drawn from changed, or
  /// the reminder's next date it words has passed. A fast path for the bench row "a long
  /// script: lines per second": after every line the view is compared with the one on screen,
  /// and drawing it was most of the time of a line that changes nothing (a comment, `state`).
  var currentView: PrintedView {
    let source = ViewSource(
      state: state, page: pagePart?.page, start: pagePart?.start, whole: wholeViewRequested, width: configuration.width(),
      rows: configuration.rows(), tables: runner.tables.count, clockMoves: runner.backends.clock.moves)
    let now = runner.backends.clock.now()
    if let drawnView, drawnView.source == source, now < drawnView.freshUntil { return drawnView.view }
    let view = PrintedView(document: renderCurrentView(), width: source.width, presentations: state.presentations)
    // A reminder with no next date (an unknown weekday, a clock at the calendar's edge) is worded anew each time.
    let freshUntil = state.storeFacts.notification.map { $0.nextFireDate(after: now, in: runner.backends.timeZone) ?? now }
    drawnView = (source, view, freshUntil ?? .distantFuture)
    return view
  }

  /// Prints the current view and remembers it as the one on screen.
  func emitView() {
    // A console that prints nothing draws nothing (``Console/discardsOutput``).
    guard !console.discardsOutput else { return }
    emit(currentView)
  }

  /// Prints the current view when it differs from the one on screen; returns whether it did.
  @discardableResult
  func emitViewIfOutOfDate() -> Bool {
    guard !console.discardsOutput else { return false }
    let view = currentView
    guard view != shownView else { return false }
    emit(view)
    return true
  }

  private func emit(_ view: PrintedView) {
    console.emit(view.document)
    shownView = view
    // The part Enter reached belongs to the page it was reached on: another view, or the
    // same page come back to later, starts at its top; a page shown whole (`show all`) has
    // no part left, so Enter turns it.
    // An onboarding or tour page's view starts with its header row (``AppView/render(_:_:_:)``):
    // no second render.
    let header = state.visiblePage == nil ? nil : view.document.first?.plainText
    if wholeViewRequested, let header {
      pagePart = (header, AppView.pageShownWhole)
    } else if let part = pagePart, part.page != header {
      pagePart = nil
    }
    wholeViewRequested = false
  }

  /// What the person sees now stands for the view on screen: a row or a write's outcome
  /// printed above the prompt already showed the change, so the next command does not
  /// print the whole view again for it.
  package func markViewShown() {
    guard !console.discardsOutput else { return }
    shownView = currentView
  }

  /// The view on screen is unknown (`qa explore` does not draw the steps it has already
  /// judged): the next look prints it.
  package func forgetShownView() {
    shownView = nil
  }

  /// A background result arrived: when the person sits at the prompt and the view changed,
  /// it is printed above the prompt now; otherwise the command's end prints it.
  func showViewIfAtPrompt() {
    guard console.isAtPrompt else { return }
    // The prompt names where the person is: a result that moved them moves it too.
    console.updatePrompt?(prompt)
    guard emitViewIfOutOfDate() else { return }
    publishCompletions()
  }
}
