import Testing
import WhatsNewCore

@Suite("Terminal text")
struct TextTests {
  @Test(
    "removes escape sequences and dangerous controls",
    arguments: [
      ("\u{1B}[31mred\u{1B}[0m", "red"),
      ("a\u{1B}[1;2;3Hb", "ab"),
      ("a\u{1B}[?25lb", "ab"),
      ("a\u{1B}]0;title\u{07}b", "ab"),
      ("a\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\b", "alinkb"),
      ("a\u{1B}]0;never ends", "a"),
      ("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b", "ab"),
      ("a\u{1B}_apc\u{1B}\\b", "ab"),
      ("a\u{1B}^pm\u{9C}b", "ab"),
      ("a\u{1B}Xsos\u{1B}\\b", "ab"),
      ("a\u{1B}(Bb", "ab"),
      ("a\u{1B}cb", "ab"),
      ("a\u{1B}7b\u{1B}8", "ab"),
      ("a\u{1B}", "a"),
      ("a\u{9B}31mb", "ab"),
      ("a\u{9D}0;x\u{07}b", "ab"),
      ("a\u{90}dcs\u{9C}b", "ab"),
      ("a\u{85}b\u{80}\u{9F}", "ab"),
      ("a\u{7F}b", "ab"),
      ("a\u{202E}b\u{202A}\u{202B}\u{202C}\u{202D}c", "abc"),
      ("a\u{2066}b\u{2067}\u{2068}\u{2069}c", "abc"),
      ("a\tb", "a b"),
      ("a\nb\r\nc\rd", "a b c d"),
      ("Привет 漢字 👍", "Привет 漢字 👍"),
    ])
  func clean(input: String, expected: String) {
    #expect(TextSanitizer.clean(input) == expected)
  }

  @Test("every C0 control except tab and line breaks is removed", arguments: Array(0x00...0x1F as ClosedRange<UInt32>))
  func c0(value: UInt32) {
    let input = "a" + String(Character(Unicode.Scalar(value)!)) + "b"
    let expected: String
    switch value {
    case 0x09, 0x0A, 0x0D: expected = "a b"
    case 0x1B: expected = "a"  // ESC b is a two-character escape sequence: both go
    default: expected = "ab"
    }
    #expect(TextSanitizer.clean(input) == expected)
  }

  @Test("the newline-keeping variant keeps each line break once")
  func keepingNewlines() {
    #expect(TextSanitizer.cleanKeepingNewlines("a\nb\r\nc\rd\u{1B}[2Je\tf") == "a\nb\nc\nde f")
  }

