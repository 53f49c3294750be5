/// What a choice's write did, and what its result changes besides the control: the recap's
/// record of confirmed changes, and the reminder a weekday change left apart from the store.

/// What a write did: its outcome, and for the review weekday the reminder the change
/// confirmed (``WeekdayChangePlan``), which is what the screens show.
package struct AppliedWrite: Sendable, Equatable {
  package var outcome: ChoiceMachine.WriteOutcome
  /// `nil` when the write did not touch the schedule (another setting, or a failed write);
  /// else the reminder now scheduled, `.some(nil)` for none.
  package var reminder: StoredNotification??
  /// The value the write replaced, read in its own transaction; `nil` when nothing was written.
  package var replaced: String? = nil

  package init(outcome: ChoiceMachine.WriteOutcome, reminder: StoredNotification??, replaced: String? = nil) {
    self.outcome = outcome
    self.reminder = reminder
    self.replaced = replaced
  }
}

extension TourRecap {
  /// What a confirmed write tells the recap: the value it replaced and what the store holds
  /// now (after a weekday's repair, what the repair left). A failed write tells it nothing.
  mutating func confirmed(_ ticket: ChoiceMachine.WriteTicket, _ applied: AppliedWrite) {
    guard let replaced = applied.replaced else { return }
    switch applied.outcome {
    case .saved: confirmed(ticket.setting, replaced: replaced, now: ticket.value)
    case .reminderFailed(let failure):
      if let stored = failure.stored { confirmed(ticket.setting, replaced: replaced, now: stored) }
    case .failed, .changedSince: break
    }
  }
}

extension AppState {
  /// What a weekday change left: store and schedule apart, as its outcome said (the next
  /// start brings them together), or together again.
  mutating func noteScheduleLeftApart(_ outcome: ChoiceMachine.WriteOutcome) {
    switch outcome {
    case .reminderFailed(let failure) where failure.leavesScheduleApart: scheduleLeftApart = failure
    case .saved, .reminderFailed: scheduleLeftApart = nil
    case .failed, .changedSince: break
    }
  }
}
