import Foundation
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore

/// Validated releases kept between starts: used only while every input is unchanged.
@Suite("Validated releases cache")
struct ReleaseCacheTests {
  let directory: TemporaryDirectory
  let releases: String
  let cache: TranslationCache

  init() throws {
    directory = try TemporaryDirectory()
    releases = directory.path("Releases")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: releases)
    cache = TranslationCache(directory: directory.path("cache/strings"), releasesDirectory: directory.path("cache/releases"))
  }

  func load(_ cache: TranslationCache) throws -> ContentLibrary {
    try ContentLibrary.load(releasesDirectory: releases, localizationsDirectory: RepositoryPaths.localizations, cache: cache)
  }

  var cachedFiles: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: cache.releasesDirectory!)) ?? []).map {
      cache.releasesDirectory! + "/" + $0
    }
  }

  @Test("a start stores what validation gave; the next start gets the same releases and diagnostics")
  func storesAndReuses() throws {
    try Data("{\"version\": \"2.16.0\", \"pages\": []}".utf8).write(to: URL(fileURLWithPath: releases + "/2.16.0.json"))
    let validated = try load(.off)
    #expect(!validated.diagnostics.isEmpty, "an unregistered file is reported")
    let first = try load(cache)
    #expect(cachedFiles.count == 1)
    let second = try load(cache)
    for library in [first, second] {
      #expect(library.releases == validated.releases)
      #expect(library.diagnostics == validated.diagnostics)
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: cachedFiles[0])
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test("the stored releases are what a start with unchanged inputs uses")
  func usesTheStoredCopy() throws {
    _ = try load(cache)
    // Replace the stored releases with others stored for the same inputs: a start that uses
    // the cache shows them, which proves the cache is consulted.
    let stored = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cachedFiles[0])))
    let inputs = stored[8..<16].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    let forged = [Release(version: Version(major: 9, minor: 9, patch: 9), pages: [])]
    try Data(CompiledReleases.encode(forged, diagnostics: [], inputs: inputs)).write(to: URL(fileURLWithPath: cachedFiles[0]))
    #expect(try load(cache).releases == forged)
  }

  @Test("an edited release file is validated again, and its new result stored")
  func editedRelease() throws {
    _ = try load(cache)
    let path = releases + "/2.14.0.json"
    var text = try String(contentsOfFile: path, encoding: .utf8)
    text = text.replacingOccurrences(of: "\"type\": \"featureList\"", with: "\"type\": \"featureLisst\"")
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let expected = try load(.off)
    #expect(expected.diagnostics.contains { $0.contains("featureLisst") })
    #expect(try load(cache).diagnostics == expected.diagnostics)
    #expect(try load(cache).releases == expected.releases)
    #expect(cachedFiles.count == 1, "the new result replaces the old one")
  }

  @Test("a changed English table validates again: keys it lost drop the blocks that use them")
  func changedEnglishTable() throws {
    let localizations = directory.path("Localizations")
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: localizations)
    func load() throws -> ContentLibrary {
      try ContentLibrary.load(releasesDirectory: releases, localizationsDirectory: localizations, cache: cache)
    }
    let before = try load()
    let english = localizations + "/en.lproj/Localizable.strings"
    let text = try String(contentsOfFile: english, encoding: .utf8)
    let key = "whatsNew.v2_14_0.alsoNew.list.title"
    #expect(text.contains("\"\(key)\""))
    let trimmed = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"\(key)\"") }
    try trimmed.joined(separator: "\n").write(toFile: english, atomically: true, encoding: .utf8)
    let after = try load()
    #expect(after.diagnostics.count > before.diagnostics.count)
    #expect(after.diagnostics.contains { $0.contains(key) && $0.contains("missing from the English table") })
  }

  @Test("a damaged stored copy is ignored and replaced")
  func damagedCopy() throws {
    let expected = try load(cache)
    var stored = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cachedFiles[0])))
    stored[stored.count / 2] ^= 0xFF
    try Data(stored).write(to: URL(fileURLWithPath: cachedFiles[0]))
    #expect(try load(cache).releases == expected.releases)
    let rewritten = try [UInt8](Data(contentsOf: URL(fileURLWithPath: cachedFiles[0])))
    #expect(rewritten != stored)
  }
}
