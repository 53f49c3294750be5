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

/// Which part of the app runs a command the rules hand back (``AppEffect/run(_:_:)``):
/// `TourCommands` (`choose`, `news`), `SettingsCommands`, `GuidanceCommands` (`guidance`),
/// `QACommands`, `DebugCommands`, `BackupCommands`, or, for the session's own (`help`, `quit`,
/// `show`), the dispatcher itself. The tour's walking, guides, popovers and the recap are the
/// rules' own (``AppState/command(_:_:)``).
package enum CommandFamily: String, CaseIterable, Sendable, Hashable {
  case tour, settings, guidance, qa, debug, backup, recap, session
}

/// What running a command means besides its own work, for the parts of the app that treat
/// commands alike.
package enum CommandTrait: Sendable, Hashable {
  /// Reports what is true now: the dispatcher waits for the look for other programs' changes first.
  case readsNow
  /// Ends the tour, onboarding or a guide for good: one of the commands that may move the seen record.
  case dismisses
  /// Ends the what's-new tour itself (`finish` ends onboarding and guides only).
  case endsTour
  /// Replaces the store's data.
  case replacesData
  /// Writes a setting's value: with the dismissals, the action lines `qa explore` faults.
  case changesSettings
  /// Reads or writes a file by path, or starts another exploration: refused inside `qa explore`.
  case reachesOutside
}

/// A REPL command: its name and other spellings, how to call it, its one-line summary, its
/// audience, the family that runs it, its traits, and what `help <command>` shows besides
/// (every form, examples, more words).
package struct CommandInfo: Sendable, Hashable {
  /// The word that runs it: `choose`.
  package var name: String
  /// Every form on one line, for usage errors: `go <screen>`.
  package var usage: String
  /// The group `help` lists the command in.
  package var group: CommandGroup
  /// The family that runs it (with no arguments, when ``familyWithArguments`` is another).
  package var family: CommandFamily
  /// The family that runs it when arguments follow, if another: `tour <guide>` starts a guide.
  package var familyWithArguments: CommandFamily?
  /// What running it means besides its own work.
  package var traits: Set<CommandTrait> = []
  /// Other spellings people type: `q` and `exit` for `quit`.
  package var aliases: [String] = []
  /// The words that may come first after it and name what it does (`debug seen`), for completion.
  package var subcommands: [String] = []
  /// What some of those add to its traits: `qa explore` reaches outside.
  package var subcommandTraits: [String: Set<CommandTrait>] = [:]
  /// Its forms, where splitting ``usage`` at ` | ` does not give them as `help <command>` lists them.
  package var forms: [String]?
  /// Command lines that work as typed (`CommandTableTests` runs them).
  package var examples: [String]
  /// Whether `help <command>` has more to say (``detailsKey``): `qa`'s operations, say.
  package var hasDetails = false

  /// Each form on a line of its own, for `help <command>`.
  package var syntax: [String] { forms ?? usage.split(separator: " | ").map(String.init) }

  /// The most words its forms take after its name (`go <screen>`: 1; `next`: none); `nil` when a
  /// form takes a list (`…`) or a value, which may be several words (`set workoutAutonomy follow the plan`).
  package var maximumWords: Int? {
    var most = 0
    for form in syntax {
      let words = form.split(separator: " ").dropFirst()
      if words.contains(where: { $0.contains("…") || $0.contains("<value>") }) { return nil }
      most = max(most, words.count)
    }
    return most
  }

  /// Whether it takes no words after its name: its only form is the name alone (`next`, `quit`).
  package var takesNoWords: Bool { maximumWords == 0 }

  /// Whether `arguments` fit its forms: no more words than they take, and where every form is
  /// plain words (`show`, `show all`), one of them, so `show now` is not taken for `show`.
  package func fits(_ arguments: [String]) -> Bool {
    if let most = maximumWords, arguments.count > most { return false }
    let forms = syntax.map { $0.split(separator: " ").dropFirst().map(String.init) }
    guard forms.allSatisfy({ $0.allSatisfy { $0.allSatisfy(\.isLetter) } }) else { return true }
    return forms.contains(arguments.map { $0.lowercased() })
  }

  /// The UI string key of its one-line summary: `ui.help.<name>`.
  package var summaryKey: String { "ui.help." + name }

  /// The UI string key of what more `help <command>` says, if it says more: `ui.help.<name>.details`.
  package var detailsKey: String? { hasDetails ? summaryKey + ".details" : nil }

  /// Whether "did you mean" offers it only when no other command is as close: it dismisses or replaces data.
  package var isFinal: Bool { traits.contains(.dismisses) || traits.contains(.replacesData) }

  /// The family that runs it with `arguments`.
  package func family(arguments: [String]) -> CommandFamily {
    arguments.isEmpty ? family : familyWithArguments ?? family
  }

  /// Its traits with `arguments` (lowercased): its own, and its subcommand's.
  package func traits(arguments: [String]) -> Set<CommandTrait> {
    traits.union(arguments.first.flatMap { subcommandTraits[$0] } ?? [])
  }
}
