package import Foundation

/// The weekly review day's change as a pure plan: write the new weekday, cancel the old
/// reminder, schedule the new one; when a reminder step fails, write the old weekday back
/// and, if the old reminder had been cancelled, schedule it again (only once the weekday is
/// back, so store and schedule agree). The compensating rule lives here and nowhere else.
///
/// The runner (`Backends.apply`) performs each ``Step`` on the real store and scheduler and
/// hands the result to ``next(after:)``, which gives the next step or, at the end, the
/// outcome, with the reminder it confirmed (what the screens show, never a copy of their own).
///
/// ```swift
/// var plan = WeekdayChangePlan(weekday: "friday")
/// plan.start                                              // .write("friday")
/// plan.next(after: .written(previous: "sunday", reminder: sundayAt18))  // .step(.cancel)
/// plan.next(after: .succeeded)                            // .step(.schedule("friday"))
/// plan.next(after: .succeeded)                            // .done(.saved, reminder: friday at 18:00)
/// ```
package struct WeekdayChangePlan: Sendable, Equatable {
  /// One thing for the runner to do.
  package enum Step: Sendable, Equatable {
    /// Write the weekday (reading, in the same transaction, the weekday and reminder it replaces).
    case write(String)
    /// Cancel the current reminder.
    case cancel
    /// Schedule the reminder for this weekday.
    case schedule(String)
    /// Write the old weekday back (the compensating restore).
    case writeBack(String)
    /// Schedule the old reminder again, as it was, for this weekday.
    case restoreReminder(String)
    /// Read what the store holds for the weekday (a write-back failed: what is stored is unknown).
    case readStored
  }

  /// What a step ended in.
  package enum Result: Sendable, Equatable {
    /// The write landed; it replaced `previous`, and the reminder then was `reminder` (or none).
    case written(previous: String, reminder: StoredNotification?)
    /// A step other than the first write succeeded.
    case succeeded
    /// `readStored` read this (or could not read: `nil`).
    case read(String?)
    /// The step failed, in the backend's words.
    case failed(String)
  }

  /// What the runner does next: another step, or the end.
  package enum Next: Sendable, Equatable {
    case step(Step)
    /// The change ended: its outcome, and the reminder it confirmed (what the screens show):
    /// the old one as it was when the change did not save, else the new one at the review's
    /// time; `nil` for none, or unknown after a failed first write (then nothing changed).
    case done(ChoiceMachine.WriteOutcome, reminder: StoredNotification?)
  }

  /// The weekday being chosen.
  package let weekday: String
  private var previous: String?
  private var previousNotification: StoredNotification?
  private var previousReminder: String? { previousNotification?.weekday }
  private var failure: ReminderFailure?
  private var current: Step

  package init(weekday: String) {
    self.weekday = weekday
    current = .write(weekday)
  }

  /// The first step.
  package var start: Step { .write(weekday) }

  /// The step after the current one ended in `result`.
  package mutating func next(after result: Result) -> Next {
    let step = current
    let next = decide(step, result)
    if case .step(let following) = next { current = following }
    return next
  }

  private mutating func decide(_ step: Step, _ result: Result) -> Next {
    switch (step, result) {
    case (.write, .written(let replaced, let reminder)):
      previous = replaced
      previousNotification = reminder
      return .step(.cancel)
    case (.write, .failed(let reason)):
      // Nothing was stored and nothing was touched: the old reminder stands (unknown here).
      return done(.failed(reason: reason), nil)
    case (.cancel, .succeeded):
      return .step(.schedule(weekday))
    case (.schedule, .succeeded):
      return done(.saved, weekday)
    case (.cancel, .failed(let reason)), (.schedule, .failed(let reason)):
      let failedStep: ReminderFailure.Step = step == .cancel ? .cancel : .schedule
      let old = previous ?? weekday
      failure = ReminderFailure(
        step: failedStep, reason: reason, saved: weekday, previous: old, previousReminder: previousReminder, stored: old)
      return .step(.writeBack(old))
    case (.writeBack, .succeeded):
      guard let failure else { return done(.saved, weekday) }
      // The cancel never removed the old reminder: it stands. Otherwise put it back.
      if failure.step == .schedule, let reminder = previousReminder { return .step(.restoreReminder(reminder)) }
      return done(.reminderFailed(failure), failure.reminderNow)
    case (.writeBack, .failed(let reason)):
      failure?.settingRestoreFailure = reason
      return .step(.readStored)
    case (.readStored, .read(let stored)):
      guard var failure else { return done(.saved, weekday) }
      failure.stored = stored
      return done(.reminderFailed(failure), failure.reminderNow)
    case (.restoreReminder, .succeeded):
      guard let failure else { return done(.saved, weekday) }
      return done(.reminderFailed(failure), failure.reminderNow)
    case (.restoreReminder, .failed(let reason)):
      guard var failure else { return done(.saved, weekday) }
      failure.reminderRestoreFailure = reason
      return done(.reminderFailed(failure), failure.reminderNow)
    default:
      // A result that does not belong to the step (a runner's mistake): stop, changing nothing more.
      return done(.failed(reason: "unexpected result \(result) for \(step)"), nil)
    }
  }

  /// The end: `outcome`, with the reminder it confirmed on `weekday` (none for `nil`).
  private func done(_ outcome: ChoiceMachine.WriteOutcome, _ weekday: String?) -> Next {
    guard let weekday else { return .done(outcome, reminder: nil) }
    if outcome != .saved, let old = previousNotification, old.weekday == weekday { return .done(outcome, reminder: old) }
    return .done(outcome, reminder: WeeklyReview.notification(on: weekday))
  }
}

