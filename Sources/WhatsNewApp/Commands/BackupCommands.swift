import WhatsNewCore
import WhatsNewStore

/// The backup family: `backup <file>` (SQLite online backup) and `restore <file>` (check a
/// backup and replace the store's data with it), as on the command line.
@MainActor
struct BackupCommands: Sendable {
  let session: Session

  var messages: CommandMessages { CommandMessages(session: session) }

  /// Runs the backup command `name`.
  func run(_ name: String, _ arguments: [String]) async {
    guard arguments.count == 1 else { return messages.usage(name) }
    switch name {
    case "backup": await backup(to: arguments[0])
    case "restore": await restore(from: arguments[0])
    default: break
    }
  }

  /// Copies the store to `path`.
  func backup(to path: String) async {
    do {
      try await session.backends.store.backup(to: path)
      session.console.emit(session.text("ui.backup.done", path), .success)
    } catch {
      session.console.emit(session.text("ui.backup.failed", Backends.describe(error)), .error)
    }
  }

  /// Replaces the store's data with the backup at `path`, once every operation has settled;
  /// then forgets what the controls knew, reconciles the schedule, takes up the backup's
  /// language choice and starts over from home
  /// (or onboarding, if the backup's user never finished it).
  func restore(from path: String) async {
    if session.state.overlay != nil {
      session.console.emit(session.text("ui.restore.closeFirst"), .warning)
      return
    }
    let backends = session.backends
    await backends.tracker.waitUntilSettled()
    do {
      try await backends.store.restore(from: path)
    } catch {
      session.console.emit(session.text("ui.restore.failed", Backends.describe(error)), .error)
      return
    }
    session.choices.forgetSettledValues()
    session.state.tour = nil
    session.state.hasCheckedWhatsNew = false
    session.state.onboardingComplete = (try? await backends.store.isOnboardingComplete()) ?? false
    _ = try? await backends.scheduler.reconcile()
    // The backup's language choice (none, for one made before there was one), unless --locale says otherwise.
    session.adoptRestoredLanguage((try? await backends.store.languagePreference()) ?? nil)
    // Everything the screens showed came from the old data.
    await session.readStoreFacts()
    session.console.emit(session.text("ui.restore.done", path), .success)
    if !session.state.onboardingComplete {
      session.tourFlow.startOnboarding()
    } else {
      await session.navigate(to: .home)
    }
  }
}
