import WhatsNewCore

/// The backup family: `backup <file>` (SQLite online backup) and `restore <file>` (check a
/// backup and replace the store's data with it), as on the command line.
@MainActor
struct BackupCommands: Sendable {
  let runner: EffectRunner

  /// `backup <file>`: copies the store to the file. Awaited by the command (nothing can leave
  /// while it runs) and not gated: QA's faults are per operation, and backup and restore are
  /// how QA keeps and puts back a store.
  func backup(_ arguments: [String]) async {
    guard arguments.count == 1 else { return runner.messages.usage("backup") }
    let path = arguments[0]
    do {
      let removed = try await runner.backup(to: path)
      for file in removed { runner.console.emit(runner.text("ui.backup.leftover", file), .dim) }
      runner.console.emit(runner.text("ui.backup.done", path), .success)
    } catch {
      runner.console.emit(runner.text("ui.backup.failed", runner.words(for: error)), .error)
    }
  }

  /// `restore <file> [--yes]`: replaces the store's data with the backup once every operation
  /// has settled; then forgets what the controls knew, reconciles the schedule, takes up the
  /// backup's language choice and starts over from home (or onboarding, if the backup's user
  /// never finished it).
  ///
  /// Refused while an operation is held by QA (it would land on the restored data once
  /// released), naming it. At a terminal it asks first (y/N), unless `--yes`; a script never
  /// asks (``EffectRunner/confirm`` is unset there).
  func restore(_ arguments: [String]) async {
    let files = arguments.filter { $0 != "--yes" }
    guard files.count == 1, arguments.count - files.count <= 1 else { return runner.messages.usage("restore") }
    let (path, confirmed) = (files[0], arguments.count == 2)
    // A session whose boot failed (or has not finished) has no screens to bring back over the
    // restored data: it is refused, saying why, rather than restored into a session still down.
    guard runner.state.isBooted else { return runner.messages.notBooted() }
    if runner.state.overlay != nil {
      runner.console.emit(runner.text("ui.restore.closeFirst"), .warning)
      return
    }
    let backends = runner.backends
    // Writes in flight land first; one that is held never would until released.
    await backends.tracker.waitUntilSettled()
    let held = backends.tracker.entries.filter(\.isHeld)
    if let first = held.first {
      runner.console.emit(
        runner.text(
          "ui.restore.held", held.map(CheckReport.name(of:)).joined(separator: ", "), CheckReport.subject(of: first)),
        .warning)
      return
    }
    if !confirmed, let confirm = runner.confirm {
      runner.console.flush()
      guard await confirm(runner.text("ui.restore.confirm", path)) else {
        runner.console.emit(runner.text("ui.restore.cancelled"), .dim)
        return
      }
      // Nothing may have started meanwhile: the prompt runs no command.
    }
    let dropped: [String]
    do {
      dropped = try await runner.restore(from: path)
    } catch {
      runner.console.emit(runner.text("ui.restore.failed", runner.words(for: error)), .error)
      return
    }
    // The schedule follows the restored weekday; then the store, read once, is what the
    // session starts over from (an unreadable one as a fresh store).
    let snapshot = await runner.reconciledSnapshot()
    await runner.send(
      .adopt(
        snapshot
          ?? StoreSnapshot(
            seenThrough: .none, onboardingComplete: false, settings: [:], notification: nil, guidanceSeen: []),
        .restore(from: path, dropped: dropped)))
  }
}
