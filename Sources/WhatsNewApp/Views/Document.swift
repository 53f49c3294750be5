import WhatsNewCore

/// How a span of text is drawn. On a colour terminal each style has an ANSI rendition;
/// without colour every style is plain text, so scripted output carries no escape codes.
package enum TextStyle: Sendable, Hashable {
  case plain, title, heading, dim, accent, command, selected, success, warning, error, scrim
}

/// A run of text in one style. The text has already been sanitized.
package struct Span: Sendable, Hashable {
  package var text: String
  package var style: TextStyle
  /// A wrapped row breaks inside this span only where nothing else fits (`[choose mode.1]`
  /// moves to the next row whole): its inner spaces are not break points. Its leading
  /// spaces still are.
  package var keepsTogether = false

  package init(_ text: String, _ style: TextStyle = .plain) {
    self.text = text
    self.style = style
  }

  /// A span a wrapped row does not break inside unless it must (a command hint).
  package static func together(_ text: String, _ style: TextStyle = .command) -> Span {
    var span = Span(text, style)
    span.keepsTogether = true
    return span
  }
}

/// One row of a rendered screen, and the anchors (guidance targets) it belongs to.
///
/// A row wider than the terminal is wrapped by ``LineFitter`` (at spaces, keeping its
/// styles), its continuation rows indented by ``hangingIndent`` columns. A ``pinned`` row
/// (a page's header and footer, a guide's card) stays when a view taller than the terminal
/// is trimmed (``Viewport``).
package struct Line: Sendable, Hashable {
  package var spans: [Span]
  package var anchors: [String]
  /// Columns the row's continuation rows are indented by when it wraps; `nil` means as far
  /// as the row's own leading spaces.
  package var hangingIndent: Int?
  /// Kept when a tall view is trimmed to the terminal's rows.
  package var pinned = false
  /// Whether the row may be wrapped: `false` only for machine-readable output (`state`'s JSON).
  package var wraps = true

  package init(_ spans: [Span], anchors: [String] = [], hangingIndent: Int? = nil) {
    self.spans = spans
    self.anchors = anchors
    self.hangingIndent = hangingIndent
  }

  package init(_ text: String, _ style: TextStyle = .plain, anchors: [String] = [], hangingIndent: Int? = nil) {
    self.init([Span(text, style)], anchors: anchors, hangingIndent: hangingIndent)
  }

  /// The same row, kept when a tall view is trimmed.
  package func pinning(_ pinned: Bool = true) -> Line {
    var copy = self
    copy.pinned = pinned
    return copy
  }

  /// An empty row.
  package static let blank = Line([])

  /// The row's text without styles.
  package var plainText: String { spans.map(\.text).joined() }

  /// The row's width in terminal columns.
  package var width: Int { DisplayWidth.of(plainText) }

  /// The same row, also tagged with `anchor`.
  package func anchored(_ anchor: String?) -> Line {
    guard let anchor, !anchors.contains(anchor) else { return self }
    var copy = self
    copy.anchors.append(anchor)
    return copy
  }
}

/// A rendered screen or page: rows, top to bottom.
package typealias Document = [Line]

extension Array where Element == Line {
  /// Tags every row with `anchor`.
  package func anchored(_ anchor: String?) -> [Line] { map { $0.anchored(anchor) } }

  /// Tags every row with each of `anchors`.
  package func anchored(_ anchors: [String]) -> [Line] { anchors.reduce(self) { $0.anchored($1) } }

  /// Every row pinned (or unpinned): kept when a tall view is trimmed.
  package func pinning(_ pinned: Bool = true) -> [Line] { map { $0.pinning(pinned) } }

  /// Every row wrapped to `width` columns (see ``LineFitter``).
  package func fitted(toWidth width: Int) -> [Line] { flatMap { LineFitter.fit($0, width: width) } }

  /// Each anchor's rows: the first and last row (0-based, inclusive) tagged with it.
  package var anchorBounds: [String: ClosedRange<Int>] {
    var bounds: [String: ClosedRange<Int>] = [:]
    for (row, line) in enumerated() {
      for anchor in line.anchors { bounds[anchor] = (bounds[anchor]?.lowerBound ?? row)...row }
    }
    return bounds
  }
}

/// Turns documents into terminal text: ANSI colours when enabled, nothing otherwise.
package struct Styler: Sendable {
  package var colors: Bool

  package init(colors: Bool) { self.colors = colors }

  /// The escape sequence that starts `style` (empty without colour).
  package func start(_ style: TextStyle) -> String {
    guard colors else { return "" }
    switch style {
    case .plain: return ""
    case .title: return "\u{1B}[1m"
    case .heading: return "\u{1B}[1;36m"
    case .dim: return "\u{1B}[2m"
    case .accent: return "\u{1B}[36m"
    case .command: return "\u{1B}[33m"
    case .selected: return "\u{1B}[1;32m"
    case .success: return "\u{1B}[32m"
    case .warning: return "\u{1B}[33m"
    case .error: return "\u{1B}[1;31m"
    case .scrim: return "\u{1B}[2;90m"
    }
  }

  /// The escape sequence that ends a style (empty without colour).
  package var reset: String { colors ? "\u{1B}[0m" : "" }

  /// One span as terminal text.
  package func render(_ span: Span) -> String {
    guard colors, span.style != .plain, !span.text.isEmpty else { return span.text }
    return start(span.style) + span.text + reset
  }

  /// One row as terminal text, trailing spaces trimmed.
  package func render(_ line: Line) -> String {
    var text = line.spans.map(render).joined()
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }

  /// A document as terminal text, one row a line, with a final newline.
  package func render(_ document: Document) -> String {
    document.map { render($0) + "\n" }.joined()
  }
}
