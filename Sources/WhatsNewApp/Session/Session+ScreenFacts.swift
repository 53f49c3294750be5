import Foundation
import WhatsNewCore
import WhatsNewStore

extension Session {
  // MARK: Views

  /// The view on screen now (an overlay's page, or the current screen), drawn at the width
  /// the terminal has now and cut to its rows (``Viewport``): a guide's step keeps its
  /// spotlit element in view with its card. After `show all`, once, the whole view.
  package func renderCurrentView() -> Document {
    let context = renderContext
    let whole = wholeViewRequested
    var focus: ClosedRange<Int>?
    var focusName: String?
    let document: Document
    if let page = pageDocument(in: context) {
      guard !whole, let rows = configuration.rows else { return page }
      return Viewport(terminalRows: rows).part(page, from: partStart(of: page), context: context).rows
    } else if let guidanceView = guidanceFlow.overlayDocument() {
      document = guidanceView
      if let step = state.guidance.currentStep {
        focus = guidanceView.anchorBounds[step.targetAnchor]
        focusName = context.text("guidance.anchor." + step.targetAnchor)
      }
    } else {
      document = renderScreen(state.screen)
      // The recap `done` left on home is what the person has to see: a short window keeps it.
      focus = document.anchorBounds[ScreenRenderer.recapAnchor]
    }
    guard !whole, let rows = configuration.rows else { return document }
    return Viewport(terminalRows: rows).fit(document, focus: focus, focusName: focusName, context: context)
  }

  /// Whether the view is an onboarding or tour page (``pageDocument(in:)``).
  var showsPage: Bool { state.onboarding != nil || state.showingTour != nil }

  /// The onboarding or tour page on screen, whole; `nil` when neither shows.
  func pageDocument(in context: RenderContext) -> Document? {
    if let onboarding = state.onboarding {
      return OnboardingPageView(onboarding: onboarding, controls: controlStates).document(in: context)
    }
    if let tour = state.showingTour { return TourPageView(tour: tour, controls: controlStates).document(in: context) }
    return nil
  }

  /// Where the part of `page` Enter has reached starts (0 on a page Enter has not moved in).
  func partStart(of page: Document) -> Int {
    guard let pagePart, pagePart.page == page.first?.plainText else { return 0 }
    return max(0, pagePart.start)
  }

  /// ``pagePart``'s start once `show all` printed the page whole: Enter turns the page.
  static let pageShownWhole = -1

  /// Whether `show all` printed `page` whole on this visit.
  func isShownWhole(_ page: Document) -> Bool {
    pagePart.map { $0.page == page.first?.plainText && $0.start == Session.pageShownWhole } ?? false
  }

  /// Enter on a tall page shows its next part: returns whether there was one to show.
  func showNextPagePart() -> Bool {
    let context = renderContext
    guard let rows = configuration.rows, let page = pageDocument(in: context), !isShownWhole(page),
      let next = Viewport(terminalRows: rows).part(page, from: partStart(of: page), context: context).next
    else { return false }
    pagePart = (page.first?.plainText ?? "", next)
    return true
  }

  /// A screen, as drawn now; its anchors' bounds are registered for guidance.
  func renderScreen(_ screen: Screen, context: RenderContext? = nil) -> Document {
    let document = ScreenRenderer(context: context ?? renderContext).render(screen, controls: controlStates, facts: screenFacts)
    guidanceFlow.registerAnchors(of: screen, document)
    return document
  }

  // MARK: Facts

  /// Facts the screens show: from the store as read when the screen opened, and the
  /// choice machine's confirmed units when it has them.
  var screenFacts: ScreenFacts {
    let wording = factsWording
    var facts = ScreenFacts(
      nextReview: storeFacts.notification.flatMap(wording.nextFire),
      seenThrough: wording.seenThrough(storeFacts.seenThrough), appVersion: appVersion,
      language: language, units: choices.state(of: .units).confirmed ?? storeFacts.units, infoAnchors: infoAnchors,
      languageSource: languageChoice.source)
    facts.tourIsSuspended = state.tour?.isSuspended ?? false
    facts.showsDeveloperSection = configuration.options.developerMode
    if state.recap.isListed { facts.recap = state.recap }
    return facts
  }

  /// The store's facts in words, now.
  var factsWording: FactsWording {
    FactsWording(context: renderContext, now: backends.clock.now(), timeZone: backends.timeZone)
  }

  /// Reads what the screens show from the store, in one read transaction: done when a
  /// screen opens and on `show`, so another process's changes show then. Awaited by the
  /// command and not gated (QA's read faults are for the controls): an unreadable store shows
  /// as a fresh one, and `check` says what is wrong.
  func readStoreFacts() async {
    storeFacts = StoreFacts(try? await runner.snapshot())
  }
}
