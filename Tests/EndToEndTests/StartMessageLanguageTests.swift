import Foundation
import TestSupport
import Testing

/// A store that cannot open at start is explained in the person's language (issue 22: no
/// English in a non-English session), and in the same English as before otherwise.
@Suite("Why the store cannot open, in the person's language")
struct StartMessageLanguageTests {
  @Test(
    "an empty path, a directory and a missing directory are refused in Russian under --locale ru, with exit 74",
    arguments: [
      ("", "путь к хранилищу настроек пуст"), ("<dir>", "— это папка"), ("<dir>/none/x.sqlite", "папки "),
    ])
  func russian(db: String, words: String) throws {
    let directory = try TemporaryDirectory()
    let path = db.replacingOccurrences(of: "<dir>", with: directory.path)
    let result = try runWhatsNew(["--db", path, "--locale", "ru"])
    #expect(result.status == 74)
    #expect(result.error.contains(words), "\(result.error)")
    #expect(!result.error.contains("settings store"), "no English: \(result.error)")
  }

  @Test("in English the words are the store's own, as the command line always printed them")
  func english() throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(["--db", directory.path])
    #expect(
      result.error
        == "whatsnew: the settings store \(directory.path) is a directory; pass a file in it with --db \(directory.path)/whatsnew.sqlite\n"
    )
  }
}
