import WhatsNewCore

/// Reads a command line and hands it to the rules (``AppAction/command(_:_:)``): the word is
/// looked up in the ``CommandTable`` (with aliases), an unknown word gets a "did you mean", a
/// bare number on a page picks an option, and words a command does not take are refused. The
/// rules hand back the commands whose work is the app's, which run in their family's type.
@MainActor
struct CommandDispatcher: Sendable {
  let runner: EffectRunner

  /// Runs one command line and returns what it produced besides the screen (``CommandOutcome``).
  func run(_ line: String) async -> CommandOutcome {
    runner.outcome = CommandOutcome()
    await dispatch(line)
    return runner.outcome
  }

  /// Looks `line` up and runs it.
  private func dispatch(_ line: String) async {
    // `# …` is a comment (a script `qa explore` prints starts with one naming its start
    // arguments), read as `qa explore <file>` reads it: after a UTF-8 byte order mark too.
    guard let line = CommandTokenizer.command(in: line) else { return }
    // A run of `qa explore` stays in its own store, and never starts another exploration.
    if runner.configuration.insideExploration && CommandTable.traits(ofLine: line).contains(.reachesOutside) {
      runner.console.emit(runner.text("ui.explore.outsideRefused", TextSanitizer.clean(line)), .warning)
      return
    }
    let words = CommandTokenizer.split(TextSanitizer.clean(line))
    guard let first = words.first else { return }
    let arguments = Array(words.dropFirst())
    guard let command = CommandTable.find(first.lowercased()) else {
      if let number = Int(first), runner.state.overlay == .whatsNew || runner.state.overlay == .onboarding {
        // A bare number on a page with one choice picks that option.
        await TourCommands(runner: runner).choose([String(number)])
        return
      }
      // A guide's numbered menu (accessible mode) takes its numbers, as a page's menu does.
      let menu = runner.configuration.accessible ? runner.state.guidance.stepCommands : []
      if let number = Int(first), arguments.isEmpty, menu.indices.contains(number - 1) {
        return await dispatch(menu[number - 1])
      }
      let suggestion = CommandTable.suggestion(for: first)
      let hint = suggestion.map { runner.text("ui.error.didYouMean", $0) } ?? ""
      runner.outcome.wasInvalid = true
      runner.console.emit(
        runner.text("ui.error.unknownCommand", first) + hint + ". " + runner.text("ui.error.typeHelp"), .error)
      return
    }
    // Words a command does not take are refused, not ignored: `skip now` must not end the tour.
    if !command.fits(arguments) {
      guard command.takesNoWords else { return runner.messages.usage(command.name) }
      let key = arguments.count == 1 && Int(arguments[0]) != nil ? "ui.error.takesNoNumber" : "ui.error.takesNoWords"
      return runner.messages.invalid(.error, key, command.name, TextSanitizer.clean(line))
    }
    // Another program's changes since the last command show before this one runs. The
    // commands that report what is true now wait for the look (never in flight for `check`).
    let notice = runner.lookForOutsideChanges()
    if command.traits.contains(.readsNow) { await notice?.value }
    // The rules take it (``AppAction/command(_:_:)``), and hand back what is the app's to run.
    await runner.send(.command(command.name, arguments))
  }

  /// Runs a command the rules handed back (``AppEffect/run(_:_:)``): its family's type does
  /// the work that reads the person's words, the store, the content or the terminal.
  func runFamily(_ name: String, _ arguments: [String]) async {
    guard let command = CommandTable.find(name) else { return }
    switch (command.family(arguments: arguments), name) {
    case (.tour, "choose"): await TourCommands(runner: runner).choose(arguments)
    case (.tour, "news"): await NewsCommands(runner: runner).run(arguments)
    case (.settings, "set"): await SettingsCommands(runner: runner).set(arguments)
    case (.settings, "lang"): await SettingsCommands(runner: runner).language(arguments)
    case (.settings, "notifications"): await SettingsCommands(runner: runner).notifications()
    case (.guidance, _): await GuidanceCommands(runner: runner).list(arguments)
    case (.qa, "qa"): await QACommands(runner: runner).qa(arguments)
    case (.qa, "wait"): await QACommands(runner: runner).wait()
    case (.qa, "check"): await QACommands(runner: runner).check()
    case (.qa, "state"): await StateCommand(runner: runner).run(arguments)
    case (.qa, "why"): await WhyCommand(runner: runner).run(arguments)
    case (.debug, _): await DebugCommands(runner: runner).run(arguments)
    case (.backup, "backup"): await BackupCommands(runner: runner).backup(arguments)
    case (.backup, "restore"): await BackupCommands(runner: runner).restore(arguments)
    case (.session, "help"): help(arguments)
    case (.session, "quit"): runner.outcome.quits = true
    case (.session, "show"):
      // A redraw the user asked for shows what the store holds now, another process's
      // changes included.
      await runner.readStoreFacts()
      runner.outcome.showsWholeView = arguments.first?.lowercased() == "all"
      await runner.send(.viewRequested)
    default: runner.messages.notAvailable(name)
    }
  }

  /// `help`: the commands by audience (``CommandGroup``), one row each with its summary;
  /// `help <command>`: every form, the summary, more words where there are any, and examples.
  func help(_ arguments: [String]) {
    let console = runner.console
    let context = runner.renderContext
    if let name = arguments.first {
      guard let command = CommandTable.find(name.lowercased()) else {
        return runner.messages.unknownValue(name, kind: .command, candidates: CommandTable.all.map(\.name))
      }
      var rows = context.fit(command.syntax.map { Line(context.chrome($0), .command, hangingIndent: 2) })
      rows += context.wrapped(runner.text(command.summaryKey), indent: 2)
      if let detailsKey = command.detailsKey {
        rows += context.wrapped(runner.text(detailsKey), indent: 2, style: .dim)
      }
      rows.append(Line(runner.text("ui.help.examples"), .title))
      rows += context.fit(command.examples.map { Line("  " + context.chrome($0), .command, hangingIndent: 4) })
      console.emit(rows)
      return
    }
    var rows: [HelpTable.Row] = []
    for group in CommandGroup.allCases {
      rows.append(.heading(runner.text(group.titleKey)))
      rows += CommandTable.all.filter { $0.group == group }.map {
        HelpTable.Row.command($0.name, summary: runner.text($0.summaryKey))
      }
    }
    let table = HelpTable(
      title: runner.text("ui.help.title"), rows: rows,
      footnote: runner.text("ui.help.more") + " " + runner.text("ui.help.keys"))
    console.emit(table.document(in: context))
  }
}
