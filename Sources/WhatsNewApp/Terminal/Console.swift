import WhatsNewCore

/// Where the session's output goes.
///
/// Commands and background results both write here. In scripted mode everything is
/// buffered and printed at command boundaries, in the order it happened, so a
/// transcript is deterministic. On a terminal, a result that arrives while the user sits
/// at the prompt is shown at once above the prompt (the partly typed line is kept).
@MainActor
package final class Console {
  /// Writes text to standard output.
  package var writeOut: (String) -> Void
  /// Writes text to standard error.
  package var writeError: (String) -> Void
  /// Shows text above the prompt while the line editor is reading (terminal only).
  package var showAbovePrompt: ((String) -> Void)?
  /// Sets the prompt of the line being read at a terminal (the line editor's); `nil` in a script.
  package var updatePrompt: ((String) -> Void)?
  package var styler: Styler
  /// Set by the REPL while it waits for a line.
  package var isAtPrompt = false
  /// The columns output is wrapped to, read at each emit (the session sets its own).
  package var width: @Sendable () -> Int = { Int.max }
  /// ASCII only: symbols in output are spelled in ASCII (``ASCIIFallback``).
  package var ascii = false
  /// What the terminal's character set can show of a text (``TerminalCharset/showable(_:)``),
  /// applied before rows are wrapped, so a row spelled in Latin letters still fits.
  package var showable: (String) -> String = { $0 }
  /// Nothing is printed, so nothing is wrapped or rendered: a `qa explore` run's session,
  /// whose output no one reads (its checks read the session's state and the store). Wrapping
  /// rows was a fifth of each run's time (the bench row "qa explore, single faults: runs per
  /// second").
  package var discardsOutput = false
  private var buffer: [String] = []

  package init(styler: Styler, writeOut: @escaping (String) -> Void, writeError: @escaping (String) -> Void) {
    self.styler = styler
    self.writeOut = writeOut
    self.writeError = writeError
  }

  /// Output of the command being run (or of a background result). Every row is wrapped to
  /// the width (views already fit; this catches messages), in ASCII in ASCII mode.
  package func emit(_ document: Document) {
    guard !discardsOutput else { return }
    var document = document
    if ascii {
      for row in document.indices {
        document[row].spans = document[row].spans.map { Span(showable(ASCIIFallback.text($0.text)), $0.style) }
      }
    }
    var text = styler.render(document.fitted(toWidth: width()))
    if ascii { text = ASCIIFallback.plainSpaces(text) }
    deliver(text)
  }

  /// One message (wrapped to the width; a line feed starts a new row).
  package func emit(_ text: String, _ style: TextStyle = .plain) {
    // A warning's text continues under its first word, past the `! `.
    emit([Line(text, style, hangingIndent: text.hasPrefix("! ") ? 2 : nil)])
  }

  /// Machine-readable output (`state`'s JSON): one row, never wrapped or changed.
  package func emitVerbatim(_ text: String) {
    guard !discardsOutput else { return }
    var line = Line(showable(text))
    line.wraps = false
    deliver(styler.render([line]))
  }

  /// Rendered rows: above the prompt while the user sits at it (without the final newline),
  /// else buffered until ``flush()``.
  private func deliver(_ text: String) {
    if isAtPrompt, let showAbovePrompt {
      showAbovePrompt(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    } else {
      buffer.append(text)
    }
  }

  /// Prints what was buffered, in order.
  package func flush() {
    guard !buffer.isEmpty else { return }
    writeOut(buffer.joined())
    buffer.removeAll()
  }

  /// A developer note or diagnostic, to standard error.
  package func diagnostic(_ text: String) {
    let text = TextSanitizer.cleanKeepingNewlines(text)
    writeError(text.hasSuffix("\n") ? text : text + "\n")
  }
}
