import WhatsNewCore

/// Who a command is for: `help` lists the commands in these groups, in this order.
package enum CommandGroup: String, CaseIterable, Sendable, Hashable {
  /// Walking the tour and the app's screens: everyone.
  case tour
  /// Settings, the language, the reminder and backups.
  case settings
  /// Guides and info popovers.
  case guidance
  /// Failure injection and checks, for QA.
  case qa
  /// The seen record and previews, for developers and content authors.
  case debug

  /// The UI string key of the group's heading in `help`.
  package var titleKey: String { "ui.help.group." + rawValue }
}

/// A REPL command: its name, how to call it, its one-line summary (a UI string key), its
/// audience, and what `help <command>` shows besides (every form, examples, more words).
package struct CommandInfo: Sendable, Hashable {
  /// The word that runs it: `choose`.
  package var name: String
  /// Every form on one line, for usage errors: `go <screen>`.
  package var usage: String
  /// The UI string key of its one-line summary.
  package var summaryKey: String
  /// The group `help` lists the command in.
  package var group: CommandGroup
  /// Each form on a line of its own, for `help <command>`.
  package var syntax: [String]
  /// Command lines that work as typed (`CommandCatalogTests` runs them).
  package var examples: [String]
  /// A UI string key with more to say in `help <command>` (`qa`'s operations, say), if any.
  package var detailsKey: String?

  /// Creates a command; `syntax` defaults to `usage`'s forms (split at ` | `).
  package init(
    _ name: String, _ usage: String, _ summaryKey: String, group: CommandGroup, syntax: [String]? = nil,
    examples: [String], detailsKey: String? = nil
  ) {
    self.name = name
    self.usage = usage
    self.summaryKey = summaryKey
    self.group = group
    self.syntax = syntax ?? usage.split(separator: " | ").map(String.init)
    self.examples = examples
    self.detailsKey = detailsKey
  }

  /// Whether the command dismisses the tour or wizard, or destroys data: "did you mean"
  /// offers it only when no other command is as close.
  package var isFinal: Bool { CommandCatalog.finalNames.contains(name) }
}

