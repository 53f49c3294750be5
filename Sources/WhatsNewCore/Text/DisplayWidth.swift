// Hand-written: no library here gives terminal column widths (wcwidth needs the C locale
// set and knows nothing of grapheme clusters; Foundation has no such call).

/// How many terminal columns text takes, computed in pure Swift.
///
/// Per grapheme cluster: zero for a cluster made only of combining marks, format
/// characters (zero-width space, joiners), variation selectors or controls; two for
/// East Asian Wide and Fullwidth characters (CJK ideographs, Hangul, Hiragana,
/// Katakana, fullwidth forms) and for emoji presentation — an `Emoji_Presentation`
/// base (so ZWJ sequences and skin tones), a regional-indicator flag pair, or any
/// cluster with U+FE0F; one for everything else printable, Cyrillic included.
///
/// ```swift
/// DisplayWidth.of("Привет")   // 6
/// DisplayWidth.of("漢字")      // 4
/// DisplayWidth.of("👍")        // 2
/// DisplayWidth.of("e\u{301}")  // 1
/// ```
public enum DisplayWidth {
  /// The columns `text` takes.
  public static func of(_ text: String) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns one grapheme cluster takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if character.isASCII {
      // "\r\n" is one ASCII character; controls take no columns.
      return first.value >= 0x20 && first.value != 0x7F ? 1 : 0
    }
    var base: Unicode.Scalar?
    var regionalIndicators = 0
    var asksForEmoji = false
    for scalar in scalars {
      if scalar.value == 0xFE0F { asksForEmoji = true }
      if (0x1F1E6...0x1F1FF).contains(scalar.value) { regionalIndicators += 1 }
      if base == nil, !isZeroWidth(scalar) { base = scalar }
    }
    guard let base else { return 0 }
    if asksForEmoji || regionalIndicators >= 2 { return 2 }
    return isWide(base) ? 2 : 1
  }

  /// Whether a scalar takes no column on its own.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    if (0x1160...0x11FF).contains(value) { return true }  // Hangul medial vowels and final consonants
    if value == 0x00AD { return false }  // soft hyphen: terminals show it
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return true
    default: return false
    }
  }

  /// Whether a scalar takes two columns: East Asian Wide/Fullwidth or emoji presentation.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x1100 { return false }
    if scalar.properties.isEmojiPresentation { return true }
    for range in wideRanges where range.contains(value) { return true }
    return false
  }

  /// East Asian Wide (W) and Fullwidth (F) blocks, from UAX #11.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x231A...0x231B, 0x2329...0x232A,
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed, compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4, 0x17000...0x18CFF,  // Tangut
    0x1B000...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F
    0x30000...0x3FFFD,  // CJK extension G and beyond
  ]
}
