import Foundation
import WhatsNewCore
import WhatsNewStore

/// What the screens show from the store besides the choice controls: the seen-through record
/// (settings' debug section), the weekly review's schedule (review) and the units (the sample
/// numbers on workouts and review).
///
/// Read once when a screen opens (``Session/readStoreFacts()``), never re-read after a write:
/// the session's own changes are applied as they are confirmed (a review weekday saved and
/// rescheduled, the record overwritten by `debug seen`), and a setting the choice machine has
/// confirmed is taken from the machine.
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

  /// Facts the screens show: from the store as read when the screen opened, and the
  /// choice machine's confirmed units when it has them.
  var screenFacts: ScreenFacts {
    var next: String?
    if let notification = storeFacts.notification {
      next = describeNextFire(notification)
    }
    return ScreenFacts(
      nextReview: next, scheduledWeekday: storeFacts.notification?.weekday,
      seenThrough: describeSeenThrough(storeFacts.seenThrough), appVersion: appVersion,
      language: language, units: choices.state(of: .units).confirmed ?? storeFacts.units, infoAnchors: infoAnchors,
      languageSource: languageChoice.source)
  }

  /// The seen-through record in words: the version, "none", or the unreadable value.
  func describeSeenThrough(_ record: SeenThroughRecord) -> String {
    switch record {
    case .none: text("ui.seen.none")
    case .version(let version): version.description
    case .unreadable(let raw): text("ui.seen.unreadable", TextSanitizer.clean(raw))
    }
  }

  /// The notification's next fire date in words, as the language writes a day and a time
  /// (`Sunday, December 6 at 6:00 PM`, `воскресенье, 6 декабря в 18:00`), in the user's
  /// time zone, which it names.
  func describeNextFire(_ notification: StoredNotification) -> String? {
    guard let weekday = Weekday(rawValue: notification.weekday),
      let date = WeeklyReviewScheduler.nextFireDate(
        weekday: weekday, hour: notification.hour, minute: notification.minute, after: backends.clock.now(),
        in: backends.timeZone)
    else { return nil }
    return text(
      "ui.notification.when", renderContext.formats.dayAndTime(date, in: backends.timeZone),
      RFC3339.name(of: backends.timeZone))
  }

  /// Reads what the screens show from the store, in one read transaction: done when a
  /// screen opens and on `show`, so another process's changes show then.
  func readStoreFacts() async {
    storeFacts = StoreFacts(try? await backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID))
  }

  /// What a finished write of the review weekday did to the schedule, taken from its outcome
  /// instead of reading the schedule back: saved means rescheduled for the new weekday; a
  /// failed write changed nothing and an undone one put the old notification back. Only a
  /// failed repair leaves the schedule unknown, and then it is read.
  func noteSchedule(after ticket: ChoiceMachine.WriteTicket, outcome: ChoiceMachine.WriteOutcome) async {
    guard ticket.setting == .reviewWeekday else { return }
    switch outcome {
    case .saved:
      storeFacts.notification = StoredNotification(
        id: WeeklyReviewScheduler.notificationID, weekday: ticket.value, hour: WeeklyReviewScheduler.hour,
        minute: WeeklyReviewScheduler.minute)
    case .failed, .undone:
      break
    case .repairFailed:
      storeFacts.notification = try? await backends.scheduler.scheduled()
    }
  }
}
