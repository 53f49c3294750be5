package import Foundation
package import WhatsNewCore

/// What a view needs besides the app state and the ``RenderContext``: facts of the terminal
/// and the session that are not the app's state.
package struct ViewInputs: Sendable {
  /// The part of a tall page Enter reached: the page (its header row) and the first row shown
  /// (``AppView/pageShownWhole`` once `show all` printed it whole); `nil` on a page Enter has not moved in.
  package var pagePart: (page: String, start: Int)?
  /// `show all`: the view whole, not cut to the terminal's rows.
  package var whole = false
  /// The terminal's rows, or `nil` when unknown (a script): the view is not cut.
  package var terminalRows: Int?
  /// `--dev`: the settings screen shows its developer section.
  package var developerMode = false
  /// When and where the reminder's next date is worded.
  package var now: Date
  package var timeZone: TimeZone
}

/// A view as rendered: its rows, and where each guidance anchor was drawn (its rows in the
/// view before the terminal's rows cut it; under a guidance overlay, in the screen beneath,
/// which is what the overlay placed its spotlight or popover by).
package struct RenderedView: Sendable {
  package var document: Document
  package var anchors: [String: ClosedRange<Int>]
}

/// The app's view as a pure function of its state: no session, no store, no terminal.
package enum AppView {
  /// The view the state shows (an onboarding or tour page, a guide over its screen, or the
  /// screen), drawn in `context` and cut to the terminal's rows (``Viewport``): a guide's step
  /// keeps its spotlit element in view with its card, and a page shows the part Enter reached.
  package static func render(_ state: AppState, _ context: RenderContext, _ inputs: ViewInputs) -> RenderedView {
    let rows = inputs.whole ? nil : inputs.terminalRows
    if let page = page(state, context) {
      guard let rows else { return RenderedView(document: page, anchors: page.anchorBounds) }
      let part = Viewport(terminalRows: rows).part(page, from: partStart(of: page, inputs.pagePart), context: context)
      return RenderedView(document: part.rows, anchors: page.anchorBounds)
    }
    var view: RenderedView
    var focus: ClosedRange<Int>?
    var focusName: String?
    if let overlay = overlay(state, context, inputs), let step = state.guidance.currentStep {
      view = overlay
      focus = overlay.document.anchorBounds[step.targetAnchor]
      focusName = context.text("guidance.anchor." + step.targetAnchor)
    } else {
      let document = screen(state.screen, state, context, inputs)
      view = RenderedView(document: document, anchors: document.anchorBounds)
      // The recap `done` left on home is what the person has to see: a short window keeps it.
      focus = view.anchors[ScreenRenderer.recapAnchor]
    }
    if let rows {
      view.document = Viewport(terminalRows: rows).fit(
        view.document, focus: focus, focusName: focusName, focusEnd: state.guidance.active?.mode == .info, context: context)
    }
    return view
  }

  /// The onboarding or tour page on screen, whole; `nil` when neither shows.
  package static func page(_ state: AppState, _ context: RenderContext) -> Document? {
    let controls = state.choices.states
    let view =
      state.onboarding.map { PageView(onboarding: $0, controls: controls, in: context) }
      ?? state.showingTour.map { PageView(tour: $0, controls: controls, facts: state.ruleFacts(now: nil), in: context) }
    return view.map { PageRenderer(context: context).render($0) }
  }

  /// The guide's step over its screen, whole, with the screen's anchors (where the step's
  /// target was drawn); `nil` when no guide shows.
  package static func overlay(_ state: AppState, _ context: RenderContext, _ inputs: ViewInputs) -> RenderedView? {
    let guidance = state.guidance
    guard let guide = guidance.active, let step = guidance.currentStep else { return nil }
    let screenContext = GuidanceOverlayRenderer.screenContext(for: guide.mode, in: context)
    let document = screen(state.screen, state, screenContext, inputs)
    let anchors = document.anchorBounds
    let overlay = GuidanceOverlayRenderer(context: context).render(
      guide, stepIndex: guidance.stepIndex, over: state.screen, drawn: document, targetRows: anchors[step.targetAnchor])
    return RenderedView(document: overlay, anchors: anchors)
  }

  /// `screen` as the state draws it.
  package static func screen(_ screen: Screen, _ state: AppState, _ context: RenderContext, _ inputs: ViewInputs) -> Document {
    ScreenRenderer(context: context).render(screen, controls: state.choices.states, facts: facts(state, context, inputs))
  }

  /// Facts the screens show: the store's as read when the screen opened, in words, and the
  /// choice machine's confirmed units when it has them.
  static func facts(_ state: AppState, _ context: RenderContext, _ inputs: ViewInputs) -> ScreenFacts {
    let wording = FactsWording(context: context, now: inputs.now, timeZone: inputs.timeZone)
    let stored = state.storeFacts
    return ScreenFacts(
      nextReview: stored.notification.flatMap(wording.nextFire), seenThrough: wording.seenThrough(stored.seenThrough),
      appVersion: state.appVersion, language: state.language,
      units: state.choices.state(of: .units).confirmed ?? stored.units, infoAnchors: state.guidanceOff ? [:] : state.infoAnchors,
      languageSource: state.languageChoice.source, tourIsSuspended: state.tour?.isSuspended ?? false,
      showsDeveloperSection: inputs.developerMode, recap: state.recap.isListed ? state.recap : nil,
      offersFirstRun: state.offersFirstRun && !state.guidanceOff,
      showsNewsLine: Explanation.newsLine(state, now: inputs.now).deciding == nil)
  }

  /// ``ViewInputs/pagePart``'s start once `show all` printed the page whole: Enter turns the page.
  package static let pageShownWhole = -1

  /// Where the part of `page` Enter has reached starts (0 on a page Enter has not moved in).
  package static func partStart(of page: Document, _ pagePart: (page: String, start: Int)?) -> Int {
    guard let pagePart, pagePart.page == page.first?.plainText else { return 0 }
    return max(0, pagePart.start)
  }

  /// Whether `show all` printed `page` whole on this visit.
  static func isShownWhole(_ page: Document, _ pagePart: (page: String, start: Int)?) -> Bool {
    pagePart.map { $0.page == page.first?.plainText && $0.start == pageShownWhole } ?? false
  }
}
