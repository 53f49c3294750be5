import WhatsNewCore

/// The replies every command family gives the same way: a usage line, "nothing is open",
/// and an unknown word with its "did you mean".
@MainActor
struct CommandMessages: Sendable {
  let runner: EffectRunner

  /// The line cannot run as written (``CommandOutcome/wasInvalid``): says why, in `key`'s words.
  func invalid(_ style: TextStyle, _ key: String, _ arguments: String...) {
    runner.outcome.wasInvalid = true
    runner.console.emit(runner.text(key, arguments: arguments), style)
  }

  /// `usage: <how to call it>` for the command `name`.
  func usage(_ name: String) {
    runner.outcome.wasInvalid = true
    guard let command = CommandTable.find(name) else { return }
    runner.console.emit(runner.text("ui.error.usage", command.usage), .error)
  }

  /// The command `name` reached a runner that does not run it (the table names another family).
  func notAvailable(_ name: String) {
    runner.console.emit(runner.text("ui.error.notAvailable", name), .warning)
  }

  /// The command `name` cannot run in this state: names what is open on top and the
  /// commands that leave it (``OpenStack/waysOut``), never "something else".
  func refused(_ name: String) {
    let stack = runner.state.openStack
    runner.outcome.refusal = Refusal(command: name, top: stack.top, waysOut: stack.waysOut)
    let open = openNow
    runner.console.emit(runner.text("ui.refused", name, open.layer, open.ways), .warning)
  }

  /// What is open on top, in words, and the commands that leave it: what a refusal names,
  /// and what `news` says to close before a release can open.
  var openNow: (layer: String, ways: String) {
    let stack = runner.state.openStack
    return (describe(stack.top), OptionWords(runner.renderContext).orList(stack.waysOut))
  }

  /// What `layer` is, in words: "the what's-new tour (page 3 of 6)", "Workout settings guide (step 1 of 3)".
  func describe(_ layer: OpenLayer) -> String {
    switch layer {
    case .home: return runner.text(Screen.home.titleKey)
    case .screen(let screen): return runner.text(screen.titleKey)
    case .tour(let mode, let page, let count, _):
      switch mode {
      case .automatic: return runner.text("ui.layer.tour", String(page), String(count))
      case .news: return runner.text("ui.layer.news", String(page), String(count))
      case .preview(let version): return runner.text("ui.layer.preview", version.description, String(page), String(count))
      }
    case .onboarding(let page, let count): return runner.text("ui.layer.onboarding", String(page), String(count))
    case .guide(let id, let step, let count):
      return runner.text("ui.layer.guide", runner.text("guidance.\(id).name"), String(step), String(count))
    case .popover(let id): return runner.text("guidance.\(id).name")
    }
  }

  /// `value` is not one of `candidates`: says so, with the closest as a suggestion.
  /// `suggestion`, when given, is the "did you mean" (a release nearest by version); else the
  /// closest candidate by spelling.
  func unknownValue(_ value: String, kind: WordKind, candidates: [String], suggestion: String? = nil) {
    // A command suggestion passes over the final ones (close, skip, …) when it can.
    let suggestion =
      suggestion
      ?? (kind == .command ? CommandTable.suggestion(for: value) : Suggestion.closest(to: value, in: candidates))
    let hint = suggestion.map { runner.text("ui.error.didYouMean", $0) } ?? ""
    runner.outcome.wasInvalid = true
    let words = OptionWords(runner.renderContext)
    // A long list (releases, over a long history) is named by a few, around the suggestion.
    let expected =
      Self.few(candidates, around: suggestion).map {
        runner.text("ui.error.expectedSome", runner.renderContext.formats.number(candidates.count), words.orList($0))
      } ?? runner.text("ui.error.expected", words.orList(candidates))
    runner.console.emit(runner.text("ui.error.unknown." + kind.rawValue, value) + hint + ". " + expected, .error)
  }

  /// The most candidates an error lists whole.
  static let listedWhole = 8

  /// A few of `candidates` to name when there are more than ``listedWhole``: five in their
  /// order, around `suggestion` (else the last five); `nil` when every one can be listed.
  ///
  /// ```swift
  /// CommandMessages.few(versions, around: "2.15.0")   // 2.13.0 … 2.17.0, of hundreds
  /// ```
  static func few(_ candidates: [String], around suggestion: String?) -> [String]? {
    guard candidates.count > listedWhole else { return nil }
    let count = 5
    let center = suggestion.flatMap { candidates.firstIndex(of: $0) } ?? candidates.count - 1
    let start = min(max(0, center - count / 2), candidates.count - count)
    return Array(candidates[start..<start + count])
  }

  /// A command that needs the boot step to have finished: after a failed boot, the failure
  /// and what to do; while QA holds the boot, how to release it; else, to wait.
  func notBooted() {
    let report = CheckReport(finding: QACommands.bootFinding(runner))
    runner.console.emit(report.lines(in: runner.renderContext))
  }
}
