import WhatsNewCore
import WhatsNewStore

/// The debug family: the seen-through record (`debug seen`, `debug seen clear`,
/// `debug seen set <version>`) and a release's pages as a preview (`debug preview <version>`).
/// Changing the record opens the session gate again, so the tour can be re-triggered.
@MainActor
struct DebugCommands: Sendable {
  let session: Session

  var messages: CommandMessages { CommandMessages(session: session) }

  /// Runs `debug <arguments>`.
  func run(_ arguments: [String]) async {
    guard session.state.isBooted else { return messages.notBooted() }
    switch (arguments.first, arguments.count) {
    case ("seen", 1):
      // A developer's look at the record as stored: not gated, it changes nothing.
      let record = (try? await session.runner.seenThrough()) ?? .none
      await session.send(.factsRead(.seenThrough(record)))
      session.console.emit(
        session.text("ui.debug.seen", session.factsWording.seenThrough(record), session.appVersion.description))
    case ("seen", 2) where arguments[1] == "clear":
      await overwriteSeen(nil)
    case ("seen", 3) where arguments[1] == "set":
      guard let version = Version(arguments[2]) else {
        return messages.invalid(.error, "ui.error.badVersion", arguments[2])
      }
      await overwriteSeen(version)
    case ("preview", 2):
      await preview(arguments[1])
    default:
      messages.usage("debug")
    }
  }

  /// Sets or clears the record (backwards too) and opens the session gate again, so the
  /// tour can be re-triggered without restarting: it appears on the next visit home.
  func overwriteSeen(_ version: Version?) async {
    // A preview runs on a private copy: a record changed there would not be the real one.
    if session.isInSandbox { return messages.refused("debug seen") }
    let written = await session.runner.performNow(.seenWrite, target: nil) { store in
      try await store.overwriteSeenThrough(version)
    }
    if case .failure(let reason) = written {
      session.console.emit(session.text("ui.debug.seenFailed", reason.text), .error)
      return
    }
    await session.send(.seenOverwritten(version))
    // "The tour will appear on the next visit home" holds only while nothing stands in the
    // way: a session opened from a widget stays quiet, and a tour turned off is not shown
    // (the check records the app version again).
    let app = session.appVersion.description
    if session.state.launchedFromWidget {
      session.console.emit(session.text("ui.debug.seenWidget"), .warning)
      // What stands in the promise's way, as stored.
    } else if (try? await session.runner.storedValue(of: .showWhatsNew)) == "false" {
      session.console.emit(
        version.map { session.text("ui.debug.seenSetOff", $0.description, app) }
          ?? session.text("ui.debug.seenClearedOff", app), .warning)
    } else {
      session.console.emit(
        version.map { session.text("ui.debug.seenSet", $0.description) } ?? session.text("ui.debug.seenCleared"), .success)
    }
  }

  /// `debug preview <version>`: that release's pages as they were when it shipped; writes
  /// nothing. Over an open tour it suspends the tour, and closing the preview comes back to
  /// it where it was; a wizard or a guide must end first, and the message says how. The
  /// validator's diagnostics for that release's file are listed first.
  func preview(_ versionText: String) async {
    guard let version = Version(versionText) else {
      return messages.invalid(.error, "ui.error.badVersion", versionText)
    }
    // Only that release is read; the others are named from the manifest.
    guard let release = session.catalog.release(version) else {
      let versions = session.catalog.versions.filter { $0 != version }
      // The nearest release by version (2.17.0 → 2.15.0), not by spelling (which offered 2.11.0).
      return messages.unknownValue(
        versionText, kind: .release, candidates: versions.map(\.description),
        suggestion: Version.nearest(to: version, in: versions)?.description)
    }
    switch session.state.overlay {
    case .onboarding?:
      return session.console.emit(session.text("ui.debug.previewAfterOnboarding", version.description), .warning)
    case .guidance?:
      let guide = session.state.guidance.active?.id ?? ""
      return session.console.emit(session.text("ui.debug.previewAfterGuide", guide, version.description), .warning)
    case .info?, .whatsNew?, nil:
      break
    }
    // The dismissal's write ends the tour it belongs to: a preview must not be open then.
    if session.state.tours.previewRefusal == .dismissing {
      return session.console.emit(session.text("ui.debug.previewWhileSaving", version.description), .warning)
    }
    let pages = previewRelease(release, asOf: version)
    listDiagnostics(of: version)
    guard !pages.isEmpty else {
      session.console.emit(session.text("ui.debug.previewEmpty", version.description), .warning)
      return
    }
    // A private copy of the store: the preview's choices never reach the real settings.
    let wasInSandbox = session.isInSandbox
    guard await session.enterSandbox() else { return }
    if !wasInSandbox { session.console.emit(session.text("ui.debug.previewSandbox"), .dim) }
    // Over a tour, the tour waits where it was and comes back when the preview closes.
    await session.send(.tour(.open(TourState(mode: .preview(version), pages: pages))))
  }

  /// What the validator reported for the release's file (dropped units, warnings), sanitized.
  func listDiagnostics(of version: Version) {
    // The start's (the manifest's, or every release's with --dev) and those of releases read since.
    let reported = session.configuration.content.releaseDiagnostics + session.catalog.diagnostics
    let diagnostics = FlowReport.diagnostics(reported, of: version)
    guard !diagnostics.isEmpty else { return }
    session.console.emit(session.text("ui.debug.previewDiagnostics", String(diagnostics.count), "\(version).json"), .warning)
    for diagnostic in diagnostics {
      session.console.emit(
        "  - " + TextSanitizer.clean(diagnostic.path.isEmpty ? diagnostic.message : "\(diagnostic.path): \(diagnostic.message)"),
        .dim)
    }
  }
}
