import TestSupport
import Testing

@testable import WhatsNewCore

@Suite("Content linter")
struct LinterTests {
  static let manifest = bytes(#"{"releases": ["2.13.1"]}"#)
  static let release = bytes(
    #"""
    {"version": "2.13.1", "pages": [{"id": "p", "blocks": [
      {"id": "b", "type": "info", "titleKey": "whatsNew.v2_13_1.p.b.title", "descriptionKey": "whatsNew.v2_13_1.p.b.description"}
    ]}]}
    """#)
  static let keys = ["whatsNew.v2_13_1.p.b.title", "whatsNew.v2_13_1.p.b.description", "ui.done"]

  static func completeTables() -> [Language: TranslationTable] {
    Dictionary(
      uniqueKeysWithValues: Language.allCases.map { language in
        (language, TranslationTable(Dictionary(uniqueKeysWithValues: keys.map { ($0, "\(language.rawValue) text") })))
      })
  }

  static func lint(
    manifest: [UInt8]? = manifest, files: [String: [UInt8]] = ["2.13.1.json": release],
    tables: [Language: TranslationTable] = completeTables(), missingTables: [Language: String] = [:]
  ) -> [String] {
    // As the shipped layout keeps them: each release's keys in its own `<version>.strings`.
    let (app, releases) = ReleaseTableSplit.split(tables)
    return ContentLinter.lint(
      manifest: manifest, releaseFiles: files, releasesDisplayDirectory: "Releases", tables: app, missingTables: missingTables,
      requiredUIKeys: ["ui.done"], localizationsDisplayDirectory: "Localizations", releaseTables: releases
    ).map(\.description)
  }

  @Test("clean content has no problems")
  func clean() {
    #expect(Self.lint() == [])
  }

  @Test("an unregistered file and a missing registered file are problems")
  func registration() {
    let problems = Self.lint(
      manifest: bytes(#"{"releases": ["2.13.1", "2.14.0"]}"#),
      files: ["2.13.1.json": Self.release, "2.12.0.json": releaseFile("2.12.0"), "manifest.json": []],
      tables: Self.completeTables().mapValues { TranslationTable($0.entries.merging(["k.title": "t"]) { a, _ in a }) })
    #expect(problems.contains("Releases/2.12.0.json: not listed in manifest.json; add it to load it"))
    #expect(
      problems.contains(
        "Releases/manifest.json: releases[1]: 2.14.0 is registered but Releases/2.14.0.json does not exist; add the file or remove the entry"
      ))
  }

  @Test("a missing manifest is a problem")
  func missingManifest() {
    #expect(Self.lint(manifest: nil).first == "Releases/manifest.json: manifest.json is missing; list every release in it")
  }

  @Test("every diagnostic of a release file is a problem, warnings included")
  func diagnostics() {
    let file = bytes(
      #"{"version": "2.13.1", "version": "2.13.1", "pages": [{"id": "p", "blocks": [{"id": "b", "type": "info", "titleKey": "whatsNew.v2_13_1.p.b.title", "descriptionKey": "whatsNew.v2_13_1.p.b.description"}, {"id": "c", "type": "choice", "setting": "workoutVeiw", "titleKey": "whatsNew.v2_13_1.p.b.title"}]}]}"#
    )
    #expect(
      Self.lint(files: ["2.13.1.json": file]) == [
        "Releases/2.13.1.json: version: duplicate field 'version'; the first one is used",
        "Releases/2.13.1.json: pages[0].blocks[1].setting: unknown setting 'workoutVeiw' (did you mean 'workoutView'?); block dropped",
      ])
  }

  @Test("an untranslated key is a problem for each language lacking it")
  func untranslated() {
    var tables = Self.completeTables()
    tables[.ru]?["whatsNew.v2_13_1.p.b.title"] = nil
    tables[.nl]?["ui.done"] = nil
    #expect(
      Self.lint(tables: tables) == [
        "Localizations/nl.lproj/Localizable.strings: ui.done: missing Nederlands translation (required by the app)",
        "Localizations/ru.lproj/2.13.1.strings: whatsNew.v2_13_1.p.b.title: missing Русский translation (used by Releases/2.13.1.json)",
      ])
  }

  @Test("an empty or blank translation is a problem")
  func emptyTranslation() {
    var tables = Self.completeTables()
    tables[.es]?["whatsNew.v2_13_1.p.b.description"] = " \n "
    #expect(
      Self.lint(tables: tables) == [
        "Localizations/es.lproj/2.13.1.strings: whatsNew.v2_13_1.p.b.description: empty Español translation (used by Releases/2.13.1.json)"
      ])
  }

  @Test(
    "a text over the length limit is a problem; one at the limit is not",
    arguments: [(ContentLinter.maximumTextLength, false), (ContentLinter.maximumTextLength + 1, true), (10_000_000, true)])
  func overlongTranslation(length: Int, isProblem: Bool) {
    var tables = Self.completeTables()
    tables[.nl]?["whatsNew.v2_13_1.p.b.description"] = String(repeating: "é", count: length)
    let expected =
      isProblem
      ? [
        "Localizations/nl.lproj/2.13.1.strings: whatsNew.v2_13_1.p.b.description: Nederlands text of \(length)"
          + " characters (used by Releases/2.13.1.json), over the \(ContentLinter.maximumTextLength)-character limit"
          + " for one text; a page shows it whole: shorten it or split it"
      ] : []
    #expect(Self.lint(tables: tables) == expected)
  }

  @Test("orphan keys: unused content keys, and keys English lacks")
  func orphans() {
    var tables = Self.completeTables()
    tables[.en]?["whatsNew.v2_12_0.old.title"] = "old"
    tables[.en]?["ui.unused"] = "ui keys are the app's business"
    tables[.ptBR]?["ui.extra"] = "not in English"
    #expect(
      Self.lint(tables: tables) == [
        "Localizations/en.lproj/2.12.0.strings: whatsNew.v2_12_0.old.title: orphan key: no release uses it; remove it",
        "Localizations/pt-BR.lproj/Localizable.strings: ui.extra: orphan key: not in the English table; remove it or add it to English",
      ])
  }

  /// Content whose one release has two keys in every table (10 keys in all), the release file as given.
  static func problemsOfUnloaded(file: [UInt8]?, unreadable: String? = nil) -> [LintProblem] {
    let (app, releases) = ReleaseTableSplit.split(completeTables())
    return ContentLinter.lint(
      manifest: manifest, releaseFiles: file.map { ["2.13.1.json": $0] } ?? [:], releasesDisplayDirectory: "Releases",
      tables: app, missingTables: [:], requiredUIKeys: ["ui.done"], localizationsDisplayDirectory: "Localizations",
      unreadableReleaseFiles: unreadable.map { ["2.13.1.json": $0] } ?? [:], releaseTables: releases)
  }

  @Test(
    "a release that did not load is one problem and one note counting its keys, not an orphan warning per key",
    arguments: [
      ("a syntax error", bytes(#"{"version": "2.13.1", "pages": [1,]}"#), nil, "trailing comma"),
      ("no pages", bytes(#"{"version": "2.13.1", "pages": []}"#), nil, "the release has no pages"),
      ("a missing file", nil, nil, "does not exist"),
      ("an unreadable file", nil, "permission denied", "permission denied"),
    ] as [(String, [UInt8]?, String?, String)])
  func unloadedRelease(name: String, file: [UInt8]?, unreadable: String?, fragment: String) {
    let problems = Self.problemsOfUnloaded(file: file, unreadable: unreadable)
    let counted = problems.filter(\.severity.isProblem)
    #expect(counted.count == 1, "\(name): \(problems.map(\.description))")
    #expect(counted.first?.message.contains(fragment) == true, "\(name): \(counted)")
    #expect(!problems.contains { $0.message.contains("orphan key") }, "\(name)")
    #expect(
      problems.last?.compilerStyle
        == "Releases/2.13.1.json:1:1: note: 10 translation keys in 5 tables (whatsNew.v2_13_1.*) belong to this release, "
        + "which did not load; they are not orphans: fix the release and they are used again",
      "\(name): \(problems.map(\.compilerStyle))")
  }

  @Test("the note leaves real orphans alone: a key of another release, and a key English lacks")
  func unloadedReleaseKeepsRealOrphans() {
    var tables = Self.completeTables()
    tables[.en]?["whatsNew.v2_12_0.old.title"] = "old"
    tables[.es]?["whatsNew.v2_13_1.p.b.extra"] = "not in English"
    let problems = ContentLinter.lint(
      manifest: Self.manifest, releaseFiles: ["2.13.1.json": bytes("{")], releasesDisplayDirectory: "Releases",
      tables: tables, missingTables: [:], requiredUIKeys: ["ui.done"], localizationsDisplayDirectory: "Localizations")
    #expect(
      problems.filter { $0.message.contains("orphan key") }.map(\.path) == [
        "whatsNew.v2_12_0.old.title", "whatsNew.v2_13_1.p.b.extra",
      ])
    #expect(problems.filter { $0.severity == .note }.count == 1)
    #expect(problems.firstIndex { $0.severity == .note } == 1, "the note follows the release's own problem")
  }

  @Test("an unreadable table is reported with its reason")
  func unreadableTable() {
    var tables = Self.completeTables()
    tables[.nl] = nil
    #expect(
      Self.lint(tables: tables, missingTables: [.nl: "not a valid .strings file: oops"]) == [
        "Localizations/nl.lproj/Localizable.strings: not a valid .strings file: oops"
      ])
  }

  @Test("problems come out in the same order every time")
  func deterministic() {
    var tables = Self.completeTables()
    for language in Language.allCases { tables[language]?["whatsNew.orphan.\(language.rawValue)"] = "x" }
    let files = ["2.13.1.json": Self.release, "2.9.0.json": releaseFile("2.9.0"), "2.10.0.json": releaseFile("2.10.0")]
    let first = Self.lint(files: files, tables: tables)
    for _ in 0..<5 { #expect(Self.lint(files: files, tables: tables) == first) }
    let unlisted = first.filter { $0.hasSuffix("not listed in manifest.json; add it to load it") }
    #expect(
      unlisted == [
        "Releases/2.9.0.json: not listed in manifest.json; add it to load it",
        "Releases/2.10.0.json: not listed in manifest.json; add it to load it",
      ])
  }

  static let choiceRelease = bytes(
    #"""
    {"version": "2.13.1", "pages": [{"id": "p", "blocks": [
      {"id": "b", "type": "info", "titleKey": "whatsNew.v2_13_1.p.b.title", "descriptionKey": "whatsNew.v2_13_1.p.b.description"},
      {"id": "u", "type": "choice", "setting": "units", "titleKey": "whatsNew.v2_13_1.p.b.title", "options": [
        {"value": "metric", "labelKey": "whatsNew.v2_13_1.p.u.metric"},
        {"value": "imperial", "labelKey": "whatsNew.v2_13_1.p.u.imperial"}]}
    ]}]}
    """#)

  /// Tables where every option label says what its value's name says, but Dutch labels
  /// imperial `dutchImperialLabel`.
  static func choiceTables(dutchImperialLabel: String) -> [Language: TranslationTable] {
    var tables = Self.completeTables().mapValues { table in
      TranslationTable(
        table.entries.merging([
          "whatsNew.v2_13_1.p.u.metric": "Metric", "whatsNew.v2_13_1.p.u.imperial": "Imperial",
          "ui.value.units.metric": "Metric", "ui.value.units.imperial": "Imperial",
        ]) { _, new in new })
    }
    tables[.nl] = TranslationTable(
      tables[.nl]!.entries.merging(["whatsNew.v2_13_1.p.u.imperial": dutchImperialLabel]) { _, new in new })
    return tables
  }

  @Test("an option label that differs from its value's name is a problem in that language only")
  func optionLabels() {
    let files = ["2.13.1.json": Self.choiceRelease]
    #expect(Self.lint(files: files, tables: Self.choiceTables(dutchImperialLabel: "Imperial")) == [])
    #expect(
      Self.lint(files: files, tables: Self.choiceTables(dutchImperialLabel: "Imperiaal (lb, mi)")) == [
        "Localizations/nl.lproj/2.13.1.strings: whatsNew.v2_13_1.p.u.imperial: the Nederlands label \"Imperiaal (lb, mi)\" "
          + "(Releases/2.13.1.json, pages[0].blocks[1].options[1].labelKey) differs from the name of units = imperial, "
          + "\"Imperial\" (ui.value.units.imperial): an option has one name on the page, in the confirmation and on the "
          + "settings screen; make the two say the same"
      ])
  }

  @Test("lint prints file:line:column: error|warning:, a table problem at its key's line")
  func compilerStyle() throws {
    var tables = Self.completeTables()
    tables[.es]?["whatsNew.orphan.x"] = "x"
    tables[.nl]?["whatsNew.v2_13_1.p.b.title"] = nil
    let spanish = "/* Spanish */\n\n\"whatsNew.v2_13_1.p.b.title\" = \"es\";\n  \"whatsNew.orphan.x\" = \"x\";\n"
    let release = bytes(
      "{\"version\": \"2.13.1\", \"extra\": 1, \"pages\": [{\"id\": \"p\", \"blocks\": [\n"
        + "  {\"id\": \"b\", \"type\": \"info\", \"titleKey\": \"whatsNew.v2_13_1.p.b.title\", \"icon\": \"sparkels\",\n"
        + "   \"descriptionKey\": \"whatsNew.v2_13_1.p.b.description\"}\n]}]}")
    let problems = ContentLinter.lint(
      manifest: Self.manifest, releaseFiles: ["2.13.1.json": release], releasesDisplayDirectory: "Releases", tables: tables,
      missingTables: [:], requiredUIKeys: ["ui.done"], localizationsDisplayDirectory: "Localizations",
      tableSources: [.es: bytes(spanish)])
    // One table a language here, release keys and all: where keys belong is misplaced-key's own test.
    #expect(
      problems.filter { $0.rule != .misplacedKey }.map(\.compilerStyle) == [
        "Releases/2.13.1.json:1:23: error: extra: unknown field 'extra'; field dropped, release kept",
        "Releases/2.13.1.json:2:81: error: pages[0].blocks[0].icon: unknown icon 'sparkels' (did you mean 'sparkles'?); "
          + "icon dropped, block kept",
        "Localizations/nl.lproj/2.13.1.strings:1:1: error: whatsNew.v2_13_1.p.b.title: missing Nederlands translation "
          + "(used by Releases/2.13.1.json)",
        "Localizations/es.lproj/Localizable.strings:4:3: warning: whatsNew.orphan.x: orphan key: not in the English table; "
          + "remove it or add it to English",
      ])
  }

  @Test("a table's syntax error is at the line it names")
  func syntaxErrorLine() {
    #expect(
      ContentLinter.syntaxErrorPosition(in: "x.strings: not a valid .strings file: Missing ';' on line 3")
        == SourcePosition(line: 3, column: 1))
    #expect(ContentLinter.syntaxErrorPosition(in: "the table is missing") == .start)
  }

  @Test("a release's own version with build metadata is refused: in the manifest, and in the file")
  func buildMetadata() {
    let problems = Self.lint(
      manifest: bytes(#"{"releases": ["2.13.1", "2.14.0+build.5"]}"#),
      files: ["2.13.1.json": Self.release, "2.14.0+build.5.json": releaseFile("2.14.0+build.5")])
    #expect(
      problems.contains {
        $0.hasPrefix(
          "Releases/manifest.json: releases[1]: 2.14.0+build.5 has build metadata (+build.5), which a release's version cannot have"
        )
          && $0.contains("use 2.14.0")
      }, "\(problems)")
    #expect(
      problems.contains { $0.hasPrefix("Releases/2.14.0+build.5.json: version: 2.14.0+build.5 has build metadata") },
      "\(problems)")
  }

  @Test("a pre-release left on its final version's keys is named: the app reads no table for them")
  func keysOfNoRelease() {
    // 2.13.1-rc.1's file still uses 2.13.1's keys: the tables hold them, but no registered release owns them.
    let release = bytes(
      String(decoding: Self.release, as: UTF8.self).replacingOccurrences(of: #""2.13.1""#, with: #""2.13.1-rc.1""#))
    let (app, releases) = ReleaseTableSplit.split(Self.completeTables())
    let problems = ContentLinter.lint(
      manifest: bytes(#"{"releases": ["2.13.1-rc.1"]}"#), releaseFiles: ["2.13.1-rc.1.json": release],
      releasesDisplayDirectory: "Releases", tables: app, missingTables: [:], requiredUIKeys: ["ui.done"],
      localizationsDisplayDirectory: "Localizations", releaseTables: releases)
    #expect(
      problems.map(\.description) == [
        "Releases/2.13.1-rc.1.json: whatsNew.v2_13_1.p.b.title: this and 1 more keys start with whatsNew.v2_13_1, which "
          + "names no registered release: the app never reads their table, and their blocks show nothing; this "
          + "release's keys start with whatsNew.v2_13_1-rc_1, in its own table"
      ])
    // Named at the first of them in the file: line 2, inside the key's quotes.
    #expect(problems.first?.position == SourcePosition(line: 2, column: 44))
    #expect(problems.first?.rule == .keyOfNoRelease)
    #expect(Self.lint().isEmpty)
  }

  @Test("a file's problems come in line order, whatever the order of their keys")
  func lineOrder() {
    // Two Dutch keys English lacks, in the table in the other order than their names.
    var tables = Self.completeTables()
    tables[.nl] = TranslationTable(["ui.done": "klaar", "z.late": "x", "a.early": "y"])
    let problems = ContentLinter.lint(
      manifest: Self.manifest, releaseFiles: ["2.13.1.json": Self.release], releasesDisplayDirectory: "Releases",
      tables: tables, missingTables: [:], requiredUIKeys: ["ui.done"], localizationsDisplayDirectory: "Localizations",
      tableSources: [.nl: bytes("\"ui.done\" = \"klaar\";\n\"z.late\" = \"x\";\n\"a.early\" = \"y\";\n")]
    ).filter { $0.file == "Localizations/nl.lproj/Localizable.strings" && $0.position.line > 1 }
    #expect(problems.map(\.path) == ["z.late", "a.early"], "\(problems)")
  }
}

@Suite("Where each key lives: misplaced-key")
struct MisplacedKeyTests {
  /// Lints the linter tests' content with each language's tables as given: the app's own, and per release.
  static func lint(app: [Language: [String: String]], releases: [Language: [String: [String: String]]]) -> [String] {
    ContentLinter.lint(
      manifest: LinterTests.manifest, releaseFiles: ["2.13.1.json": LinterTests.release], releasesDisplayDirectory: "Releases",
      tables: app.mapValues(TranslationTable.init), missingTables: [:], requiredUIKeys: ["ui.done"],
      localizationsDisplayDirectory: "Localizations",
      releaseTables: releases.mapValues { $0.mapValues(TranslationTable.init) }
    ).filter { $0.rule == .misplacedKey }.map(\.description)
  }

  static let english = LinterTests.completeTables()[.en]!.entries
  static var own: [String: String] { english.filter { !$0.key.hasPrefix("whatsNew.") } }
  static var release: [String: String] { english.filter { $0.key.hasPrefix("whatsNew.v2_13_1.") } }

  enum Placement: String, CaseIterable, Sendable {
    case asShipped, releaseKeyInAppTable, releaseKeyInAnotherRelease, appKeyInReleaseTable

    /// English's files by name; and the key that is misplaced, where it is, and where it belongs.
    var files: (files: [String: [String: String]], moved: (key: String, in: String, belongs: String)?) {
      let own = MisplacedKeyTests.own
      let release = MisplacedKeyTests.release
      let title = "whatsNew.v2_13_1.p.b.title"
      switch self {
      case .asShipped: return (["Localizable.strings": own, "2.13.1.strings": release], nil)
      case .releaseKeyInAppTable:
        return (
          [
            "Localizable.strings": own.merging([title: release[title]!]) { a, _ in a },
            "2.13.1.strings": release.filter { $0.key != title },
          ],
          (title, "Localizable.strings", "2.13.1.strings")
        )
      case .releaseKeyInAnotherRelease:
        return (
          [
            "Localizable.strings": own, "2.12.0.strings": [title: release[title]!],
            "2.13.1.strings": release.filter { $0.key != title },
          ],
          (title, "2.12.0.strings", "2.13.1.strings")
        )
      case .appKeyInReleaseTable:
        return (
          [
            "Localizable.strings": own.filter { $0.key != "ui.done" },
            "2.13.1.strings": release.merging(["ui.done": "Done"]) { a, _ in a },
          ],
          ("ui.done", "2.13.1.strings", "Localizable.strings")
        )
      }
    }
  }

  @Test(
    "a key in another table than its own is an error at the file it is in, naming the file it belongs in",
    arguments: Placement.allCases)
  func misplaced(placement: Placement) {
    var (files, moved) = placement.files
    let app = files.removeValue(forKey: "Localizable.strings") ?? [:]
    let problems = Self.lint(app: [.en: app], releases: [.en: files])
    guard let moved else { return #expect(problems == []) }
    #expect(
      problems == [
        "Localizations/en.lproj/\(moved.in): \(moved.key): misplaced key: it belongs in Localizations/en.lproj/\(moved.belongs) ("
          + (moved.belongs == "Localizable.strings"
            ? "the app's own table: the app reads its own texts only from there"
            : "its release's own table: the app reads a release's texts only from that release's table")
          + "); move the entry there"
      ])
  }
}
