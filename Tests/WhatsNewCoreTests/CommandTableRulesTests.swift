import Testing
import WhatsNewCore

/// The command table's own rules: one name or alias per command, the traits each list
/// holds, the family each form goes to, and what a whole line's traits are.
@Suite("The command table's rules")
struct CommandTableRulesTests {
  static func names(with trait: CommandTrait) -> Set<String> {
    Set(CommandTable.all.filter { $0.traits.contains(trait) }.map(\.name))
  }

  @Test("every name and alias names one command, itself")
  func oneWordOneCommand() {
    let words = CommandTable.all.flatMap { [$0.name] + $0.aliases }
    #expect(Set(words).count == words.count)
    for command in CommandTable.all {
      #expect(CommandTable.find(command.name) == command)
      for alias in command.aliases { #expect(CommandTable.find(alias) == command, "\(alias)") }
    }
    #expect(CommandTable.find("exit")?.name == "quit")
    #expect(CommandTable.find("banana") == nil)
  }

  @Test(
    "each trait holds the commands that do it",
    arguments: [
      (CommandTrait.readsNow, ["check", "wait", "state", "why", "show", "recap", "undo"]),
      (.dismisses, ["done", "skip", "close", "finish"]),
      (.endsTour, ["done", "skip", "close"]),
      (.replacesData, ["restore"]),
      (.changesSettings, ["choose", "set", "undo"]),
      (.reachesOutside, ["backup", "restore"]),
    ] as [(CommandTrait, [String])])
  func traitLists(trait: CommandTrait, names: [String]) {
    #expect(Self.names(with: trait) == Set(names))
  }

  @Test("the final commands, which 'did you mean' offers last, are those that dismiss or replace data")
  func finalCommands() {
    #expect(Set(CommandTable.all.filter(\.isFinal).map(\.name)) == ["close", "skip", "done", "finish", "restore"])
    #expect(CommandTable.suggestion(for: "chose") == "choose")
  }

  @Test(
    "a line's traits are its command's and its subcommand's, whatever the case",
    arguments: [
      ("backup x.sqlite", true), ("restore x.sqlite", true), ("qa explore", true), ("QA Explore --navigation", true),
      ("qa faults", false), ("set theme dark", false), ("backupx", false), ("state", false), ("", false),
    ])
  func lineReachesOutside(line: String, outside: Bool) {
    #expect(CommandTable.traits(ofLine: line).contains(.reachesOutside) == outside)
  }

  @Test("tour alone returns to the tour; with a guide it starts the guide")
  func tourFamily() throws {
    let tour = try #require(CommandTable.find("tour"))
    #expect(tour.family(arguments: []) == .tour)
    #expect(tour.family(arguments: ["first_run"]) == .guidance)
    #expect(CommandTable.find("news")?.family(arguments: ["all"]) == .tour)
  }

  @Test("the subcommands completion offers")
  func subcommands() {
    #expect(
      (CommandTable.find("qa")?.subcommands ?? []) == ["fail", "delay", "hold", "release", "clear", "faults", "explore", "clock"])
    #expect((CommandTable.find("debug")?.subcommands ?? []) == ["seen", "preview"])
    #expect((CommandTable.find("guidance")?.subcommands ?? []) == ["reset", "off", "on"])
    #expect((CommandTable.find("why")?.subcommands ?? []) == ["tour", "guide", "popover", "news", "reminder"])
    #expect((CommandTable.find("next")?.subcommands ?? []) == [])
  }

  @Test("every family runs some command")
  func everyFamily() {
    for family in CommandFamily.allCases {
      #expect(CommandTable.all.contains { $0.family == family || $0.familyWithArguments == family }, "\(family)")
    }
  }
}
