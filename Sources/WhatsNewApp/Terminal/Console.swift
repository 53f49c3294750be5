/// Where the session's output goes.
///
/// Commands and background results both write here. In scripted mode everything is
/// buffered and printed at command boundaries, in the order it happened, so a
/// transcript is deterministic. On a terminal, a result that arrives while the user sits
/// at the prompt is shown at once above the prompt (the partly typed line is kept).
@MainActor
public final class Console {
  /// Writes text to standard output.
  public var writeOut: (String) -> Void
  /// Writes text to standard error.
  public var writeError: (String) -> Void
  /// Shows text above the prompt while the line editor is reading (terminal only).
  public var showAbovePrompt: ((String) -> Void)?
  public var styler: Styler
  /// Set by the REPL while it waits for a line.
  public var isAtPrompt = false
  private var buffer: [String] = []

  public init(styler: Styler, writeOut: @escaping (String) -> Void, writeError: @escaping (String) -> Void) {
    self.styler = styler
    self.writeOut = writeOut
    self.writeError = writeError
  }

  /// Output of the command being run (or of a background result).
  public func emit(_ document: Document) {
    let text = styler.render(document)
    if isAtPrompt, let showAbovePrompt {
      var trimmed = text
      if trimmed.hasSuffix("\n") { trimmed.removeLast() }
      showAbovePrompt(trimmed)
    } else {
      buffer.append(text)
    }
  }

  /// One line of output.
  public func emit(_ text: String, _ style: TextStyle = .plain) {
    emit([Line(text, style)])
  }

  /// Prints what was buffered, in order.
  public func flush() {
    guard !buffer.isEmpty else { return }
    var text = ""
    for piece in buffer { text += piece }
    writeOut(text)
    buffer.removeAll()
  }

  /// A developer note or diagnostic, to standard error.
  public func diagnostic(_ text: String) {
    writeError(text.hasSuffix("\n") ? text : text + "\n")
  }
}
