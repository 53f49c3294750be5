import Foundation
import Testing
import WhatsNewCore

/// The fast `.strings` path must agree with Foundation on everything it accepts.
/// Inputs here include regressions found by `make fuzz` (fuzz-strings).
@Suite("StringsTable fast path")
struct StringsTableFastPathTests {
  static let cases: [(String, [UInt8])] = [
    ("plain entries", Array(#""a" = "b"; "c" = "d";"#.utf8)),
    ("comments and escapes", Array("/* c */ // line\n\"a\" = \"x\\n\\t\\\"q\\\"\\\\\";\n".utf8)),
    ("non-ASCII text", Array("\"ru\" = \"Напоминания\";".utf8)),
    // fuzz-strings crash: invalid UTF-8 inside a comment; the fast path skipped the comment
    // and accepted a file Foundation rejects.
    ("invalid UTF-8 in a comment", Array("/* routi".utf8) + [0xFF, 0xFF, 0x1E, 0xD8] + Array(" */\n\"a\" = \"b\";\n".utf8)),
    // fuzz-strings crash: NUL bytes inside a comment.
    ("NUL in a comment", Array("/* whatsNew".utf8) + [0, 0] + Array(".v2 */\n\"a\" = \"b\";\n".utf8)),
    ("invalid UTF-8 in a value", Array("\"a\" = \"".utf8) + [0xC3, 0x28] + Array("\";".utf8)),
    ("a repeated key", Array(#""a" = "1"; "a" = "2";"#.utf8)),
    ("an unquoted key", Array(#"a = "1";"#.utf8)),
    ("a unicode escape", Array(#""a" = "\U00e9";"#.utf8)),
    ("a missing semicolon", Array(#""a" = "1""#.utf8)),
    ("an unterminated comment", Array("\"a\" = \"1\"; /* open".utf8)),
  ]

  @Test("parse agrees with Foundation", arguments: cases.indices)
  func agrees(_ index: Int) {
    let (_, bytes) = Self.cases[index]
    let data = Data(bytes)
    let foundation = try? StringsTable.parseWithFoundation(data)
    let parsed = try? StringsTable.parse(data)
    #expect(parsed == foundation, "\(Self.cases[index].0)")
    if let fast = StringsTable.parseCommonForm(data) {
      #expect(fast == foundation, "\(Self.cases[index].0): the fast path answered differently")
    }
  }

  @Test("the shipped tables take the fast path")
  func shippedTablesAreFast() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    for language in ["en", "es", "nl", "pt-BR", "ru"] {
      let data = try Data(contentsOf: root.appendingPathComponent("Localizations/\(language).lproj/Localizable.strings"))
      let fast = try #require(StringsTable.parseCommonForm(data), "\(language) fell back to Foundation")
      #expect(fast == (try StringsTable.parseWithFoundation(data)))
    }
  }
}
