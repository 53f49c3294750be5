/// What one read from a ``LineSource`` produced.
public enum LineInput: Sendable, Equatable {
  /// A line, without its line ending.
  case line(String)
  /// Ctrl-C: the partly typed line was dropped. The cursor is still on the edited
  /// line; the REPL prints a newline and prompts again.
  case interrupted
  /// A lone Esc key (used to dismiss a popover). The partly typed line is dropped
  /// and the cursor is still on the edited line.
  case escape
  /// Ctrl-D on an empty line, or the input ended.
  case endOfInput
}

/// Anything the REPL reads commands from.
public protocol LineSource: AnyObject {
  /// Blocks until the next line (or another ``LineInput``) is available.
  ///
  /// - Parameter prompt: shown before the line by interactive sources; it may
  ///   contain ANSI colour codes (they do not count toward its width).
  func nextLine(prompt: String) -> LineInput
}

/// The one error type of the `LineEditor` module.
public enum LineEditorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A script file could not be opened for reading.
  case cannotOpenScript(path: String, reason: String)
  /// The history could not be written.
  case cannotSaveHistory(path: String, reason: String)

  public var description: String {
    switch self {
    case let .cannotOpenScript(path, reason):
      "cannot read the script \(path): \(reason); check the path and its permissions"
    case let .cannotSaveHistory(path, reason):
      "cannot save the line history to \(path): \(reason); check that its directory is writable"
    }
  }
}
