import WhatsNewCore
import WhatsNewStore

/// The session's door to the store for what the tour, onboarding and guidance write: each
/// write is begun in the ``OperationTracker`` (so `wait`, `check` and the way out see it),
/// passes the ``FaultInjector``'s gate (so QA can fail, delay or hold it), runs on the real
/// store, and reports its result back on the main actor.
///
/// Every write starts with `Task.immediate`: it runs at once up to its first real wait, so
/// in a script (the store on the main actor's executor) a write nothing holds has landed
/// before the call returns, and the call says so.
@MainActor
struct EffectRunner: Sendable {
  let session: Session

  /// The write target of the guidance seen-set, not a setting: `qa fail write` (every target) reaches it.
  static let guidanceTarget = "guidance"

  /// Runs `body` as operation `operation` on `target`, tracked and gated, then hands its
  /// result to `completion` on the main actor. Returns whether it finished before returning.
  @discardableResult
  func perform<T: Sendable>(
    _ operation: FaultOperation, target: String?,
    _ body: nonisolated(nonsending) @escaping @Sendable (SettingsStore) async throws -> T,
    then completion: @escaping @MainActor (Result<T, WriteFailureReason>) async -> Void
  ) -> Bool {
    let backends = session.backends
    let id = backends.tracker.begin(operation, target: target)
    let finished = Flag()
    Task.immediate { @MainActor in
      defer {
        backends.tracker.end(id)
        finished.isSet = true
      }
      let result: Result<T, WriteFailureReason>
      do {
        result = .success(try await backends.run(operation, target: target, id: id, body))
      } catch {
        result = .failure(WriteFailureReason(Backends.describe(error)))
      }
      await completion(result)
    }
    return finished.isSet
  }

  /// The dismissal's write: seen through `version`, and the resume position forgotten, in
  /// one transaction (operation `seen-write`).
  @discardableResult
  func advanceSeenThrough(
    to version: Version,
    then completion: @escaping @MainActor (Result<Version, WriteFailureReason>) async -> Void
  ) -> Bool {
    perform(.seenWrite, target: nil, { store in try await store.endTour(seenThrough: version) }, then: completion)
  }

  /// The check's own write when there is nothing to show (or the tour is off): the record
  /// moves to `version`; a failure is a developer note (the next start tries again).
  func recordSeenThroughQuietly(_ version: Version) {
    perform(.seenWrite, target: nil, { store in try await store.advanceSeenThrough(to: version) }) { result in
      if case .failure(let reason) = result {
        session.developerNote("could not record seen through \(version): \(reason.text)")
      }
    }
  }

  /// Onboarding complete and seen through `version`, in one transaction (operation `seen-write`).
  func completeOnboarding(
    seenThrough version: Version, then completion: @escaping @MainActor (Result<Void, WriteFailureReason>) async -> Void
  ) {
    perform(.seenWrite, target: nil, { store in try await store.completeOnboarding(seenThrough: version) }, then: completion)
  }

  /// Remembers where the automatic tour is. It is the tour's progress, as the seen record
  /// is, so it passes the same gate (operation `seen-write`: `qa hold seen-write` holds it
  /// too); a setting's write count never includes it. A failure costs only the page a later
  /// start resumes on: a developer note.
  func recordTourPosition(_ position: TourPosition) {
    perform(.seenWrite, target: nil, { store in try await store.setTourPosition(position) }) { result in
      if case .failure(let reason) = result {
        session.developerNote("could not remember the tour's page \(position): \(reason.text)")
      }
    }
  }

  /// Records guidance `id` as seen (operation `write`, target `guidance`), tracked, so the way
  /// out waits for it; says so when it fails.
  func markGuidanceSeen(_ id: String) {
    perform(.write, target: Self.guidanceTarget, { store in try await store.markGuidanceSeen(id) }) { result in
      if case .failure(let reason) = result {
        session.console.emit(session.text("ui.guidance.markFailed", id, reason.text), .error)
        session.showViewIfAtPrompt()
      }
    }
  }
}

/// A flag a task sets when it ends, read by the code that started it (on the same actor).
@MainActor
private final class Flag {
  var isSet = false
}

extension Session {
  /// The door to the store for the tour's, onboarding's and guidance's writes.
  var runner: EffectRunner { EffectRunner(session: self) }
}
