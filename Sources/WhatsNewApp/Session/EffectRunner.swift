import WhatsNewCore
import WhatsNewStore

/// The session's one door to the store for its work: every write (a choice, the language,
/// the tour's record and position, onboarding, the guidance seen-set, `debug seen`, a guide's
/// reset) and every read of a choice is begun in the ``OperationTracker`` (so `wait`, `check`
/// and the way out see it), passes the ``FaultInjector``'s gate (so QA can fail, delay or
/// hold it), runs on the real store, and reports its result back on the main actor.
///
/// It is also the door for the rest of the session's trips to the store, each saying why it is
/// not gated: the rules' effects and the boot step (one tracked job behind the `boot` gate,
/// `EffectRunner+AppEffects.swift`), the look for other programs' changes, and reads that
/// report what is true now, `backup`, `restore` and the preview's copy
/// (`EffectRunner+Reads.swift`). It is the only place a background task starts.
///
/// Every write starts with `Task.immediate`: it runs at once up to its first real wait, so
/// in a script (the store on the main actor's executor) a write nothing holds has landed
/// before the call returns, and the call says so.
@MainActor
struct EffectRunner: Sendable {
  let session: Session

  /// The write target of the guidance seen-set, not a setting: `qa fail write` (every target) reaches it.
  static let guidanceTarget = FaultSpec.writeTargets[1]

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

  /// Runs `body` as operation `operation` on `target`, tracked and gated, and returns its
  /// result: for a command that reports the outcome itself (`debug seen`, `guidance reset`).
  func performNow<T: Sendable>(
    _ operation: FaultOperation, target: String?,
    _ body: nonisolated(nonsending) @escaping @Sendable (SettingsStore) async throws -> T
  ) async -> Result<T, WriteFailureReason> {
    let backends = session.backends
    let id = backends.tracker.begin(operation, target: target)
    defer { backends.tracker.end(id) }
    do {
      return .success(try await backends.run(operation, target: target, id: id, body))
    } catch {
      return .failure(WriteFailureReason(Backends.describe(error)))
    }
  }

  /// Reads a choice's setting (operation `read`, gated as it is delivered), then hands the
  /// result to `completion` on the main actor. The backends of now: a preview's sandbox
  /// opening or closing meanwhile does not move the read.
  func read(_ setting: Setting, then completion: @escaping @MainActor (Result<String, ReadFailure>) async -> Void) {
    let backends = session.backends
    let id = backends.tracker.begin(.read, target: setting.rawValue)
    Task.immediate { @MainActor in
      defer { backends.tracker.end(id) }
      do {
        await completion(.success(try await backends.read(setting, id: id)))
      } catch {
        await completion(.failure(ReadFailure(reason: Backends.describe(error))))
      }
    }
  }

  /// A write in a chain: its task and its operation, so the next write of the same subject waits for it.
  typealias ChainedWrite = (task: Task<Void, Never>, id: OperationID)

  /// Writes a choice (``Backends/apply(_:_:id:)``: for the review weekday, the whole
  /// ``WeekdayChangePlan``) after `previous`, the last write of the same setting, then hands
  /// what it did to `completion` on the main actor. Returns the write, for the next to wait on.
  /// With `expected` (an `undo`), the write lands only while the store holds `expected`.
  func apply(
    _ setting: Setting, _ value: String, expected: String? = nil, after previous: ChainedWrite?,
    then completion: @escaping @MainActor (AppliedWrite) async -> Void
  ) -> ChainedWrite {
    chainedWrite(target: setting.rawValue, after: previous) { backends, id in
      await completion(await backends.apply(setting, value, expected: expected, id: id))
    }
  }

  /// Remembers the language chosen in the app (or forgets it) after `previous` (operation
  /// `write`, target `language`); a failure goes to `failed` on the main actor.
  func writeLanguage(
    _ language: Language?, after previous: ChainedWrite?, failed: @escaping @MainActor (String) -> Void
  ) -> ChainedWrite {
    chainedWrite(target: Backends.languageTarget, after: previous) { backends, id in
      do {
        try await backends.writeLanguage(language, id: id)
      } catch {
        failed(Backends.describe(error))
      }
    }
  }

  /// Begins a `write` of `target` queued behind `previous` (writes of one subject land in
  /// order), then runs `body` with the backends of now (a preview's sandbox opening or
  /// closing before it lands does not move it) and the write's id.
  private func chainedWrite(
    target: String, after previous: ChainedWrite?,
    _ body: @escaping @MainActor (Backends, OperationID) async -> Void
  ) -> ChainedWrite {
    let backends = session.backends
    let id = backends.tracker.begin(.write, target: target, blockedBy: previous?.id)
    let task = Task.immediate { @MainActor in
      defer { backends.tracker.end(id) }
      await previous?.task.value
      await body(backends, id)
    }
    return (task, id)
  }

  /// The dismissal's write: seen through `version`, the resume position forgotten, and what
  /// the tour did with each release recorded (`showings`, for `news`), in one transaction
  /// (operation `seen-write`).
  @discardableResult
  func endTour(
    seenThrough version: Version, showings: [ReleaseShowing],
    then completion: @escaping @MainActor (Result<Version, WriteFailureReason>) async -> Void
  ) -> Bool {
    perform(
      .seenWrite, target: nil, { store in try await store.endTour(seenThrough: version, showings: showings) },
      then: completion)
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
  /// The door to the store for the session's writes and its choices' reads.
  var runner: EffectRunner { EffectRunner(session: self) }
}
