import Foundation
import TestSupport
import Testing

/// Every English text of the app is in `en.lproj/Localizable.strings` (issue 33): without it
/// nothing can be said, so what needs English refuses to run, and says which file, what is
/// wrong with it and what to do, with the status the app's other content errors have.
@Suite("Without the English table")
struct EnglishTableStartTests {
  /// A copy of the shipped content whose English table is what `english` says: absent, or this text.
  static func content(english: String?) throws -> (directory: TemporaryDirectory, arguments: [String], path: String) {
    let directory = try TemporaryDirectory(prefix: "whatsnew-no-english")
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: directory.path("Localizations"))
    let path = directory.path("Localizations/en.lproj/Localizable.strings")
    try FileManager.default.removeItem(atPath: path)
    if let english { try english.write(toFile: path, atomically: true, encoding: .utf8) }
    let arguments = [
      "--releases", RepositoryPaths.releases, "--localizations", directory.path("Localizations"), "--db",
      directory.path("x.sqlite"),
    ]
    return (directory, arguments, path)
  }

  /// `arguments` without the options `command` does not take (and would refuse): the store is
  /// the REPL's alone, the releases are not the schema's.
  static func arguments(_ arguments: [String], for command: [String]) -> [String] {
    let dropped: Set<String> = command.isEmpty ? [] : command[0] == "schema" ? ["--db", "--releases"] : ["--db"]
    return stride(from: 0, to: arguments.count, by: 2).filter { !dropped.contains(arguments[$0]) }
      .flatMap { arguments[$0...$0 + 1] }
  }

  /// What needs English: a start (a script), `flow` and the release schema.
  static let commands: [[String]] = [[], ["flow", "--seen", "none"], ["schema"]]

  @Test("a missing English table: exit 66, naming the file and what to do", arguments: commands)
  func missing(command: [String]) throws {
    let content = try Self.content(english: nil)
    let run = try runWhatsNew(command + Self.arguments(content.arguments, for: command), input: "state\nquit\n")
    #expect(run.status == 66, "\(run.error)")
    #expect(
      run.error
        == "whatsnew: cannot read the English texts: \(content.path): cannot be read: No such file or directory (the app's "
        + "English is written only there: put the file back, or pass --localizations DIR with an en.lproj/Localizable.strings "
        + "in it)\n")
    #expect(run.output == "", "nothing is shown without English")
    #expect(!FileManager.default.fileExists(atPath: content.directory.path("x.sqlite")), "no store is made")
  }

  @Test("an English table that does not parse: exit 65, naming its line and what to do", arguments: commands)
  func broken(command: [String]) throws {
    let content = try Self.content(english: "\"ui.done\" = \"Done\";\n\"ui.next\" = \"Next\"\n\"ui.back\" = \"Back\";\n")
    let run = try runWhatsNew(command + Self.arguments(content.arguments, for: command), input: "state\nquit\n")
    #expect(run.status == 65, "\(run.error)")
    #expect(
      run.error
        == "whatsnew: cannot read the English texts: \(content.path): not a valid .strings file: missing ';' on line 3; "
        + "each entry should look like \"key\" = \"text\"; (the app's English is written only there: fix the file; "
        + "whatsnew lint names the place)\n")
  }

  @Test("what needs no English runs without it: help, the version, the manifest's schema and lint")
  func withoutEnglish() throws {
    let content = try Self.content(english: nil)
    #expect(try runWhatsNew(["--help"] + content.arguments).status == 0)
    #expect(try runWhatsNew(["--version"] + content.arguments).status == 0)
    #expect(try runWhatsNew(["schema", "--manifest"] + Self.arguments(content.arguments, for: ["schema"])).status == 0)
    let lint = try runWhatsNew(["lint"] + Self.arguments(content.arguments, for: ["lint"]))
    #expect(lint.status == 65)
    #expect(lint.output.contains("en.lproj/Localizable.strings"), "lint names the missing table: \(lint.output)")
  }
}
