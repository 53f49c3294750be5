import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// `whatsnew new-release`, in process, on a temporary copy of the shipped content.
@Suite("new-release: a release to start from, with lint listing exactly what is left")
struct NewReleaseTests {
  /// A copy of `Releases/` and `Localizations/` in a fresh temporary directory.
  static func copy() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(prefix: "whatsnew-new-release")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: directory.path("Releases"))
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: directory.path("Localizations"))
    return directory
  }

  static func command(_ directory: TemporaryDirectory, _ version: String) -> NewRelease {
    NewRelease(
      version: Version(version)!, releasesDirectory: directory.path("Releases"),
      localizationsDirectory: directory.path("Localizations"))
  }

  /// What `whatsnew lint` reports on the directory.
  static func lint(_ directory: TemporaryDirectory) throws -> [LintProblem] {
    let files = try ContentLibrary.readFiles(
      releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"))
    return ContentLinter.lint(
      manifest: files.manifest, releaseFiles: files.releaseFiles, releasesDisplayDirectory: "Releases", tables: files.tables,
      missingTables: files.unreadableTables, requiredUIKeys: UIStrings.requiredKeys,
      localizationsDisplayDirectory: "Localizations")
  }

  @Test("lint then lists exactly the new keys in all five languages, as untranslated; written, lint is clean")
  func lintListsExactlyTheNewTexts() throws {
    let directory = try Self.copy()
    #expect(try Self.lint(directory) == [], "the shipped content is clean to start with")
    let outcome = try Self.command(directory, "2.16.0").run()
    #expect(outcome.keys == ["whatsNew.v2_16_0.highlights.intro.title", "whatsNew.v2_16_0.highlights.intro.description"])
    let problems = try Self.lint(directory)
    let expected = Language.allCases.flatMap { language in
      outcome.keys.sorted().map { key in
        LintProblem(
          file: "Localizations/\(language.directoryName)/Localizable.strings", path: key,
          message:
            "untranslated \(language.nativeName) text (used by Releases/2.16.0.json): replace the TODO text with the real one")
      }
    }
    #expect(problems == expected)

    // The release loads, registered, with its one page.
    let content = try ContentLibrary.load(
      releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"))
    #expect(content.releases.last?.version == Version("2.16.0"))
    #expect(content.releases.last?.pages.map(\.id) == ["highlights"])
    #expect(content.diagnostics == [])

    // Writing the texts makes lint clean.
    for language in Language.allCases {
      let path = directory.path("Localizations/\(language.directoryName)/Localizable.strings")
      var text = try String(contentsOfFile: path, encoding: .utf8)
      text = text.replacingOccurrences(of: "TODO: the title of the 2.16.0 highlights page", with: "Plate calculator")
      text = text.replacingOccurrences(
        of: "TODO: one or two sentences on what changed in 2.16.0", with: "It works out the plates.")
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    #expect(try Self.lint(directory) == [])
  }

  @Test("the manifest gets the version in order, and the report says what was written and what to do")
  func manifestAndReport() throws {
    let directory = try Self.copy()
    let outcome = try Self.command(directory, "2.14.1").run()
    let manifest = try String(contentsOfFile: directory.path("Releases/manifest.json"), encoding: .utf8)
    #expect(manifest == #"{"releases": ["2.11.0", "2.12.0", "2.13.1", "2.14.0", "2.14.1", "2.15.0"]}"# + "\n")
    let report = NewRelease.report(outcome, version: Version("2.14.1")!)
    #expect(report.contains("wrote \(directory.path("Releases/2.14.1.json"))"))
    #expect(report.contains("registered 2.14.1 in \(directory.path("Releases/manifest.json"))"))
    #expect(report.contains("added 2 keys marked TODO to 5 tables:"))
    #expect(report.contains("note: 2.15.0 is registered and newer; users on 2.15.0 or later never see 2.14.1"))
    #expect(report.contains("whatsnew flow --seen 2.14.0 --app-version 2.14.1"))
    #expect(report.split(separator: "\n").allSatisfy { !$0.hasPrefix("  3.") || $0.count < 100 })
  }

  enum Setup: String, CaseIterable, Sendable {
    case registered, fileExists, danglingLinkAtRelease, manifestMissing, manifestIsLink, tableIsLink, tableMissing,
      keyExists, manifestBroken
  }

  @Test("it refuses, and writes nothing, when", arguments: Setup.allCases)
  func refuses(setup: Setup) throws {
    let directory = try Self.copy()
    let fileManager = FileManager.default
    var version = "2.16.0"
    let manifest = directory.path("Releases/manifest.json")
    let russian = directory.path("Localizations/ru.lproj/Localizable.strings")
    switch setup {
    case .registered: version = "2.15.0"
    case .fileExists: try Data("{}".utf8).write(to: URL(fileURLWithPath: directory.path("Releases/2.16.0.json")))
    case .danglingLinkAtRelease:
      try fileManager.createSymbolicLink(atPath: directory.path("Releases/2.16.0.json"), withDestinationPath: "/nonexistent")
    case .manifestMissing: try fileManager.removeItem(atPath: manifest)
    case .manifestIsLink:
      try fileManager.moveItem(atPath: manifest, toPath: directory.path("real-manifest.json"))
      try fileManager.createSymbolicLink(atPath: manifest, withDestinationPath: directory.path("real-manifest.json"))
    case .tableIsLink:
      try fileManager.moveItem(atPath: russian, toPath: directory.path("ru.strings"))
      try fileManager.createSymbolicLink(atPath: russian, withDestinationPath: directory.path("ru.strings"))
    case .tableMissing: try fileManager.removeItem(atPath: russian)
    case .keyExists:
      let text = try String(contentsOfFile: russian, encoding: .utf8)
      try (text + "\n\"whatsNew.v2_16_0.highlights.intro.title\" = \"x\";\n").write(
        toFile: russian, atomically: false, encoding: .utf8)
    case .manifestBroken: try Data(#"{"releases": ["2.11.0",]"#.utf8).write(to: URL(fileURLWithPath: manifest))
    }
    let before = try Self.snapshot(directory)
    #expect(throws: NewRelease.Failure.self) { try Self.command(directory, version).run() }
    #expect(try Self.snapshot(directory) == before, "nothing changed")
  }

  /// Every file under the directory (links as their targets' names) and its bytes.
  static func snapshot(_ directory: TemporaryDirectory) throws -> [String: String] {
    var result: [String: String] = [:]
    let fileManager = FileManager.default
    for name in try fileManager.subpathsOfDirectory(atPath: directory.path) {
      let path = directory.path(name)
      if let destination = try? fileManager.destinationOfSymbolicLink(atPath: path) {
        result[name] = "-> " + destination
      } else if let data = fileManager.contents(atPath: path) {
        result[name] = data.base64EncodedString()
      }
    }
    return result
  }

  @Test(
    "the command line takes new-release <version>, and refuses a bad one as a usage error",
    arguments: [
      (["new-release", "2.16.0"], nil), (["new-release", "2.16"], "invalid value '2.16' for 'new-release'"),
      (["new-release"], "'new-release' needs a VERSION argument (for example: whatsnew new-release 2.16.0)"),
      (["new-release", "2.16.0", "2.17.0"], "unexpected argument '2.17.0'"),
    ] as [([String], String?)])
  func options(arguments: [String], expected: String?) {
    do {
      let options = try Options.parse(arguments, environment: [:])
      #expect(expected == nil)
      #expect(options.subcommand == .newRelease(version: Version("2.16.0")!))
    } catch {
      #expect(error.description.hasPrefix(expected ?? "no error"), "\(error)")
    }
  }
}
