import Foundation
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore
import WhatsNewStrings

@Suite("Translation cache")
struct TranslationCacheTests {
  let directory: TemporaryDirectory
  let localizations: String
  let cache: TranslationCache

  init() throws {
    directory = try TemporaryDirectory()
    localizations = directory.path("Localizations")
    try FileManager.default.createDirectory(atPath: localizations + "/en.lproj", withIntermediateDirectories: true)
    cache = TranslationCache(directory: directory.path("cache/whatsnew/strings"))
  }

  func writeEnglish(_ text: String) throws {
    try write(text, language: "en")
  }

  func write(_ text: String, language: String) throws {
    try FileManager.default.createDirectory(atPath: "\(localizations)/\(language).lproj", withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: "\(localizations)/\(language).lproj/Localizable.strings"))
  }

  func read(_ cache: TranslationCache, compiler: StringsCompiler = .inProcess) throws -> [String: String] {
    try ContentLibrary.readTable(.en, localizationsDirectory: localizations, cache: cache, compiler: compiler).get().entries
  }

  var cachedFiles: [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: cache.directory!)) ?? []
  }

  @Test("the first read compiles and stores a compiled copy; the next read gives the same table without the compiler")
  func storesAndReuses() throws {
    try writeEnglish(#""ui.done" = "Done"; "ui.next" = "Next";"#)
    let recorder = RecordingStringsCompiler()
    let parsed = try read(cache, compiler: recorder.compiler)
    #expect(parsed == ["ui.done": "Done", "ui.next": "Next"])
    #expect(recorder.calls.count == 1)
    #expect(cachedFiles.count == 1)
    #expect(cachedFiles.first?.hasSuffix(".compiled") == true)
    #expect(try read(cache, compiler: recorder.compiler) == parsed)
    #expect(recorder.calls.count == 1, "a table in the cache is not compiled again")
    let attributes = try FileManager.default.attributesOfItem(atPath: cache.directory! + "/" + cachedFiles[0])
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let directoryAttributes = try FileManager.default.attributesOfItem(atPath: cache.directory!)
    #expect((directoryAttributes[.posixPermissions] as? Int) == 0o700)
  }

  @Test("the tables a start needs are compiled with one compiler call, and only those not in the cache")
  func oneCallForSeveralTables() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    try write(#""ui.done" = "Klaar";"#, language: "nl")
    try write(#""ui.done" = "Hecho";"#, language: "es")
    let releases = directory.path("Releases")
    try FileManager.default.createDirectory(atPath: releases, withIntermediateDirectories: true)
    let recorder = RecordingStringsCompiler()
    func start(_ languages: Set<Language>) throws -> ContentLibrary.Files {
      try ContentLibrary.readFiles(
        releasesDirectory: releases, localizationsDirectory: localizations, languages: languages, cache: cache,
        compiler: recorder.compiler)
    }
    let first = try start([.nl])
    #expect(first.tables == [.en: ["ui.done": "Done"], .nl: ["ui.done": "Klaar"]])
    #expect(recorder.calls.map(\.count) == [2], "English and Dutch in one call")
    #expect(try start([.nl]).tables == first.tables)
    #expect(recorder.calls.count == 1, "a start from the cache does not call the compiler")
    _ = try start([.nl, .es])
    #expect(recorder.calls.last == [localizations + "/es.lproj/Localizable.strings"], "only the table not cached yet")
  }

  /// Why reading the English table through `compiler` failed, or `nil` when a table was read.
  func englishProblem(compiler: StringsCompiler) -> String? {
    guard
      case .failure(let problem) = ContentLibrary.readTable(
        .en, localizationsDirectory: localizations, cache: cache, compiler: compiler)
    else { return nil }
    return problem.description
  }

  @Test("a compiler failure is reported for its file, naming it, and nothing is cached")
  func compilerFailure() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    let failing = RecordingStringsCompiler { paths in
      paths.map { _ in .failure(.compilerFailed(reason: "the helper 'whatsnew-strings' was killed by signal 9")) }
    }
    #expect(
      englishProblem(compiler: failing.compiler)
        == localizations
        + "/en.lproj/Localizable.strings: cannot read translations: the helper 'whatsnew-strings' was killed by signal 9")
    #expect(cachedFiles.isEmpty)
    #expect(try read(cache) == ["ui.done": "Done"], "the next read compiles it")
  }

  @Test("a table compiled from other bytes (the file changed while compiling) is refused and not cached")
  func compiledFromOtherBytes() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    let stale = RecordingStringsCompiler { paths in
      paths.map { _ in .success(CompiledStringsTable.encode(["ui.done": "Old"], source: Array(#""ui.done" = "Old";"#.utf8))) }
    }
    #expect(
      englishProblem(compiler: stale.compiler)
        == localizations
        + "/en.lproj/Localizable.strings: cannot be read: it changed while it was being read"
        + " (start again to read the new version)")
    #expect(cachedFiles.isEmpty)
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

  @Test("a damaged compiled copy is ignored and rewritten")
  func damagedCopy() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    _ = try read(cache)
    let path = cache.directory! + "/" + cachedFiles[0]
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try read(cache) == ["ui.done": "Done"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)).count > 7)
  }

  @Test("writing a table removes temporaries left by killed apps, not those of running ones")
  func abandonedTemporaries() throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    _ = try read(cache)
    let compiled = cachedFiles[0]
    // A process id that cannot be running (above the kernel's limit), and init's, which is.
    let abandoned = "\(compiled).2147483646.tmp"
    let live = "\(compiled).1.tmp"
    for name in [abandoned, live] {
      try Data("partial".utf8).write(to: URL(fileURLWithPath: cache.directory! + "/" + name))
    }
    try writeEnglish(#""ui.done" = "Finished";"#)
    #expect(try read(cache) == ["ui.done": "Finished"])
    #expect(!cachedFiles.contains(abandoned))
    #expect(cachedFiles.contains(live))
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

  @Test("a file that does not parse is reported and never cached")
  func parseErrorNotCached() throws {
    try writeEnglish(#""ui.done" = "Done""#)
    let result = ContentLibrary.readTable(.en, localizationsDirectory: localizations, cache: cache, compiler: .inProcess)
    guard case .failure(let problem) = result else {
      Issue.record("a broken table was read")
      return
    }
    #expect(problem.description.contains("Localizable.strings"))
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
