import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// The app's English has one source, the English table (`en.lproj/Localizable.strings`; the
/// store's messages excepted, written once in ``StoreMessages``): the keys every language must
/// translate come from it, and nothing starts without it.
@Suite("The app's English")
struct EnglishTableTests {
  /// A copy of `Releases/` and `Localizations/` in a fresh temporary directory.
  static func copy() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(prefix: "whatsnew-english")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: directory.path("Releases"))
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: directory.path("Localizations"))
    return directory
  }

  /// `language`'s `Localizable.strings` in `directory`.
  static func tablePath(_ directory: TemporaryDirectory, _ language: Language) -> String {
    directory.path("Localizations/\(language.directoryName)/\(ContentLibrary.tableFileName)")
  }

  /// Removes `key`'s entry from `language`'s `Localizable.strings` in `directory`.
  static func remove(_ key: String, from language: Language, in directory: TemporaryDirectory) throws {
    let path = tablePath(directory, language)
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let kept = lines.filter { !$0.hasPrefix("\"\(key)\" = ") }
    #expect(kept.count == lines.count - 1, "\(language.rawValue) had one entry for \(key)")
    try kept.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  @Test("the English table does not write the store's messages again: the store's English is their one copy")
  func storeMessagesWrittenOnce() throws {
    let english = try ShippedTables.english
    #expect(!StoreMessages.english.isEmpty)
    #expect(english.keys.filter { StoreMessages.english[$0] != nil } == [])
    #expect(english.keys.filter { $0.hasPrefix("store.") } == [], "a store key is the store's to write")
  }

  @Test("the required keys are the English table's, the store's messages' and every setting's name and value names")
  func requiredKeys() throws {
    let english = try ShippedTables.english
    var vocabulary: Set<String> = []
    for setting in Setting.allCases {
      vocabulary.insert("ui.setting.\(setting.rawValue).title")
      for value in setting.kind.values { vocabulary.insert("ui.value.\(setting.rawValue).\(value)") }
    }
    #expect(SettingTexts.keys == vocabulary)
    let expected = Set(english.keys).union(StoreMessages.english.keys).union(vocabulary)
    #expect(EnglishTable.requiredKeys(english: english) == expected)
    // A key English does not have yet is still required when the vocabulary has it.
    #expect(EnglishTable.requiredKeys(english: [:]) == Set(StoreMessages.english.keys).union(vocabulary))
  }

  @Test("every app key of the English table is one the code names: its literal, or a prefix the code completes")
  func noKeyWithoutCode() throws {
    let english = try ShippedTables.english
    // Every string literal of the app and the core that starts like a key, and the prefixes the
    // code completes with a name: `"ui.help." + command`, `"ui.screen.\(rawValue).title"`.
    var literals: Set<String> = []
    var prefixes: Set<String> = []
    for module in ["WhatsNewApp", "WhatsNewCore"] {
      let directory = RepositoryPaths.root + "/Sources/" + module
      for case let file as String in FileManager.default.enumerator(atPath: directory)! where file.hasSuffix(".swift") {
        let source = try String(contentsOfFile: directory + "/" + file, encoding: .utf8)
        for piece in source.split(separator: "\"", omittingEmptySubsequences: false).dropFirst()
        where piece.hasPrefix("ui.") || piece.hasPrefix("guidance.") {
          let head = piece.prefix { $0 != "\\" }
          if head.count < piece.count || head.hasSuffix(".") {
            prefixes.insert(String(head))
          } else {
            literals.insert(String(piece))
          }
        }
      }
    }
    // A prefix names keys only two words deep or more: a bare `ui.` names nothing.
    prefixes = prefixes.filter { $0.split(separator: ".").count >= 2 }
    let guidance = Set(GuidanceCatalog.stringKeys + ScreenRenderer.anchors.values.flatMap { $0.map { "guidance.anchor." + $0 } })
    let unnamed = english.keys.filter { key in
      !literals.contains(key) && !SettingTexts.keys.contains(key) && !guidance.contains(key)
        && !prefixes.contains { key.hasPrefix($0) }
    }
    #expect(unnamed.sorted() == [], "keys no code uses")
  }

  @Test("lint names each language that lacks a key: the English table's, the store's, or a setting's")
  func lintNamesTheLanguage() throws {
    let directory = try Self.copy()
    try Self.remove("ui.help.next", from: .nl, in: directory)
    try Self.remove("store.busy", from: .ru, in: directory)
    // A setting's name is required of every language even when English lacks it too.
    try Self.remove("ui.setting.units.title", from: .en, in: directory)
    try Self.remove("ui.setting.units.title", from: .es, in: directory)
    let files = try ContentLibrary.readFiles(
      releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"))
    let missing = files.lint(releasesDisplayDirectory: "Releases", localizationsDisplayDirectory: "Localizations")
      .filter { $0.rule == .missingTranslation }.map(\.compilerStyle)
    let table = { (language: Language) in "Localizations/\(language.directoryName)/Localizable.strings" }
    #expect(
      missing == [
        "\(table(.en)):1:1: error: ui.setting.units.title: missing English translation (required by the app)",
        "\(table(.es)):1:1: error: ui.setting.units.title: missing Español translation (required by the app)",
        "\(table(.nl)):1:1: error: ui.help.next: missing Nederlands translation (required by the app)",
        "\(table(.ru)):1:1: error: store.busy: missing Русский translation (required by the app)",
      ], "\(missing)")
  }

  @Test("the shipped content lints clean against the English table and the store's messages")
  func shippedContentLintsClean() throws {
    let files = try ContentLibrary.readFiles(
      releasesDirectory: RepositoryPaths.releases, localizationsDirectory: RepositoryPaths.localizations)
    #expect(files.lint(releasesDisplayDirectory: "Releases", localizationsDisplayDirectory: "Localizations") == [])
  }

  @Test("lint holds a translation of a store message to the store's English: the arguments it fills in")
  func lintChecksStoreMessages() throws {
    let directory = try Self.copy()
    let path = Self.tablePath(directory, .es)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("\"store.busy\" = ") })
    try text.replacingOccurrences(of: line, with: "\"store.busy\" = \"el almacén %1$@ está ocupado\";")
      .write(toFile: path, atomically: true, encoding: .utf8)
    let files = try ContentLibrary.readFiles(
      releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"))
    let problems = files.lint(releasesDisplayDirectory: "Releases", localizationsDisplayDirectory: "Localizations")
    #expect(problems.map(\.rule) == [.placeholders], "\(problems)")
    #expect(problems.first?.path == "store.busy")
  }

  @Test(
    "a start without the English table is refused, naming the file and what to do: 66 when it is missing or cannot be read",
    arguments: ["missing", "directory"])
  func missingEnglish(kind: String) throws {
    let directory = try Self.copy()
    let path = Self.tablePath(directory, .en)
    try FileManager.default.removeItem(atPath: path)
    if kind == "directory" { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
    for load in Self.loads(directory) {
      do {
        _ = try load()
        Issue.record("the content loaded without English")
      } catch {
        let error = try #require(error as? ContentError)
        #expect(error.exitStatus == 66)
        let reason = kind == "missing" ? "No such file or directory" : "it is a directory, not a regular file"
        #expect(
          error.description
            == "cannot read the English texts: \(path): cannot be read: \(reason) (the app's English is written only there: "
            + "put the file back, or pass --localizations DIR with an en.lproj/Localizable.strings in it)")
      }
    }
  }

  @Test("a start with an English table that does not parse is refused, naming its line and what to do: 65")
  func brokenEnglish() throws {
    let directory = try Self.copy()
    let path = Self.tablePath(directory, .en)
    try "/* English */\n\"ui.done\" = \"Done\";\n\"ui.next\" = \"Next\"\n\"ui.back\" = \"Back\";\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    for load in Self.loads(directory) {
      do {
        _ = try load()
        Issue.record("the content loaded with a broken English table")
      } catch {
        let error = try #require(error as? ContentError)
        #expect(error.exitStatus == 65)
        #expect(
          error.description
            == "cannot read the English texts: \(path): not a valid .strings file: missing ';' on line 4; each entry should "
            + "look like \"key\" = \"text\"; (the app's English is written only there: fix the file; whatsnew lint names "
            + "the place)")
      }
    }
  }

  /// Every way the app reads its content: a start (`open`), `--dev` and `flow` (`load`), parsed or from the cache.
  static func loads(_ directory: TemporaryDirectory) -> [() throws -> ContentLibrary] {
    let releases = directory.path("Releases")
    let localizations = directory.path("Localizations")
    let cache = TranslationCache(directory: directory.path("cache"))
    return [
      { try ContentLibrary.open(releasesDirectory: releases, localizationsDirectory: localizations) },
      { try ContentLibrary.open(releasesDirectory: releases, localizationsDirectory: localizations, cache: cache) },
      { try ContentLibrary.load(releasesDirectory: releases, localizationsDirectory: localizations) },
    ]
  }
}
