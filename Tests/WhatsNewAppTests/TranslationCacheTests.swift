import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

@Suite("Translation cache")
struct TranslationCacheTests {
  let directory: TemporaryDirectory
  let localizations: String
  let cache: TranslationCache

  init() throws {
    directory = try TemporaryDirectory()
    localizations = directory.path("Localizations")
    try FileManager.default.createDirectory(atPath: localizations + "/en.lproj", withIntermediateDirectories: true)
    // Every table here is tiny: cache them all, to test the cache itself.
    var cache = TranslationCache(directory: directory.path("cache/whatsnew/strings"))
    cache.smallestCached = 0
    self.cache = cache
  }

  func writeEnglish(_ text: String) throws {
    try write(text, language: "en")
  }

  func write(_ text: String, language: String) throws {
    try FileManager.default.createDirectory(atPath: "\(localizations)/\(language).lproj", withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: "\(localizations)/\(language).lproj/Localizable.strings"))
  }

  func read(_ cache: TranslationCache) throws -> [String: String] {
    try ContentLibrary.readTable(.en, localizationsDirectory: localizations, cache: cache).get().entries
  }

  var cachedFiles: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: cache.directory!)) ?? []
  }

  @Test("the first read parses and stores a compiled copy, in a directory only the user can read")
  func stores() throws {
    try writeEnglish(#""ui.done" = "Done"; "ui.next" = "Next";"#)
    #expect(try read(cache) == ["ui.done": "Done", "ui.next": "Next"])
    #expect(cachedFiles.count == 1)
    #expect(cachedFiles.first?.hasSuffix(".compiled") == true)
    #expect(try read(cache) == ["ui.done": "Done", "ui.next": "Next"])
    #expect(cachedFiles.count == 1)
    for path in [directory.path("cache"), directory.path("cache/whatsnew"), cache.directory!] {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      #expect((attributes[.posixPermissions] as? Int) == 0o700, "\(path)")
    }
  }

  @Test(
    "a cache file's name comes from the source's absolute path, as URL standardizes it",
    arguments: [
      "Localizations/es.lproj/Localizable.strings", "./Localizations/../Localizations/es.lproj/Localizable.strings",
      "/work/content//nl.lproj/Localizable.strings", "/a/./b/../c/pt-BR.lproj/x.strings", "../x/ru.lproj/y.strings",
      "/x/y/", "/../a", "a b/ü.lproj/L.strings",
    ])
  func absolutePaths(path: String) {
    #expect(TranslationCache.absolutePath(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
  }

  @Test(
    "a directory's parent is found by its characters",
    arguments: [
      ("/x/whatsnew/strings", "/x/whatsnew"), ("/x/whatsnew/strings/", "/x/whatsnew"), ("/strings", "/"), ("/", "/"),
      ("strings", "."), ("a/b", "a"),
    ])
  func parents(path: String, parent: String) {
    #expect(TranslationCache.parent(of: path) == parent)
  }

  @Test("a table under the threshold is parsed at every read and never cached; one at it is cached")
  func smallTablesAreNotCached() throws {
    let small = "/* " + String(repeating: "x", count: TranslationCache.defaultSmallestCached - 40) + " */\n"
    try writeEnglish(small + #""ui.done" = "Done";"#)
    var cache = cache
    cache.smallestCached = TranslationCache.defaultSmallestCached
    #expect(try read(cache) == ["ui.done": "Done"])
    #expect(try read(cache) == ["ui.done": "Done"])
    #expect(cachedFiles.isEmpty)
    try writeEnglish(small + String(repeating: " ", count: 40) + #""ui.done" = "Done";"#)
    #expect(try read(cache) == ["ui.done": "Done"])
    #expect(cachedFiles.count == 1)
  }

  @Test("a start reads English and its language, and stores a compiled copy of each")
  func severalTables() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    try write(#""ui.done" = "Klaar";"#, language: "nl")
    try write(#""ui.done" = "Hecho";"#, language: "es")
    let releases = directory.path("Releases")
    try FileManager.default.createDirectory(atPath: releases, withIntermediateDirectories: true)
    func start(_ languages: Set<Language>) throws -> ContentLibrary.Files {
      try ContentLibrary.readFiles(
        releasesDirectory: releases, localizationsDirectory: localizations, languages: languages, cache: cache)
    }
    let first = try start([.nl])
    #expect(first.tables == [.en: ["ui.done": "Done"], .nl: ["ui.done": "Klaar"]])
    #expect(cachedFiles.count == 2)
    #expect(try start([.nl]).tables == first.tables)
    #expect(try start([.nl, .es]).tables[.es] == ["ui.done": "Hecho"])
    #expect(cachedFiles.count == 3)
  }

  @Test("the compiled copy is what is read while the source is unchanged")
  func readsCompiledCopy() throws {
    let source = #""ui.done" = "Done";"#
    try writeEnglish(source)
    _ = try read(cache)
    // Replace the compiled copy with one compiled from the same source but a different
    // table: a read that uses the cache returns it, which proves the cache is consulted.
    let forged = CompiledStringsTable.encode(["ui.done": "From the cache"], source: Array(source.utf8))
    try Data(forged).write(to: URL(fileURLWithPath: cache.directory! + "/" + cachedFiles[0]))
    #expect(try read(cache) == ["ui.done": "From the cache"])
  }

  @Test("an edited .strings file is parsed again and replaces the compiled copy")
  func editedSource() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    _ = try read(cache)
    try writeEnglish(#""ui.done" = "Finished";"#)
    #expect(try read(cache) == ["ui.done": "Finished"])
    #expect(cachedFiles.count == 1)
    #expect(try read(cache) == ["ui.done": "Finished"])
  }

  @Test("an edit of the same length with the same fingerprint shows the new text, not the compiled copy's")
  func sameFingerprintEdit() throws {
    let source = "\"ui.done\" = \"" + String(repeating: "A", count: 100) + "\";\n"
    let edited = try #require(FingerprintCollision.edit(of: Array(source.utf8)))
    try writeEnglish(source)
    #expect(try read(cache) == ["ui.done": String(repeating: "A", count: 100)])
    try Data(edited).write(to: URL(fileURLWithPath: localizations + "/en.lproj/Localizable.strings"))
    let text = try #require(try read(cache)["ui.done"])
    #expect(text != String(repeating: "A", count: 100), "the edit shows")
    #expect(Array(("\"ui.done\" = \"" + text + "\";\n").utf8) == edited)
  }

  @Test("a damaged compiled copy is ignored and rewritten")
  func damagedCopy() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    _ = try read(cache)
    let path = cache.directory! + "/" + cachedFiles[0]
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try read(cache) == ["ui.done": "Done"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 7)
  }

  @Test("writing a table removes temporaries over an hour old (left by killed apps), not newer ones")
  func abandonedTemporaries() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    _ = try read(cache)
    let abandoned = "en.lproj-0123456789abcdef.compiled.4242.tmp"
    let recent = "en.lproj-0123456789abcdef.compiled.4343.tmp"
    for name in [abandoned, recent] {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: cache.directory! + "/" + name))
    }
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-2 * 60 * 60)], ofItemAtPath: cache.directory! + "/" + abandoned)
    try writeEnglish(#""ui.done" = "Finished";"#)
    #expect(try read(cache) == ["ui.done": "Finished"])
    #expect(!cachedFiles.contains(abandoned))
    #expect(cachedFiles.contains(recent))
  }

  @Test("writing a table removes compiled tables untouched for 90 days, and no others")
  func staleTables() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    _ = try read(cache)
    let current = cachedFiles[0]
    let old = cache.directory! + "/nl.lproj-0123456789abcdef.compiled"
    let recent = cache.directory! + "/es.lproj-fedcba9876543210.compiled"
    for path in [old, recent] { try Data("table".utf8).write(to: URL(fileURLWithPath: path)) }
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-91 * 24 * 60 * 60)], ofItemAtPath: old)
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-89 * 24 * 60 * 60)], ofItemAtPath: recent)
    #expect(try read(cache) == ["ui.done": "Done"])
    #expect(cachedFiles.count == 3, "reading from the cache removes nothing")
    try writeEnglish(#""ui.done" = "Finished";"#)
    _ = try read(cache)
    #expect(!cachedFiles.contains("nl.lproj-0123456789abcdef.compiled"))
    #expect(cachedFiles.contains("es.lproj-fedcba9876543210.compiled"))
    #expect(cachedFiles.contains(current))
  }

  @Test("a file that does not parse is reported with its path and line, and never cached")
  func parseErrorNotCached() throws {
    try writeEnglish("\"ui.done\" = \"Done\";\n\"ui.next\" = \"Next\"\n\"ui.back\" = \"Back\";\n")
    let result = ContentLibrary.readTable(.en, localizationsDirectory: localizations, cache: cache)
    guard case .failure(let problem) = result else {
      Issue.record("a broken table was read")
      return
    }
    #expect(
      problem.description
        == localizations + "/en.lproj/Localizable.strings: not a valid .strings file: missing ';' on line 3;"
        + " each entry should look like \"key\" = \"text\";")
    #expect(cachedFiles.isEmpty)
  }

  @Test("a cache directory that cannot be created changes nothing but speed")
  func unusableDirectory() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    // A regular file where the cache's parent directory should be.
    try Data().write(to: URL(fileURLWithPath: directory.path("blocked")))
    let blocked = TranslationCache(directory: directory.path("blocked/strings"))
    #expect(try read(blocked) == ["ui.done": "Done"])
    #expect(try read(blocked) == ["ui.done": "Done"])
  }

  @Test(
    "the cache lives under XDG_CACHE_HOME, else ~/.cache, else nowhere",
    arguments: [
      (["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"], "/x/cache/whatsnew/strings" as String?),
      (["XDG_CACHE_HOME": "relative", "HOME": "/home/a"], "/home/a/.cache/whatsnew/strings"),
      (["HOME": "/home/a"], "/home/a/.cache/whatsnew/strings"),
      ([:], nil),
    ])
  func location(environment: [String: String], expected: String?) {
    #expect(TranslationCache(environment: environment).directory == expected)
  }
}
