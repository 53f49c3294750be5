package import WhatsNewApp

/// Defects planted on purpose around the real store, to show that `qa explore` and
/// `check` find what they are for.
package enum PlantedDefect {
  /// The compensating restore does nothing and says it worked: when the weekday's
  /// rescheduling fails, the screen goes back to the old weekday while the store keeps
  /// the new one. The write-back still passes the `write` gate, as the real one does.
  package static let skippedRestore: CompensatingRestore = {
    var restore = CompensatingRestore.live
    restore.writeBack = { backends, setting, _, id in
      try await backends.run(.write, target: setting.rawValue, id: id) { _ in }
    }
    return restore
  }()

  /// A defect only a double fault shows: a write-back that fails is taken as put back, so when
  /// the weekday's cancel or schedule fails and then the write-back of the old weekday fails
  /// too, the screen shows the old weekday while the store keeps the new one, and nothing
  /// says so. Single faults never reach it (the write-back runs only after a first failure).
  package static let unreportedWriteBack: CompensatingRestore = {
    var restore = CompensatingRestore.live
    restore.writeBack = { backends, setting, value, id in
      try? await CompensatingRestore.live.writeBack(backends, setting, value, id)
    }
    return restore
  }()

  /// The next start does not repair what a double fault left: the boot step schedules a
  /// missing reminder, as on a fresh store, but leaves one set for another weekday than the
  /// stored one as it found it (a cancel that failed, then a write-back that failed too).
  package static let staleReminderAtStart: CompensatingRestore = {
    var restore = CompensatingRestore.live
    restore.repairAtStart = { backends, snapshot in
      snapshot.notification == nil ? try await backends.reconcileSchedule(from: snapshot) : nil
    }
    return restore
  }()

  /// A dead end: `tour` says nothing and never brings a waiting tour back, nor do `back` and
  /// Esc on the screen the tour was left for, so a person who followed an action out of the
  /// tour cannot return to it.
  package static let tourNeverReturns: NavigationExplorer.Interpreter = { session, line in
    if line == "tour" { return CommandOutcome() }
    let leavesScreen = line == "back" || line == NavigationExplorer.escape
    if leavesScreen, session.state.tour?.isSuspended == true, session.state.overlay == nil { return CommandOutcome() }
    return await NavigationExplorer.runs(session, line)
  }
}
