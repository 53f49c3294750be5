import Foundation
import TestSupport
import Testing

@testable import WhatsNewCore

/// The display width tables generated from the Unicode Character Database
/// (scripts/generate-display-width.py), checked against Unicode 16 facts and against a sample of
/// the generator's source data committed in `UnicodeData/DisplayWidthSample.txt`.
@Suite("Display width from Unicode data")
struct DisplayWidthTests {
  /// The width of a code point on its own.
  private static func width(_ value: UInt32) -> Int {
    DisplayWidth.of(Character(Unicode.Scalar(value)!))
  }

  @Test("the tables are generated from Unicode 16.0.0")
  func version() {
    #expect(DisplayWidth.unicodeVersion == "16.0.0")
  }

  @Test(
    "the Yijing hexagrams are wide (East_Asian_Width W since Unicode 16)",
    arguments: Array(0x4DC0...0x4DFF as ClosedRange<UInt32>))
  func hexagrams(value: UInt32) {
    #expect(Self.width(value) == 2)
  }

  @Test(
    "one code point's width, by script and kind",
    arguments: [
      // Wide since Unicode 16: Yijing monograms, digrams and trigrams; Tai Xuan Jing symbols.
      (0x268A, 2), (0x268F, 2), (0x2630, 2), (0x2637, 2), (0x1D300, 2), (0x1D356, 2), (0x2638, 1), (0x1D357, 1),
      // CJK ideographs (unassigned ones in the CJK blocks too), CJK symbols, kana, Bopomofo, Yi.
      (0x4E00, 2), (0x9FFF, 2), (0x3400, 2), (0x20000, 2), (0x2A6E0, 2), (0x30000, 2), (0x3000, 2), (0x3001, 2),
      (0x3041, 2), (0x30A2, 2), (0x3105, 2), (0xA000, 2), (0xF900, 2), (0x31EF, 2), (0x2FFC, 2), (0x303F, 1),
      // Hangul: syllables and initial consonants wide, medial vowels and final consonants zero.
      (0xAC00, 2), (0xD7A3, 2), (0x1100, 2), (0x115F, 2), (0x3131, 2), (0x1160, 0), (0x11A8, 0), (0x11FF, 0),
      (0xD7B0, 0), (0xD7FB, 0), (0xFFA0, 1),
      // Fullwidth forms wide, halfwidth forms narrow.
      (0xFF01, 2), (0xFF21, 2), (0xFF60, 2), (0xFFE0, 2), (0xFFE6, 2), (0xFF61, 1), (0xFF71, 1),
      // Combining and enclosing marks, format characters, variation selectors, tags, controls: zero.
      (0x0300, 0), (0x036F, 0), (0x0483, 0), (0x0488, 0), (0x05B0, 0), (0x0E31, 0), (0x1AB0, 0), (0x20DD, 0),
      (0x302A, 0), (0x3099, 0), (0xFE20, 0), (0x200B, 0), (0x200C, 0), (0x200D, 0), (0x2060, 0), (0xFEFF, 0),
      (0xFE00, 0), (0xFE0F, 0), (0xE0100, 0), (0xE01EF, 0), (0xE0001, 0), (0xE0020, 0), (0x0000, 0),
      (0x001B, 0), (0x007F, 0), (0x0085, 0), (0x009F, 0),
      // Narrow: Latin, Cyrillic (Unicode 16's U+1C89 among them), Greek, Arabic, Ethiopic, the soft hyphen.
      (0x0041, 1), (0x00E9, 1), (0x00A0, 1), (0x00AD, 1), (0x0416, 1), (0x044F, 1), (0x1C89, 1), (0x03A9, 1),
      (0x0627, 1), (0x1200, 1), (0xE000, 1), (0xFFFD, 1),
      // Format characters that terminals draw in a column: the Arabic number signs and their kin.
      (0x0600, 1), (0x0605, 1), (0x06DD, 1), (0x070F, 1), (0x0890, 1), (0x08E2, 1), (0x110BD, 1), (0x110CD, 1),
      // Emoji: presentation by default wide, text by default narrow (until U+FE0F).
      (0x1F44D, 2), (0x1F600, 2), (0x1F004, 2), (0x231A, 2), (0x2728, 2), (0x1F3FB, 2), (0x1FAE9, 2), (0x1F1E6, 2),
      (0x2600, 1), (0x23F1, 1), (0x2764, 1),
    ] as [(UInt32, Int)])
  func scalar(value: UInt32, expected: Int) {
    #expect(Self.width(value) == expected, "U+\(String(value, radix: 16, uppercase: true))")
  }

