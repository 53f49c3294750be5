import Testing
import WhatsNewCore

/// The spaces CLDR puts in numbers and times (U+00A0 in `18 450`, U+202F in `6:00 PM`):
/// kept, one column each, and never a place to break a line.
@Suite("No-break spaces in formatted numbers")
struct NoBreakSpaceTests {
  @Test("each takes one column", arguments: ["\u{00A0}", "\u{202F}"])
  func width(space: String) {
    #expect(DisplayWidth.of(space) == 1)
    #expect(DisplayWidth.of("18\(space)450\(space)кг") == 9)
  }

  @Test("the sanitizer keeps them", arguments: ["18\u{00A0}450\u{00A0}кг", "6:00\u{202F}PM"])
  func sanitizer(text: String) {
    #expect(TextSanitizer.clean(text) == text)
  }

  @Test("a line is never broken at one", arguments: ["\u{00A0}", "\u{202F}"])
  func wrapping(space: String) {
    let measure = "18\(space)450\(space)kg"
    let rows = TextLayout.wrap("lifted \(measure) in total", width: 12)
    #expect(rows.contains { $0.contains(measure) })
    #expect(rows.allSatisfy { !$0.hasSuffix(space) && !$0.hasPrefix(space) })
  }
}
