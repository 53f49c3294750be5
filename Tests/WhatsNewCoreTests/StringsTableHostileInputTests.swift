import Testing
import WhatsNewCore

/// Hostile `.strings` inputs, including the ones `make fuzz` (fuzz-strings) produced:
/// Foundation's parser either returns a table or a `LocalizationError`; nothing traps.
@Suite("StringsTable on hostile input")
struct StringsTableHostileInputTests {
  static let cases: [(name: String, bytes: [UInt8], parses: Bool)] = [
    ("plain entries", Array(#""a" = "b"; "c" = "d";"#.utf8), true),
    ("comments and escapes", Array("/* c */ // line\n\"a\" = \"x\\n\\t\\\"q\\\"\\\\\";\n".utf8), true),
    ("non-ASCII text", Array("\"ru\" = \"Напоминания\";".utf8), true),
    (
      "invalid UTF-8 in a comment", Array("/* routi".utf8) + [0xFF, 0xFF, 0x1E, 0xD8] + Array(" */\n\"a\" = \"b\";\n".utf8), false
    ),
    ("NUL in a comment", Array("/* whatsNew".utf8) + [0, 0] + Array(".v2 */\n\"a\" = \"b\";\n".utf8), true),
    ("a missing semicolon", Array(#""a" = "1""#.utf8), false),
    ("an unterminated comment", Array("\"a\" = \"1\"; /* open".utf8), true),
    ("a nested dictionary", Array(#""a" = { "b" = "c"; };"#.utf8), false),
  ]

  @Test("each input parses or fails with a LocalizationError", arguments: cases.indices)
  func hostile(_ index: Int) {
    let testCase = Self.cases[index]
    let result = Result { () throws(LocalizationError) in try StringsTable.parse(testCase.bytes) }
    switch result {
    case .success: #expect(testCase.parses, "\(testCase.name) parsed")
    case .failure(let error): #expect(!testCase.parses, "\(testCase.name): \(error)")
    }
  }
}
