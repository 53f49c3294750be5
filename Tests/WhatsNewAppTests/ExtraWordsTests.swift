import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// Words a command does not take are refused, never ignored (issue 34): the command does not
/// run, and the line is invalid, so a script exits 65.
@Suite("Words a command does not take")
@MainActor
struct ExtraWordsTests {
  /// An upgrader's session on page 2 of the tour's six, where each command would show it ran.
  static func onPageTwo(_ arguments: [String] = []) async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"] + arguments)
    await harness.boot()
    _ = await harness.output(of: "next")
    return harness
  }

  /// What was printed as one line: the console wraps at the terminal's width.
  static func unwrapped(_ printed: String) -> String { printed.split(separator: "\n").joined(separator: " ") }

  @Test("the commands whose only form is their name are the ones that take no words")
  func derivedFromTheTable() {
    #expect(
      Set(CommandTable.all.filter(\.takesNoWords).map(\.name)) == [
        "next", "back", "done", "skip", "close", "finish", "recap", "home", "quit", "notifications", "wait", "check",
      ])
  }

  @Test(
    "a command that takes no words refuses a word after it, by name or alias, runs nothing, and the line is invalid",
    arguments: CommandTable.all.filter(\.takesNoWords).flatMap { [$0.name] + $0.aliases }.flatMap { ["\($0) now", "\($0) 2"] })
  func refused(line: String) async throws {
    let harness = try await Self.onPageTwo()
    let seen = try await harness.store.seenThrough()
    let name = try #require(CommandTable.find(String(line.split(separator: " ")[0]))).name
    let printed = Self.unwrapped(await harness.output(of: line))
    let key = line.hasSuffix(" 2") ? "ui.error.takesNoNumber" : "ui.error.takesNoWords"
    #expect(printed == harness.session.runner.text(key, name, line), "the refusal and nothing else")
    #expect(harness.lastOutcome.wasInvalid)
    #expect(harness.lastOutcome.checkVerdict == nil, "no check ran")
    #expect(!harness.session.shouldQuit)
    #expect(harness.session.state.overlay == .whatsNew && harness.session.state.tour?.index == 1, "still on page 2")
    #expect(try await harness.store.seenThrough() == seen, "the seen record did not move")
  }

  @Test(
    "a command given more words than any of its forms takes is a usage error and runs nothing",
    arguments: CommandTable.all.compactMap { command in
      command.maximumWords.flatMap {
        $0 > 0 ? ([command.name] + Array(repeating: "x", count: $0 + 1)).joined(separator: " ") : nil
      }
    })
  func tooManyWords(line: String) async throws {
    let harness = try await Self.onPageTwo()
    let command = try #require(CommandTable.find(String(line.split(separator: " ")[0])))
    #expect(Self.unwrapped(await harness.output(of: line)) == harness.session.runner.text("ui.error.usage", command.usage))
    #expect(harness.lastOutcome.wasInvalid)
    #expect(harness.session.state.overlay == .whatsNew && harness.session.state.tour?.index == 1, "still on page 2")
  }

  @Test("show takes all or nothing: another word is a usage error and draws nothing", arguments: ["show now", "show 2"])
  func showTakesAll(line: String) async throws {
    let harness = try await Self.onPageTwo()
    #expect(Self.unwrapped(await harness.output(of: line)) == "Usage: show [all]")
    #expect(harness.lastOutcome.wasInvalid)
    #expect(CommandTable.find("show")?.fits(["ALL"]) == true)
  }

  @Test("the most words each command takes comes from its forms")
  func mostWords() {
    let most = Dictionary(uniqueKeysWithValues: CommandTable.all.map { ($0.name, $0.maximumWords) })
    #expect(most["go"] == 1 && most["help"] == 1 && most["tour"] == 1 && most["show"] == 1 && most["lang"] == 1)
    #expect(most["restore"] == 2 && most["guidance"] == 2 && most["state"] == 2 && most["debug"] == 3)
    #expect(most["set"] == .some(nil) && most["choose"] == .some(nil) && most["qa"] == .some(nil), "values and lists")
  }

  @Test("the refusals say what to do: back once for each step; in the session's language")
  func words() async throws {
    let english = try await Self.onPageTwo()
    #expect(
      Self.unwrapped(await english.output(of: "back 2"))
        == "back takes no number, so 'back 2' was not run: type back alone, as many times as you need.")
    #expect(
      Self.unwrapped(await english.output(of: "skip now")) == "skip takes no words, so 'skip now' was not run: type skip alone.")
    let russian = try await Self.onPageTwo(["--locale", "ru"])
    #expect(
      Self.unwrapped(await russian.output(of: "skip now"))
        == "Команда skip не принимает слов, поэтому «skip now» не выполнено: введите просто skip.")
  }

  @Test("the bare commands and their aliases still run", arguments: ["next", "n", "back", "b", "q", "exit", "?"])
  func bareStillRuns(line: String) async throws {
    let harness = try await Self.onPageTwo()
    _ = await harness.output(of: line)
    #expect(!harness.lastOutcome.wasInvalid, "\(line)")
  }

  @Test("state with a path that names nothing says so and the line is invalid", arguments: ["state tour", "state --pretty tour"])
  func statePathNamingNothing(line: String) async throws {
    let harness = try await Self.onPageTwo()
    let printed = await harness.output(of: line)
    #expect(printed.hasPrefix("state has no field 'tour'"), "\(printed)")
    #expect(!printed.contains("{"), "nothing printed as JSON")
    #expect(harness.lastOutcome.wasInvalid)
  }
}

/// A line of a script read one way by the REPL and by `qa explore <file>` (issue 34).
@Suite("A script's comments and byte order mark")
struct ScriptLineTests {
  @Test(
    "a blank line or a # comment runs nothing, after a byte order mark too; a command loses the mark and its blanks",
    arguments: [
      ("\u{FEFF}# from qa explore", nil), ("# comment", nil), ("  # indented", nil), ("", nil), ("   ", nil), ("\u{FEFF}", nil),
      ("\u{FEFF}next", "next"), (" next ", "next"), ("set theme dark", "set theme dark"),
    ] as [(String, String?)])
  func command(line: String, expected: String?) {
    #expect(CommandTokenizer.command(in: line) == expected)
  }

  @Test("qa explore reads a file with a byte order mark before its first comment as the REPL does")
  @MainActor
  func exploreReadsTheSame() {
    let lines = QACommands.scriptLines("\u{FEFF}# whatsnew --upgrade-from 2.13.0\nnext\n\n# a note\nchoose 2\n")
    #expect(lines == [.init(number: 2, line: "next"), .init(number: 5, line: "choose 2")])
  }

  @Test("a script whose first line is a comment after a byte order mark runs without an invalid line")
  @MainActor
  func replReadsTheComment() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    #expect(await harness.output(of: "\u{FEFF}# whatsnew --upgrade-from 2.11.0") == "")
    #expect(!harness.lastOutcome.wasInvalid)
  }
}