  @Test(
    "a cluster takes what tmux 3.3a and glibc's wcwidth draw: each code point its own columns, but after a joiner",
    arguments: [
      ("\u{4DC0}\u{301}", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("\u{1160}\u{11A8}", 0), ("\u{2630}\u{FE0E}", 2),
      ("Ж\u{301}", 1), ("\u{301}\u{301}", 0), ("\u{2764}\u{FE0F}", 2), ("🇳🇱", 2), ("☰☷", 4), ("䷀ test", 7),
      // Measured in tmux 3.3a (the column after the text), and glibc's wcwidth summed per code point.
      ("a\u{1F3FB}", 3), ("x\u{1F3FF}", 3), ("\u{1F44D}\u{1F3FD}", 4), ("\u{0915}\u{093E}", 2), ("\u{0995}\u{09BE}", 2),
      ("\u{0915}\u{093F}", 2), ("\u{0B95}\u{0BBE}", 2), ("\u{1000}\u{102B}", 2), ("\u{0915}\u{094D}\u{0937}\u{093E}", 3),
      ("\u{0600}\u{0661}\u{0662}", 3), ("\u{0600}", 1), ("\u{070F}\u{0710}", 2), ("\u{FF76}\u{FF9E}", 2), ("\u{FF9F}", 1),
      ("\u{0E01}\u{0E33}", 2), ("\u{0E33}", 1), ("\u{0E81}\u{0EB3}", 2), ("\u{0E01}\u{0E31}", 1), ("\u{0E01}\u{0E30}", 2),
      ("\u{1F468}\u{200D}\u{1F469}", 2), ("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", 4), ("a\u{200B}b", 2),
    ])
  func clusters(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test("each table is sorted and its ranges neither overlap nor touch; no code point is in both")
  func tablesAreSorted() {
    for table in [DisplayWidth.zeroWidthRanges, DisplayWidth.wideRanges] {
      #expect(!table.isEmpty)
      for (previous, next) in zip(table, table.dropFirst()) {
        #expect(previous.upperBound + 1 < next.lowerBound, "\(previous) \(next)")
      }
    }
    for range in DisplayWidth.wideRanges {
      #expect(!DisplayWidth.zeroWidthRanges.contains { $0.overlaps(range) }, "\(range)")
    }
  }

  @Test("the binary search agrees with a linear search at every range's edges")
  func binarySearch() {
    for table in [DisplayWidth.zeroWidthRanges, DisplayWidth.wideRanges] {
      for range in table {
        for value in [range.lowerBound &- 1, range.lowerBound, range.upperBound, range.upperBound + 1] {
          #expect(DisplayWidth.contains(table, value) == table.contains { $0.contains(value) })
        }
      }
    }
  }

  /// One line of the sample: a code point and its properties in the generator's source data.
  private struct Sample {
    var value: UInt32
    var eastAsianWidth: String
    var generalCategory: String
    var emojiPresentation: Bool
    var hangulSyllableType: String

    /// The generator's rule (scripts/generate-display-width.py), applied to the properties.
    var expectedWidth: Int {
      let drawnFormatCharacters: Set<UInt32> = [
        0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
      ]
      if value != 0xAD, !drawnFormatCharacters.contains(value),
        ["Mn", "Me", "Cf", "Cc"].contains(generalCategory) || ["V", "T"].contains(hangulSyllableType)
      {
        return 0
      }
      return ["W", "F"].contains(eastAsianWidth) || emojiPresentation ? 2 : 1
    }
  }

  private static func readSample() throws -> (header: String, samples: [Sample]) {
    let path = RepositoryPaths.root + "/Tests/WhatsNewCoreTests/UnicodeData/DisplayWidthSample.txt"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var samples: [Sample] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: ";").map(String.init)
      try #require(fields.count == 5, "\(line)")
      let value = try #require(UInt32(fields[0], radix: 16), "\(line)")
      samples.append(
        Sample(
          value: value, eastAsianWidth: fields[1], generalCategory: fields[2], emojiPresentation: fields[3] == "Y",
          hangulSyllableType: fields[4]))
    }
    return (String(text.prefix { $0 != "\n" }), samples)
  }

  @Test("a sample of code points has the width the generator's source data gives them")
  func sample() throws {
    let (header, samples) = try Self.readSample()
    #expect(header.contains("Unicode \(DisplayWidth.unicodeVersion)"), "\(header)")
    #expect(samples.count > 200)
    for sample in samples {
      #expect(
        Self.width(sample.value) == sample.expectedWidth,
        "U+\(String(sample.value, radix: 16, uppercase: true)) \(sample)")
    }
  }
}
