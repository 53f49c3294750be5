import Testing

@testable import WhatsNewCore

/// The ASCII fast paths of ``TextLayout`` and ``DisplayWidth`` against the general ones.
@Suite("ASCII fast paths give what the general paths give")
struct TextLayoutFastPathTests {
  /// Printable ASCII, spaces, tabs and a few controls, as the renderer and `state` produce.
  static let alphabet: [Character] = Array("ab cd\tEF gh,{}\"\\:0123 ") + ["\u{1B}", "\u{7F}", "\u{07}"]

  @Test("ASCII text splits into the same pieces, byte by byte or by grapheme cluster", arguments: 0..<200)
  func samePieces(seed: Int) {
    var random = SeededRandom(seed: UInt64(seed))
    let length = Int.random(in: 0...120, using: &random)
    let text = String((0..<length).map { _ in Self.alphabet.randomElement(using: &random)! })
    let paragraph = Substring(text)
    #expect(TextLayout.asciiPieces(of: paragraph) == TextLayout.characterPieces(of: paragraph), "\(text.debugDescription)")
    var byCharacter = 0
    for character in text { byCharacter += DisplayWidth.of(character) }
    #expect(DisplayWidth.of(text) == byCharacter, "\(text.debugDescription)")
  }

  @Test("text with anything beyond ASCII takes the general path", arguments: ["héllo wörld", "漢字 ab", "a\u{301}b", "🇳🇱 x"])
  func nonASCII(text: String) {
    var byCharacter = 0
    for character in text { byCharacter += DisplayWidth.of(character) }
    #expect(DisplayWidth.of(text) == byCharacter)
    #expect(TextLayout.pieces(of: Substring(text)) == TextLayout.characterPieces(of: Substring(text)))
  }
}
