import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStrings

@testable import WhatsNewApp

/// The live compiler: the built `whatsnew-strings` helper, and shell scripts standing in for
/// helpers that crash, print garbage or stop half way.
@Suite("The strings helper, live")
struct StringsHelperTests {
  let directory: TemporaryDirectory
  /// A good table, one that does not parse, one that is not a table of strings, one missing.
  let good: String
  let broken: String
  let nested: String
  let missing: String

  init() throws {
    directory = try TemporaryDirectory()
    good = directory.path("good.strings")
    broken = directory.path("broken.strings")
    nested = directory.path("nested.strings")
    missing = directory.path("missing.strings")
    try Data(#"/* c */ "ui.done" = "Done"; "ui.quote" = "say \"hi\"\n"; ui.bare = "Привет";"#.utf8).write(
      to: URL(fileURLWithPath: good))
    try Data(#""ui.done" = "Done""#.utf8).write(to: URL(fileURLWithPath: broken))
    try Data(#""a" = { "b" = "c"; };"#.utf8).write(to: URL(fileURLWithPath: nested))
  }

  /// The live compiler with `WHATSNEW_STRINGS_HELPER` set to `helper`.
  func live(_ helper: String = RepositoryPaths.stringsHelper) -> StringsCompiler {
    .live(environment: [StringsCompiler.helperVariable: helper])
  }

  /// A script in the test directory, made executable, that stands in for the helper.
  func script(_ name: String, _ body: String) throws -> String {
    try directory.writeExecutable(name, "#!/bin/sh\n\(body)\n")
  }

  @Test("the helper compiles several files in one run, exactly as the in-process compiler does")
  func matchesInProcess() throws {
    let paths = [good, broken, nested, missing]
    let results = live().compile(paths)
    #expect(results == StringsCompiler.inProcess.compile(paths))
    let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: good)))
    let compiled = try results[0].get()
    #expect(
      CompiledStringsTable.decode(compiled, source: source) == [
        "ui.done": "Done", "ui.quote": "say \"hi\"\n", "ui.bare": "Привет",
      ])
  }

  @Test("a file that does not parse gives PropertyListSerialization's message, through the helper")
  func parseErrors() {
    let results = live().compile([broken, nested])
    guard case .failure(.unreadable(let reason)) = results[0] else {
      Issue.record("expected a syntax error, got \(results[0])")
      return
    }
    // Foundation's own words: where the parser stopped.
    #expect(reason.contains("line 1"), "\(reason)")
    #expect(results[0].problem.contains("not a valid .strings file: "))
    #expect(
      results[1] == .failure(.notAStringsTable(reason: "the value of 'a' is a dictionary, not a string")))
  }

  @Test("a missing file is that file's problem, with the system's reason; the others still compile")
  func missingFile() {
    let results = live().compile([missing, good])
    #expect(results[0] == .failure(.fileUnreadable(reason: "No such file or directory")))
    #expect((try? results[1].get()) != nil)
  }

  @Test("the helper is found beside the running executable without the variable")
  func foundBeside() {
    let compiler = StringsCompiler.live(environment: [:], executablePath: { RepositoryPaths.executable })
    #expect((try? compiler.compile([good])[0].get()) != nil)
  }

  @Test("a missing helper says what is missing, where, and what to do")
  func missingHelper() {
    let app = directory.path("bin/whatsnew")
    let beside = StringsCompiler.live(environment: [:], executablePath: { app }).compile([good, broken])
    let expected = LocalizationError.compilerFailed(
      reason: "the helper 'whatsnew-strings' is not next to \(app) (install it beside whatsnew, or set WHATSNEW_STRINGS_HELPER)")
    #expect(beside == [.failure(expected), .failure(expected)])
    #expect(
      expected.description
        == "cannot read translations: the helper 'whatsnew-strings' is not next to \(app) (install it beside whatsnew, or set WHATSNEW_STRINGS_HELPER)"
    )
    let named = live(directory.path("nowhere/whatsnew-strings")).compile([good])
    #expect(
      named == [
        .failure(
          .compilerFailed(
            reason: "the helper WHATSNEW_STRINGS_HELPER names, '\(directory.path("nowhere/whatsnew-strings"))', does not exist"
              + " (install whatsnew-strings there, or unset WHATSNEW_STRINGS_HELPER to use the one beside whatsnew)"))
      ])
    let unknown = StringsCompiler.live(environment: [:], executablePath: { nil }).compile([good])
    #expect(unknown.first?.problem.contains("set WHATSNEW_STRINGS_HELPER") == true)
  }

  /// Stand-ins for helpers gone wrong, and what each file's problem says.
  static let brokenHelpers: [(name: String, body: String, problem: String)] = [
    ("crashes", "kill -SEGV $$", "was killed by signal 11 before it finished this file"),
    ("killed", "kill -KILL $$", "was killed by signal 9 before it finished this file"),
    ("garbage", "printf 'garbage\\n'", "wrote something that is not compiled translations"),
    ("silent", "exit 0", "wrote nothing"),
    ("fails", "echo 'boom: \\033[31mdisk on fire' >&2; exit 3", "failed (exit status 3): boom: disk on fire"),
    ("newer", "printf 'WNSTRHLP\\002\\000\\000\\000\\002\\000\\000\\000'", "wrote format 2, and this whatsnew reads format 1"),
    ("cut", "\"$REAL\" \"$@\" | head -c 40", "stopped writing before its last result"),
    ("extra", "\"$REAL\" \"$@\" \"$0\"", "answered for 3 files instead of 2"),
  ]

  @Test(
    "a helper that crashes, prints garbage or stops early is a clear problem for each file, never a table",
    arguments: brokenHelpers.indices)
  func brokenHelper(index: Int) throws {
    let stand = Self.brokenHelpers[index]
    let helper = try script(stand.name, "REAL='\(RepositoryPaths.stringsHelper)'\n\(stand.body)")
    let results = live(helper).compile([good, broken])
    #expect(results.count == 2)
    for result in results {
      guard case .failure(.compilerFailed(let reason)) = result else {
        Issue.record("\(stand.name): \(result)")
        continue
      }
      #expect(reason.hasPrefix("the helper '\(helper)' "), "\(reason)")
      #expect(reason.contains(stand.problem), "\(stand.name): \(reason)")
    }
  }

  @Test("a helper that hangs is stopped, and each file says it did not finish")
  func hangingHelper() throws {
    let helper = try script("hangs", "exec sleep 30")
    let results = StringsCompiler.runHelper(helper, paths: [good, broken], timeoutMilliseconds: 200)
    #expect(results.count == 2)
    for result in results {
      #expect(
        result
          == .failure(
            .compilerFailed(
              reason: "the helper '\(helper)' did not finish: it was still running after 200 ms, so it was stopped"
                + " (check that it is the whatsnew-strings built with this whatsnew)")))
    }
  }

  @Test("a helper that dies after its first result keeps that result; the rest say why")
  func diesHalfWay() throws {
    // The real output for the missing file is the header (16 bytes) and one small result.
    let firstResult = StringsCompilerOutput.encode([.failure(.fileUnreadable(reason: "No such file or directory"))]).count
    let helper = try script(
      "half", "'\(RepositoryPaths.stringsHelper)' \"$@\" | head -c \(firstResult + 5)\nkill -KILL $$")
    let results = live(helper).compile([missing, good])
    #expect(results[0] == .failure(.fileUnreadable(reason: "No such file or directory")))
    #expect(results[1].problem.contains("was killed by signal 9 before it finished this file"), "\(results[1])")
  }

  @Test("a helper that is not executable cannot start, and says so")
  func notExecutable() throws {
    let helper = try script("plain", "exit 0")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: helper)
    let results = live(helper).compile([good])
    #expect(
      results == [
        .failure(
          .compilerFailed(
            reason: "cannot start the helper '\(helper)': Permission denied"
              + " (reinstall whatsnew-strings beside whatsnew, or set WHATSNEW_STRINGS_HELPER)"))
      ])
  }

  @Test("a table the helper compiled is used only for the bytes it was compiled from")
  func readsThroughTheCache() throws {
    let localizations = directory.path("Localizations")
    try FileManager.default.createDirectory(atPath: localizations + "/en.lproj", withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: good, toPath: localizations + "/en.lproj/Localizable.strings")
    let cache = TranslationCache(directory: directory.path("cache"))
    let first = ContentLibrary.readTable(.en, localizationsDirectory: localizations, cache: cache, compiler: live())
    #expect((try? first.get())?["ui.done"] == "Done")
    // The cache now holds the helper's bytes as they were: a start needs no helper at all.
    let noHelper = live(directory.path("nowhere"))
    let second = ContentLibrary.readTable(.en, localizationsDirectory: localizations, cache: cache, compiler: noHelper)
    #expect((try? second.get()) == (try? first.get()))
  }

  @Test("usage errors exit 64 with a one-line usage; --help prints it and exits 0")
  func usage() throws {
    for (arguments, status) in [([String](), Int32(64)), (["-x"], 64), (["--help"], 0)] {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: RepositoryPaths.stringsHelper)
      process.arguments = arguments
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let text =
        String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        + String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == status, "\(arguments)")
      #expect(text.split(separator: "\n").last == "usage: whatsnew-strings [--] FILE.strings...", "\(arguments): \(text)")
    }
  }
}

extension Result where Success == [UInt8], Failure == LocalizationError {
  /// The problem's message for people; empty for a compiled table.
  var problem: String {
    if case .failure(let error) = self { error.description } else { "" }
  }
}
