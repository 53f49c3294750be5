import Testing
import WhatsNewCore

/// The weekday change's compensating rule, step by step: each row is the results the runner
/// reports, the steps the plan asks for, and the outcome with the reminder it confirms.
@Suite("Weekday change plan")
struct WeekdayChangePlanTests {
  typealias R = WeekdayChangePlan.Result

  /// The reminder the write replaced: Sunday, at a time of its own (an older build's), so the
  /// confirmed reminder shows whether it is the old one kept or a new one made.
  static let oldReminder = StoredNotification(id: WeeklyReview.notificationID, weekday: "sunday", hour: 7, minute: 30)

  /// Reported results (after the first write), the steps asked for after each, and the end.
  static let rows: [(name: String, results: [R], steps: [WeekdayChangePlan.Step], reminder: String?, fullyUndone: Bool?)] = [
    ("everything lands", [.succeeded, .succeeded], [.cancel, .schedule("friday")], "friday", nil),
    (
      "the cancel fails: the old reminder stands, the weekday goes back",
      [.failed("x"), .succeeded], [.cancel, .writeBack("sunday")], "sunday", true
    ),
    (
      "the schedule fails: weekday back, then the old reminder back",
      [.succeeded, .failed("x"), .succeeded, .succeeded],
      [.cancel, .schedule("friday"), .writeBack("sunday"), .restoreReminder("sunday")],
      "sunday", true
    ),
    (
      "the schedule fails and so does the old reminder's restore: no reminder",
      [.succeeded, .failed("x"), .succeeded, .failed("y")],
      [.cancel, .schedule("friday"), .writeBack("sunday"), .restoreReminder("sunday")],
      nil, false
    ),
    (
      "the schedule fails and the write-back too: what is stored is read, no reminder is restored",
      [.succeeded, .failed("x"), .failed("y"), .read("friday")],
      [.cancel, .schedule("friday"), .writeBack("sunday"), .readStored],
      nil, false
    ),
  ]

  @Test("each path through the change", arguments: rows.indices)
  func path(_ index: Int) {
    let row = Self.rows[index]
    var plan = WeekdayChangePlan(weekday: "friday")
    #expect(plan.start == .write("friday"))
    var next = plan.next(after: .written(previous: "sunday", reminder: Self.oldReminder))
    var steps: [WeekdayChangePlan.Step] = []
    for result in row.results {
      guard case .step(let step) = next else { Issue.record("ended early: \(row.name)"); return }
      steps.append(step)
      next = plan.next(after: result)
    }
    #expect(steps == row.steps, "\(row.name)")
    guard case .done(let outcome, let reminder) = next else { Issue.record("did not end: \(row.name)"); return }
    #expect(reminder?.weekday == row.reminder, "\(row.name)")
    // The reminder confirmed: the old one as it was when the change did not save (its own
    // time, not the review's), else the new one at 18:00.
    if let reminder {
      #expect(reminder == (row.fullyUndone == nil ? WeeklyReview.notification(on: "friday") : Self.oldReminder), "\(row.name)")
    }
    switch outcome {
    case .saved: #expect(row.fullyUndone == nil, "\(row.name)")
    case .reminderFailed(let failure):
      // Fully undone: the weekday and the old reminder both put back.
      let fullyUndone = failure.settingRestoreFailure == nil && failure.reminderRestoreFailure == nil
      #expect(fullyUndone == row.fullyUndone, "\(row.name)")
      #expect(failure.saved == "friday")
      #expect(failure.previous == "sunday")
    case .failed, .changedSince: Issue.record("the write failed in \(row.name)")
    }
  }

  @Test("a failed write stores nothing and ends at once")
  func failedWrite() {
    var plan = WeekdayChangePlan(weekday: "friday")
    #expect(plan.next(after: .failed("disk full")) == .done(.failed(reason: "disk full"), reminder: nil))
  }

  @Test("a schedule failure with no old reminder restores none")
  func noOldReminder() {
    var plan = WeekdayChangePlan(weekday: "monday")
    _ = plan.next(after: .written(previous: "sunday", reminder: nil))
    _ = plan.next(after: .succeeded)
    _ = plan.next(after: .failed("x"))
    let end = plan.next(after: .succeeded)
    guard case .done(.reminderFailed(let failure), let reminder) = end else { Issue.record("\(end)"); return }
    #expect(reminder == nil)
    #expect(failure.step == .schedule)
  }

  /// Each row: the stored weekday and reminder at a start, and what the repair schedules.
  static let repairs: [(weekday: String?, scheduled: StoredNotification?, repair: StoredNotification?)] = [
    ("friday", WeeklyReview.notification(on: "friday"), nil),
    ("friday", WeeklyReview.notification(on: "sunday"), WeeklyReview.notification(on: "friday")),
    ("friday", nil, WeeklyReview.notification(on: "friday")),
    (
      "friday", StoredNotification(id: WeeklyReview.notificationID, weekday: "friday", hour: 7, minute: 30),
      WeeklyReview.notification(on: "friday")
    ),
    (nil, nil, WeeklyReview.notification(on: Setting.reviewWeekday.defaultValue)),
  ]

  @Test("the start's repair schedules the stored weekday's reminder at 18:00 unless it is already so", arguments: repairs.indices)
  func repair(_ index: Int) {
    let row = Self.repairs[index]
    let snapshot = StoreSnapshot(
      seenThrough: .none, onboardingComplete: true, settings: row.weekday.map { [.reviewWeekday: $0] } ?? [:],
      notification: row.scheduled, guidanceSeen: [])
    #expect(WeeklyReview.repair(snapshot) == row.repair)
  }
}
