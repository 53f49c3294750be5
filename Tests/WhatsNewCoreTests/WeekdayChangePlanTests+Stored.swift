import Testing
import WhatsNewCore

extension WeekdayChangePlanTests {
  /// A rule no other test held (issue 35.7: with it planted away, every test passed): when the
  /// schedule fails and the write-back fails too, the failure says what the store was read to
  /// hold, which is what `check` and the next start go by, not the weekday it meant to put back.
  @Test("when the write-back fails too, the failure holds what the store was read to hold")
  func storedAfterFailedWriteBack() {
    var plan = WeekdayChangePlan(weekday: "friday")
    _ = plan.next(after: .written(previous: "sunday", reminder: Self.oldReminder))
    _ = plan.next(after: .succeeded)
    _ = plan.next(after: .failed("x"))
    #expect(plan.next(after: .failed("y")) == .step(.readStored))
    guard case .done(.reminderFailed(let failure), nil) = plan.next(after: .read("friday")) else {
      Issue.record("the change did not end as a reminder failure with no reminder")
      return
    }
    #expect(failure.stored == "friday")
    #expect(failure.settingRestoreFailure == "y")
  }
}