/// The weekly review's reminder: one notification, on the review weekday, at a fixed local time.
package enum WeeklyReview {
  /// The notification's id in the schedule.
  package static let notificationID = "weekly-review"
  /// The local time it fires at.
  package static let hour = 18
  package static let minute = 0

  /// The reminder for `weekday`, at the review's time.
  package static func notification(on weekday: String) -> StoredNotification {
    StoredNotification(id: notificationID, weekday: weekday, hour: hour, minute: minute)
  }

  /// The repair at a start: the reminder to schedule so the schedule agrees with the stored
  /// weekday in `snapshot`, or `nil` when it already does.
  package static func repair(_ snapshot: StoreSnapshot) -> StoredNotification? {
    let wanted = notification(on: snapshot.settings[.reviewWeekday] ?? Setting.reviewWeekday.defaultValue)
    return snapshot.notification == wanted ? nil : wanted
  }

  /// The next time a weekly notification on `weekday` at `hour:minute` fires after `now`:
  /// the first instant at which a wall clock in `timeZone` shows that weekday and time;
  /// `nil` when the hour or minute is out of range.
  ///
  /// This is Foundation's `Calendar.nextDate(after:matching:matchingPolicy: .nextTime)` in a
  /// Gregorian calendar set to the zone: a time that a daylight-saving gap skips maps to the
  /// first instant after the gap; a time shown twice, when the clocks go back, to its first
  /// showing.
  ///
  /// ```swift
  /// let monday = Date(timeIntervalSince1970: 1_796_040_000)  // 2026-11-30T12:00:00Z
  /// let next = WeeklyReview.nextFireDate(weekday: .sunday, hour: 18, minute: 0, after: monday, in: .gmt)!
  /// RFC3339.string(next, in: .gmt)  // "2026-12-06T18:00:00Z"
  /// ```
  package static func nextFireDate(
    weekday: Weekday, hour: Int, minute: Int, after now: Date, in timeZone: TimeZone
  ) -> Date? {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    // Calendar counts weekdays from Sunday (1) to Saturday (7); ISO from Monday (1).
    let components = DateComponents(hour: hour, minute: minute, second: 0, weekday: weekday.isoNumber % 7 + 1)
    return calendar.nextDate(after: now, matching: components, matchingPolicy: .nextTime)
  }
}
