import Testing

@testable import WhatsNewCore

/// What `lint` says of a `.strings` table itself: a syntax error at its real place, with the
/// file named once; a key written twice; a control or bidirectional override in a text.
@Suite("lint on .strings tables")
struct TableLintTests {
  static let spanish = "Localizations/es.lproj/Localizable.strings"

  /// Lints content whose Spanish table is `source`, parsed as the app parses it (a parse
  /// failure reaches the linter as the app words it, with the file in front).
  static func lint(spanish source: String) -> [LintProblem] {
    var tables = LinterTests.completeTables()
    var missing: [Language: String] = [:]
    do {
      tables[.es] = TranslationTable(try StringsTable.parse(Array(source.utf8)))
    } catch {
      tables[.es] = nil
      missing[.es] = "\(spanish): \(error)"
    }
    return ContentLinter.lint(
      manifest: LinterTests.manifest, releaseFiles: ["2.13.1.json": LinterTests.release], releasesDisplayDirectory: "Releases",
      tables: tables, missingTables: missing, requiredUIKeys: ["ui.done"], localizationsDisplayDirectory: "Localizations",
      tableSources: [.es: Array(source.utf8)]
    ).filter { $0.rule != .misplacedKey }  // one table a language, release keys and all: misplaced-key has its own test
  }

  /// The complete Spanish table, one entry a line, with `line` (1-based) replaced.
  static func spanishTable(replacingLine line: Int, with text: String) -> String {
    var lines = LinterTests.keys.map { "\"\($0)\" = \"es text\";" }
    lines.insert("/* Spanish */", at: 0)
    lines[line - 1] = text
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(
    "a syntax error is at its real line and column, worded as an editor would, the file named once",
    arguments: [
      (
        #""whatsNew.v2_13_1.p.b.title" = "es "text";"#, 2, 37,
        "expected ';' after the text of 'whatsNew.v2_13_1.p.b.title', found 't'"
      ),
      (#""whatsNew.v2_13_1.p.b.title = "es text";"#, 2, 32, "expected '=' or ';' after the key"),
      (#""whatsNew.v2_13_1.p.b.title" = "es text;"#, 2, 32, "this string runs past the end of its line: a stray quote"),
      (#""whatsNew.v2_13_1.p.b.title" = "es text""#, 3, 1, "expected ';' after the text of 'whatsNew.v2_13_1.p.b.title'"),
    ])
  func syntaxError(line text: String, line: Int, column: Int, fragment: String) throws {
    let problems = Self.lint(spanish: Self.spanishTable(replacingLine: 2, with: text))
    let problem = try #require(problems.first { $0.file == Self.spanish }, "\(problems.map(\.compilerStyle))")
    #expect(problem.position == SourcePosition(line: line, column: column), "\(problem.compilerStyle)")
    #expect(problem.message.contains(fragment), "\(problem.message)")
    #expect(problem.compilerStyle.ranges(of: "es.lproj").count == 1, "the path is printed once: \(problem.compilerStyle)")
    #expect(problem.severity == .error)
  }

  @Test("a key written twice is a warning at its later entry, naming the first")
  func repeatedKey() throws {
    let source =
      Self.spanishTable(replacingLine: 2, with: #""whatsNew.v2_13_1.p.b.title" = "es text";"#)
      + "\"whatsNew.v2_13_1.p.b.title\" = \"otra\";\n"
    let problems = Self.lint(spanish: source).filter { $0.file == Self.spanish }
    #expect(
      problems.map(\.compilerStyle) == [
        "\(Self.spanish):5:1: warning: whatsNew.v2_13_1.p.b.title: repeated key: also at line 2; the last entry is the one "
          + "shown, so remove the other"
      ])
  }

  @Test(
    "a translation holding a control or a bidirectional override is a warning naming it; a line break and accents are not",
    arguments: [
      ("es \u{202E}txet", "U+202E RIGHT-TO-LEFT OVERRIDE"),
      ("\u{2066}es\u{2069}", "U+2066 LEFT-TO-RIGHT ISOLATE, U+2069 POP DIRECTIONAL ISOLATE"),
      ("es\u{7} text", "U+0007"),
      ("es\u{1B}[31m text", "U+001B"),
      ("es\ttext", "U+0009"),
      ("línea\nsegunda", nil),
    ] as [(String, String?)])
  func hiddenCharacters(text: String, named: String?) {
    var tables = LinterTests.completeTables()
    tables[.es]?["whatsNew.v2_13_1.p.b.title"] = text
    let problems = ContentLinter.lint(
      manifest: LinterTests.manifest, releaseFiles: ["2.13.1.json": LinterTests.release], releasesDisplayDirectory: "Releases",
      tables: tables, missingTables: [:], requiredUIKeys: ["ui.done"], localizationsDisplayDirectory: "Localizations")
    let warnings = problems.filter { $0.message.contains("which the app removes") }
    if let named {
      #expect(warnings.count == 1 && warnings[0].path == "whatsNew.v2_13_1.p.b.title", "\(problems.map(\.description))")
      #expect(warnings.first?.message.contains(named) == true, "\(warnings.map(\.message))")
      #expect(warnings.first?.severity == .warning)
    } else {
      #expect(warnings.isEmpty, "\(warnings.map(\.message))")
    }
  }

  @Test("the characters flagged are those the app strips at display")
  func flaggedIsStripped() {
    for value in Array(0x00...0xA0) + Array(0x2028...0x206F) {
      guard let scalar = Unicode.Scalar(value), value != 0x0A else { continue }
      let stripped = TextSanitizer.cleanKeepingNewlines("a\(Character(scalar))b") != "a\(Character(scalar))b"
      #expect(ContentLinter.isHiddenCharacter(scalar) == stripped, "U+\(String(value, radix: 16))")
    }
  }
}
