public import WhatsNewCore

/// What rendering needs to know: the language, the width, and how plain to be.
public struct RenderContext: Sendable {
  public var localizer: Localizer
  /// Columns available (at least 20).
  public var width: Int
  /// ASCII icons and markers instead of Unicode glyphs.
  public var ascii: Bool
  /// Accessible mode: no boxes, no reliance on dimming or colour.
  public var accessible: Bool

  public init(localizer: Localizer, width: Int, ascii: Bool, accessible: Bool) {
    self.localizer = localizer
    self.width = max(20, width)
    self.ascii = ascii
    self.accessible = accessible
  }

  /// A localized string, sanitized for the terminal (translations are content files too).
  ///
  /// A release's text (a `whatsNew.` key, given no arguments) gets the content arguments:
  /// `%@` (or `%1$@`) is the weekly review reminder's time of day as the language writes it
  /// (`6:00 PM`, `18:00`), the same words `notifications` and the review screen use, so no
  /// translation states the time itself.
  public func text(_ key: String, _ arguments: String...) -> String {
    if arguments.isEmpty && key.hasPrefix(ContentLinter.contentKeyPrefix) {
      return TextSanitizer.clean(localizer.text(key, lazyArguments: { contentArguments }))
    }
    return TextSanitizer.clean(localizer.text(key, arguments: arguments.map(TextSanitizer.clean)))
  }

  /// What a release's text may refer to, in placeholder order: the weekly review reminder's
  /// time of day.
  public var contentArguments: [String] {
    [formats.timeOfDay(hour: WeeklyReviewScheduler.hour, minute: WeeklyReviewScheduler.minute) ?? ""]
  }

  /// Numbers, measurements, durations and times in the context's language, with unit
  /// names from its tables.
  public var formats: LocalizedFormats { LocalizedFormats(localizer: localizer) }

  /// An icon as this terminal can show it.
  public func glyph(_ icon: Icon?) -> String? {
    guard let icon else { return nil }
    return ascii ? icon.ascii : icon.glyph
  }

  /// Marker for a selected option.
  public var selectedMarker: String { ascii || accessible ? "(x)" : "(●)" }
  /// Marker for an option not selected.
  public var unselectedMarker: String { "( )" }
  /// A bullet.
  public var bullet: String { ascii ? "-" : "•" }
  /// A horizontal rule character.
  public var rule: String { ascii || accessible ? "-" : "─" }

  /// Wraps `text` to the width left after `indent` columns, indenting every row.
  public func wrapped(_ text: String, indent: Int, style: TextStyle = .plain, anchor: String? = nil, firstPrefix: String? = nil)
    -> [Line]
  {
    let pad = String(repeating: " ", count: indent)
    let rows = TextLayout.wrap(text, width: max(10, width - indent))
    return rows.enumerated().map { index, row in
      if index == 0, let firstPrefix {
        return Line([Span(firstPrefix), Span(row, style)]).anchored(anchor)
      }
      return Line([Span(pad), Span(row, style)]).anchored(anchor)
    }
  }

  /// A rule across the width with `label` at the left and `trailing` at the right.
  public func ruleLine(_ label: String, trailing: String = "", anchor: String? = nil) -> Line {
    let left = label.isEmpty ? "" : "\(rule)\(rule) \(label) "
    let right = trailing.isEmpty ? "" : " \(trailing) \(rule)\(rule)"
    let fill = max(2, width - DisplayWidth.of(left) - DisplayWidth.of(right))
    return Line(
      [Span(left, .heading), Span(String(repeating: rule, count: fill), .dim), Span(right, .dim)],
      anchors: anchor.map { [$0] } ?? [])
  }
}
