package import WhatsNewCore

/// What one command produced besides the screen: not the app's state, but the command's
/// result, which the script's exit status and the explorers read (``Session/run(_:)``).
package struct CommandOutcome: Sendable, Equatable {
  /// The line is not a valid command: its word names no command, or its words do not fit it
  /// (too many or too few, or a word naming nothing it could name, or several things). A
  /// script that had one exits 65.
  package var wasInvalid = false
  /// A file it names could not be read (`qa explore <file>`): a script then exits 66.
  package var inputWasMissing = false
  /// What a `check` (or `qa explore`) concluded, for a script's exit status.
  package var checkVerdict: CheckReport.Verdict?
  /// The state could not take it: what was on top, and the ways out the message named
  /// (`qa explore --navigation` checks each one works).
  package var refusal: Refusal?
  /// `quit`: the session ends after this command.
  package var quits = false
  /// `show all`: the view after this command is printed whole, not cut to the terminal's rows.
  package var showsWholeView = false

  package init() {}
}

/// A command the state could not take: what was on top, and the commands the message named.
package struct Refusal: Sendable, Equatable {
  package var command: String
  package var top: OpenLayer
  package var waysOut: [String]
}
