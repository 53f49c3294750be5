package import Foundation
package import WhatsNewCore
package import WhatsNewStore

/// The settings backend and the notification scheduler, as the app uses them: each operation
/// is tracked, gated by QA's ``FaultInjector`` (a failed write never reaches the store), then
/// performed on the real ``SettingsStore``.
///
/// The methods are `nonisolated(nonsending)`, so they run on the caller's actor: otherwise
/// each call hopped to the global pool and back, two thread switches for microseconds of work.
package struct Backends: Sendable {
  package let store: SettingsStore
  package let faults: FaultInjector
  package let tracker: OperationTracker
  /// The session's clock, which `qa clock` moves: every reader of the time reads it.
  package let clock: SessionClock
  /// The session's time zone (the user's, or the one `qa clock set` named), for the notification's local time.
  package var timeZone: TimeZone { clock.timeZone }
  /// How the weekday's repair puts things back (``CompensatingRestore/live``).
  package let compensatingRestore: CompensatingRestore

  package init(
    store: SettingsStore, faults: FaultInjector, tracker: OperationTracker, clock: any AppClock, timeZone: TimeZone,
    compensatingRestore: CompensatingRestore = .live
  ) {
    self.store = store
    self.faults = faults
    self.tracker = tracker
    // A preview's backends share the session's clock: a move there stays when it closes.
    self.clock = clock as? SessionClock ?? SessionClock(clock, timeZone: timeZone)
    self.compensatingRestore = compensatingRestore
    // A store waiting on another program's lock is work that will not finish soon.
    store.lockWaits.listen { [tracker] in tracker.noteStoreWaitingForLock() }
  }

  /// The same backends over another store, with new faults, tracker and clock: what
  /// `qa explore` gives each of its fresh sessions (the time zone, as moved, and the restore stay).
  package func over(_ store: SettingsStore, faults: FaultInjector, tracker: OperationTracker, clock: any AppClock) -> Backends {
    Backends(
      store: store, faults: faults, tracker: tracker, clock: clock, timeZone: timeZone,
      compensatingRestore: compensatingRestore)
  }

  /// Runs `body` as the operation `id` (from ``OperationTracker/begin(_:target:blockedBy:)``),
  /// through the faults.
  nonisolated(nonsending) package func run<T: Sendable>(
    _ operation: FaultOperation, target: String?, id: OperationID,
    _ body: nonisolated(nonsending) @Sendable (SettingsStore) async throws -> T
  ) async throws -> T {
    try await faults.gate(operation, target: target, id: id)
    return try await body(store)
  }

  /// The store in one read transaction, with the weekly review's reminder: not gated, as it
  /// reports what is true now (the boot's read, `state`, `check`, a screen's facts).
  /// `withEvents`: the donated events too (the boot's and a restore's read).
  nonisolated(nonsending) package func snapshot(withEvents: Bool = false) async throws -> StoreSnapshot {
    try await store.snapshot(notificationID: WeeklyReview.notificationID, withEvents: withEvents)
  }

  /// Reads a setting (operation `read`). The faults apply to the value's delivery: a slow read
  /// returns the stale value the choice machine must throw away if the user tapped meanwhile.
  nonisolated(nonsending) package func read(_ setting: Setting, id: OperationID) async throws -> String {
    let value = try await store.setting(setting)
    try await faults.gate(.read, target: setting.rawValue, id: id)
    return value
  }

  /// The operation target of a write of the language chosen in the app: `qa fail write`,
  /// `qa hold write` (every target) reach it.
  package static let languageTarget = FaultSpec.writeTargets[0]

  /// Writes a setting and performs its side effects, as one job: for the review weekday, each
  /// step of a ``WeekdayChangePlan`` (write, move the reminder, and the repair when that fails).
  ///
  /// The repair puts back what this write replaced, read in its own transaction after the
  /// `write` gate (which QA may hold): another process's change, not what this session saw.
  /// With `expected` (`undo`), a store that holds another value is left untouched and the
  /// outcome is ``ChoiceMachine/WriteOutcome/changedSince(current:)``.
  nonisolated(nonsending) package func apply(
    _ setting: Setting, _ value: String, expected: String? = nil, id: OperationID
  ) async -> AppliedWrite {
    guard setting == .reviewWeekday else {
      do {
        let replaced = try await run(.write, target: setting.rawValue, id: id) {
          try await $0.setSetting(setting, to: value, expected: expected).previous
        }
        return AppliedWrite(outcome: .saved, reminder: nil, replaced: replaced)
      } catch {
        return Self.unwritten(error)
      }
    }
    var plan = WeekdayChangePlan(weekday: value)
    var step = plan.start
    // The notification the write replaced, read in the write's transaction (read in the
    // cancel's, it could be one another process scheduled after this write).
    var oldNotification: StoredNotification?
    var replaced: String?
    while true {
      // A reminder step or the write-back that does not throw succeeded.
      var result = WeekdayChangePlan.Result.succeeded
      do {
        switch step {
        case .write(let weekday):
          let written: (previous: String, notification: StoredNotification?)
          do {
            written = try await run(.write, target: setting.rawValue, id: id) {
              try await $0.setSetting(
                setting, to: weekday, readingNotification: WeeklyReview.notificationID, expected: expected)
            }
          } catch  where Self.changedSince(error) != nil {
            // Nothing was written and nothing touched: there is nothing to compensate.
            return Self.unwritten(error)
          }
          oldNotification = written.notification
          replaced = written.previous
          result = .written(previous: written.previous, reminder: written.notification)
        case .cancel:
          try await run(.cancel, target: nil, id: id) { try await $0.deleteNotification(id: WeeklyReview.notificationID) }
        case .schedule(let weekday):
          // The store accepted it as a weekday at the write, so this always reads.
          guard let day = Weekday(rawValue: weekday) else {
            result = .failed("\(weekday) is not a weekday")
            break
          }
          try await run(.schedule, target: nil, id: id) {
            try await $0.saveNotification(WeeklyReview.notification(on: day.rawValue))
          }
        case .writeBack(let weekday):
          try await compensatingRestore.writeBack(self, setting, weekday, id)
        case .restoreReminder:
          if let oldNotification {
            try await run(.schedule, target: nil, id: id) { try await $0.saveNotification(oldNotification) }
          }
        case .readStored:
          result = .read(try? await store.setting(setting))
        }
      } catch {
        result = .failed(String(describing: error))
      }
      switch plan.next(after: result) {
      case .step(let following):
        step = following
      case .done(let outcome, let reminder):
        // A failed first write changed nothing: the reminder shown stays as it was.
        if case .failed = outcome { return AppliedWrite(outcome: outcome, reminder: nil, replaced: replaced) }
        return AppliedWrite(outcome: outcome, reminder: .some(reminder), replaced: replaced)
      }
    }
  }

  /// What a write that stored nothing did: it failed, or (a conditional write) found another value.
  static func unwritten(_ error: any Error) -> AppliedWrite {
    if let current = changedSince(error) { return AppliedWrite(outcome: .changedSince(current: current), reminder: nil) }
    return AppliedWrite(outcome: .failed(reason: String(describing: error)), reminder: nil)
  }

  /// The value a conditional write found instead of the one it expected, if that is why it wrote nothing.
  static func changedSince(_ error: any Error) -> String? {
    guard let error = error as? StoreError, case .changedSince(let current) = error.kind else { return nil }
    return current
  }

  /// Makes the weekly review's schedule agree with the weekday stored in `snapshot`, as just
  /// read; returns what changed, if anything. Run by the boot step (so a disagreement left by
  /// a failed repair never outlives a restart) and after a restore.
  nonisolated(nonsending) package func reconcileSchedule(from snapshot: StoreSnapshot) async throws -> (
    was: String?, now: String
  )? {
    guard let wanted = WeeklyReview.repair(snapshot) else { return nil }
    try await store.saveNotification(wanted)
    return (snapshot.notification?.weekday, wanted.weekday)
  }
}

/// How the weekday's repair puts things back, as closures: the app always uses ``live``;
/// tests wrap them to plant a defect (TestSupport's `PlantedDefect`) that `qa explore` finds.
package struct CompensatingRestore: Sendable {
  /// Writes the weekday back as `setting` (operation `write`, through the gate); a failure is
  /// thrown, and the repair reports it.
  package var writeBack: nonisolated(nonsending) @Sendable (Backends, Setting, String, OperationID) async throws -> Void
  /// The boot step's repair: makes the schedule agree with the stored weekday read in
  /// `snapshot`, and says what it moved, if anything.
  package var repairAtStart:
    nonisolated(nonsending) @Sendable (Backends, StoreSnapshot) async throws -> (was: String?, now: String)?

  /// The real repair: the old value written back, and at the next start the reminder moved
  /// to the stored weekday (or scheduled, when missing).
  package static let live = CompensatingRestore(
    writeBack: { backends, setting, value, id in
      try await backends.run(.write, target: setting.rawValue, id: id) { _ = try await $0.setSetting(setting, to: value) }
    },
    repairAtStart: { backends, snapshot in try await backends.reconcileSchedule(from: snapshot) })
}
