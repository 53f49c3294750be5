// The tables (`zeroWidthRanges`, `wideRanges`) are generated from the Unicode Character Database
// by scripts/generate-display-width.py into DisplayWidthTables.swift; this file applies them per
// grapheme cluster. No library here gives terminal column widths (wcwidth needs the C locale set
// and knows nothing of grapheme clusters; Foundation has no such call).

/// How many terminal columns text takes, computed in pure Swift from the Unicode data in
/// `DisplayWidthTables.swift` (Unicode ``unicodeVersion``).
///
/// Per grapheme cluster: zero for a cluster made only of zero-width code points (combining
/// marks, format characters such as the zero-width space and the joiners, variation selectors,
/// Hangul medial vowels and final consonants, controls); two when its first other code point is
/// East Asian Wide or Fullwidth (CJK ideographs, Hangul, Hiragana, Katakana, fullwidth forms, the
/// Yijing symbols) or has emoji presentation (so ZWJ sequences and skin tones), for a
/// regional-indicator flag pair, and for any cluster with U+FE0F; one for everything else
/// printable, Cyrillic included.
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

  /// Whether a scalar takes no column on its own (`zeroWidthRanges`).
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    contains(zeroWidthRanges, scalar.value)
  }

  /// Whether a scalar takes two columns (`wideRanges`): East Asian Wide or Fullwidth, or
  /// emoji presentation.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    contains(wideRanges, scalar.value)
  }

  /// Whether `value` falls in one of `ranges`, which are sorted and do not overlap.
  static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      let range = ranges[middle]
      if value < range.lowerBound {
        high = middle
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }
}
