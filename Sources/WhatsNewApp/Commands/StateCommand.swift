import WhatsNewCore

/// `state [--pretty] [<path>]`: the session as JSON (``StateReport``), on one line or
/// indented, whole or one field (`state settings.theme`, `state notification.next`).
@MainActor
struct StateCommand: Sendable {
  let runner: EffectRunner

  /// Runs `state` with `arguments`: `--pretty` and at most one path, in either order.
  func run(_ arguments: [String]) async {
    let paths = arguments.filter { $0 != "--pretty" }
    guard paths.count <= 1, paths.allSatisfy({ !$0.hasPrefix("-") }) else { return runner.messages.usage("state") }
    let path = paths.first ?? ""
    let report = await report().json()
    guard let value = report.value(atPath: path) else {
      if let (parent, rest) = Self.nullParent(of: path, in: report) {
        // `notification.next` while nothing is scheduled: the field exists, its parent is null.
        runner.console.emit(runner.text("ui.state.nullField", parent, rest), .warning)
        return
      }
      // A path that names nothing (`state tour`) is a word `state` cannot act on: invalid in a script.
      runner.outcome.wasInvalid = true
      let nearest = Suggestion.closest(to: path, in: report.fieldPaths, maxDistance: max(2, path.count / 2))
      let message =
        nearest.map { runner.text("ui.state.unknownPath", path, $0) } ?? runner.text("ui.state.unknownPathNoMatch", path)
      runner.console.emit(message + " " + runner.text("ui.state.listFields"), .error)
      return
    }
    if arguments.contains("--pretty") {
      for line in value.prettyPrinted().split(separator: "\n", omittingEmptySubsequences: false) {
        runner.console.emitVerbatim(String(line))
      }
    } else {
      runner.console.emitVerbatim(value.serialized())
    }
  }

  /// The longest leading part of `path` that is `null` in `report`, and the rest of the
  /// path: `("notification", "next")` for `notification.next` while nothing is scheduled.
  static func nullParent(of path: String, in report: JSONValue) -> (String, String)? {
    let segments = path.split(separator: ".").map(String.init)
    guard segments.count > 1 else { return nil }
    for count in stride(from: segments.count - 1, through: 1, by: -1) {
      let parent = segments.prefix(count).joined(separator: ".")
      if report.value(atPath: parent) == .null {
        return (parent, segments.dropFirst(count).joined(separator: "."))
      }
    }
    return nil
  }

  /// The paths Tab offers after `state`: every top-level field, and the members of the
  /// objects whose members are fixed. `StateCommandTests` holds it to the report itself.
  nonisolated static let completionPaths: [String] =
    [
      "screen", "overlay", "language", "appVersion", "booted", "seenThrough", "onboardingComplete", "whatsNew",
      "settings", "choices", "recap", "notification", "pending", "faults", "guidance", "guidanceSeen",
      "decision",
    ]
    + ["release", "page", "pageCount", "pageId", "error", "mode", "suspended", "dismissing"].map { "whatsNew." + $0 }
    + Setting.allCases.map { "settings." + $0.rawValue }
    + ["recording", "entries"].map { "recap." + $0 }
    + ["weekday", "time", "next"].map { "notification." + $0 }

  /// What `state` reports now: the store read once, in one transaction (not gated: `state`
  /// reports what is true now, faults or not, and changes nothing), and the app as it stands.
  func report() async -> StateReport {
    let backends = runner.backends
    let context = runner.renderContext
    return StateReport(
      state: runner.state, snapshot: runner.state.isBooted ? try? await runner.snapshot() : nil,
      pending: backends.tracker.entries, faults: backends.faults.rules, now: backends.clock.now(),
      timeZone: backends.timeZone, context: context,
      anchors: runner.host.viewInputs().flatMap { AppView.overlay(runner.state, context, $0)?.anchors })
  }
}
