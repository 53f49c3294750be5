// Hand-written: wrapping by display columns (DisplayWidth), which no library here offers.

/// Word wrapping, padding and truncation by display width (see ``DisplayWidth``).
///
/// ```swift
/// TextLayout.wrap("the quick brown fox", width: 10)   // ["the quick", "brown fox"]
/// TextLayout.pad("Привет", toWidth: 8)                // "Привет  "
/// TextLayout.truncate("漢字漢字", toWidth: 5)          // "漢字…"
/// ```
package enum TextLayout {
  /// Splits `text` into lines at most `width` columns wide.
  ///
  /// Each `\n` (or `\r\n`) starts a new paragraph, and every paragraph gives at least one
  /// line, so blank lines are kept (`"a\n\nb"` gives `["a", "", "b"]`). Lines break at
  /// spaces, which are dropped at the break (runs of spaces inside a line become one);
  /// they may also break before or after any wide (CJK) character. A word wider than
  /// `width` is broken after its hyphens, and a part still too wide between characters. A width below 1 counts as 1; a character
  /// wider than the whole width gets a line of its own.
  package static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    // Bytes, not characters: "\r\n" is one Character, so `text.contains("\r")` is false for
    // it (it was true only while Foundation's substring `contains` was in scope).
    let normalized =
      text.utf8.contains(UInt8(ascii: "\r")) ? String(text.map { $0 == "\r\n" || $0 == "\r" ? "\n" : $0 }) : text
    // Paragraphs split at "\n" bytes: a line feed is always a character of its own, and
    // splitting by `Character` would break the whole text into grapheme clusters first.
    let bytes = normalized.utf8
    var start = bytes.startIndex
    while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
      wrapParagraph(normalized[start..<newline], width: width, into: &lines)
      start = bytes.index(after: newline)
    }
    wrapParagraph(normalized[start...], width: width, into: &lines)
    return lines
  }

  /// `text` followed by spaces up to `width` columns; unchanged when already as wide.
  package static func pad(_ text: String, toWidth width: Int) -> String {
    let missing = width - DisplayWidth.of(text)
    return missing > 0 ? text + String(repeating: " ", count: missing) : text
  }

  /// `text` cut to at most `width` columns, ending in `ellipsis` ("…", or "..." on an ASCII
  /// terminal) when anything was cut.
  ///
  /// ```swift
  /// TextLayout.truncate("hello", toWidth: 4)                    // "hel…"
  /// TextLayout.truncate("hello", toWidth: 5)                    // "hello"
  /// TextLayout.truncate("hello", toWidth: 4, ellipsis: "...")   // "h..."
  /// ```
  package static func truncate(_ text: String, toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.of(text) <= width { return text }
    let ellipsisWidth = DisplayWidth.of(ellipsis)
    guard ellipsisWidth <= width else { return String(ellipsis.prefix(width)) }
    var result = ""
    var used = 0
    for character in text {
      let characterWidth = DisplayWidth.of(character)
      if used + characterWidth + ellipsisWidth > width { break }
      result.append(character)
      used += characterWidth
    }
    return result + ellipsis
  }

  /// A piece that cannot be split at a space: a run of narrow characters or one wide character.
  struct Piece: Equatable {
    var text: Substring
    var width: Int
    var spaceBefore: Bool
  }

  private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String]) {
    // Every piece has text, so a line is empty until something is put on it.
    var line = ""
    var lineWidth = 0

    func flush() {
      lines.append(line)
      line = ""
      lineWidth = 0
    }

    for piece in pieces(of: paragraph).flatMap({ hyphenated($0, width: width) }) {
      var separator = (!line.isEmpty && piece.spaceBefore) ? 1 : 0
      // A piece that does not fit after the line so far starts the next one.
      if !line.isEmpty, lineWidth + separator + piece.width > width {
        flush()
        separator = 0
      }
      if lineWidth + separator + piece.width <= width {
        if separator == 1 { line += " " }
        line += piece.text
        lineWidth += separator + piece.width
        continue
      }
      // Too wide for any line, even after its hyphens: break between characters.
      for character in piece.text {
        let characterWidth = DisplayWidth.of(character)
        if !line.isEmpty && lineWidth + characterWidth > width { flush() }
        line.append(character)
        lineWidth += characterWidth
      }
    }
    flush()
  }

  /// `piece` as it is when it fits a line. A piece too wide for any line is first cut after
  /// each hyphen between two letters ("trainings-" / "instellingen", `по-` / `прежнему`), the
  /// parts after the first joined without a space.
  static func hyphenated(_ piece: Piece, width: Int) -> [Piece] {
    guard piece.width > width else { return [piece] }
    let word = piece.text
    var parts: [Substring] = []
    var start = word.startIndex
    var previous: Character?
    var index = word.startIndex
    while index < word.endIndex {
      let character = word[index]
      let next = word.index(after: index)
      if hyphens.contains(character), previous?.isLetter == true, next < word.endIndex, word[next].isLetter {
        parts.append(word[start..<next])
        start = next
      }
      previous = character
      index = next
    }
    parts.append(word[start...])
    guard parts.count > 1 else { return [piece] }
    return parts.enumerated().map { index, part in
      Piece(text: part, width: DisplayWidth.of(String(part)), spaceBefore: index == 0 && piece.spaceBefore)
    }
  }

  /// The characters after which a compound word may break: the hyphen-minus and the hyphen
  /// (not the non-breaking hyphen, U+2011, which says not to).
  static let hyphens: Set<Character> = ["-", "\u{2010}"]

  /// The pieces of a paragraph, read by grapheme cluster.
  static func pieces(of paragraph: Substring) -> [Piece] {
    var pieces: [Piece] = []
    // Where the run of narrow characters being read starts, and its width so far.
    var runStart: Substring.Index?
    var runWidth = 0
    var spaceBefore = false
    /// Closes the run of narrow characters, if one is open; whether there was one.
    func endRun(at index: Substring.Index) -> Bool {
      guard let start = runStart else { return false }
      pieces.append(Piece(text: paragraph[start..<index], width: runWidth, spaceBefore: spaceBefore))
      runStart = nil
      runWidth = 0
      return true
    }
    var index = paragraph.startIndex
    while index < paragraph.endIndex {
      let character = paragraph[index]
      let next = paragraph.index(after: index)
      if character == " " || character == "\t" {
        // Ends the run, and the next piece follows a space.
        _ = endRun(at: index)
        spaceBefore = true
      } else {
        let characterWidth = DisplayWidth.of(character)
        if characterWidth == 2 {
          // A wide character: a piece of its own, which the line may break before or after.
          if endRun(at: index) { spaceBefore = false }
          pieces.append(Piece(text: paragraph[index..<next], width: 2, spaceBefore: spaceBefore))
          spaceBefore = false
        } else {
          // A narrow character (0 columns for a control) joins the run.
          if runStart == nil { runStart = index }
          runWidth += characterWidth
        }
      }
      index = next
    }
    _ = endRun(at: paragraph.endIndex)
    return pieces
  }
}

extension String {
  /// The string after as many zeros as bring it to `width` characters: `0042`.
  package func zeroPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
