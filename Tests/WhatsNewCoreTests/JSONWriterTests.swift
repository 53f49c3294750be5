import Testing
import WhatsNewCore

/// The compact JSON `state` and `lint --json` print: escapes, numbers, and a round trip
/// through the app's own reader.
@Suite("Writing JSON")
struct JSONWriterTests {
  @Test(
    "strings are escaped per RFC 8259, controls as \\u00XX, invisible format characters as \\uXXXX, the rest as is",
    arguments: [
      ("plain", #""plain""#),
      ("say \"hi\"", #""say \"hi\"""#),
      ("back\\slash", #""back\\slash""#),
      ("line\nfeed\rreturn\ttab", #""line\nfeed\rreturn\ttab""#),
      ("\u{0}\u{1B}[31m\u{7F}", #""\u0000\u001b[31m\u007f""#),
      ("C1 \u{85} and \u{9B}", #""C1 \u0085 and \u009b""#),
      ("\u{A0} is not C1; Ж, 日本, 👍🏽", "\"\u{A0} is not C1; Ж, 日本, 👍🏽\""),
      ("", #""""#),
      ("\u{202E}evil\u{202C} \u{2066}iso\u{2069}", #""\u202eevil\u202c \u2066iso\u2069""#),
      ("zero\u{200B}width\u{200F}\u{FEFF}", #""zero\u200bwidth\u200f\ufeff""#),
      ("line\u{2028}para\u{2029}", #""line\u2028para\u2029""#),
      ("tag \u{E0041}", #""tag \udb40\udc41""#),
      ("👩\u{200D}💻", #""👩\u200d💻""#),
    ])
  func escapes(text: String, expected: String) {
    #expect(JSONValue.string(text).serialized() == expected)
  }

  @Test("numbers: whole numbers without a fraction, others as Swift prints them, non-finite as null")
  func numbers() {
    let value = JSONValue.array([
      .number(2), .number(-0.5), .number(1e15), .number(.infinity), .number(.nan), .bool(true), .null,
    ])
    #expect(value.serialized() == "[2,-0.5,1000000000000000.0,null,null,true,null]")
  }

  @Test("objects keep their members in order, duplicates included")
  func objects() {
    let value = JSONValue.object([("b", .number(1)), ("a", .object([])), ("b", .array([]))])
    #expect(value.serialized() == #"{"b":1,"a":{},"b":[]}"#)
  }

  @Test("random values read back equal, with nothing unescaped that a terminal would act on")
  func roundTrip() throws {
    var random = SeededRandom(seed: 7)
    for _ in 0..<500 {
      let value = Self.randomValue(depth: 3, &random)
      let text = value.serialized()
      #expect(
        !text.unicodeScalars.contains {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .format
            || $0.properties.generalCategory == .lineSeparator
        })
      #expect(try JSONReader.parse(Array(text.utf8)) == value)
    }
  }

  // MARK: Helpers

  static func randomValue(depth: Int, _ random: inout SeededRandom) -> JSONValue {
    switch Int.random(in: 0..<(depth > 0 ? 6 : 4), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number(Double(Int.random(in: -1000...1000, using: &random)) / 4)
    case 3: return .string(randomString(&random))
    case 4: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomValue(depth: depth - 1, &random) })
    default:
      return .object(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in
          (randomString(&random), randomValue(depth: depth - 1, &random))
        })
    }
  }

  /// Text that leans on what needs escaping: C0 and C1 controls, DEL, quotes, backslashes,
  /// and multi-byte characters on either side of them.
  static func randomString(_ random: inout SeededRandom) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}",
      "\u{C2}", "Ж", "日", "\u{1F44D}", "\u{FFFD}", "\u{202E}", "\u{2067}", "\u{200D}", "\u{2028}", "\u{E0041}",
    ]
    var text = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...12, using: &random) { text.append(pool.randomElement(using: &random)!) }
    return String(text)
  }
}
