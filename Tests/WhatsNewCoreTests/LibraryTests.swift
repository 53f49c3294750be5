import Testing

@testable import WhatsNewCore

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func releaseFile(_ version: String) -> [UInt8] {
  bytes(#"{"version": "\#(version)", "pages": [{"id": "p", "blocks": [{"id": "b", "type": "info", "titleKey": "k.title"}]}]}"#)
}

@Suite("Manifest and library")
struct LibraryTests {
  @Test("manifest entries: bad ones dropped and named, duplicates named")
  func manifest() {
    let (entries, diagnostics) = ReleaseValidator.manifestEntries(
      bytes(#"{"releases": ["2.11.0", 2, "2.13", "2.11.0", "2.10.1"], "notes": 1}"#), displayPath: "Releases/manifest.json")
    #expect(entries.map(\.version) == [v("2.11.0"), v("2.10.1")])
    #expect(
      diagnostics.map(\.description) == [
        "Releases/manifest.json: notes: unknown field 'notes' ignored",
        "Releases/manifest.json: releases[1]: expected a version string, found a number; entry dropped",
        "Releases/manifest.json: releases[2]: '2.13' is not a version (MAJOR.MINOR.PATCH[-pre.release][+build]); entry dropped",
        "Releases/manifest.json: releases[3]: duplicate entry '2.11.0' (already listed at releases[0]); counted once",
      ])
    #expect(diagnostics.map(\.severity) == [.warning, .dropped, .dropped, .warning])
  }

  @Test(
    "an unusable manifest registers nothing",
    arguments: [
      ("[]", "expected the top level to be an object, found an array"),
      ("{}", "missing required field 'releases'"),
      (#"{"releases": "2.11.0"}"#, "expected an array for 'releases', found a string"),
      ("{", "invalid JSON at line 1, column 2"),
    ])
  func badManifest(text: String, fragment: String) {
    let (entries, diagnostics) = ReleaseValidator.manifestEntries(bytes(text), displayPath: "m.json")
    #expect(entries.isEmpty)
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.message.contains(fragment) == true, "\(diagnostics)")
  }

  @Test("only registered files load, sorted by version; missing and unlisted files are named")
  func load() {
    let (releases, diagnostics) = ReleaseLibrary.load(
      manifest: bytes(#"{"releases": ["2.10.1", "2.9.21", "2.12.0"]}"#), manifestDisplayPath: "Releases/manifest.json",
      files: [
        "2.10.1.json": releaseFile("2.10.1"), "2.9.21.json": releaseFile("2.9.21"), "2.11.0.json": releaseFile("2.11.0"),
        "manifest.json": [], "README.md": [],
      ],
      directoryDisplayPath: "Releases", englishKeys: Set(["k.title"]))
    #expect(releases.map(\.version) == [v("2.9.21"), v("2.10.1")])
    #expect(
      diagnostics.map(\.description) == [
        "Releases/manifest.json: releases[2]: release 2.12.0 is registered but Releases/2.12.0.json does not exist; release skipped",
        "Releases/2.11.0.json: not listed in manifest.json; add it to load it",
      ])
    #expect(diagnostics.map(\.severity) == [.dropped, .warning])
  }

  @Test("without a manifest nothing loads and every file is named")
  func noManifest() {
    let (releases, diagnostics) = ReleaseLibrary.load(
      manifest: nil, manifestDisplayPath: "R/manifest.json", files: ["2.11.0.json": releaseFile("2.11.0")],
      directoryDisplayPath: "R/",
      englishKeys: Set(["k.title"]))
    #expect(releases.isEmpty)
    #expect(diagnostics.count == 2)
    #expect(diagnostics.first?.message.hasPrefix("manifest.json is missing") == true)
    #expect(diagnostics.last?.file == "R/2.11.0.json")
  }

  @Test("a file's own diagnostics come through with its display path")
  func fileDiagnostics() {
    let (releases, diagnostics) = ReleaseLibrary.load(
      manifest: bytes(#"{"releases": ["2.11.0"]}"#), manifestDisplayPath: "Releases/manifest.json",
      files: ["2.11.0.json": releaseFile("2.11.1")], directoryDisplayPath: "Releases", englishKeys: Set(["k.title"]))
    #expect(releases.isEmpty)
    #expect(
      diagnostics.map(\.description) == [
        "Releases/2.11.0.json: version: version '2.11.1' does not match the file name '2.11.0.json'; release dropped"
      ])
  }
}

@Suite("Versions")
struct VersionTests {
  @Test(
    "parses Semantic Versioning 2.0.0: MAJOR.MINOR.PATCH, a pre-release, build metadata",
    arguments: [
      ("0.0.0", true), ("2.13.1", true), ("10.20.30", true), ("2.13", false), ("2.13.1.0", false), ("2.013.1", false),
      ("-1.0.0", false),
      ("+1.0.0", false), (" 1.0.0", false), ("1.0.0 ", false), ("1..0", false), ("a.b.c", false), ("", false),
      ("1.0.0-beta", true), ("2.15.0-beta.1", true), ("1.0.0-alpha.beta", true), ("1.0.0-0.3.7", true),
      ("1.0.0-x.7.z.92", true), ("1.0.0-x-y-z.--", true), ("1.0.0-alpha+001", true), ("1.0.0+20130313144700", true),
      ("1.0.0-beta+exp.sha.5114f85", true), ("1.0.0+21AF26D3----117B344092BD", true),
      ("1.0.0-", false), ("1.0.0+", false), ("1.0.0-beta..1", false), ("1.0.0-01", false), ("1.0.0-beta_1", false),
      ("1.0.0-é", false), ("1.0.0+build+2", false), ("v1.0.0", false),
      ("9999999999999999999.0.0", false), ("1.0.0-" + String(repeating: "a", count: 200), false),
    ])
  func parsing(text: String, valid: Bool) {
    #expect((Version(text) != nil) == valid)
    if valid { #expect(Version(text)?.description == text) }
  }

  /// The precedence example of the SemVer 2.0.0 specification (item 11), each version lower
  /// than the next, and release numbers compared numerically.
  static let specificationOrder = [
    "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1",
    "1.0.0", "1.0.1-0", "1.0.1", "1.2.0", "1.10.0", "2.0.0",
  ]

  @Test(
    "orders by SemVer precedence, as the specification's example does",
    arguments: zip(specificationOrder.dropLast(), specificationOrder.dropFirst()).map { ($0, $1) })
  func precedence(lower: String, higher: String) {
    #expect(v(lower) < v(higher))
    #expect(!(v(higher) < v(lower)))
    #expect(v(lower) != v(higher))
  }

  @Test("a shuffled list sorts into the specification's order")
  func sorting() {
    var generator = SystemRandomNumberGenerator()
    let shuffled = Self.specificationOrder.shuffled(using: &generator)
    #expect(shuffled.map(v).sorted().map(\.description) == Self.specificationOrder)
  }

  @Test(
    "build metadata plays no part in precedence and equality, and is kept in the text",
    arguments: [("1.0.0+build.1", "1.0.0+build.2"), ("1.0.0-rc.1+a", "1.0.0-rc.1"), ("2.15.0", "2.15.0+exp.sha.5114f85")])
  func buildMetadata(one: String, other: String) {
    #expect(v(one) == v(other) && v(one).hashValue == v(other).hashValue)
    #expect(!(v(one) < v(other)) && !(v(other) < v(one)))
    #expect(v(one).description == one && v(other).description == other)
  }

  @Test(
    "the nearest version: the nearer of the neighbours below and above, a later part's difference nearer than an earlier's",
    arguments: [
      ("2.17.0", "2.15.0"), ("2.13.0", "2.13.1"), ("2.12.5", "2.12.0"), ("2.12.9", "2.12.0"), ("1.0.0", "2.11.0"),
      ("2.14.0", "2.14.0"), ("2.14.1-beta.1", "2.14.0"), ("2.15.0-rc.1", "2.15.0"), ("3.0.0", "2.15.0"),
    ])
  func nearest(target: String, expected: String) {
    let shipped = ["2.11.0", "2.12.0", "2.13.1", "2.14.0", "2.15.0"].map(v)
    #expect(Version.nearest(to: v(target), in: shipped)?.description == expected)
    #expect(Version.nearest(to: v(target), in: []) == nil)
  }

  @Test(
    "orders numerically", arguments: [("2.9.21", "2.10.1"), ("2.10.1", "2.10.2"), ("1.99.99", "2.0.0"), ("2.13.1", "2.13.10")])
  func ordering(lower: String, higher: String) {
    #expect(v(lower) < v(higher))
    #expect(!(v(higher) < v(lower)))
  }
}

/// Manifest entries whose release file does not exist: one diagnostic each, each at its own
/// entry, from the loader and the linter alike (positioned in one pass; timing is `make bench`'s).
@Suite("Missing release files")
struct MissingReleaseFileTests {
  /// A manifest of `count` versions (one per line, so entry `i` is on line `i + 2`) and no files.
  static func manifest(_ count: Int) -> (text: [UInt8], versions: [String]) {
    let versions = (0..<count).map { "9.\($0 / 100).\($0 % 100)" }
    return (bytes("{\"releases\": [\n" + versions.map { "  \"\($0)\"" }.joined(separator: ",\n") + "\n]}\n"), versions)
  }

  @Test("there is one diagnostic per missing entry, pointing at that entry's line", arguments: [1, 7, 300, 2000])
  func oneEach(count: Int) {
    let (manifest, versions) = Self.manifest(count)
    let loaded = ReleaseLibrary.load(
      manifest: manifest, manifestDisplayPath: "Releases/manifest.json", files: [:], directoryDisplayPath: "Releases",
      englishKeys: Set<String>())
    #expect(loaded.releases.isEmpty)
    #expect(loaded.diagnostics.count == count)
    let sorted = versions.enumerated().sorted { v($0.element) < v($1.element) }
    #expect(loaded.diagnostics.map(\.position) == sorted.map { SourcePosition(line: $0.offset + 2, column: 3) })
    #expect(loaded.diagnostics.map(\.path) == sorted.map { "releases[\($0.offset)]" })

    let problems = ContentLinter.lint(
      manifest: manifest, releaseFiles: [:], releasesDisplayDirectory: "Releases", tables: [:], missingTables: [:],
      requiredUIKeys: [], localizationsDisplayDirectory: "Localizations"
    ).filter { $0.file == "Releases/manifest.json" }
    #expect(problems.count == count)
    #expect(problems.map(\.position) == sorted.map { SourcePosition(line: $0.offset + 2, column: 3) })
  }
}
