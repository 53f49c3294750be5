import Testing
import WhatsNewCore

/// Validated releases stored for the next start: they come back exactly, and only for the
/// inputs they were stored for.
@Suite("Compiled releases")
struct CompiledReleasesTests {
  /// Every kind of block and every optional field, set and unset, with diagnostics of both kinds.
  static let releases: [Release] = [
    Release(
      version: Version(major: 2, minor: 13, patch: 1),
      pages: [
        Page(
          id: "intro",
          blocks: [
            Block(id: "info", content: .info(InfoBlock(titleKey: "k.info", descriptionKey: "k.info.d", icon: .sparkles))),
            Block(
              id: "bare", supersededIn: Version(major: 2, minor: 15, patch: 0),
              content: .info(InfoBlock(titleKey: "k.bare", descriptionKey: nil, icon: nil))),
          ], supersededIn: nil),
        Page(
          id: "choices",
          blocks: [
            Block(
              id: "view",
              content: .choice(
                ChoiceBlock(
                  setting: .workoutView, titleKey: "k.view", descriptionKey: nil,
                  options: [
                    ChoiceOption(value: "guided", labelKey: "k.guided", icon: .dumbbell),
                    ChoiceOption(value: "inline", labelKey: nil, icon: nil),
                  ]))),
            Block(
              id: "open",
              content: .action(
                ActionBlock(action: .openSettings, labelKey: "k.open", descriptionKey: "Ж — 日本 👍", icon: .settings))),
            Block(
              id: "list",
              content: .featureList(
                FeatureListBlock(
                  titleKey: nil,
                  items: [
                    FeatureItem(id: "a", titleKey: "k.a", descriptionKey: nil, icon: nil, action: .openCardioLog),
                    FeatureItem(id: "b", titleKey: "k.b", descriptionKey: "k.b.d", icon: .timer, action: nil),
                  ]))),
          ], supersededIn: Version(major: 3, minor: 0, patch: 0)),
      ]),
    Release(version: Version(major: 2, minor: 14, patch: 0), pages: []),
  ]
  static let diagnostics = [
    ReleaseDiagnostic(file: "Releases/2.13.1.json", path: "pages[0].blocks[2]", message: "dropped", severity: .dropped),
    ReleaseDiagnostic(file: "Releases/manifest.json", path: "", message: "unlisted \u{1B}[31m", severity: .warning),
  ]

  @Test("decoding gives back exactly the releases and diagnostics that were encoded")
  func roundTrip() throws {
    let bytes = CompiledReleases.encode(Self.releases, diagnostics: Self.diagnostics, inputs: 7)
    let decoded = try #require(CompiledReleases.decode(bytes, inputs: 7))
    #expect(decoded.releases == Self.releases)
    #expect(decoded.diagnostics == Self.diagnostics)
    let empty = CompiledReleases.encode([], diagnostics: [], inputs: 0)
    #expect(CompiledReleases.decode(empty, inputs: 0)?.releases == [])
  }

  @Test("releases stored for other inputs are not used")
  func otherInputs() {
    let bytes = CompiledReleases.encode(Self.releases, diagnostics: [], inputs: 7)
    #expect(CompiledReleases.decode(bytes, inputs: 8) == nil)
  }

  @Test("every truncation and every flipped byte is refused, never decoded into other releases")
  func damage() {
    let bytes = CompiledReleases.encode(Self.releases, diagnostics: Self.diagnostics, inputs: 7)
    for length in 0..<bytes.count {
      #expect(CompiledReleases.decode(Array(bytes.prefix(length)), inputs: 7) == nil, "cut to \(length) bytes")
    }
    for index in bytes.indices {
      var damaged = bytes
      damaged[index] ^= 0x20
      #expect(CompiledReleases.decode(damaged, inputs: 7) == nil, "byte \(index) flipped")
    }
  }

  @Test(
    "the inputs fingerprint changes with any input: a file's bytes or name, the manifest, the names in messages, the English table, the program"
  )
  func inputsFingerprint() {
    func fingerprint(
      manifest: [UInt8]? = [1], files: [String: [UInt8]] = ["2.13.1.json": [1, 2], "2.14.0.json": [3]],
      displayPaths: [String] = ["Releases"], englishKeys: UInt64 = 5, program: [UInt8] = [9]
    ) -> UInt64 {
      CompiledReleases.inputsFingerprint(
        manifest: manifest, files: files, displayPaths: displayPaths, englishKeys: englishKeys, program: program)
    }
    let base = fingerprint()
    let changed = [
      fingerprint(manifest: nil), fingerprint(manifest: [2]), fingerprint(files: ["2.13.1.json": [1, 3], "2.14.0.json": [3]]),
      fingerprint(files: ["2.13.2.json": [1, 2], "2.14.0.json": [3]]), fingerprint(files: ["2.13.1.json": [1, 2]]),
      fingerprint(files: ["2.13.1.json": [1], "2.14.0.json": [2, 3]]), fingerprint(displayPaths: ["Other"]),
      fingerprint(englishKeys: 6), fingerprint(program: [8]),
    ]
    #expect(changed.allSatisfy { $0 != base })
    #expect(Set(changed).count == changed.count)
    #expect(fingerprint() == base, "the same inputs, the same fingerprint")
  }

  @Test("a table's fingerprint is the same however it is stored, and changes with any entry")
  func tableFingerprint() throws {
    let entries = ["ui.done": "Done", "ui.next": "Next"]
    let source = Array("s".utf8)
    let compiled = try #require(CompiledStringsTable.decode(CompiledStringsTable.encode(entries, source: source), source: source))
    #expect(compiled.fingerprint == TranslationTable(entries).fingerprint)
    #expect(TranslationTable(["ui.done": "Done"]).fingerprint != compiled.fingerprint)
    #expect(TranslationTable(["ui.done": "Done", "ui.next": "Later"]).fingerprint != compiled.fingerprint)
  }
}
