import LineEditor

/// Where the session reads the terminal's size: providers asked at every draw, so a resized
/// terminal gets views that fit it.
package enum TerminalSize {
  /// Views are no wider than this, however wide the terminal: longer lines are hard to read.
  package static let readableWidth = 100
  /// The width when nothing says otherwise (a pipe, no `COLUMNS`).
  package static let defaultWidth = 80

  /// The columns to draw in, from `COLUMNS` when set (a positive number), else what the
  /// terminal on `fileDescriptor` reports, else ``defaultWidth``; capped at ``readableWidth``.
  package static func columns(environment: [String: String], terminal: Int?) -> Int {
    let columns = positive(environment["COLUMNS"]) ?? terminal ?? defaultWidth
    return min(columns, readableWidth)
  }

  /// The rows a view may take when the session is interactive: `LINES` when set (a positive
  /// number), else the terminal's rows. `nil` (unlimited) for a script or a pipe, whatever
  /// `LINES` says: a shell exports it to every child, and a script's views are never cut.
  /// (`COLUMNS` applies everywhere: a script's views wrap to it, see ``columns(environment:terminal:)``.)
  package static func rows(environment: [String: String], terminal: Int?, isInteractive: Bool) -> Int? {
    guard isInteractive else { return nil }
    return positive(environment["LINES"]) ?? terminal
  }

  /// The live providers: the environment as given at launch, the terminal's size read from
  /// standard output each time they are asked.
  package static func live(environment: [String: String], isInteractive: Bool) -> (
    width: @Sendable () -> Int, rows: @Sendable () -> Int?
  ) {
    (
      { columns(environment: environment, terminal: Terminal.columns(fileDescriptor: 1)) },
      { rows(environment: environment, terminal: Terminal.rows(fileDescriptor: 1), isInteractive: isInteractive) }
    )
  }

  static func positive(_ text: String?) -> Int? {
    guard let text, let value = Int(text), value > 0 else { return nil }
    return value
  }
}
