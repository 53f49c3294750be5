import WhatsNewCore
import WhatsNewStore

/// The debug family: the seen-through record (`debug seen`, `debug seen clear`,
/// `debug seen set <version>`) and a release's pages as a preview (`debug preview <version>`).
/// Changing the record opens the session gate again, so the tour can be re-triggered.
@MainActor
struct DebugCommands: Sendable {
  let runner: EffectRunner

  /// Runs `debug <arguments>`.
  func run(_ arguments: [String]) async {
    guard runner.state.isBooted else { return runner.messages.notBooted() }
    switch (arguments.first, arguments.count) {
    case ("seen", 1):
      // A developer's look at the record as stored: not gated, it changes nothing.
      let record = (try? await runner.seenThrough()) ?? .none
      await runner.send(.factsRead(.seenThrough(record)))
      runner.console.emit(
        runner.text("ui.debug.seen", runner.factsWording.seenThrough(record), runner.appVersion.description))
    case ("seen", 2) where arguments[1] == "clear":
      await overwriteSeen(nil)
    case ("seen", 3) where arguments[1] == "set":
      guard let version = Version(arguments[2]) else {
        return runner.messages.invalid(.error, "ui.error.badVersion", arguments[2])
      }
      await overwriteSeen(version)
    case ("preview", 2):
      await preview(arguments[1])
    default:
      runner.messages.usage("debug")
    }
  }

  /// Sets or clears the record (backwards too) and opens the session gate again, so the
  /// tour can be re-triggered without restarting: it appears on the next visit home.
  func overwriteSeen(_ version: Version?) async {
    // A preview runs on a private copy: a record changed there would not be the real one.
    if runner.isInSandbox { return runner.messages.refused("debug seen") }
    let written = await runner.performNow(.seenWrite, target: nil) { store in
      try await store.overwriteSeenThrough(version)
    }
    if case .failure(let reason) = written {
      runner.console.emit(runner.text("ui.debug.seenFailed", reason.text), .error)
      return
    }
    await runner.send(.seenOverwritten(version))
    // "The tour will appear on the next visit home" holds only while nothing stands in the
    // way: a session opened from a widget stays quiet, and a tour turned off is not shown
    // (the check records the app version again).
    let app = runner.appVersion.description
    if runner.state.launchedFromWidget {
      runner.console.emit(runner.text("ui.debug.seenWidget"), .warning)
      // What stands in the promise's way, as stored.
    } else if (try? await runner.storedValue(of: .showWhatsNew)) == "false" {
      runner.console.emit(
        version.map { runner.text("ui.debug.seenSetOff", $0.description, app) }
          ?? runner.text("ui.debug.seenClearedOff", app), .warning)
    } else {
      runner.console.emit(
        version.map { runner.text("ui.debug.seenSet", $0.description) } ?? runner.text("ui.debug.seenCleared"), .success)
    }
  }

  /// `debug preview <version>`: that release's pages as they were when it shipped; writes
  /// nothing. Over an open tour it suspends the tour, and closing the preview comes back to
  /// it where it was; a wizard or a guide must end first, and the message says how. The
  /// validator's diagnostics for that release's file are listed first.
  func preview(_ versionText: String) async {
    guard let version = Version(versionText) else {
      return runner.messages.invalid(.error, "ui.error.badVersion", versionText)
    }
    // Only that release is read; the others are named from the manifest.
    guard let release = runner.catalog.release(version) else {
      let versions = runner.catalog.versions.filter { $0 != version }
      // The nearest release by version (2.17.0 → 2.15.0), not by spelling (which offered 2.11.0).
      return runner.messages.unknownValue(
        versionText, kind: .release, candidates: versions.map(\.description),
        suggestion: Version.nearest(to: version, in: versions)?.description)
    }
    switch runner.state.overlay {
    case .onboarding?:
      return runner.console.emit(runner.text("ui.debug.previewAfterOnboarding", version.description), .warning)
    case .guidance?:
      let guide = runner.state.guidance.active?.id ?? ""
      return runner.console.emit(runner.text("ui.debug.previewAfterGuide", guide, version.description), .warning)
    case .info?, .whatsNew?, nil:
      break
    }
    // The dismissal's write ends the tour it belongs to: a preview must not be open then.
    if runner.state.tours.isDismissing {
      return runner.console.emit(runner.text("ui.debug.previewWhileSaving", version.description), .warning)
    }
    let pages = previewRelease(release, asOf: version)
    listDiagnostics(of: version)
    guard !pages.isEmpty else {
      runner.console.emit(runner.text("ui.debug.previewEmpty", version.description), .warning)
      return
    }
    // A private copy of the store: the preview's choices never reach the real settings.
    let wasInSandbox = runner.isInSandbox
    guard await runner.enterSandbox() else { return }
    if !wasInSandbox { runner.console.emit(runner.text("ui.debug.previewSandbox"), .dim) }
    // Over a tour, the tour waits where it was and comes back when the preview closes.
    await runner.send(.tour(.open(TourState(mode: .preview(version), pages: pages))))
  }

  /// What the validator reported for the release's file (dropped units, warnings), sanitized.
  func listDiagnostics(of version: Version) {
    // The start's (the manifest's, or every release's with --dev) and those of releases read since.
    let reported = runner.configuration.content.releaseDiagnostics + runner.catalog.diagnostics
    let diagnostics = reported.filter { $0.file.split(separator: "/").last.map(String.init) == "\(version).json" }
    guard !diagnostics.isEmpty else { return }
    runner.console.emit(runner.text("ui.debug.previewDiagnostics", String(diagnostics.count), "\(version).json"), .warning)
    for diagnostic in diagnostics {
      runner.console.emit(
        "  - " + TextSanitizer.clean(diagnostic.path.isEmpty ? diagnostic.message : "\(diagnostic.path): \(diagnostic.message)"),
        .dim)
    }
  }
}
