import WhatsNewCore

/// The replies every command family gives the same way: a usage line, "nothing is open",
/// and an unknown word with its "did you mean".
@MainActor
struct CommandMessages: Sendable {
  let session: Session

  /// What an unknown word was supposed to be; each kind has its own message.
  enum WordKind: String, Sendable {
    case screen, command, setting, action, language, qaCommand, release, value, guide, popover
  }

  /// `usage: <how to call it>` for the command `name`.
  func usage(_ name: String) {
    session.noteInvalidCommand()
    guard let command = CommandCatalog.find(name) else { return }
    session.console.emit(session.text("ui.error.usage", command.usage), .error)
  }

  /// The command `name` needs something open (a tour, onboarding) and nothing is.
  func nothingOpen(_ name: String) {
    session.console.emit(session.text("ui.error.nothingOpen", name), .warning)
  }

  /// `value` is not one of `candidates`: says so, with the closest as a suggestion.
  func unknownValue(_ value: String, kind: WordKind, candidates: [String]) {
    // A command suggestion passes over the final ones (close, skip, …) when it can.
    let suggestion =
      kind == .command ? CommandCatalog.suggestion(for: value) : Suggestion.closest(to: value, in: candidates)
    let hint = suggestion.map { session.text("ui.error.didYouMean", $0) } ?? ""
    session.noteInvalidCommand()
    session.console.emit(
      session.text("ui.error.unknown." + kind.rawValue, value) + hint + ". "
        + session.text("ui.error.expected", candidates.joined(separator: ", ")),
      .error)
  }

  /// A command that needs the boot step to have finished: after a failed boot, the failure
  /// and what to do; while QA holds the boot, how to release it; else, to wait.
  func notBooted() {
    let report = CheckReport(QACommands.bootFinding(session))
    session.console.emit(report.lines(in: session.renderContext))
  }
}
