import WhatsNewCore
import WhatsNewStore

/// The store's reads that report what is true now, on the backends of now (a preview's
/// private copy while one is open). Not gated and not tracked: `state`, `check`, a screen's
/// facts and the start-over after a restore report the store as it is, faults or not.
extension EffectRunner {
  /// The store in one read transaction: the record, onboarding, settings, the schedule and
  /// guidance of one moment.
  func snapshot() async throws -> StoreSnapshot {
    try await backends.snapshot()
  }

  /// The seen-through record as stored.
  func seenThrough() async throws -> SeenThroughRecord { try await backends.store.seenThrough() }

  /// The weekly review reminder as the store holds it scheduled, if it is.
  func scheduledReview() async throws -> StoredNotification? {
    try await backends.store.notification(id: WeeklyReview.notificationID)
  }

  /// What the store holds for `setting` (its default when nothing is stored).
  func storedValue(of setting: Setting) async throws -> String { try await backends.store.setting(setting) }

  /// The guidance the person has seen, or `nil` when the store cannot be read (then nothing
  /// starts by itself, and a developer is told). Not gated: QA's read faults are for the
  /// controls' reads.
  func guidanceSeenSet() async -> Set<String>? {
    do {
      return try await backends.store.guidanceSeenIDs()
    } catch {
      developerNote("could not read the guidance seen-set: \(error)")
      return nil
    }
  }

  /// Copies the store to `path` (SQLite's online backup); returns the leftovers it removed.
  func backup(to path: String) async throws -> [String] { try await backends.store.backup(to: path) }

  /// Replaces the store's rows with a backup's; returns what it dropped, in words.
  func restore(from path: String) async throws -> [String] { try await backends.store.restore(from: path) }

  /// After a restore: the schedule follows the restored weekday, then the store as the session
  /// starts over from it, in one read transaction (`nil` when it cannot be read).
  func reconciledSnapshot() async -> StoreSnapshot? {
    guard let read = try? await backends.snapshot(withEvents: true) else { return nil }
    guard (try? await backends.reconcileSchedule(from: read)) != nil else { return read }
    return try? await backends.snapshot(withEvents: true)
  }

  /// The store's facts in words, now.
  var factsWording: FactsWording {
    FactsWording(context: renderContext, now: backends.clock.now(), timeZone: backends.timeZone)
  }

  /// Reads what the screens show from the store, in one read transaction: done when a
  /// screen opens and on `show`, so another process's changes show then. Awaited by the
  /// command and not gated (QA's read faults are for the controls): an unreadable store shows
  /// as a fresh one, and `check` says what is wrong.
  func readStoreFacts() async {
    await send(.factsRead(.all(StoreFacts(try? await snapshot()))))
  }
}
