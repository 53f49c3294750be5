// The tables (`zeroWidthRanges`, `wideRanges`) are generated from the Unicode Character Database
// by scripts/generate-display-width.py into DisplayWidthTables.swift; this file applies them per
// grapheme cluster. No library here gives terminal column widths (wcwidth needs the C locale set
// and knows nothing of grapheme clusters; Foundation has no such call).

/// How many terminal columns text takes, computed in pure Swift from the Unicode data in
/// `DisplayWidthTables.swift` (Unicode ``unicodeVersion``), as terminals draw it.
///
/// Terminals (tmux 3.3a, and glibc's `wcwidth` that most use) give each code point its own
/// width, not each grapheme cluster: a spacing vowel sign after its consonant (`का`), each
/// consonant of an Indic conjunct, a skin-tone modifier (after a letter, and in tmux 3.3a after
/// an emoji too), a halfwidth voiced sound mark (`ｶﾞ`), Thai and Lao AM (`กำ`) and the Arabic
/// number signs U+0600–U+0605 before their digits each take columns of their own. So a cluster
/// takes the sum of its code points' widths: zero for a code point that takes none (combining
/// marks, format characters such as the zero-width space and the joiners, variation selectors,
/// Hangul medial vowels and final consonants, controls); two for one that is East Asian Wide
/// or Fullwidth (CJK ideographs, Hangul, Hiragana, Katakana, fullwidth forms, the Yijing
/// symbols) or has emoji presentation; one for every other printable one, Cyrillic included.
/// As terminals join them: a code point after a zero-width joiner takes none (it is drawn in
/// the joiner's cell, so ZWJ sequences are two), a regional-indicator pair (a flag) is two, and
/// a cluster with U+FE0F and a code point that takes columns takes at least two.
///
/// ```swift
/// DisplayWidth.of("Привет")   // 6
/// DisplayWidth.of("漢字")      // 4
/// DisplayWidth.of("👍")        // 2
/// DisplayWidth.of("e\u{301}")  // 1
/// DisplayWidth.of("का")       // 2
/// ```
package enum DisplayWidth {
  /// The columns `text` takes.
  package static func of(_ text: String) -> Int {
    // ASCII alone (most rows): a column per printable byte, no grapheme breaking. A fast path
    // for the bench row "a long script: lines per second", where wrapping rows is most of a view.
    var columns = 0
    for byte in text.utf8 {
      guard byte < 0x80 else { return text.reduce(0) { $0 + of($1) } }
      if byte >= 0x20 && byte != 0x7F { columns += 1 }
    }
    return columns
  }

  /// The columns one grapheme cluster takes: 0 or more (2 for most emoji, 3 for `क्षा`).
  package static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if character.isASCII {
      // "\r\n" is one ASCII character; controls take no columns.
      return first.value >= 0x20 && first.value != 0x7F ? 1 : 0
    }
    var width = 0
    var regionalIndicators = 0
    var asksForEmoji = false
    var afterJoiner = false
    for scalar in scalars {
      if scalar.value == 0xFE0F { asksForEmoji = true }
      if scalar.value == 0x200D {
        afterJoiner = true
        continue
      }
      if contains(zeroWidthRanges, scalar.value) { continue }
      if afterJoiner {
        afterJoiner = false
        continue
      }
      if (0x1F1E6...0x1F1FF).contains(scalar.value) {
        regionalIndicators += 1
        // A flag's second half shares the first one's two columns.
        if regionalIndicators.isMultiple(of: 2) { continue }
      }
      width += contains(wideRanges, scalar.value) ? 2 : 1
    }
    return asksForEmoji && width > 0 ? max(width, 2) : width
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
