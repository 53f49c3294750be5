import WhatsNewCore
import WhatsNewStore

/// What the screens show from the store besides the choice controls, as last looked up:
/// the seen-through record, the weekly review's schedule and the units.
struct StoreFacts: Sendable, Equatable {
  var seenThrough: SeenThroughRecord = .none
  var notification: StoredNotification?
  /// The stored units, for screens with no units control to read them.
  var units = Setting.units.defaultValue

  init() {}

  /// The facts in `snapshot`; an unreadable store (`nil`) shows as a fresh one.
  init(_ snapshot: StoreSnapshot?) {
    seenThrough = snapshot?.seenThrough ?? .none
    notification = snapshot?.notification
    units = snapshot?.settings[.units] ?? Setting.units.defaultValue
  }
}

extension Session {
  // MARK: Views

  /// The view on screen now: an overlay's page, or the current screen.
  public func renderCurrentView() -> Document {
    let context = renderContext
    if let onboarding = state.onboarding {
      return OnboardingPageView(onboarding: onboarding, controls: controlStates).document(in: context)
    }
    if let tour = state.showingTour { return TourPageView(tour: tour, controls: controlStates).document(in: context) }
    if let guidanceView = guidanceFlow.overlayDocument() { return guidanceView }
    return renderScreen(state.screen)
  }

  /// A screen, as drawn now; its anchors' bounds are registered for guidance.
  func renderScreen(_ screen: Screen, context: RenderContext? = nil) -> Document {
    let document = ScreenRenderer(context: context ?? renderContext).render(screen, controls: controlStates, facts: screenFacts)
    guidanceFlow.registerAnchors(of: screen, document)
    return document
  }

  // MARK: Facts

  /// Facts the screens show; the schedule comes from the last look-up.
  var screenFacts: ScreenFacts {
    var next: String?
    if let notification = storeFacts.notification {
      next = describeNextFire(notification)
    }
    return ScreenFacts(
      nextReview: next, scheduledWeekday: storeFacts.notification?.weekday,
      seenThrough: describeSeenThrough(storeFacts.seenThrough), appVersion: appVersion,
      language: language, units: storeFacts.units, infoAnchors: infoAnchors)
  }

  /// The seen-through record in words: the version, "none", or the unreadable value.
  func describeSeenThrough(_ record: SeenThroughRecord) -> String {
    switch record {
    case .none: text("ui.seen.none")
    case .version(let version): version.description
    case .unreadable(let raw): text("ui.seen.unreadable", TextSanitizer.clean(raw))
    }
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
      zeroPadded(notification.hour, width: 2) + ":" + zeroPadded(notification.minute, width: 2),
      backends.timeZone.identifier)
  }

  /// The local date of `instant` in `timeZone`: `2026-12-06`.
  nonisolated static func isoDate(_ instant: Timestamp, in timeZone: TimeZoneRules) -> String {
    LocalDateTime(instant, in: timeZone).date.description
  }

  /// Refreshes what the screens show from the store (the schedule, the seen record, the units).
  func refreshFacts() async {
    factsReadAfterOperation = backends.tracker.startedCount
    storeFacts = StoreFacts(try? await backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID))
  }

  /// Refreshes the facts when they may be out of date for what comes next: before the view
  /// is drawn (another process may have changed the store since), or after this session
  /// started a store operation (a write may have changed them). A command that does neither
  /// (`state`, `quit`, `help`) reads nothing.
  func refreshFactsIfNeeded() async {
    if viewIsDirty || factsReadAfterOperation != backends.tracker.startedCount { await refreshFacts() }
  }
}
