/// A view cut to the terminal's rows, so it does not scroll away as it is printed.
///
/// A view that blank rows alone make too tall loses as many of them as it must (the last
/// first), and shows whole. Otherwise pinned rows (a page's header and footer, a guide's
/// card) always stay, and of the other rows a window as tall as the room left is shown,
/// with a dim line where rows were left out
/// ("Rows below: 12. Type show all to see the whole view."). The window starts at the top,
/// or, given a `focus` (a guide's spotlit element and its frame, a popover and its element),
/// is centred on it; a focus taller than the room is shown from its top, and the line below
/// says how much of it is left out. `show all` prints the view whole. A tall page of the tour
/// or onboarding is shown in parts (``part(_:from:context:)``): Enter shows the next one, and
/// turns the page only after the last.
///
/// ```swift
/// let shown = Viewport(terminalRows: 24).fit(document, focus: 30...36, focusName: "Units", context: context)
/// ```
package struct Viewport: Sendable {
  /// The terminal's height.
  package var terminalRows: Int

  /// Rows kept free below and above the view: the prompt and the command typed at it.
  package static let reservedRows = 2

  /// The rows a view may take.
  package var budget: Int { max(4, terminalRows - Self.reservedRows) }

  /// `document` cut to ``budget`` rows; unchanged when it fits. A focus taller than the room
  /// shows from its top, or with `focusEnd` (a popover, whose way out is its last row) its end.
  package func fit(
    _ document: Document, focus: ClosedRange<Int>? = nil, focusName: String? = nil, focusEnd: Bool = false,
    context: RenderContext
  ) -> Document {
    window(document, focus: focus, focusName: focusName, focusEnd: focusEnd, context: context).rows
  }

  /// A tall page in parts, each reached by Enter (issue 22): the part of `document` whose
  /// content starts at row `start` of those that may be left out (0: the first part), its note
  /// below saying that Enter shows the rest; and where the next part starts, `nil` when this
  /// part shows the page's last rows (Enter may turn the page).
  package func part(_ document: Document, from start: Int, context: RenderContext) -> (rows: Document, next: Int?) {
    window(document, start: start, enterShowsMore: true, context: context)
  }

  /// The fewest rows of content a cut view shows: in a very short window the pinned rows
  /// after the first (a page's footer, a card's commands) give way to them.
  static let minimumContent = 3

  /// `document` cut to its pinned rows and a window of the others, ``budget`` rows in all.
  /// The window starts at `requested` (a later part of a page) when there is no focus; the
  /// position after it is the next part's start, `nil` when nothing is left out below.
  func window(
    _ document: Document, focus: ClosedRange<Int>? = nil, focusName: String? = nil, focusEnd: Bool = false,
    start requested: Int = 0, enterShowsMore: Bool = false, context: RenderContext
  ) -> (rows: Document, next: Int?) {
    guard document.count > budget else { return (document, nil) }
    // A view that blank rows alone make too tall loses as many as it must, the last first,
    // and shows whole. A taller one keeps them: it is cut, and reads as it would whole.
    let blanks = document.indices.filter { !document[$0].pinned && document[$0].plainText.isEmpty }
    if blanks.count >= document.count - budget {
      let dropped = Set(blanks.suffix(document.count - budget))
      return (document.indices.filter { !dropped.contains($0) }.map { document[$0] }, nil)
    }
    let free = document.indices.filter { !document[$0].pinned }
    var keptPinned = document.indices.filter { document[$0].pinned }
    // One row for a note; the first pinned row (the header) always stays.
    while keptPinned.count > 1 && budget - keptPinned.count - 1 < Self.minimumContent { keptPinned.removeLast() }
    let keep = Set(keptPinned)
    let pinned = keptPinned.count
    // In a short window a leading blank row is not content: the window starts after it.
    let firstContent = budget - pinned < 6 ? (free.firstIndex { !document[$0].plainText.isEmpty } ?? 0) : 0
    // The focus, as positions among the rows that may be left out.
    let focusPositions = focus.map { range -> ClosedRange<Int> in
      let first = free.firstIndex { $0 >= range.lowerBound } ?? free.count
      let last = max(first, (free.lastIndex { $0 <= range.upperBound } ?? first))
      return first...last
    }
    // The note below counts the focus's own rows left out when the focus is cut (the note says
    // the focus goes on), else every row left out below.
    // In a window the full notes would fill, each note is one short line (``note(_:short:_:)``).
    var short = false
    func noteAbove(_ count: Int) -> Document {
      if short { return note(context.text("ui.view.aboveShort", context.formats.number(count)), short: true, context) }
      return note(context.text("ui.view.above", String(count)), short: false, context)
    }
    func noteBelow(_ window: Range<Int>, focusCut: Bool) -> Document {
      let count =
        focusCut && focusPositions != nil
        ? max(1, focusPositions!.upperBound - window.upperBound + 1) : free.count - window.upperBound
      if short { return note(context.text("ui.view.belowShort", context.formats.number(count)), short: true, context) }
      let below = context.text(enterShowsMore ? "ui.view.belowEnter" : "ui.view.below", String(count))
      let text = focusCut ? focusName.map { context.text("ui.view.focusCut", $0, String(count)) } : nil
      return note(text ?? below, short: false, context)
    }
    var aboveRows = 0
    var belowRows = 0
    var window = 0..<0
    var focusCut = false
    // Each pass sizes the notes for the window the last one chose; two or three settle it. A
    // window always shows a row of content, so Enter always moves on.
    for _ in 0..<6 {
      if budget - pinned - aboveRows - belowRows < 1 && !short {
        short = true
        aboveRows = min(aboveRows, 1)
        belowRows = min(belowRows, 1)
      }
      let room = max(1, budget - pinned - aboveRows - belowRows)
      var start = 0
      focusCut = false
      if let focusPositions {
        if focusPositions.count <= room {
          start = focusPositions.lowerBound - (room - focusPositions.count) / 2
        } else if focusEnd {
          start = focusPositions.upperBound - room + 1
        } else {
          start = focusPositions.lowerBound
          focusCut = true
        }
      }
      if focusPositions == nil { start = max(firstContent, requested) }
      start = max(0, min(start, free.count - room))
      let next = start..<min(free.count, start + room)
      let above = next.lowerBound > firstContent ? noteAbove(next.lowerBound).count : 0
      let below = next.upperBound < free.count ? noteBelow(next, focusCut: focusCut).count : 0
      let settled = next == window && above == aboveRows && below == belowRows
      window = next
      aboveRows = above
      belowRows = below
      if settled { break }
    }
    let shown = Set(window.map { free[$0] })
    var rows: Document = []
    var notedAbove = false
    var notedBelow = false
    for (index, line) in document.enumerated() {
      if line.pinned {
        if keep.contains(index) { rows.append(line) }
        continue
      }
      if shown.contains(index) {
        rows.append(line)
        continue
      }
      let position = free.firstIndex(of: index) ?? 0
      if position < window.lowerBound, position >= firstContent, !notedAbove {
        rows += noteAbove(window.lowerBound - firstContent)
        notedAbove = true
      } else if position >= window.upperBound, !notedBelow {
        rows += noteBelow(window, focusCut: focusCut)
        notedBelow = true
      }
    }
    return (rows, window.upperBound < free.count ? window.upperBound : nil)
  }

  /// A dim note where rows were left out, wrapped; in one short line (`Rows below: 12`) where
  /// the full ones would leave no room.
  func note(_ text: String, short: Bool, _ context: RenderContext) -> Document {
    let text = context.ellipsis + " " + text
    return short ? [Line(text, .dim)] : context.wrapped(text, indent: 2, style: .dim)
  }
}
