import Foundation
import Glibc
import TestSupport
import Testing

@testable import WhatsNewApp

/// Files that are not what they seem, where the app reads content and keeps its cache:
/// links, FIFOs, devices, huge files, a cache directory someone else controls (issue 16).
@Suite("Translation files and the cache, hostile")
struct HostileFileTests {
  /// A cache that keeps even these tiny tables (the default leaves out those under 16 KiB).
  static func cachingEveryTable(_ directory: String) -> TranslationCache {
    var cache = TranslationCache(directory: directory)
    cache.smallestCached = 0
    return cache
  }

  let directory: TemporaryDirectory
  let localizations: String
  let cacheDirectory: String

  init() throws {
    directory = try TemporaryDirectory()
    localizations = directory.path("Localizations")
    cacheDirectory = directory.path("cache/whatsnew/strings")
    try FileManager.default.createDirectory(atPath: localizations + "/en.lproj", withIntermediateDirectories: true)
  }

  var englishPath: String { localizations + "/en.lproj/Localizable.strings" }

  func writeEnglish(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: englishPath))
  }

  func read(_ cache: TranslationCache) -> Result<[String: String], ContentLibrary.TableProblem> {
    ContentLibrary.readTable(.en, localizationsDirectory: localizations, cache: cache).map(\.entries)
  }

  /// Makes the `.strings` file what `kind` says, in place.
  func plant(_ kind: String, at path: String) throws {
    unlink(path)
    switch kind {
    case "link to /dev/zero": #expect(symlink("/dev/zero", path) == 0)
    case "FIFO": #expect(mkfifo(path, 0o600) == 0)
    case "directory": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    default:
      // A sparse file one byte over the limit: nothing is allocated on disk.
      let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      #expect(ftruncate(fd, off_t(ContentLibrary.tableSizeLimit + 1)) == 0)
      close(fd)
    }
  }

  @Test(
    "a .strings file that is a device, a FIFO, a directory or too large is refused with the reason, never read",
    arguments: [
      ("link to /dev/zero", "it is a device, not a regular file"),
      ("FIFO", "it is a FIFO, not a regular file"),
      ("directory", "it is a directory, not a regular file"),
      ("huge", "it is \(ContentLibrary.tableSizeLimit + 1) bytes, over the \(ContentLibrary.tableSizeLimit)-byte limit"),
    ])
  func hostileTable(kind: String, reason: String) throws {
    try plant(kind, at: englishPath)
    guard case .failure(let problem) = read(.off) else {
      Issue.record("\(kind) was read as a table")
      return
    }
    #expect(problem.description == englishPath + ": cannot be read: " + reason)
  }

  @Test(
    "a cached table that is a link or a FIFO is never read: the source is parsed instead",
    arguments: ["link to /dev/zero", "FIFO"])
  func hostileCacheFile(kind: String) throws {
    try writeEnglish(#""ui.done" = "Done";"#)
    let cache = Self.cachingEveryTable(cacheDirectory)
    #expect(try read(cache).get() == ["ui.done": "Done"])
    let cached = try #require(try FileManager.default.contentsOfDirectory(atPath: cacheDirectory).first)
    try plant(kind, at: cacheDirectory + "/" + cached)
    #expect(try read(cache).get() == ["ui.done": "Done"])
  }

  @Test("a cache directory that is a link is refused, and a stranger's files in its target are never removed")
  func linkedCacheDirectory() throws {
    let stranger = directory.path("stranger")
    try FileManager.default.createDirectory(atPath: stranger, withIntermediateDirectories: true)
    let theirs = stranger + "/en.lproj-0123456789abcdef.compiled"
    try Data("their file".utf8).write(to: URL(fileURLWithPath: theirs))
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-91 * 24 * 60 * 60)], ofItemAtPath: theirs)
    try FileManager.default.createDirectory(
      atPath: directory.path("cache/whatsnew"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    #expect(symlink(stranger, cacheDirectory) == 0)
    let (cache, warning) = Self.cachingEveryTable(cacheDirectory).checked()
    #expect(cache.directory == nil)
    #expect(warning?.contains("\(cacheDirectory) is a symbolic link, not a directory") == true, "\(warning ?? "")")
    // Even a cache used without the check never cleans through the link.
    try writeEnglish(#""ui.done" = "Done";"#)
    #expect(try read(Self.cachingEveryTable(cacheDirectory)).get() == ["ui.done": "Done"])
    #expect(FileManager.default.fileExists(atPath: theirs))
    #expect(try FileManager.default.contentsOfDirectory(atPath: stranger) == ["en.lproj-0123456789abcdef.compiled"])
  }

  @Test("a cache directory others can write, or another user owns, is refused with one warning")
  func unsafeCacheDirectory() throws {
    try FileManager.default.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
    #expect(chmod(directory.path("cache/whatsnew"), 0o700) == 0)
    #expect(chmod(cacheDirectory, 0o777) == 0)
    #expect(
      Self.cachingEveryTable(cacheDirectory).checked().warning
        == "warning: the translation cache is off: \(cacheDirectory) can be written by others (mode 777);"
        + " remove it or fix its owner and mode (0700), and whatsnew makes it again")
    #expect(chmod(cacheDirectory, 0o700) == 0)
    #expect(Self.cachingEveryTable(cacheDirectory).refusal == nil)
    if geteuid() == 0 {  // only root can give a directory away
      #expect(chown(cacheDirectory, 4242, 4242) == 0)
      #expect(Self.cachingEveryTable(cacheDirectory).refusal == "\(cacheDirectory) belongs to another user (uid 4242)")
    }
  }

  @Test("clean-up removes only old files it wrote itself, and never follows a link")
  func cleanUpTakesOnlyItsOwn() throws {
    try FileManager.default.createDirectory(
      atPath: cacheDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    #expect(chmod(directory.path("cache/whatsnew"), 0o700) == 0)
    let target = directory.path("precious.compiled")
    try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
    let names = [
      "en.lproj-0123456789abcdef.compiled", "notes.compiled", "en.lproj-xyz.compiled", "README",
      "en.lproj-0123456789abcdef.compiled.99.tmp", "en.lproj-0123456789abcdef.compiled.x.tmp",
    ]
    for name in names { try Data("old".utf8).write(to: URL(fileURLWithPath: cacheDirectory + "/" + name)) }
    #expect(symlink(target, cacheDirectory + "/nl.lproj-00ff.compiled") == 0)
    for name in names + ["nl.lproj-00ff.compiled"] {
      var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, cacheDirectory + "/" + name, &times, AT_SYMLINK_NOFOLLOW) == 0)
    }
    try writeEnglish(#""ui.done" = "Done";"#)
    #expect(try read(Self.cachingEveryTable(cacheDirectory)).get() == ["ui.done": "Done"])
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: cacheDirectory))
    #expect(!left.contains("en.lproj-0123456789abcdef.compiled"))
    #expect(!left.contains("en.lproj-0123456789abcdef.compiled.99.tmp"))
    for kept in ["notes.compiled", "en.lproj-xyz.compiled", "README", "en.lproj-0123456789abcdef.compiled.x.tmp"] {
      #expect(left.contains(kept), "\(kept) is not the cache's: kept")
    }
    #expect(left.contains("nl.lproj-00ff.compiled"), "a link is not a file the cache wrote")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
  }

  @Test(
    "the cache knows its own file names",
    arguments: [
      ("en.lproj-0123456789abcdef.compiled", TranslationCache.OwnFile.table as TranslationCache.OwnFile?),
      ("pt-BR.lproj-ff.compiled", .table),
      ("en.lproj-0123456789abcdef.compiled.4242.tmp", .temporary),
      ("en.lproj-0123456789abcdef.compiled.tmp", nil),
      ("en.lproj-zz.compiled", nil),
      ("-ff.compiled", nil),
      ("en.lproj-ff.compiled.bak", nil),
      ("en.lproj-ｆｆ.compiled", nil),
    ])
  func ownFileNames(name: String, kind: TranslationCache.OwnFile?) {
    #expect(TranslationCache.ownFileKind(name) == kind)
  }

  @Test("a release file that is a FIFO or a link to a device is named as such and skipped, never read")
  func hostileReleaseFiles() throws {
    let releases = directory.path("Releases")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: releases)
    try plant("FIFO", at: releases + "/2.12.0.json")
    try plant("link to /dev/zero", at: releases + "/2.13.1.json")
    let library = try ContentLibrary.load(releasesDirectory: releases, localizationsDirectory: RepositoryPaths.localizations)
    #expect(!library.releases.contains { $0.version.description == "2.12.0" || $0.version.description == "2.13.1" })
    for (version, reason) in [("2.12.0", "it is a FIFO"), ("2.13.1", "it is a device")] {
      #expect(
        library.diagnostics.contains {
          $0.contains(
            "release \(version) is registered but \(releases)/\(version).json cannot be read: \(reason), not a regular file")
        }, "\(library.diagnostics)")
    }
  }
}
