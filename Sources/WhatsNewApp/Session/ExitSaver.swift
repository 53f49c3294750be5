import WhatsNewCore

/// The way out of a session (`quit`, Ctrl-D, the end of a script, SIGTERM, SIGHUP): waits
/// for the writes still in flight, saying what is being saved, then says what could not be
/// saved. A choice is never lost in silence.
///
/// It waits up to the store's busy timeout (5 s: the longest a write waits for another
/// process's lock before it fails by itself). A write held by `qa hold` (or queued behind
/// one) cannot finish until QA releases it, so it is reported as not saved at once, never
/// waited for. Reads are not waited for: they change nothing.
///
/// The deadline is an effect passed in, so tests decide when time is up.
@MainActor
package struct ExitSaver: Sendable {
  /// What the way out left unsaved, worded for the user (setting names, "your progress
  /// through the tour", "the weekly review reminder").
  package struct Outcome: Sendable, Equatable {
    /// Held by QA: not waited for.
    package var held: [String]
    /// Still in flight when the deadline came.
    package var timedOut: [String]
  }

  /// The store's busy timeout, in milliseconds: how long the way out waits at most.
  package static let timeoutMilliseconds = 5000

  /// The deadline the app uses: sleeps ``timeoutMilliseconds``; returns early when cancelled.
  package static let sleepingDeadline: @Sendable () async -> Void = {
    try? await Task.sleep(for: .milliseconds(timeoutMilliseconds))
  }

  /// The session that is ending.
  let session: Session
  /// Returns when the wait is over (after ``timeoutMilliseconds`` in the app); it must also
  /// return soon after its task is cancelled, which happens when every write finished first.
  var deadline: @Sendable () async -> Void = ExitSaver.sleepingDeadline

  /// Whether an operation changes the store (and so must not be lost on the way out).
  nonisolated static func isWrite(_ entry: OperationTracker.Entry) -> Bool {
    switch entry.operation {
    case .write, .schedule, .cancel, .seenWrite, .eventWrite: true
    case .read, .boot: false
    }
  }

  /// Waits for the writes in flight (showing what is saving), up to the deadline; then
  /// prints what could not be saved and returns it. Prints nothing when nothing is
  /// unsaved; returns at once, without starting a task, when nothing is in flight.
  @discardableResult
  package func run() async -> Outcome {
    let tracker = session.runner.backends.tracker
    let inFlight = tracker.entries.filter { Self.isWrite($0) && !$0.isHeld }
    var finishedInTime = true
    if !inFlight.isEmpty {
      session.console.emit(session.runner.text("ui.exit.saving", nameList(of: inFlight).joined(separator: ", ")), .dim)
      session.console.flush()
      let deadline = self.deadline
      finishedInTime = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          await tracker.waitUntilSettled(Self.isWrite)
          return true
        }
        group.addTask {
          await deadline()
          return false
        }
        let first = await group.next() ?? true
        group.cancelAll()
        return first
      }
    }
    let left = tracker.entries.filter(Self.isWrite)
    let held = left.filter(\.isHeld)
    let timedOut = finishedInTime ? [] : left.filter { !$0.isHeld }
    let outcome = Outcome(held: nameList(of: held), timedOut: nameList(of: timedOut))
    if !held.isEmpty {
      session.console.emit(session.runner.text("ui.exit.notSavedHeld", outcome.held.joined(separator: ", ")), .warning)
    }
    if !timedOut.isEmpty {
      let names = outcome.timedOut.joined(separator: ", ")
      session.console.emit(
        session.runner.text("ui.exit.notSavedTimeout", names, String(Self.timeoutMilliseconds / 1000)), .error)
    }
    sayWhatComesBack(seenWriteLeft: left.contains { $0.operation == .seenWrite })
    session.console.flush()
    return outcome
  }

  /// What becomes of what is open: an unfinished tour comes back on its page (the position
  /// was written at each page turn, and the way out waited for it), onboarding starts again.
  /// A dismissal whose seen-write did not land (`seenWriteLeft`) leaves the tour to come back too.
  func sayWhatComesBack(seenWriteLeft: Bool) {
    let tours = session.state.tours
    let automatic = [tours.tour, tours.tourUnderPreview].compactMap { $0 }.first { $0.mode == .automatic }
    if let automatic, !automatic.isDismissing || seenWriteLeft {
      session.console.emit(session.runner.text("ui.exit.tourComesBack", String(automatic.index + 1)), .dim)
    } else if tours.onboarding != nil {
      session.console.emit(session.runner.text("ui.exit.onboardingComesBack"), .dim)
    }
  }

  /// What each operation saves, in the session's language, each name once, oldest first.
  private func nameList(of entries: [OperationTracker.Entry]) -> [String] {
    var names: [String] = []
    for name in entries.map(name(of:)) where !names.contains(name) { names.append(name) }
    return names
  }

  private func name(of entry: OperationTracker.Entry) -> String {
    // A setting's write job moves on to `cancel` and `schedule` (the review weekday) with
    // no target: its chain still knows the setting.
    if let setting = session.runner.writeChains.first(where: { $0.value.id == entry.id })?.key {
      return session.runner.text(setting.titleKey)
    }
    switch entry.operation {
    case .write:
      if let target = entry.target, let setting = Setting(rawValue: target) { return session.runner.text(setting.titleKey) }
      if entry.target == EffectRunner.guidanceTarget { return session.runner.text("ui.exit.guidance") }
      if entry.target == Backends.languageTarget { return session.runner.text("ui.exit.language") }
      return entry.target ?? entry.operation.rawValue
    case .seenWrite: return session.runner.text("ui.exit.tourProgress")
    case .eventWrite: return session.runner.text("ui.exit.activity")
    case .schedule, .cancel: return session.runner.text("ui.exit.reminder")
    case .read, .boot: return entry.operation.rawValue
    }
  }
}
