// Hand-written: wrapping rows of styled spans by display columns, which no library here offers
// (TextLayout wraps plain paragraphs and folds runs of spaces; a row's alignment must survive).

import WhatsNewCore

/// Fits a styled row into a width: a row that fits is returned as it is; a wider one breaks
/// at spaces into several, each continuation indented by the row's ``Line/hangingIndent``
/// (or its own leading spaces), every piece keeping its style, anchors and pin.
///
/// Spaces inside a row are kept as they are (alignment survives); the spaces at a break
/// are dropped. A word wider than the room left on a row of its own breaks after a `|`
/// (so `monday|tuesday|…` breaks between values), and only failing that between characters.
///
/// ```swift
/// LineFitter.fit(Line("    1) ( ) Strictly by plan  [choose 2]", hangingIndent: 11), width: 24)
/// // "    1) ( ) Strictly by"
/// // "           plan"
/// // "           [choose 2]"
/// ```
package enum LineFitter {
  /// `line` as rows at most `width` columns wide.
  package static func fit(_ line: Line, width: Int) -> [Line] {
    let width = max(1, width)
    // A line feed found in the bytes (Foundation's `contains` searched by characters, a tenth of
    // a script's time: the bench row "a long script: lines per second").
    guard line.wraps, line.width > width || line.plainText.utf8.contains(UInt8(ascii: "\n")) else { return [line] }
    let rows = paragraphs(of: line.spans).flatMap { wrap($0, width: width, hangingIndent: line.hangingIndent) }
    return rows.map { spans in
      var row = line
      row.spans = spans
      return row
    }
  }

  /// One character and the style it is drawn in.
  struct Cell {
    var character: Character
    var style: TextStyle
    var width: Int
    /// A space inside a span kept together: part of the word around it.
    var isGlue = false

    /// A space a row may break at.
    var isBreak: Bool { character == " " && !isGlue }
  }

  /// The row's characters, split at line feeds.
  static func paragraphs(of spans: [Span]) -> [[Cell]] {
    var paragraphs: [[Cell]] = [[]]
    for span in spans {
      // Inner spaces of a span kept together glue its words (its leading spaces do not).
      var seenText = false
      for character in span.text {
        if character == "\n" || character == "\r\n" {
          paragraphs.append([])
          seenText = false
          continue
        }
        var cell = Cell(character: character, style: span.style, width: DisplayWidth.of(character))
        if character == " " {
          cell.isGlue = span.keepsTogether && seenText
        } else {
          seenText = true
        }
        paragraphs[paragraphs.count - 1].append(cell)
      }
    }
    return paragraphs
  }

  /// Greedy wrapping of one paragraph of cells.
  static func wrap(_ cells: [Cell], width: Int, hangingIndent: Int?) -> [[Span]] {
    let leading = Array(cells.prefix { $0.character == " " })
    var index = leading.count
    // Continuation rows keep at least half the width for text.
    let indent = min(max(0, hangingIndent ?? leading.count), width / 2)
    var rows: [[Cell]] = []
    var row = leading
    var rowWidth = leading.count
    var rowHasText = false
    var pendingSpaces: [Cell] = []

    func newRow() {
      rows.append(row)
      row = Array(repeating: Cell(character: " ", style: .plain, width: 1), count: indent)
      rowWidth = indent
      rowHasText = false
      pendingSpaces = []
    }

    func append(_ piece: [Cell]) {
      row += piece
      rowWidth += piece.reduce(0) { $0 + $1.width }
      rowHasText = true
    }

    while index < cells.count {
      if cells[index].isBreak {
        pendingSpaces.append(cells[index])
        index += 1
        continue
      }
      var word = Array(cells[index...].prefix { !$0.isBreak })
      index += word.count
      // Glue at the end of a span (before a break) is a plain space.
      while let last = word.last, last.isGlue {
        word.removeLast()
        pendingSpaces.insert(last, at: 0)
      }
      let wordWidth = word.reduce(0) { $0 + $1.width }
      let spaces = rowHasText ? pendingSpaces : []
      if rowWidth + spaces.count + wordWidth <= width {
        append(spaces + word)
        pendingSpaces = []
        continue
      }
      if rowHasText { newRow() }
      pendingSpaces = []
      if rowWidth + wordWidth <= width {
        append(word)
        continue
      }
      // A word too wide for a row of its own: at its glued spaces and after each `|`, else
      // between characters.
      for piece in pieces(of: word) {
        var piece = piece
        let pieceWidth = piece.reduce(0) { $0 + $1.width }
        if rowHasText && rowWidth + pieceWidth > width {
          newRow()
          while piece.first?.character == " " { piece.removeFirst() }
        }
        if rowWidth + pieceWidth <= width {
          append(piece)
          continue
        }
        for cell in piece {
          if rowHasText && rowWidth + cell.width > width { newRow() }
          append([cell])
        }
      }
    }
    rows.append(row)
    return rows.map { row in
      var row = row
      while row.count > 1, row.last?.character == " " { row.removeLast() }
      return spans(of: row)
    }
  }

  /// A word's pieces, each ending after a `|` or starting at a glued space.
  static func pieces(of word: [Cell]) -> [[Cell]] {
    var pieces: [[Cell]] = [[]]
    for cell in word {
      if cell.isGlue { pieces.append([]) }
      pieces[pieces.count - 1].append(cell)
      if cell.character == "|" { pieces.append([]) }
    }
    return pieces.filter { !$0.isEmpty }
  }

  /// Cells gathered back into spans, one per run of a style.
  static func spans(of cells: [Cell]) -> [Span] {
    var spans: [Span] = []
    for cell in cells {
      if let last = spans.last, last.style == cell.style {
        spans[spans.count - 1].text.append(cell.character)
      } else {
        spans.append(Span(String(cell.character), cell.style))
      }
    }
    return spans
  }
}
