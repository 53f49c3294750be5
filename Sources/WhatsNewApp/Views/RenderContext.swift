import Foundation
package import WhatsNewCore

/// What rendering needs to know: the language, the width, and how plain to be.
package struct RenderContext: Sendable {
  package var localizer: Localizer
  /// Columns available (at least 20).
  package var width: Int
  /// ASCII icons and markers instead of Unicode glyphs.
  package var ascii: Bool
  /// Accessible mode: no boxes, no reliance on dimming or colour.
  package var accessible: Bool
  /// The terminal's character set: in ASCII mode, text it cannot show is spelled in Latin
  /// letters before it is wrapped (``TerminalCharset/showable(_:)``).
  package var charset: TerminalCharset = .utf8

  /// The narrowest width views are drawn at: a terminal narrower than that still gets rows
  /// drawn for its own width where they can be (a rule, a frame), never rows the terminal breaks.
  package static let minimumWidth = 10

  package init(localizer: Localizer, width: Int, ascii: Bool, accessible: Bool) {
    self.localizer = localizer
    self.width = max(Self.minimumWidth, width)
    self.ascii = ascii
    self.accessible = accessible
  }

  /// A localized string, sanitized for the terminal (translations are content files too),
  /// its symbols spelled in ASCII in ASCII mode (``ASCIIFallback``).
  ///
  /// A release's text (a `whatsNew.` key, given no arguments) gets the content arguments:
  /// `%@` (or `%1$@`) is the weekly review reminder's time of day as the language writes it
  /// (`6:00 PM`, `18:00`), the same words `notifications` and the review screen use, so no
  /// translation states the time itself.
  package func text(_ key: String, _ arguments: String...) -> String {
    if arguments.isEmpty && key.hasPrefix(ContentLinter.contentKeyPrefix) {
      return chrome(TextSanitizer.clean(localizer.text(key, lazyArguments: { contentArguments })))
    }
    return Self.text(key, arguments: arguments, localizer: localizer, ascii: ascii, charset: charset)
  }

  /// ``text(_:_:)`` with its arguments in an array.
  package func text(_ key: String, arguments: [String]) -> String {
    Self.text(key, arguments: arguments, localizer: localizer, ascii: ascii, charset: charset)
  }

  /// A UI string from `localizer`, its arguments and itself sanitized, in ASCII when `ascii`:
  /// what ``text(_:_:)`` and the session's own messages give.
  static func text(
    _ key: String, arguments: [String], localizer: Localizer, ascii: Bool, charset: TerminalCharset = .utf8
  ) -> String {
    let text = TextSanitizer.clean(localizer.text(key, arguments: arguments.map(TextSanitizer.clean)))
    return ascii ? charset.showable(ASCIIFallback.text(text)) : text
  }

  /// `text` as this terminal can show it: unchanged, or with its symbols in ASCII.
  package func chrome(_ text: String) -> String { ascii ? charset.showable(ASCIIFallback.text(text)) : text }

  /// What a release's text may refer to, in placeholder order: the weekly review reminder's
  /// time of day.
  package var contentArguments: [String] {
    [formats.timeOfDay(hour: WeeklyReview.hour, minute: WeeklyReview.minute) ?? ""]
  }

  /// Numbers, measurements, durations and times in the context's language, with unit
  /// names from its tables.
  package var formats: LocalizedFormats { LocalizedFormats(localizer: localizer) }

  /// An icon as this terminal can show it: its glyph, or nothing in ASCII or accessible mode.
  /// A release's icons are decorative (each stands beside a label that says it all), so a
  /// screen reader is not made to say "person lifting weights", nor an ASCII terminal `D`.
  package func glyph(_ icon: Icon?) -> String? {
    guard let icon, !ascii, !accessible else { return nil }
    return icon.glyph
  }

  /// Marker for a selected option.
  package var selectedMarker: String { ascii || accessible ? "(x)" : "(●)" }
  /// Marker for an option not selected.
  package var unselectedMarker: String { "( )" }
  /// A bullet.
  package var bullet: String { ascii ? "-" : "•" }
  /// A horizontal rule character.
  package var rule: String { ascii || accessible ? "-" : "─" }
  /// What ends text that was cut short.
  package var ellipsis: String { ascii ? "..." : "…" }
  /// What stands between the commands of a footer (`next · skip · close`).
  package var separator: String { ascii ? " | " : " · " }
  /// A check mark (a logged set), or its word where a glyph would read as a letter (ASCII) or
  /// as "check mark" (accessible).
  package var checkMark: String { ascii || accessible ? text("ui.workouts.preview.done") : "✓" }

  /// Every row of `document` wrapped to the width (see ``LineFitter``).
  package func fit(_ document: Document) -> Document { document.fitted(toWidth: width) }

  /// Wraps `text` to the width left after `indent` columns, indenting every row.
  package func wrapped(_ text: String, indent: Int, style: TextStyle = .plain, firstPrefix: String? = nil) -> [Line] {
    let pad = String(repeating: " ", count: indent)
    let lead = max(indent, firstPrefix.map { DisplayWidth.of($0) } ?? 0)
    let rows = TextLayout.wrap(text, width: max(10, width - lead))
    return rows.enumerated().map { index, row in
      Line([Span(index == 0 ? firstPrefix ?? pad : pad), Span(row, style)])
    }
  }

  /// A rule across the width with `label` at the left and `trailing` at the right:
  /// `── What's new in 2.13.1 ──────── page 1 of 3 ──`, one row when it fits. When it does
  /// not, the label wraps (continuation rows indented under its first word) and the trailing
  /// text goes on a rule row of its own, so no row is wider than the width.
  package func ruleLine(_ label: String, trailing: String = "") -> [Line] {
    let lead = rule + rule + " "
    let right = trailing.isEmpty ? "" : " \(trailing) \(rule)\(rule)"
    let leftWidth = label.isEmpty ? 0 : DisplayWidth.of(lead + label) + 1
    func filled(_ spans: [Span], used: Int, right: String) -> Line {
      let fill = max(0, width - used - DisplayWidth.of(right))
      return Line(spans + [Span(String(repeating: rule, count: fill), .dim), Span(right, .dim)])
    }
    if label.isEmpty {
      return [filled([], used: 0, right: right)]
    }
    if leftWidth + 2 + DisplayWidth.of(right) <= width {
      return [filled([Span(lead + label + " ", .heading)], used: leftWidth, right: right)]
    }
    // The label on rows of its own, each within the width (with room for a short rule).
    let labelRows = TextLayout.wrap(label, width: max(1, width - DisplayWidth.of(lead) - 3))
    var rows: Document = []
    for (index, row) in labelRows.enumerated() {
      let prefix = index == 0 ? lead : String(repeating: " ", count: DisplayWidth.of(lead))
      let used = DisplayWidth.of(prefix + row) + 1
      let isLast = index == labelRows.count - 1
      if isLast && used + 2 + DisplayWidth.of(right) <= width {
        rows.append(filled([Span(prefix + row + " ", .heading)], used: used, right: right))
        return rows
      }
      rows.append(
        isLast
          ? filled([Span(prefix + row + " ", .heading)], used: used, right: "") : Line(prefix + row, .heading))
    }
    if !trailing.isEmpty {
      // The trailing text on a rule row of its own, wrapped if even that is too wide.
      let rightWidth = DisplayWidth.of(right)
      if rightWidth <= width {
        rows.append(Line([Span(String(repeating: " ", count: width - rightWidth)), Span(right, .dim)]))
      } else {
        rows += TextLayout.wrap(trailing, width: width).map { Line($0, .dim) }
      }
    }
    return rows
  }

  /// Commands in a row separated by ``separator``, breaking only between commands (a
  /// command wider than the whole row wraps by itself).
  ///
  /// ```swift
  /// context.commandList(["next", "skip", "close"])   // [Line("next · skip · close")]
  /// ```
  package func commandList(_ commands: [String], indent: Int = 0) -> Document {
    let pad = String(repeating: " ", count: indent)
    var rows: Document = []
    var row = ""
    for command in commands where !command.isEmpty {
      let candidate = row.isEmpty ? command : row + separator + command
      if row.isEmpty || indent + DisplayWidth.of(candidate) <= width {
        row = candidate
        continue
      }
      rows.append(Line(pad + row, .command))
      row = command
    }
    if !row.isEmpty { rows.append(Line(pad + row, .command)) }
    return fit(rows)
  }

  /// The commands of a footer the translations give as one string (`go <screen> · news ·
  /// help`, under `key`), laid out by ``commandList(_:indent:)`` with this terminal's
  /// separator.
  package func commandList(key: String) -> Document {
    let footer = TextSanitizer.clean(localizer.text(key, arguments: []))
    let commands = footer.split(separator: "·").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " ")) }
    return commandList(commands.map(chrome))
  }
}