/// The REPL's commands, for `help`, "did you mean" and completion.
package enum CommandCatalog {
  package static let all: [CommandInfo] = [
    // The tour and the screens.
    CommandInfo("help", "help [<command>]", "ui.help.help", group: .tour, examples: ["help", "help qa"]),
    CommandInfo("next", "next", "ui.help.next", group: .tour, examples: ["next"]),
    CommandInfo("back", "back", "ui.help.back", group: .tour, examples: ["back"]),
    CommandInfo(
      "choose", "choose <setting> <value> | choose <n> | choose <block>.<option>", "ui.help.choose", group: .tour,
      syntax: ["choose <n>", "choose <block>.<n>", "choose <setting> <value>"],
      examples: ["choose 2", "choose mode.1", "choose workoutView inline", "choose units imp"]),
    CommandInfo(
      "open", "open <action> | open <n>", "ui.help.open", group: .tour, syntax: ["open <n>", "open <action>"],
      examples: ["open 1", "open openCardioLog"]),
    CommandInfo("done", "done", "ui.help.done", group: .tour, examples: ["done"]),
    CommandInfo("skip", "skip", "ui.help.skip", group: .tour, examples: ["skip"]),
    CommandInfo("close", "close", "ui.help.close", group: .tour, examples: ["close"]),
    CommandInfo("finish", "finish", "ui.help.finish", group: .tour, examples: ["finish"]),
    CommandInfo(
      "tour", "tour [<guidance>]", "ui.help.tour", group: .tour, syntax: ["tour", "tour <guide>"],
      examples: ["tour", "tour first_run"]),
    CommandInfo(
      "news", "news [all | <version>]", "ui.help.news", group: .tour, syntax: ["news", "news all", "news <version>"],
      examples: ["news", "news all", "news 2.12.0"]),
    CommandInfo("recap", "recap", "ui.help.recap", group: .tour, examples: ["recap"]),
    CommandInfo(
      "undo", "undo <n> | undo all", "ui.help.undo", group: .tour, syntax: ["undo <n>", "undo all"],
      examples: ["undo 1", "undo all"]),
    CommandInfo("go", "go <screen>", "ui.help.go", group: .tour, examples: ["go settings", "go review"]),
    CommandInfo("home", "home", "ui.help.home", group: .tour, examples: ["home"]),
    CommandInfo(
      "show", "show [all]", "ui.help.show", group: .tour, syntax: ["show", "show all"], examples: ["show", "show all"]),
    CommandInfo("quit", "quit", "ui.help.quit", group: .tour, examples: ["quit"]),
    // Settings.
    CommandInfo(
      "set", "set <setting> <value>", "ui.help.set", group: .settings,
      examples: ["set theme dark", "set reviewWeekday fri", "set units lb", "set restTimerHaptics off"]),
    CommandInfo(
      "lang", "lang <en|es|nl|pt-BR|ru|system>", "ui.help.lang", group: .settings,
      syntax: ["lang", "lang <en|es|nl|pt-BR|ru>", "lang system"], examples: ["lang", "lang ru", "lang system"]),
    CommandInfo("notifications", "notifications", "ui.help.notifications", group: .settings, examples: ["notifications"]),
    CommandInfo("backup", "backup <file>", "ui.help.backup", group: .settings, examples: ["backup settings-copy.sqlite"]),
    CommandInfo(
      "restore", "restore <file> [--yes]", "ui.help.restore", group: .settings,
      examples: ["restore settings-copy.sqlite", "restore settings-copy.sqlite --yes"], detailsKey: "ui.help.restore.details"),
    // Guidance.
    CommandInfo(
      "info", "info <popover>", "ui.help.info", group: .guidance, examples: ["info workouts.view_info", "info cardio.log_info"]),
    CommandInfo(
      "guidance", "guidance [reset [<id>]]", "ui.help.guidance", group: .guidance,
      syntax: ["guidance", "guidance reset", "guidance reset <guide>"], examples: ["guidance", "guidance reset first_run"]),
    // QA.
    CommandInfo(
      "qa",
      "qa <op>[:<target>]=<fault> … | qa fail|delay|hold|release <op> [<target>] … | qa clear | qa faults | "
        + ExploreOption.usage,
      "ui.help.qa",
      group: .qa,
      syntax: [
        "qa <op>[:<target>]=fail|fail:<n>|delay:<ms>|hold …",
        "qa fail <op> [<target>] [once|always|<n>]", "qa delay <op> [<target>] <ms>", "qa hold <op> [<target>]",
        "qa release <op> [<target>]", "qa clear", "qa faults",
      ] + ExploreOption.syntax,
      examples: [
        "qa write:workoutView=fail:2", "qa read:theme=fail seen-write=hold", "qa fail write workoutView 2",
        "qa fail read theme always", "qa fail write all once", "qa fail schedule",
        "qa fail cancel", "qa fail seen-write", "qa fail boot", "qa delay schedule 1500", "qa delay read all 800",
        "qa hold write theme", "qa release write theme", "qa clear", "qa faults", "qa explore",
        "qa explore choices.txt", "qa explore --pairs", "qa explore --max-runs 20000 long.txt",
      ],
      detailsKey: "ui.help.qa.details"),
    CommandInfo("wait", "wait", "ui.help.wait", group: .qa, examples: ["wait"]),
    CommandInfo("check", "check", "ui.help.check", group: .qa, examples: ["check"], detailsKey: "ui.help.check.details"),
    CommandInfo(
      "state", "state [--pretty] [<path>]", "ui.help.state", group: .qa,
      syntax: ["state", "state --pretty", "state <path>", "state --pretty <path>"],
      examples: ["state", "state --pretty", "state settings.theme", "state notification.next", "state --pretty notification"]),
    // Debug.
    CommandInfo(
      "debug", "debug seen [clear|set <version>] | debug preview <version>", "ui.help.debug", group: .debug,
      syntax: ["debug seen", "debug seen clear", "debug seen set <version>", "debug preview <version>"],
      examples: ["debug seen", "debug seen set 2.12.0", "debug preview 2.15.0", "debug seen clear"]),
  ]

  /// Commands that dismiss the tour or wizard for good, or replace or erase data.
  static let finalNames: Set<String> = ["close", "skip", "done", "finish", "restore"]

  /// Other spellings people type.
  package static let aliases: [String: String] = ["exit": "quit", "q": "quit", "?": "help", "n": "next", "b": "back"]

  /// The command a word names, after aliases.
  package static func find(_ word: String) -> CommandInfo? {
    let name = aliases[word] ?? word
    return all.first { $0.name == name }
  }

  /// The command to suggest for an unknown word, if one is close: a command that dismisses
  /// or destroys only when no other command (or alias) is as close.
  ///
  /// ```swift
  /// CommandCatalog.suggestion(for: "chose")   // "choose", not "close"
  /// ```
  package static func suggestion(for word: String) -> String? {
    Suggestion.closest(
      to: word, in: all.map(\.name) + aliases.keys.sorted(), avoiding: finalNames)
  }
}

/// Splits a command line into words; double or single quotes keep spaces in a word.
///
/// ```swift
/// CommandTokenizer.split(#"backup "my file.sqlite""#)   // ["backup", "my file.sqlite"]
/// ```
package enum CommandTokenizer {
  package static func split(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var hasWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        hasWord = true
      } else if character.isWhitespace {
        if hasWord || !current.isEmpty { words.append(current) }
        current = ""
        hasWord = false
      } else {
        current.append(character)
        hasWord = true
      }
    }
    if hasWord || !current.isEmpty { words.append(current) }
    return words
  }
}
