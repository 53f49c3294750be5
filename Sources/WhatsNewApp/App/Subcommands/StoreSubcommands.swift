import LineEditor
import WhatsNewCore
import WhatsNewStore

/// `whatsnew backup <file>`: a copy of the store (SQLite's online backup; reads the store only).
struct BackupSubcommand: SubcommandRunner {
  let path: String

  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    let databasePath = options.databasePath ?? WhatsNewCommand.defaultDatabasePath(environment)
    do {
      // Read-only: a store in a directory this user cannot write still backs up. No store
      // there is the store's own message (`store.backup.noStore`), exit 74.
      let removed = try SettingsStore.backup(storeAt: databasePath, to: path)
      for file in removed { WhatsNewCommand.report("removed \(file), left by a backup that was stopped before it finished") }
      print(TextSanitizer.clean("backed up \(databasePath) to \(path)"))
      return ExitStatus.success
    } catch {
      return WhatsNewCommand.fail(error.description, ExitStatus.forStore(error))
    }
  }
}

/// `whatsnew restore <file> [--yes]`: a vetted backup's rows in place of the store's; at a
/// terminal it asks first (y/N), `--yes` and a pipe do not.
struct RestoreSubcommand: SubcommandRunner {
  let path: String

  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    let databasePath = options.databasePath ?? WhatsNewCommand.defaultDatabasePath(environment)
    if !options.assumeYes && Terminal.isInteractive() {
      StandardStream.output(TextSanitizer.clean("Replace the data in \(databasePath) with \(path)?") + " [y/N] ")
      guard ConfirmAnswer.isYes(.line(Swift.readLine() ?? ""), yesWords: "y, yes") else {
        print(TextSanitizer.clean("Not restored; \(databasePath) is unchanged."))
        return ExitStatus.success
      }
    }
    do {
      let waitReport = LockWaitReport(seconds: options.lockWaitSeconds, path: databasePath)
      defer { waitReport.finish() }
      let store = try SettingsStore(
        path: databasePath, createParentDirectory: options.databasePath == nil, lockWait: waitReport.lockWait)
      for file in store.setAside { WhatsNewCommand.report(file.description) }
      let dropped = try await store.restore(from: path)
      print(TextSanitizer.clean("restored \(path) into \(databasePath)"))
      if !dropped.isEmpty { print(TextSanitizer.clean("left out: " + dropped.joined(separator: "; "))) }
      return ExitStatus.success
    } catch {
      return WhatsNewCommand.fail(error.description, ExitStatus.forStore(error))
    }
  }
}
