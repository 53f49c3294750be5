import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// A translation `lint` refuses for its length is not shown by the app either (issue 21: a
/// 10 MB text made each render of its page take seconds).
@Suite("A translation over lint's length limit")
struct LongTranslationTests {
  static let key = "whatsNew.v2_15_0.smartReminder.reminder.title"

  /// A copy of the shipped content whose Spanish `key` is 10 MiB long.
  static func content() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory(prefix: "whatsnew-long-text")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: directory.path("Releases"))
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: directory.path("Localizations"))
    let path = directory.path("Localizations/es.lproj/2.15.0.strings")
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let long = String(repeating: "a", count: 10 << 20)
    let edited = lines.map { $0.hasPrefix("\"\(key)\"") ? "\"\(key)\" = \"\(long)\";" : String($0) }
    try edited.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
    return directory
  }

  @Test("at start the text is dropped and named once, as lint names it, parsed or from the cache", arguments: [false, true])
  func droppedAtStart(cached: Bool) throws {
    let directory = try Self.content()
    let cache = TranslationCache(directory: directory.path("cache"))
    let load = {
      try ContentLibrary.load(
        releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"),
        languages: [.es], cache: cache)
    }
    if cached { _ = try load() }  // fills the cache: the next load reads the compiled copy
    let content = try load()
    #expect(content.catalog.text(for: Self.key, in: .es) == nil)
    #expect(content.catalog.text(for: "whatsNew.v2_15_0.smartReminder.reminder.description", in: .es) != nil, "the rest is kept")
    let notes = content.diagnostics.filter { $0.contains(Self.key) }
    #expect(notes.count == 1, "\(content.diagnostics.map { $0.prefix(200) })")
    #expect(notes.first?.contains("Español text of \(10 << 20) characters, over the 4000-character limit") == true)

    let files = try ContentLibrary.readFiles(
      releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"))
    let lint = files.lint(releasesDisplayDirectory: "Releases", localizationsDisplayDirectory: "Localizations")
    #expect(lint.contains { $0.path == Self.key && $0.message.contains("text of \(10 << 20) characters") })
  }

  @Test("a release's table read on a language switch is limited the same way")
  func droppedOnSwitch() throws {
    let directory = try Self.content()
    // A start in English; Spanish is read when first looked up, as after `lang es`.
    let content = try ContentLibrary.open(
      releasesDirectory: directory.path("Releases"), localizationsDirectory: directory.path("Localizations"),
      languages: [.en])
    #expect(content.catalog.release(Version("2.15.0")!) != nil)
    #expect(content.catalog.text(for: Self.key, in: .es) == nil)
    #expect(content.catalog.text(for: "whatsNew.v2_15_0.smartReminder.reminder.description", in: .es) != nil)
  }
}
