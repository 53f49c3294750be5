// Hand-written: a small, fixed table of the typographic symbols the app's strings use; no
// library here transliterates for a terminal (iconv's //TRANSLIT depends on the C locale).

/// Text for an ASCII terminal (`--ascii`, `TERM=dumb`): the symbols the app's chrome and its
/// strings use become ASCII, while letters, digits and marks of any script stay.
///
/// Replaced: the ellipsis (`...`), middle dot and bullet (`-`), multiplication sign (`x`),
/// arrows (`->`, `<-`, `^`, `v`), check marks (`v`), box drawing and shades (`-`, `|`, `+`,
/// `:`), and every other symbol or pictograph (`?`; emoji sequences become one `?`). Kept:
/// ASCII, letters, digits and combining marks (Cyrillic, accented Latin), spaces (a
/// no-break space too) and the punctuation of prose: quotation marks (`« » “ ” ‘ ’ „`),
/// dashes, `¡ ¿ №`. ``isKept(_:)`` says which scalars are left as they are.
///
/// ```swift
/// ASCIIFallback.text("saving…")              // "saving..."
/// ASCIIFallback.text("60 kg × 8")            // "60 kg x 8"
/// ASCIIFallback.text("«Пошагово» — подход")  // unchanged
/// ```
package enum ASCIIFallback {
  /// `text` with every symbol that is not kept replaced.
  package static func text(_ text: String) -> String {
    guard !text.unicodeScalars.allSatisfy(isKept) else { return text }
    var result = ""
    for character in text {
      let scalars = character.unicodeScalars
      if scalars.allSatisfy(isKept) {
        result.append(character)
      } else if let replacement = replacements[scalars.first!] {
        result += replacement
      } else {
        result += "?"
      }
    }
    return result
  }

  /// Laid-out text with every space separator (a no-break space, a narrow no-break space)
  /// an ASCII space: once a line is broken, a no-break space has done its job.
  package static func plainSpaces(_ text: String) -> String {
    let isWideSpace = { (scalar: Unicode.Scalar) in !scalar.isASCII && scalar.properties.generalCategory == .spaceSeparator }
    guard text.unicodeScalars.contains(where: isWideSpace) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isWideSpace($0) ? " " : $0 }))
  }

  /// Whether `scalar` is printed as it is in ASCII mode.
  package static func isKept(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return true }
    // Variation selectors and the zero-width joiner: the glue of emoji sequences.
    if (0xFE00...0xFE0F).contains(scalar.value) || scalar.value == 0x200D { return false }
    if proseMarks.contains(scalar) { return true }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
      .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber, .spaceSeparator:
      return true
    default:
      return false
    }
  }

  /// Punctuation of prose that ASCII mode keeps.
  static let proseMarks: Set<Unicode.Scalar> = [
    "«", "»", "“", "”", "„", "‘", "’", "‚", "‹", "›", "—", "–", "‑", "¡", "¿", "№", "´",
  ]

  /// Symbols with an ASCII spelling.
  static let replacements: [Unicode.Scalar: String] = [
    "…": "...", "·": "-", "•": "-", "×": "x", "→": "->", "←": "<-", "↑": "^", "↓": "v", "⇒": "=>",
    "✓": "v", "✔": "v", "●": "*", "○": "o", "★": "*", "─": "-", "━": "-", "│": "|", "┃": "|", "┌": "+", "┐": "+",
    "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+", "░": ":", "▒": ":", "▓": "#", "≤": "<=",
    "≥": ">=", "≠": "!=", "−": "-", "°": " deg",
  ]
}
