/// The REPL's commands, each declared once: parsing (the dispatcher hands each to its
/// ``CommandFamily``), `help`, completion, "did you mean", `qa explore` (its action lines and
/// what its runs refuse, ``CommandTrait``) and `qa explore --navigation` read them here.
package enum CommandTable {
  package static let all: [CommandInfo] = [
    // The tour and the screens.
    CommandInfo(
      name: "help", usage: "help [<command>]", group: .tour, family: .session, aliases: ["?"], examples: ["help", "help qa"]),
    CommandInfo(name: "next", usage: "next", group: .tour, family: .tour, aliases: ["n"], examples: ["next"]),
    CommandInfo(name: "back", usage: "back", group: .tour, family: .tour, aliases: ["b"], examples: ["back"]),
    CommandInfo(
      name: "choose", usage: "choose <setting> <value> | choose <n> | choose <block>.<option>", group: .tour, family: .tour,
      traits: [.changesSettings], forms: ["choose <n>", "choose <block>.<n>", "choose <setting> <value>"],
      examples: ["choose 2", "choose mode.1", "choose workoutView inline", "choose units imp"]),
    CommandInfo(
      name: "open", usage: "open <action> | open <n>", group: .tour, family: .tour, forms: ["open <n>", "open <action>"],
      examples: ["open 1", "open openCardioLog"]),
    CommandInfo(name: "done", usage: "done", group: .tour, family: .tour, traits: [.dismisses, .endsTour], examples: ["done"]),
    CommandInfo(name: "skip", usage: "skip", group: .tour, family: .tour, traits: [.dismisses, .endsTour], examples: ["skip"]),
    CommandInfo(
      name: "close", usage: "close", group: .tour, family: .tour, traits: [.dismisses, .endsTour], examples: ["close"]),
    CommandInfo(name: "finish", usage: "finish", group: .tour, family: .tour, traits: [.dismisses], examples: ["finish"]),
    // `tour` alone returns to the tour; `tour <guide>` starts a guide.
    CommandInfo(
      name: "tour", usage: "tour [<guidance>]", group: .tour, family: .tour, familyWithArguments: .guidance,
      forms: ["tour", "tour <guide>"], examples: ["tour", "tour first_run"]),
    CommandInfo(
      name: "news", usage: "news [all | <version>]", group: .tour, family: .tour, forms: ["news", "news all", "news <version>"],
      examples: ["news", "news all", "news 2.12.0"]),
    CommandInfo(name: "recap", usage: "recap", group: .tour, family: .recap, traits: [.readsNow], examples: ["recap"]),
    CommandInfo(
      name: "undo", usage: "undo <n> | undo all", group: .tour, family: .recap, traits: [.readsNow, .changesSettings],
      forms: ["undo <n>", "undo all"], examples: ["undo 1", "undo all"]),
    CommandInfo(name: "go", usage: "go <screen>", group: .tour, family: .tour, examples: ["go settings", "go review"]),
    CommandInfo(name: "home", usage: "home", group: .tour, family: .tour, examples: ["home"]),
    CommandInfo(
      name: "show", usage: "show [all]", group: .tour, family: .session, traits: [.readsNow], forms: ["show", "show all"],
      examples: ["show", "show all"]),
    CommandInfo(name: "quit", usage: "quit", group: .tour, family: .session, aliases: ["exit", "q"], examples: ["quit"]),
    // Settings.
    CommandInfo(
      name: "set", usage: "set <setting> <value>", group: .settings, family: .settings, traits: [.changesSettings],
      examples: ["set theme dark", "set reviewWeekday fri", "set units lb", "set restTimerHaptics off"]),
    CommandInfo(
      name: "lang", usage: "lang <en|es|nl|pt-BR|ru|system>", group: .settings, family: .settings,
      forms: ["lang", "lang <en|es|nl|pt-BR|ru>", "lang system"], examples: ["lang", "lang ru", "lang system"]),
    CommandInfo(name: "notifications", usage: "notifications", group: .settings, family: .settings, examples: ["notifications"]),
    CommandInfo(
      name: "backup", usage: "backup <file>", group: .settings, family: .backup, traits: [.reachesOutside],
      examples: ["backup settings-copy.sqlite"]),
    CommandInfo(
      name: "restore", usage: "restore <file> [--yes]", group: .settings, family: .backup,
      traits: [.replacesData, .reachesOutside],
      examples: ["restore settings-copy.sqlite", "restore settings-copy.sqlite --yes"], hasDetails: true),
    // Guidance.
    CommandInfo(
      name: "info", usage: "info <popover>", group: .guidance, family: .guidance,
      examples: ["info workouts.view_info", "info cardio.log_info"]),
    CommandInfo(
      name: "guidance", usage: "guidance [reset [<id>] | off | on]", group: .guidance, family: .guidance,
      subcommands: ["reset", "off", "on"],
      forms: ["guidance", "guidance reset", "guidance reset <guide>", "guidance off", "guidance on"],
      examples: ["guidance", "guidance reset first_run", "guidance off", "guidance on"]),
    // QA.
    CommandInfo(
      name: "qa",
      usage: "qa <op>[:<target>]=<fault> … | qa fail|delay|hold|release <op> [<target>] … | qa clear | qa faults | "
        + ExploreOption.usage + " | " + clockUsage,
      group: .qa, family: .qa,
      subcommands: ["fail", "delay", "hold", "release", "clear", "faults", "explore", "clock"],
      subcommandTraits: ["explore": [.reachesOutside]],
      forms: [
        "qa <op>[:<target>]=fail|fail:<n>|delay:<ms>|hold …",
        "qa fail <op> [<target>] [once|always|<n>]", "qa delay <op> [<target>] <ms>", "qa hold <op> [<target>]",
        "qa release <op> [<target>]", "qa clear", "qa faults",
        "qa clock", "qa clock +|-<n>d|h|m", "qa clock set <RFC 3339 time> [<zone>]", "qa clock next-dst", "qa clock reset",
      ] + ExploreOption.syntax,
      examples: [
        "qa write:workoutView=fail:2", "qa read:theme=fail seen-write=hold", "qa fail write workoutView 2",
        "qa fail read theme always", "qa fail write all once", "qa fail schedule",
        "qa fail cancel", "qa fail seen-write", "qa fail event-write", "qa fail boot", "qa delay schedule 1500",
        "qa delay read all 800",
        "qa hold write theme", "qa release write theme", "qa clear", "qa faults", "qa explore",
        "qa explore choices.txt", "qa explore --pairs", "qa explore --max-runs 20000 long.txt", "qa explore --clock",
        "qa clock +7d", "qa clock -90m", "qa clock set 2027-03-28T00:59:00Z Europe/Amsterdam", "qa clock next-dst",
        "qa clock", "qa clock reset",
      ],
      hasDetails: true),
    CommandInfo(
      name: "why", usage: "why tour|guide <guide>|popover <popover>|news [<version>]|reminder [--json]", group: .qa,
      family: .qa, traits: [.readsNow], subcommands: ["tour", "guide", "popover", "news", "reminder"],
      forms: [
        "why tour [--json]", "why guide <guide> [--json]", "why popover <popover> [--json]", "why news [<version>] [--json]",
        "why reminder [--json]",
      ],
      examples: [
        "why tour", "why tour --json", "why guide workouts_intro", "why popover cardio.log_info --json", "why news 2.12.0",
        "why news", "why reminder",
      ]),
    CommandInfo(name: "wait", usage: "wait", group: .qa, family: .qa, traits: [.readsNow], examples: ["wait"]),
    CommandInfo(
      name: "check", usage: "check", group: .qa, family: .qa, traits: [.readsNow], examples: ["check"], hasDetails: true),
    CommandInfo(
      name: "state", usage: "state [--pretty] [<path>]", group: .qa, family: .qa, traits: [.readsNow],
      forms: ["state", "state --pretty", "state <path>", "state --pretty <path>"],
      examples: ["state", "state --pretty", "state settings.theme", "state notification.next", "state --pretty notification"]),
    // Debug.
    CommandInfo(
      name: "debug", usage: "debug seen [clear|set <version>] | debug preview <version>", group: .debug, family: .debug,
      subcommands: ["seen", "preview"],
      forms: ["debug seen", "debug seen clear", "debug seen set <version>", "debug preview <version>"],
      examples: ["debug seen", "debug seen set 2.12.0", "debug preview 2.15.0", "debug seen clear"]),
  ]

  /// `qa clock`'s forms on one line, for its usage.
  package static let clockUsage = "qa clock [+|-<n>d|h|m | set <RFC 3339 time> [<zone>] | next-dst | reset]"

  /// The command a word names, itself or by an alias.
  package static func find(_ word: String) -> CommandInfo? {
    all.first { $0.name == word || $0.aliases.contains(word) }
  }

  /// The command a whole line runs and its traits there (`qa explore` reaches outside,
  /// `qa faults` does not); no traits for a line that runs no command.
  package static func traits(ofLine line: String) -> Set<CommandTrait> {
    let words = CommandTokenizer.split(line).map { $0.lowercased() }
    guard let first = words.first, let command = find(first) else { return [] }
    return command.traits(arguments: Array(words.dropFirst()))
  }

  /// The command to suggest for an unknown word, if one is close: a command that dismisses
  /// or destroys only when no other command (or alias) is as close.
  ///
  /// ```swift
  /// CommandTable.suggestion(for: "chose")   // "choose", not "close"
  /// ```
  package static func suggestion(for word: String) -> String? {
    Suggestion.closest(
      to: word, in: all.map(\.name) + all.flatMap(\.aliases).sorted(), avoiding: Set(all.filter(\.isFinal).map(\.name)))
  }
}
