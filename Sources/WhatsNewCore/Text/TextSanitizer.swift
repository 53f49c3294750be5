// Hand-written: no library here strips terminal escape sequences and controls from
// untrusted text; every string from a content file, an argument or the environment goes
// through it before it reaches the terminal.

/// Makes untrusted text safe to print on a terminal.
///
/// Removes, whole: escape sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL` or
/// `… ESC \`, DCS/SOS/PM/APC strings up to their terminator, `ESC` + intermediates +
/// final, and two-character `ESC x`), their 8-bit C1 forms (U+009B CSI with its
/// parameters, U+009D OSC, U+0090/U+0098/U+009E/U+009F strings), every other C1
/// control U+0080–U+009F, C0 controls, DEL, and the bidirectional embedding, override
/// and isolate controls U+202A–U+202E and U+2066–U+2069. Tabs become spaces; newlines
/// (`\n`, `\r\n`, lone `\r`) become spaces in ``clean(_:)`` and `\n` in
/// ``cleanKeepingNewlines(_:)``. An unterminated string sequence (OSC, DCS…) removes
/// the rest of the text, as a terminal would swallow it.
///
/// ```swift
/// TextSanitizer.clean("\u{1B}[31mred\u{1B}[0m\tok")   // "red ok"
/// TextSanitizer.cleanKeepingNewlines("a\r\nb")        // "a\nb"
/// ```
package enum TextSanitizer {
  /// The text on one line: controls and escape sequences removed, tabs and newlines as spaces.
  package static func clean(_ text: String) -> String {
    sanitize(text, keepNewlines: false)
  }

  /// Like ``clean(_:)`` but keeps line breaks, each as a single `\n`.
  package static func cleanKeepingNewlines(_ text: String) -> String {
    sanitize(text, keepNewlines: true)
  }

  private static let escape: UInt32 = 0x1B
  private static let bell: UInt32 = 0x07
  private static let stringTerminator: UInt32 = 0x9C

  private static func sanitize(_ text: String, keepNewlines: Bool) -> String {
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    let count = scalars.count
    while index < count {
      let value = scalars[index].value
      switch value {
      case escape:
        index = skipEscapeSequence(scalars, from: index)
      case 0x9B:
        index = skipControlSequence(scalars, from: index + 1)
      case 0x9D, 0x90, 0x98, 0x9E, 0x9F:  // OSC; DCS, SOS, PM, APC
        index = skipString(scalars, from: index + 1)
      case 0x09:
        result.append(" ")
        index += 1
      case 0x0A, 0x0D:
        result.append(keepNewlines ? "\n" : " ")
        index += 1
        // `\r\n` is one line break.
        if value == 0x0D, index < count, scalars[index].value == 0x0A { index += 1 }
      case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069:
        index += 1
      default:
        result.append(scalars[index])
        index += 1
      }
    }
    return String(result)
  }

  /// Skips an `ESC` sequence starting at `start`; returns the index after it.
  private static func skipEscapeSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    let next = start + 1
    guard next < scalars.count else { return next }
    let value = scalars[next].value
    switch value {
    case 0x5B:  // [ CSI
      return skipControlSequence(scalars, from: next + 1)
    case 0x5D, 0x50, 0x58, 0x5E, 0x5F:  // ] OSC, P DCS, X SOS, ^ PM, _ APC
      return skipString(scalars, from: next + 1)
    case 0x20...0x2F:  // intermediates, then one final byte
      var index = next
      while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
      if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { index += 1 }
      return index
    case 0x30...0x7E:  // two-character sequence
      return next + 1
    default:
      // A lone ESC: drop it and let the next character be handled on its own.
      return next
    }
  }

  /// Skips CSI parameters (0x30–0x3F), intermediates (0x20–0x2F) and the final byte
  /// (0x40–0x7E). Anything else ends the sequence without being consumed.
  private static func skipControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count {
      let value = scalars[index].value
      if (0x20...0x3F).contains(value) {
        index += 1
      } else if (0x40...0x7E).contains(value) {
        return index + 1
      } else {
        return index
      }
    }
    return index
  }

  /// Skips a control string up to and including its terminator: `ESC \`, U+009C, or BEL.
  private static func skipString(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start
    while index < scalars.count {
      let value = scalars[index].value
      if value == stringTerminator || value == bell { return index + 1 }
      if value == escape {
        if index + 1 < scalars.count, scalars[index + 1].value == 0x5C { return index + 2 }
        // Another escape starts: xterm ends the string here.
        return index
      }
      index += 1
    }
    return index
  }
}
