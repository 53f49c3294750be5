/// What one read from a ``LineSource`` produced.
package enum LineInput: Sendable, Equatable {
  /// A line, without its line ending.
  case line(String)
  /// Ctrl-C: the partly typed line was dropped. It stays on screen followed by `^C`,
  /// and the cursor is at the start of the next line, ready for a fresh prompt.
  case interrupted
  /// A lone Esc key (used to dismiss a popover). The partly typed line is dropped; the
  /// prompt and the line are erased and the cursor is where the prompt began, so what
  /// is drawn next takes their place.
  case escape
  /// Ctrl-D on an empty line, the input ended, or SIGTERM/SIGHUP arrived (see
  /// ``Terminal/installTerminationHandlers()``). The cursor is still on the edited line.
  case endOfInput
  /// A script's line `number` (counting from 1) was longer than `limit` bytes; it was
  /// dropped, and the next read returns the line after it.
  case overlongLine(number: Int, limit: Int)
}

/// Anything the REPL reads commands from.
package protocol LineSource: AnyObject {
  /// Blocks until the next line (or another ``LineInput``) is available.
  ///
  /// - Parameter prompt: shown before the line by interactive sources (plain text).
  func nextLine(prompt: String) -> LineInput

  /// Like ``nextLine(prompt:)``, for the answer to a question (restore's y/N): an
  /// interactive source keeps it out of the history.
  func nextAnswer(prompt: String) -> LineInput
}

extension LineSource {
  package func nextAnswer(prompt: String) -> LineInput { nextLine(prompt: prompt) }
}

/// The one error type of the `LineEditor` module.
package enum LineEditorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A script file could not be opened for reading.
  case cannotOpenScript(path: String, reason: String)
  /// The history could not be written.
  case cannotSaveHistory(path: String, reason: String)

  package var description: String {
    switch self {
    case let .cannotOpenScript(path, reason):
      "cannot read the script \(path): \(reason); check the path and its permissions"
    case let .cannotSaveHistory(path, reason):
      "cannot save the line history to \(path): \(reason); check that its directory is writable"
    }
  }
}
