import Foundation
import TestSupport
import Testing

/// `whatsnew new-release` as an author runs it, on a temporary copy of the content.
@Suite("new-release, through the built binary")
struct NewReleaseBinaryTests {
  @Test("new-release writes, lint lists the 10 texts left and fails, then passes once they are written")
  func newReleaseThenLint() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-new-release-e2e")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: directory.path("Releases"))
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: directory.path("Localizations"))
    let content = ["--releases", directory.path("Releases"), "--localizations", directory.path("Localizations")]

    let created = try runWhatsNew(["new-release", "2.16.0"] + content)
    #expect(created.status == 0, "\(created.error)")
    #expect(created.output.hasPrefix("wrote \(directory.path("Releases"))/2.16.0.json"), "\(created.output)")
    #expect(created.output.contains("next:"))

    let again = try runWhatsNew(["new-release", "2.16.0"] + content)
    #expect(again.status == 65)
    #expect(again.error.contains("2.16.0 is already registered in manifest.json"), "\(again.error)")

    let bad = try runWhatsNew(["new-release", "v2.16"] + content)
    #expect(bad.status == 64)

    let lint = try runWhatsNew(["lint"] + content)
    #expect(lint.status == 65)
    let problems = lint.output.split(separator: "\n").dropLast()
    #expect(problems.count == 10, "\(lint.output)")
    #expect(problems.allSatisfy { $0.contains(": untranslated ") && $0.contains("whatsNew.v2_16_0.highlights.intro.") })
    #expect(lint.output.split(separator: "\n").last?.hasPrefix("lint: 10 problems") == true, "\(lint.output)")

    let flow = try runWhatsNew(["flow", "--seen", "2.15.0"] + content)
    #expect(
      flow.output.contains(
        "2 releases newer than the app version 2.14.0 are not shown (2.15.0, 2.16.0): pass --app-version 2.16.0 to include them."),
      "\(flow.output)")

    for directoryName in ["en.lproj", "es.lproj", "nl.lproj", "pt-BR.lproj", "ru.lproj"] {
      let path = directory.path("Localizations/\(directoryName)/2.16.0.strings")
      let text = try String(contentsOfFile: path, encoding: .utf8)
        .replacingOccurrences(of: "TODO: the title of the 2.16.0 highlights page", with: "Plates")
        .replacingOccurrences(of: "TODO: one or two sentences on what changed in 2.16.0", with: "Count plates.")
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
    let clean = try runWhatsNew(["lint"] + content)
    #expect(clean.status == 0, "\(clean.output)")
    let shown = try runWhatsNew(["flow", "--seen", "2.15.0", "--app-version", "2.16.0", "--json"] + content)
    #expect(
      shown.output == #"{"pages":[{"release":"2.16.0","page":"highlights","blocks":["intro"]}],"newerReleases":[],"leftOut":[]}"#
        + "\n")
  }

  @Test("a version with build metadata is refused, naming what to use instead, and nothing is written")
  func buildMetadataRefused() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-new-release-build")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: directory.path("Releases"))
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: directory.path("Localizations"))
    let content = ["--releases", directory.path("Releases"), "--localizations", directory.path("Localizations")]
    let manifest = try Data(contentsOf: URL(fileURLWithPath: directory.path("Releases/manifest.json")))

    let refused = try runWhatsNew(["new-release", "2.17.0+build.5"] + content)
    #expect(refused.status == 64)
    #expect(refused.error.contains("without build metadata (2.17.0, or a pre-release such as 2.17.0-rc.1)"), "\(refused.error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("Releases/manifest.json"))) == manifest)
    #expect(!FileManager.default.fileExists(atPath: directory.path("Releases/2.17.0+build.5.json")))
    #expect(!FileManager.default.fileExists(atPath: directory.path("Localizations/en.lproj/2.17.0+build.5.strings")))
    // The version it named instead is free.
    #expect(try runWhatsNew(["new-release", "2.17.0"] + content).status == 0)
  }

  @Test("ten new-release runs at once each register their version: the manifest and every table hold all ten")
  func concurrentRuns() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-new-release-race")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: directory.path("Releases"))
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: directory.path("Localizations"))
    let content = ["--releases", directory.path("Releases"), "--localizations", directory.path("Localizations")]
    let versions = (0..<10).map { "3.\($0).0" }
    var environment = ProcessInfo.processInfo.environment
    environment["LANG"] = "C.UTF-8"
    let children = try versions.map { version in
      try PipedProcess(RepositoryPaths.executable, ["new-release", version] + content, environment: environment)
    }
    for (version, child) in zip(versions, children) {
      try? child.input.close()
      let output = String(decoding: child.output.readDataToEndOfFile(), as: UTF8.self)
      let error = String(decoding: child.error.readDataToEndOfFile(), as: UTF8.self)
      child.process.waitUntilExit()
      #expect(child.process.terminationStatus == 0, "\(version): \(error)")
      #expect(output.contains("registered \(version) in"), "\(version): \(output)")
    }
    let manifest = try String(contentsOfFile: directory.path("Releases/manifest.json"), encoding: .utf8)
    for version in versions { #expect(manifest.contains("\"\(version)\""), "\(version) in \(manifest)") }
    for name in ["en.lproj", "es.lproj", "nl.lproj", "pt-BR.lproj", "ru.lproj"] {
      for version in versions {
        let table = try String(contentsOfFile: directory.path("Localizations/\(name)/\(version).strings"), encoding: .utf8)
        let keys = ["title", "description"].map {
          "whatsNew.v\(version.replacingOccurrences(of: ".", with: "_")).highlights.intro.\($0)"
        }
        #expect(keys.filter { !table.contains("\"\($0)\"") } == [], "\(name)/\(version).strings holds its 2 keys")
      }
    }
    let lint = try runWhatsNew(["lint"] + content)
    #expect(lint.output.split(separator: "\n").last?.hasPrefix("lint: 100 problems") == true, "\(lint.output)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path("Releases")).filter { $0.hasPrefix(".") } == [],
      "no lock or temporary file left")
  }
}

/// A subcommand whose output cannot be written says so and fails (issue 21: `lint` and
/// `flow` into `/dev/full` exited 0 and said nothing).
@Suite("Output that cannot be written")
struct UnwritableOutputTests {
  @Test(
    "into /dev/full it exits 74 and says on stderr what was lost and what to do",
    arguments: [
      (["lint"], "the lint report"), (["lint", "--format", "json"], "the lint report"),
      (["flow", "--seen", "none"], "the flow"), (["flow", "--seen", "2.11.0", "--json"], "the flow"),
      (["schema"], "the schema"), (["--version"], "the version"),
    ])
  func devFull(arguments: [String], what: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: RepositoryPaths.executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: RepositoryPaths.root)
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
    process.environment = environment
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let error = Pipe()
    process.standardOutput = full
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74, "\(message)")
    #expect(
      message
        == "whatsnew: cannot write \(what) to standard output: No space left on device; the output is lost: "
        + "send it to a file or a pipe that can take it, and run the command again\n")
  }
}
