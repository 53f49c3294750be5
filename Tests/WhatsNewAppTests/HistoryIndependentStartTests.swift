import Foundation
import Synchronization
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// A start reads what its tour shows, not the release history (issue 24): with 1,000 releases
/// registered, a user one release behind makes the app read one release file and that
/// release's own tables, and nothing else of the history.
@Suite("A start independent of the release history")
@MainActor
struct HistoryIndependentStartTests {
  static let count = 1000
  static func version(_ index: Int) -> String { "5.0.\(index)" }

  /// `count` releases of one page each, with their English and Spanish tables, and the
  /// shipped `Localizable.strings` (the app's own texts).
  static func history() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(prefix: "whatsnew-history")
    let files = FileManager.default
    try files.createDirectory(atPath: directory.path("Releases"), withIntermediateDirectories: true)
    var manifest: [String] = []
    for language in Language.allCases {
      let lproj = directory.path("Localizations/\(language.directoryName)")
      try files.createDirectory(atPath: lproj, withIntermediateDirectories: true)
      try files.copyItem(
        atPath: RepositoryPaths.localizations + "/\(language.directoryName)/Localizable.strings",
        toPath: lproj + "/Localizable.strings")
    }
    for index in 0..<count {
      let version = version(index)
      manifest.append("\"\(version)\"")
      let key = "whatsNew.v5_0_\(index).p.intro.title"
      try Data(
        #"{"version": "\#(version)", "pages": [{"id": "p", "blocks": [{"id": "intro", "type": "info", "titleKey": "\#(key)"}]}]}"#
          .utf8
      ).write(to: URL(fileURLWithPath: directory.path("Releases/\(version).json")))
      for (language, text) in [("en", "News of \(version)"), ("es", "Novedades de \(version)")] {
        try Data("\"\(key)\" = \"\(text)\";\n".utf8).write(
          to: URL(fileURLWithPath: directory.path("Localizations/\(language).lproj/\(version).strings")))
      }
    }
    try Data("{\"releases\": [\(manifest.joined(separator: ", "))]}".utf8).write(
      to: URL(fileURLWithPath: directory.path("Releases/manifest.json")))
    return directory
  }

  /// The content files a session reads through the catalog, relative to `directory`.
  final class Reads: Sendable {
    let paths = Mutex<[String]>([])
    func reader(under directory: String) -> @Sendable (String) -> Void {
      { path in self.paths.withLock { $0.append(String(path.dropFirst(directory.count + 1))) } }
    }
    var read: Set<String> { Set(paths.withLock { $0 }) }
  }

  /// Each release file and its English table (read to validate it), and the Spanish tables of
  /// the releases whose page was shown (a table is read when a text of it is first looked up).
  static func files(of versions: [String], shown: [String]) -> Set<String> {
    Set(versions.flatMap { ["Releases/\($0).json", "Localizations/en.lproj/\($0).strings"] })
      .union(shown.map { "Localizations/es.lproj/\($0).strings" })
  }

  @Test(
    "a start reads only the releases its tour can show, and their own tables",
    arguments: [
      (seen: 998, shown: [999]), (seen: 995, shown: [996, 997, 998, 999]), (seen: 999, shown: []),
    ])
  func startReadsTheTour(seen: Int, shown: [Int]) async throws {
    let directory = try Self.history()
    let reads = Reads()
    let harness = try await SessionHarness(
      arguments: [
        "--releases", directory.path("Releases"), "--localizations", directory.path("Localizations"), "--upgrade-from",
        Self.version(seen), "--app-version", Self.version(Self.count - 1), "--locale", "es",
      ], observe: reads.reader(under: directory.path))
    let transcript = await harness.transcript(of: ["state"])
    // The tour opens on the oldest release's page.
    let first = shown.first.map(Self.version)
    if let first { #expect(transcript.contains("Novedades de \(first)"), "\(transcript)") }
    #expect(reads.read == Self.files(of: shown.map(Self.version), shown: first.map { [$0] } ?? []))
  }

  @Test("news <version> reads that one release when it is opened")
  func newsReadsItsRelease() async throws {
    let directory = try Self.history()
    let reads = Reads()
    let harness = try await SessionHarness(
      arguments: [
        "--releases", directory.path("Releases"), "--localizations", directory.path("Localizations"), "--upgrade-from",
        Self.version(Self.count - 2), "--app-version", Self.version(Self.count - 1), "--locale", "es",
      ], observe: reads.reader(under: directory.path))
    let transcript = await harness.transcript(of: ["skip", "news \(Self.version(3))"])
    #expect(transcript.contains("Novedades de 5.0.3"), "\(transcript)")
    let versions = [Self.version(Self.count - 1), Self.version(3)]
    #expect(reads.read == Self.files(of: versions, shown: versions))
  }

  @Test("news in a 24-row window reads only the releases it lists, and names the rest back to the first version")
  func newsListReadsWhatItShows() async throws {
    let directory = try Self.history()
    let reads = Reads()
    // A person whose history starts at the first release and who has seen all but the newest.
    let harness = try await SessionHarness(
      arguments: [
        "--releases", directory.path("Releases"), "--localizations", directory.path("Localizations"), "--app-version",
        Self.version(Self.count - 1), "--locale", "es",
      ], rows: 24,
      prepare: { store in
        try await store.completeOnboarding(seenThrough: Version(Self.version(0))!)
        try await store.advanceSeenThrough(to: Version(Self.version(Self.count - 2))!)
      }, observe: reads.reader(under: directory.path))
    let transcript = await harness.transcript(of: ["skip", "news"])
    // The newest releases that fit are read (no more than the window's rows), none of the rest.
    let readReleases = reads.read.filter { $0.hasPrefix("Releases/") }
    #expect(readReleases.count > 1 && readReleases.count <= Viewport(terminalRows: 24).budget, "\(readReleases)")
    #expect(!readReleases.contains("Releases/\(Self.version(0)).json"))
    // The line naming the releases not listed counts back to the first version.
    #expect(transcript.contains("news all") && transcript.contains(Self.version(0)), "\(transcript)")
  }
}

