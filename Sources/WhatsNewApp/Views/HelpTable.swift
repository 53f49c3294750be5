import WhatsNewCore

/// A two-column table of commands and what they do, as `help` prints it: the command on the
/// left, its summary on the right, each wrapped inside its own column, under optional group
/// headings. Only the layout: which commands and words go in is the caller's.
///
/// When the width leaves the summaries too narrow a column (below ``minimumSummaryWidth``),
/// each summary goes under its command instead, indented.
///
/// ```swift
/// let table = HelpTable(title: "Commands", rows: [
///   .heading("The tour"),
///   .command("next", summary: "Go to the next page."),
/// ])
/// console.emit(table.document(in: context))
/// ```
package struct HelpTable: Sendable, Hashable {
  /// A row: a group heading, or a command and its summary.
  package enum Row: Sendable, Hashable {
    case heading(String)
    case command(String, summary: String)
  }

  /// The line above the table, if any.
  package var title: String?
  package var rows: [Row]
  /// The line below the table, if any ("help <command> for more").
  package var footnote: String?

  /// Columns before the command column.
  package static let indent = 2
  /// Columns between the two columns.
  package static let gap = 2
  /// Narrower summary columns than this put each summary under its command.
  package static let minimumSummaryWidth = 20

  /// The command column's width at `width`: as wide as the widest command, at most two fifths
  /// of the row, but never narrower than the widest piece a command cannot break in (a word,
  /// or a part of one up to a `|`), so no command breaks inside a word.
  package static func commandColumnWidth(for commands: [String], width: Int) -> Int {
    let widest = commands.map { DisplayWidth.of($0) }.max() ?? 0
    // The pieces split at spaces and after `|`, as ``LineFitter`` breaks a word too wide for its row.
    let words = commands.flatMap { LineFitter.paragraphs(of: [Span($0)]).joined().split(whereSeparator: \.isBreak) }
    let widestPiece = words.flatMap { LineFitter.pieces(of: Array($0)) }.map { $0.reduce(0) { $0 + $1.width } }.max() ?? 0
    return max(1, min(widest, max((width - indent) * 2 / 5, widestPiece)))
  }

  /// The table, drawn in `context`.
  package func document(in context: RenderContext) -> Document {
    let width = context.width
    let commands = rows.compactMap { row -> String? in
      if case .command(let command, _) = row { command } else { nil }
    }
    let commandWidth = Self.commandColumnWidth(for: commands, width: width)
    let summaryWidth = width - Self.indent - commandWidth - Self.gap
    let stacked = summaryWidth < Self.minimumSummaryWidth
    var document: Document = []
    if let title { document += context.wrapped(title, indent: 0, style: .title) }
    for (index, row) in rows.enumerated() {
      switch row {
      case .heading(let heading):
        if index > 0 || title != nil { document.append(.blank) }
        document += context.wrapped(heading, indent: 0, style: .heading)
      case .command(let command, let summary):
        if stacked {
          document += LineFitter.fit(Line("  " + command, .command, hangingIndent: 4), width: width)
          document += context.wrapped(summary, indent: 6)
        } else {
          document += Self.columns(command, summary, commandWidth: commandWidth, summaryWidth: summaryWidth)
        }
      }
    }
    if let footnote {
      if rows.contains(where: { if case .heading = $0 { true } else { false } }) { document.append(.blank) }
      document += context.wrapped(footnote, indent: 0, style: .dim)
    }
    return context.fit(document)
  }

  /// One command's rows: its command wrapped in the left column, its summary in the right.
  static func columns(_ command: String, _ summary: String, commandWidth: Int, summaryWidth: Int) -> Document {
    let commandRows = LineFitter.fit(Line(command, .command, hangingIndent: 2), width: commandWidth).map(\.plainText)
    let summaryRows = TextLayout.wrap(summary, width: summaryWidth)
    let pad = String(repeating: " ", count: indent)
    let gap = String(repeating: " ", count: self.gap)
    return (0..<max(commandRows.count, summaryRows.count)).map { row in
      let left = row < commandRows.count ? commandRows[row] : ""
      let right = row < summaryRows.count ? summaryRows[row] : ""
      return Line([Span(pad + TextLayout.pad(left, toWidth: commandWidth) + gap, .command), Span(right)])
    }
  }
}