  @Test("never crashes on arbitrary scalars")
  func robustness() {
    var generator = SystemRandomNumberGenerator()
    let interesting: [UInt32] = [
      0x1B, 0x5B, 0x5D, 0x50, 0x5C, 0x07, 0x9B, 0x9C, 0x9D, 0x41, 0x30, 0x20, 0x0A, 0x0D, 0x202E, 0x301,
    ]
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<Int.random(in: 0...20, using: &generator) {
        text.unicodeScalars.append(Unicode.Scalar(interesting.randomElement(using: &generator)!)!)
      }
      let cleaned = TextSanitizer.clean(text)
      #expect(!cleaned.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
    }
  }

  @Test("text is returned as it is exactly when no character in it needs removing or replacing")
  func untouchedWhenClean() {
    var random = SeededRandom(seed: 11)
    // Neighbours of every range the sanitizer acts on, and the lead bytes its byte check keys on.
    let pool: [UInt32] = [
      0x41, 0x20, 0x1F, 0x09, 0x0A, 0x0D, 0x7E, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xE2, 0x2029, 0x2029, 0x202A, 0x202E,
      0x202F, 0x2065, 0x2066, 0x2069, 0x206A, 0x0416, 0x1F44D, 0x301,
    ]
    func removed(_ value: UInt32) -> Bool {
      value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        text.unicodeScalars.append(Unicode.Scalar(pool.randomElement(using: &random)!)!)
      }
      let clean = !text.unicodeScalars.contains { removed($0.value) }
      #expect((TextSanitizer.clean(text) == text) == clean, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
      let cleanButNewlines = !text.unicodeScalars.contains { $0 != "\n" && removed($0.value) }
      #expect((TextSanitizer.cleanKeepingNewlines(text) == text) == cleanButNewlines)
    }
  }

  @Test(
    "display width per grapheme cluster (a skin tone takes its own two columns, as tmux 3.3a and wcwidth draw it)",
    arguments: [
      ("hello", 5), ("", 0), ("Привет", 6), ("漢字", 4), ("ひらがな", 8), ("カタカナ", 8), ("한국어", 6), ("ＡＢ", 4),
      ("👍", 2), ("👍🏽", 4), ("👨‍👩‍👧‍👦", 2), ("🇳🇱", 2), ("e\u{301}", 1), ("\u{301}", 0), ("\u{200B}", 0), ("\u{FE0F}", 0),
      ("☀", 1), ("☀\u{FE0F}", 2), ("⚙\u{FE0F}", 2), ("a\u{200D}", 1), ("\u{1B}", 0), ("✨", 2), ("⏱", 1), ("é", 1),
    ])
  func width(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test("paragraphs split at line feeds exactly as splitting by Character would, whatever the text")
  func paragraphsSplitAtLineFeeds() {
    var random = SeededRandom(seed: 3)
    let pool: [String] = ["a", " ", "\n", "\r\n", "\r", "漢", "👍🏽", "e\u{301}", "\u{301}", "\n\u{301}", "word"]
    for _ in 0..<2000 {
      let text = (0..<Int.random(in: 0...10, using: &random)).map { _ in pool.randomElement(using: &random)! }.joined()
      let width = Int.random(in: 1...6, using: &random)
      var normalized = ""
      for character in text { normalized.append(character == "\r\n" || character == "\r" ? "\n" : character) }
      let expected = normalized.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
        TextLayout.wrap(String($0), width: width)
      }
      #expect(TextLayout.wrap(text, width: width) == expected, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test(
    "wraps by display width",
    arguments: [
      ("the quick brown fox", 10, ["the quick", "brown fox"]),
      ("the quick brown fox", 9, ["the quick", "brown fox"]),
      ("the quick brown fox", 8, ["the", "quick", "brown", "fox"]),
      ("supercalifragilistic", 6, ["superc", "alifra", "gilist", "ic"]),
      ("a  b", 10, ["a b"]),
      ("one\n\ntwo", 10, ["one", "", "two"]),
      ("one\r\ntwo", 10, ["one", "two"]),
      ("", 10, [""]),
      ("ab cd", 0, ["a", "b", "c", "d"]),
      ("Привет мир, как дела", 11, ["Привет мир,", "как дела"]),
      ("漢字漢字漢字", 5, ["漢字", "漢字", "漢字"]),
      ("これは テスト", 6, ["これは", "テスト"]),
      ("hi 漢字漢字", 6, ["hi 漢", "字漢字"]),
      ("👍👍👍", 4, ["👍👍", "👍"]),
      ("漢", 1, ["漢"]),
      ("see trainings-instellingen", 16, ["see trainings-", "instellingen"]),
      ("по-прежнему", 5, ["по-", "прежн", "ему"]),
      ("Wi-Fi-Direct", 7, ["Wi-Fi-", "Direct"]),
      ("--upgrade-from", 8, ["--upgrad", "e-from"]),
      ("a-b-c d", 10, ["a-b-c d"]),
      ("x - y", 3, ["x -", "y"]),
    ])
  func wrap(text: String, width: Int, expected: [String]) {
    let lines = TextLayout.wrap(text, width: width)
    #expect(lines == expected)
    if width > 1 { #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }) }
  }

  @Test(
    "pads and truncates by display width",
    arguments: [
      ("abc", 5, "abc  ", "abc"),
      ("Привет", 8, "Привет  ", "Привет"),
      ("漢字漢字", 5, "漢字漢字", "漢字…"),
      ("hello", 4, "hello", "hel…"),
      ("hello", 1, "hello", "…"),
      ("hello", 0, "hello", ""),
      ("👍👍", 3, "👍👍", "👍…"),
    ])
  func padTruncate(text: String, width: Int, padded: String, truncated: String) {
    #expect(TextLayout.pad(text, toWidth: width) == padded)
    #expect(TextLayout.truncate(text, toWidth: width) == truncated)
    #expect(DisplayWidth.of(TextLayout.truncate(text, toWidth: width)) <= max(0, width))
  }
}

@Suite("ASCII fallback")
struct ASCIIFallbackTests {
  @Test(
    "symbols become ASCII; letters, marks and the punctuation of prose stay",
    arguments: [
      ("saving…", "saving..."),
      ("next · skip", "next - skip"),
      ("60 kg × 8", "60 kg x 8"),
      ("┌─ Units ─┐", "+- Units -+"),
      ("░ row", ": row"),
      ("done ✓ → next", "done v -> next"),
      ("🏋 Lift", "? Lift"),
      ("👍🏽 ok", "? ok"),
      ("«Пошагово» — подход", "«Пошагово» — подход"),
      ("¿Qué día?", "¿Qué día?"),
      ("café", "café"),
      ("plain ASCII", "plain ASCII"),
    ])
  func transliterates(text: String, expected: String) {
    #expect(ASCIIFallback.text(text) == expected)
    #expect(ASCIIFallback.text(expected).unicodeScalars.allSatisfy(ASCIIFallback.isKept))
  }
}