/// Issue 34, item 12: an unknown release over a long history names a few, not every one.
@Suite("Did you mean, over a long history")
@MainActor
struct LongHistoryDidYouMeanTests {
  /// Each row: how many candidates (`v0` …), the suggestion, and the few named (`nil`: all).
  nonisolated static let rows: [(count: Int, suggestion: String?, expected: [String]?)] = [
    (20, "v10", ["v8", "v9", "v10", "v11", "v12"]), (20, nil, ["v15", "v16", "v17", "v18", "v19"]),
    (20, "v0", ["v0", "v1", "v2", "v3", "v4"]), (8, "v3", nil),
  ]

  @Test("a few candidates around the suggestion, or the last few; every one when they fit", arguments: rows.indices)
  func few(_ index: Int) {
    let row = Self.rows[index]
    #expect(CommandMessages.few((0..<row.count).map { "v\($0)" }, around: row.suggestion) == row.expected)
  }

  @Test("news and debug preview of a release that does not exist name five of 1,000, around the closest")
  func namesAFew() async throws {
    let directory = try HistoryIndependentStartTests.history()
    let version = HistoryIndependentStartTests.version
    let harness = try await SessionHarness(arguments: [
      "--releases", directory.path("Releases"), "--localizations", directory.path("Localizations"), "--upgrade-from",
      version(998), "--app-version", version(999), "--dev",
    ])
    await harness.boot()
    _ = await harness.output(of: "skip")
    for line in ["news 5.0.1500", "debug preview 5.1.0"] {
      let said = await harness.output(of: line).split(separator: "\n").joined(separator: " ")
      #expect(harness.lastOutcome.wasInvalid, "\(line)")
      #expect(said.contains("one of 1,000 values, such as"), "\(line): \(said)")
      #expect(!said.contains(version(500)), "\(line): \(said)")
      #expect(said.contains(version(999)), "\(line): \(said)")
    }
  }
}
