import Testing
import WhatsNewCore

/// The weekday change's compensating rule, step by step: each row is the results the runner
/// reports, the steps the plan asks for, and the outcome with the reminder it confirms.
@Suite("Weekday change plan")
struct WeekdayChangePlanTests {
  typealias R = WeekdayChangePlan.Result

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
    var next = plan.next(after: .written(previous: "sunday", reminder: "sunday"))
    var steps: [WeekdayChangePlan.Step] = []
    for result in row.results {
      guard case .step(let step) = next else { Issue.record("ended early: \(row.name)"); return }
      steps.append(step)
      next = plan.next(after: result)
    }
    #expect(steps == row.steps, "\(row.name)")
    guard case .done(let outcome, let reminder) = next else { Issue.record("did not end: \(row.name)"); return }
    #expect(reminder == row.reminder, "\(row.name)")
    switch outcome {
    case .saved: #expect(row.fullyUndone == nil, "\(row.name)")
    case .reminderFailed(let failure):
      #expect(failure.isFullyUndone == row.fullyUndone, "\(row.name)")
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
}
