import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

@testable import WhatsNewApp
@testable import WhatsNewCore

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
    return files.lint(releasesDisplayDirectory: "Releases", localizationsDisplayDirectory: "Localizations")
  }

  @Test("a pre-release: its file, its keys under their own prefix, sorted before its release in the manifest; it loads")
  func preRelease() throws {
    let directory = try Self.copy()
    let outcome = try Self.command(directory, "2.16.0-beta.1").run()
    #expect(
      outcome.keys == ["whatsNew.v2_16_0-beta_1.highlights.intro.title", "whatsNew.v2_16_0-beta_1.highlights.intro.description"])
    _ = try Self.command(directory, "2.16.0").run()
    let manifest = try String(contentsOfFile: directory.path("Releases/manifest.json"), encoding: .utf8)
    let beta = try #require(manifest.range(of: "\"2.16.0-beta.1\""))
    let release = try #require(manifest.range(of: "\"2.16.0\""))
    #expect(beta.lowerBound < release.lowerBound, "\(manifest)")
    // Only the untranslated texts are left: the keys of the beta are the beta file's, no orphans.
    #expect(try Self.lint(directory).allSatisfy { $0.message.contains("untranslated") })
    let content = try ContentLibrary.load(
      releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"))
    #expect(content.releases.suffix(2).map(\.version.description) == ["2.16.0-beta.1", "2.16.0"])
    #expect(content.diagnostics == [])
    // A beta user sees the beta's page, a user of the release the release's.
    let beta1 = selectFlow(releases: content.releases, seenThrough: Version("2.15.0"), current: Version("2.16.0-beta.1")!)
    #expect(beta1.map(\.release.description) == ["2.16.0-beta.1"])
  }

  @Test("lint then lists exactly the new keys in all five languages, as untranslated; written, lint is clean")
  func lintListsExactlyTheNewTexts() throws {
    let directory = try Self.copy()
    #expect(try Self.lint(directory) == [], "the shipped content is clean to start with")
    let outcome = try Self.command(directory, "2.16.0").run()
    #expect(outcome.keys == ["whatsNew.v2_16_0.highlights.intro.title", "whatsNew.v2_16_0.highlights.intro.description"])
    let problems = try Self.lint(directory)
    // In each table's line order: title, then description.
    let expected = Language.allCases.flatMap { language in
      outcome.keys.map { key in
        LintProblem(
          file: "Localizations/\(language.directoryName)/2.16.0.strings", path: key,
          message:
            "untranslated \(language.nativeName) text (used by Releases/2.16.0.json): replace the TODO text with the real one",
          rule: .untranslated,
          // Each at its entry in the new table: a comment, a blank line, the page's comment, then title and description.
          position: SourcePosition(line: key.hasSuffix(".title") ? 4 : 5, column: 1))
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
      let path = directory.path("Localizations/\(language.directoryName)/2.16.0.strings")
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
    let before = try String(contentsOfFile: directory.path("Releases/manifest.json"), encoding: .utf8)
    let outcome = try Self.command(directory, "2.14.1").run()
    let manifest = try String(contentsOfFile: directory.path("Releases/manifest.json"), encoding: .utf8)
    // The version goes in order; the rest of the manifest (its guidance rules) is kept as written.
    #expect(manifest == before.replacingOccurrences(of: #""2.14.0", "2.15.0""#, with: #""2.14.0", "2.14.1", "2.15.0""#))
    #expect(manifest != before)
    let report = NewRelease.report(outcome, version: Version("2.14.1")!)
    #expect(report.contains("wrote \(directory.path("Releases/2.14.1.json"))"))
    #expect(report.contains("registered 2.14.1 in \(directory.path("Releases/manifest.json"))"))
    #expect(report.contains("wrote the release's own table, 2 keys marked TODO, in 5 languages:"))
    #expect(report.contains(directory.path("Localizations/ru.lproj/2.14.1.strings")))
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
      // A link where the release's own table goes: new-release creates that file, never through a link.
      try fileManager.createSymbolicLink(
        atPath: directory.path("Localizations/ru.lproj/2.16.0.strings"), withDestinationPath: "/nonexistent")
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

/// `new-release` writes the release file, the tables and the manifest as one step.
@Suite("new-release: everything or nothing")
struct NewReleaseAllOrNothingTests {
  /// Where the injected failure strikes: the `n`th call (from 1) of one file-system call.
  enum Step: String, CaseIterable, Sendable {
    case releaseFileWrite, tableWrite, manifestWrite, keepingTheManifest, releaseFileLink, tableLink, manifestRename

    // The release file and the five tables are new files (named with `link`); only the
    // manifest is replaced (kept under a second name first, then renamed over).
    var call: (name: String, number: Int) {
      switch self {
      case .releaseFileWrite: ("create", 1)
      case .tableWrite: ("create", 4)
      case .manifestWrite: ("create", 7)
      case .keepingTheManifest: ("link", 1)
      case .releaseFileLink: ("link", 2)  // the manifest's second name, then the release file
      case .tableLink: ("link", 5)
      case .manifestRename: ("rename", 1)
      }
    }
  }

  /// Counts each call and fails the one `step` names with "No space left on device".
  final class FullDisk: Sendable {
    let step: Step
    let calls = Mutex<[String: Int]>([:])
    init(_ step: Step) { self.step = step }

    func fails(_ name: String) -> Bool {
      calls.withLock { calls in
        calls[name, default: 0] += 1
        return name == step.call.name && calls[name] == step.call.number
      }
    }

    var writes: FileWrites {
      let live = FileWrites.live
      return FileWrites(
        create: { self.fails("create") ? ENOSPC : live.create($0, $1) },
        rename: { self.fails("rename") ? ENOSPC : live.rename($0, $1) },
        link: { self.fails("link") ? ENOSPC : live.link($0, $1) },
        unlink: { live.unlink($0) })
    }
  }

  @Test("a write that fails at any step leaves every file as it was, says so, and a retry then works", arguments: Step.allCases)
  func failureLeavesNothing(step: Step) throws {
    let directory = try NewReleaseTests.copy()
    let before = try NewReleaseTests.snapshot(directory)
    var command = NewReleaseTests.command(directory, "2.16.0")
    command.writes = FullDisk(step).writes
    do {
      _ = try command.run()
      Issue.record("new-release succeeded although a write failed")
    } catch {
      guard case .writeFailed(_, let reason, let notRestored) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(reason == "No space left on device")
      #expect(notRestored == [])
      #expect(error.description.contains("nothing was written"), "\(error)")
      #expect(error.description.contains("run new-release again"), "\(error)")
    }
    #expect(try NewReleaseTests.snapshot(directory) == before, "no file changed, none left behind")
    let retried = try NewReleaseTests.command(directory, "2.16.0").run()
    #expect(retried.releaseFile == directory.path("Releases/2.16.0.json"))
  }
}

/// `new-release` runs on the same content take turns.
@Suite("new-release: one at a time")
struct NewReleaseLockTests {
  @Test("while another run holds the content's lock, it waits the time given, then says so and writes nothing")
  func busy() throws {
    let directory = try NewReleaseTests.copy()
    let before = try NewReleaseTests.snapshot(directory)
    let held = try ContentLock(directory: directory.path("Releases"), seconds: 0)
    var command = NewReleaseTests.command(directory, "2.16.0")
    command.lockWaitSeconds = 0.3
    #expect {
      try command.run()
    } throws: { error in
      let text = (error as? NewRelease.Failure)?.description ?? ""
      return text.contains("another new-release is writing to \(directory.path("Releases"))")
        && text.contains("nothing was written") && text.contains("--lock-wait")
    }
    held.release()
    #expect(try NewReleaseTests.snapshot(directory) == before, "the lock file went with its holder")
    #expect(try command.run().keys.count == 2, "free again, it runs")
  }
}

/// `new-release` reads content as `lint` and the app do, with the same verdicts.
@Suite("new-release: the same reader as lint")
struct NewReleaseReaderTests {
  @Test("a manifest field lint only warns about is kept, and the entry goes in version order")
  func commentInManifest() throws {
    let directory = try NewReleaseTests.copy()
    let manifest = directory.path("Releases/manifest.json")
    let text =
      "{\n  \"$comment\": \"shipped releases\",\n  \"releases\": [\"2.11.0\", \"2.12.0\", \"2.13.1\", \"2.14.0\", \"2.15.0\"]\n}\n"
    try text.write(toFile: manifest, atomically: false, encoding: .utf8)
    let problems = try NewReleaseTests.lint(directory)
    #expect(problems.map(\.severity) == [.warning], "lint only warns: \(problems)")
    _ = try NewReleaseTests.command(directory, "2.14.1").run()
    #expect(
      try String(contentsOfFile: manifest, encoding: .utf8)
        == text.replacingOccurrences(of: "\"2.15.0\"", with: "\"2.14.1\", \"2.15.0\""))
    _ = try NewReleaseTests.command(directory, "2.16.0").run()
    #expect(try String(contentsOfFile: manifest, encoding: .utf8).contains("\"2.15.0\", \"2.16.0\"]\n}\n"))
  }

  @Test("--releases may be a link to the directory, as for lint and the app")
  func releasesThroughALink() throws {
    let directory = try NewReleaseTests.copy()
    try FileManager.default.createSymbolicLink(atPath: directory.path("R"), withDestinationPath: directory.path("Releases"))
    let outcome = try NewRelease(
      version: Version("2.16.0")!, releasesDirectory: directory.path("R"),
      localizationsDirectory: directory.path("Localizations")
    ).run()
    #expect(outcome.keys.count == 2)
    #expect(FileManager.default.fileExists(atPath: directory.path("Releases/2.16.0.json")))
  }

  enum Oddity: String, CaseIterable, Sendable {
    case fifo, devZero, hugeManifest, hugeTable
  }

  @Test("a manifest or table lint cannot read is refused with lint's words, never read", arguments: Oddity.allCases)
  func unreadable(oddity: Oddity) throws {
    let directory = try NewReleaseTests.copy()
    let manifest = directory.path("Releases/manifest.json")
    let english = directory.path("Localizations/en.lproj/Localizable.strings")
    let reason: String
    switch oddity {
    case .fifo:
      try FileManager.default.removeItem(atPath: manifest)
      #expect(mkfifo(manifest, 0o644) == 0)
      reason = "it is a FIFO, not a regular file"
    case .devZero:
      try FileManager.default.removeItem(atPath: manifest)
      try FileManager.default.createSymbolicLink(atPath: manifest, withDestinationPath: "/dev/zero")
      reason = "it is a device, not a regular file"
    case .hugeManifest:
      #expect(truncate(manifest, 64 << 30) == 0)  // sparse: 64 GiB that take no space
      reason = "over the 1048576-byte (1 MiB) limit"
    case .hugeTable:
      #expect(truncate(english, 40 << 30) == 0)
      reason = "it is \(40 << 30) bytes, over the \(ContentLibrary.tableSizeLimit)-byte limit"
    }
    do {
      _ = try NewReleaseTests.command(directory, "2.16.0").run()
      Issue.record("new-release wrote into unreadable content")
    } catch {
      #expect(error.description.contains(reason), "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: directory.path("Releases/2.16.0.json")))
    let lint = try NewReleaseTests.lint(directory)
    #expect(lint.contains { $0.message.contains(reason) }, "lint says the same: \(lint)")
  }
}
