import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

@Suite("The command table's words")
struct CommandTableWordsTests {
  @Test(
    "'did you mean' offers a command that dismisses or destroys only when nothing else is as close",
    arguments: [
      ("chose", "choose"), ("cloose", "choose"), ("dome", "home"), ("clsoe", "close"), ("skp", "skip"), ("restor", "restore"),
      ("nxet", "next"), ("finsh", "finish"), ("hepl", "help"), ("banana", nil),
    ] as [(String, String?)])
  func suggestion(word: String, expected: String?) {
    #expect(CommandTable.suggestion(for: word) == expected)
  }

  @Test("every command has a group, every form and an example that names it", arguments: CommandTable.all.map(\.name))
  func helpContent(name: String) throws {
    let command = try #require(CommandTable.find(name))
    #expect(!command.syntax.isEmpty)
    #expect(command.syntax.allSatisfy { $0.hasPrefix(name) }, "each form starts with the command")
    #expect(!command.examples.isEmpty)
    for example in command.examples {
      #expect(CommandTokenizer.split(example).first == name, "\(example) runs \(name)")
    }
    let english = try ShippedTables.english
    #expect(english[command.summaryKey] != nil)
    if let detailsKey = command.detailsKey { #expect(english[detailsKey] != nil) }
  }

  @Test("every group has commands and a heading")
  func groups() throws {
    let english = try ShippedTables.english
    for group in CommandGroup.allCases {
      #expect(CommandTable.all.contains { $0.group == group }, "\(group)")
      #expect(english[group.titleKey] != nil, "\(group)")
    }
  }

  @Test(
    "qa's examples parse, specs as --fault reads them, and cover every verb, operation, target kind, count and the delay's unit")
  func qaExamples() throws {
    let qa = try #require(CommandTable.find("qa"))
    var verbs: Set<String> = []
    var operations: Set<FaultOperation> = []
    var kinds: Set<String> = []
    for example in qa.examples {
      let words = Array(CommandTokenizer.split(example).dropFirst())
      if words[0].contains("=") {
        verbs.insert("spec")
        for spec in try words.map(FaultSpec.parse) {
          operations.insert(spec.operation)
          #expect(try FaultSpec.parse(spec.description) == spec, "\(example) prints as it parses")
        }
        continue
      }
      verbs.insert(words[0])
      guard !["clear", "faults", "explore", "clock"].contains(words[0]) else { continue }
      switch try QACommand.parse(verb: words[0], Array(words.dropFirst())) {
      case .add(let spec):
        operations.insert(spec.operation)
        if spec.target != nil { kinds.insert("setting target") }
        switch spec.kind {
        case .fail(remaining: nil): kinds.insert("always")
        case .fail(remaining: 1): kinds.insert(words.last == "once" ? "once" : "fail")
        case .fail: kinds.insert("count")
        case .delay: kinds.insert("delay")
        case .hold: kinds.insert("hold")
        }
      case .release(let operation, _): operations.insert(operation)
      }
      if words.contains("all") { kinds.insert("all") }
    }
    #expect(verbs == ["spec", "fail", "delay", "hold", "release", "clear", "faults", "explore", "clock"])
    #expect(
      verbs == Set(["spec"] + (CommandTable.find("qa")?.subcommands ?? [])), "every subcommand completion offers has an example")
    #expect(operations == Set(FaultOperation.allCases))
    #expect(kinds == ["setting target", "all", "always", "once", "fail", "count", "delay", "hold"])
  }
}

@Suite("Completion follows the page")
struct CompletionVocabularyTests {
  static let oneChoice = PageShortcuts(
    page: Page(
      id: "p",
      blocks: [
        Block(
          id: "view",
          content: .choice(
            ChoiceBlock(
              setting: .workoutView, titleKey: "t",
              options: [ChoiceOption(value: "guided", labelKey: "g"), ChoiceOption(value: "inline", labelKey: "i")]))),
        Block(id: "a", content: .action(ActionBlock(action: .openSettings, labelKey: "l"))),
      ]), numbering: .perChoice)

  static let vocabulary = CompletionVocabulary(
    labels: [
      .workoutView: ["guided": "Guided", "inline": "Inline"],
      .workoutAutonomy: ["suggest": "Suggest weights", "manual": "Follow the plan"],
      .units: ["metric": "Metric (kg, km)", "imperial": "Imperial (lb, mi)"],
      .theme: ["system": "System", "light": "Light", "dark": "Dark"],
    ],
    page: oneChoice)

  /// A page whose theme choice offers two of the three themes.
  static let someThemes = CompletionVocabulary(
    labels: vocabulary.labels,
    page: PageShortcuts(
      page: Page(
        id: "p",
        blocks: [
          Block(
            id: "theme",
            content: .choice(
              ChoiceBlock(
                setting: .theme, titleKey: "t",
                options: [ChoiceOption(value: "light", labelKey: "l"), ChoiceOption(value: "dark", labelKey: "d")])))
        ]), numbering: .perChoice))

  @Test(
    "Tab offers what the page shows, and a setting's values and labels",
    arguments: [
      ("choose ", ["1", "2", "workoutView"]),
      ("choose workoutView ", ["guided", "inline", "Guided", "Inline"]),
      ("choose theme ", []),
      ("open ", ["1", "openSettings"]),
      ("set units ", ["metric", "imperial", "Metric (kg, km)", "Imperial (lb, mi)"]),
      ("set workoutAutonomy follow ", ["the plan"]),
      ("set workoutAutonomy Follow the ", ["plan"]),
      ("set theme ", ["system", "light", "dark", "System", "Light", "Dark"]),
      ("set reviewWeekday fr", Weekday.allCases.map(\.rawValue)),
    ])
  func candidates(line: String, expected: [String]) {
    #expect(Self.vocabulary.candidates(forLine: line) == expected)
  }

  @Test("after a setting, choose offers the values its choice on the page offers; set offers them all")
  func pageOptions() {
    #expect(Self.someThemes.candidates(forLine: "choose theme ") == ["light", "dark", "Light", "Dark"])
    #expect(Self.someThemes.candidates(forLine: "set theme ") == ["system", "light", "dark", "System", "Light", "Dark"])
  }

  @Test("away from a page, choose offers nothing and open offers every action")
  func offPage() {
    let vocabulary = CompletionVocabulary()
    #expect(vocabulary.candidates(forLine: "choose ") == [])
    #expect(vocabulary.candidates(forLine: "open ") == Action.allCases.map(\.rawValue))
  }

  @Test("at a terminal, the snapshot Tab reads follows the page after each command, in the session's language")
  @MainActor
  func snapshotFollowsThePage() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.12.0"])
    let repl = REPL(
      session: harness.session, source: ArrayLineSource(["next", "lang nl"]), isInteractive: true, echoCommands: false)
    await repl.run()
    let completions = harness.session.completions
    #expect(
      completions.candidates(forLine: "choose ") == [
        "autonomy.1", "autonomy.2", "mode.1", "mode.2", "workoutAutonomy", "progressionMode",
      ])
    #expect(completions.candidates(forLine: "choose workoutAutonomy ").contains("Schema volgen"))
    #expect(completions.candidates(forLine: "set units ").contains("Imperiaal (lb, mi)"))
  }
}
