package import WhatsNewApp

/// Defects planted on purpose around the real store, to show that `qa explore` and
/// `check` find what they are for.
package enum PlantedDefect {
  /// The compensating restore does nothing and says it worked: when the weekday's
  /// rescheduling fails, the screen goes back to the old weekday while the store keeps
  /// the new one.
  package static let skippedRestore = CompensatingRestore { _, _, _ in }

  /// A defect only a double fault shows: a write-back that fails is taken as put back, so when
  /// the weekday's cancel or schedule fails and then the write-back of the old weekday fails
  /// too, the screen shows the old weekday while the store keeps the new one, and nothing
  /// says so. Single faults never reach it (the write-back runs only after a first failure).
  package static let unreportedWriteBack: CompensatingRestore = {
    var restore = CompensatingRestore.writeBack
    restore.reportsFailedWriteBack = false
    return restore
  }()

  /// The next start does not repair what a double fault left: the boot step schedules a
  /// missing reminder, as on a fresh store, but leaves one set for another weekday than the
  /// stored one as it found it (a cancel that failed, then a write-back that failed too).
  package static let staleReminderAtStart: CompensatingRestore = {
    var restore = CompensatingRestore.writeBack
    restore.movesReminderAtStart = false
    return restore
  }()

  /// A dead end: `tour` and `back` say nothing and never bring a waiting tour back, so a
  /// person who followed an action out of the tour cannot return to it.
  package static let tourNeverReturns = TourReturn(comesBack: false)
}
