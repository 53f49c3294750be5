import Foundation
import WhatsNewCore
import WhatsNewStore

extension Session {
  /// Every control's state, for the renderers.
  var controlStates: [Setting: ChoiceMachine.ControlState] {
    Dictionary(uniqueKeysWithValues: Setting.allCases.map { ($0, choices.state(of: $0)) })
  }

  /// The view on screen now: an overlay's page, or the current screen.
  public func renderCurrentView() -> Document {
    if let onboarding { return renderOnboarding(onboarding) }
    if let tour, !tour.isSuspended { return renderTour(tour) }
    if let guidanceView = renderGuidanceOverlay() { return guidanceView }
    return renderScreen(screen)
  }

  func renderTour(_ tour: TourState) -> Document {
    let flowPage = tour.currentPage
    let heading: String
    switch tour.mode {
    case .automatic, .news: heading = text("ui.tour.heading", flowPage.release.description)
    case .preview(let version): heading = text("ui.tour.previewHeading", version.description)
    }
    var footer = [String]()
    if tour.index > 0 { footer.append("back") }
    footer.append(tour.isLastPage ? "done" : "next")
    footer += ["skip", "close"]
    if flowPage.page.blocks.contains(where: { if case .choice = $0.content { true } else { false } }) {
      footer.append("choose …")
    }
    if flowPage.page.blocks.contains(where: Self.isOpenable) { footer.append("open …") }
    footer.append("help")
    let view = PageView(
      heading: heading, page: flowPage.page, index: tour.index, count: tour.pages.count, controls: controlStates,
      error: tour.error, footer: footer)
    return PageRenderer(context: renderContext).render(view)
  }

  static func isOpenable(_ block: Block) -> Bool {
    switch block.content {
    case .action: true
    case .featureList(let list): list.items.contains { $0.action != nil }
    default: false
    }
  }

  func renderOnboarding(_ state: OnboardingState) -> Document {
    var footer = [String]()
    if state.index > 0 { footer.append("back") }
    if state.index < state.pages.count - 1 { footer.append("next") }
    footer.append("finish")
    if state.pages[state.index].blocks.contains(where: { if case .choice = $0.content { true } else { false } }) {
      footer.append("choose …")
    }
    footer.append("help")
    let view = PageView(
      heading: text("ui.onboarding.heading"), page: state.pages[state.index], index: state.index, count: state.pages.count,
      controls: controlStates, error: state.error, footer: footer)
    return PageRenderer(context: renderContext).render(view)
  }

  /// A screen, as drawn now; its anchors' bounds are registered for guidance.
  func renderScreen(_ screen: Screen, context: RenderContext? = nil) -> Document {
    let document = ScreenRenderer(context: context ?? renderContext).render(screen, controls: controlStates, facts: screenFacts)
    registerAnchors(of: screen, document)
    return document
  }

  /// Facts the screens show; the schedule comes from the last look-up.
  var screenFacts: ScreenFacts {
    var seen = text("ui.seen.none")
    switch lastSeenRecord {
    case .none: break
    case .version(let version): seen = version.description
    case .unreadable(let raw): seen = text("ui.seen.unreadable", TextSanitizer.clean(raw))
    }
    var next: String?
    if let notification = lastScheduledNotification {
      next = describeNextFire(notification)
    }
    return ScreenFacts(
      nextReview: next, scheduledWeekday: lastScheduledNotification?.weekday, seenThrough: seen, appVersion: appVersion,
      language: language, units: lastStoredUnits, infoAnchors: infoAnchors)
  }

  /// The notification's next fire date in words, in the user's time zone.
  func describeNextFire(_ notification: StoredNotification) -> String? {
    guard let weekday = Weekday(rawValue: notification.weekday),
      let date = WeeklyReviewScheduler.nextFireDate(
        weekday: weekday, hour: notification.hour, minute: notification.minute, after: backends.clock.now(),
        in: backends.timeZone)
    else { return nil }
    return text(
      "ui.notification.when", text("ui.weekday." + weekday.rawValue), Self.isoDate(date, in: backends.timeZone),
      String(format: "%02d:%02d", notification.hour, notification.minute),
      RFC3339.name(of: backends.timeZone))
  }

  /// The local date of `instant` in `timeZone`: `2026-12-06`.
  nonisolated static func isoDate(_ instant: Date, in timeZone: TimeZone) -> String {
    RFC3339.date(instant, in: timeZone)
  }

  /// Refreshes what the screens show from the store (the schedule and the seen record).
  func refreshFacts() async {
    factsReadAfterOperation = backends.tracker.startedCount
    let snapshot = try? await backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID)
    lastScheduledNotification = snapshot?.notification
    lastSeenRecord = snapshot?.seenThrough ?? .none
    lastStoredUnits = snapshot?.settings[.units] ?? Setting.units.defaultValue
  }

  /// Refreshes the facts when they may be out of date for what comes next: before the view
  /// is drawn (another process may have changed the store since), or after this session
  /// started a store operation (a write may have changed them). A command that does neither
  /// (`state`, `quit`, `help`) reads nothing.
  func refreshFactsIfNeeded() async {
    if viewIsDirty || factsReadAfterOperation != backends.tracker.startedCount { await refreshFacts() }
  }

  /// One control, re-rendered after a slow read or write finished while the user sat at the prompt.
  func renderControlUpdate(_ setting: Setting) -> Document {
    let renderer = ScreenRenderer(context: renderContext)
    return renderer.settingRow(setting, controlStates)
  }
}
