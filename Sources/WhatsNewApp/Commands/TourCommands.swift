import WhatsNewCore
import WhatsNewStore

extension Session {
  /// Runs one command line. Output goes to the console; the view to print afterwards is
  /// marked dirty. Never throws: every problem is a message and the session goes on.
  public func run(_ line: String) async {
    let words = CommandTokenizer.split(TextSanitizer.clean(line))
    guard let first = words.first else { return }
    let arguments = Array(words.dropFirst())
    guard let command = CommandCatalog.find(first.lowercased()) else {
      if let number = Int(first), overlay == .whatsNew || overlay == .onboarding {
        // A bare number on a page with one choice picks that option.
        await runChoose([String(number)])
        return
      }
      let suggestion = Suggestion.closest(to: first, in: CommandCatalog.all.map(\.name) + CommandCatalog.aliases.keys)
      let hint = suggestion.map { text("ui.error.didYouMean", $0) } ?? ""
      console.emit(text("ui.error.unknownCommand", first) + hint + ". " + text("ui.error.typeHelp"), .error)
      return
    }
    if await handleGuidanceCommand(command.name, arguments) { return }
    switch command.name {
    case "help": runHelp(arguments)
    case "quit": shouldQuit = true
    case "state": await runState()
    case "show": viewIsDirty = true
    case "go":
      guard let name = arguments.first else { return usage(command) }
      guard let destination = Screen(rawValue: name.lowercased()) else {
        return unknownValue(name, kind: .screen, candidates: Screen.allCases.map(\.rawValue))
      }
      await navigate(to: destination)
    case "home": await navigate(to: .home)
    case "next", "back": step(command.name == "next" ? 1 : -1)
    case "done":
      if onboarding != nil {
        console.emit(text("ui.onboarding.useFinish"), .warning)
        return
      }
      guard let tour, !tour.isSuspended else { return nothingOpen(command) }
      guard tour.isLastPage else {
        console.emit(text("ui.tour.doneOnLastPage", String(tour.pages.count)), .warning)
        return
      }
      dismissTour(.done)
    case "skip":
      if onboarding != nil {
        finishOnboarding()
        return
      }
      guard let tour, !tour.isSuspended else { return nothingOpen(command) }
      dismissTour(.skip)
    case "close":
      guard let tour, !tour.isSuspended else { return nothingOpen(command) }
      dismissTour(.close)
    case "finish":
      guard onboarding != nil else { return nothingOpen(command) }
      finishOnboarding()
    case "choose": await runChoose(arguments)
    case "open": await runOpen(arguments)
    case "tour": resumeTour()
    case "news": openNews()
    case "set": await runSet(arguments)
    case "lang": runLanguage(arguments)
    case "notifications": await runNotifications()
    case "check": await runCheck()
    case "wait": await runWait()
    case "qa": runQA(arguments)
    case "debug": await runDebug(arguments)
    case "backup": await runBackup(arguments)
    case "restore": await runRestore(arguments)
    default:
      console.emit(text("ui.error.notAvailable", command.name), .warning)
    }
  }

  // MARK: Help and errors

  func runHelp(_ arguments: [String]) {
    if let name = arguments.first {
      guard let command = CommandCatalog.find(name) else {
        return unknownValue(name, kind: .command, candidates: CommandCatalog.all.map(\.name))
      }
      console.emit([Line(command.usage, .command)] + renderContext.wrapped(text(command.summaryKey), indent: 2))
      return
    }
    var rows: Document = [Line(text("ui.help.title"), .title)]
    let usageWidth = min(34, CommandCatalog.all.map { DisplayWidth.of($0.usage) }.max() ?? 20)
    for command in CommandCatalog.all {
      let usage = command.usage.count > usageWidth ? command.name + " …" : command.usage
      rows.append(
        Line([Span("  " + TextLayout.pad(usage, toWidth: usageWidth) + "  ", .command), Span(text(command.summaryKey))]))
    }
    rows.append(Line(text("ui.help.more"), .dim))
    console.emit(rows)
  }

  func usage(_ command: CommandInfo) {
    console.emit(text("ui.error.usage", command.usage), .error)
  }

  func nothingOpen(_ command: CommandInfo) {
    console.emit(text("ui.error.nothingOpen", command.name), .warning)
  }

  /// What an unknown word was supposed to be; each kind has its own message.
  enum WordKind: String {
    case screen, command, option, choice, setting, action, language, qaCommand, release, value, guide, popover
  }

  func unknownValue(_ value: String, kind: WordKind, candidates: [String]) {
    let suggestion = Suggestion.closest(to: value, in: candidates)
    let hint = suggestion.map { text("ui.error.didYouMean", $0) } ?? ""
    console.emit(
      text("ui.error.unknown." + kind.rawValue, value) + hint + ". "
        + text("ui.error.expected", candidates.joined(separator: ", ")),
      .error)
  }

  // MARK: Pages

  /// `next` / `back` on the open tour or onboarding page.
  func step(_ delta: Int) {
    let position: (index: Int, count: Int)
    let lastPageKey: String
    if let onboarding {
      position = (onboarding.index, onboarding.pages.count)
      lastPageKey = "ui.onboarding.lastPage"
    } else if let tour, !tour.isSuspended {
      position = (tour.index, tour.pages.count)
      lastPageKey = "ui.tour.lastPage"
    } else {
      console.emit(text("ui.error.nothingOpen", delta > 0 ? "next" : "back"), .warning)
      return
    }
    let target = position.index + delta
    guard (0..<position.count).contains(target) else {
      console.emit(text(delta > 0 ? lastPageKey : "ui.tour.firstPage"), .warning)
      return
    }
    if onboarding != nil {
      onboarding?.index = target
      onboarding?.error = nil
    } else {
      tour?.index = target
      tour?.error = nil
    }
    // Opening the new page's controls makes the old page's reads stale.
    openCurrentPageControls()
    viewIsDirty = true
  }

  /// The page on screen, if a tour or onboarding page is showing.
  var visiblePage: Page? {
    if let onboarding { return onboarding.pages[onboarding.index] }
    if let tour, !tour.isSuspended { return tour.currentPage.page }
    return nil
  }

  /// `choose <setting> <value>`, `choose <n>`, `choose <block>.<option>`.
  func runChoose(_ arguments: [String]) async {
    guard let page = visiblePage else {
      console.emit(text("ui.choose.noPage"), .warning)
      return
    }
    let choiceBlocks: [(id: String, choice: ChoiceBlock)] = page.blocks.compactMap { block in
      if case .choice(let choice) = block.content { return (block.id, choice) }
      return nil
    }
    guard !choiceBlocks.isEmpty else {
      console.emit(text("ui.choose.noChoice"), .warning)
      return
    }
    func pick(_ choice: ChoiceBlock, option token: String) {
      let option: ChoiceOption?
      if let number = Int(token) {
        option = choice.options.indices.contains(number - 1) ? choice.options[number - 1] : nil
      } else {
        option = choice.options.first { $0.value == token }
      }
      guard let option else {
        let candidates = choice.options.map(\.value)
        return unknownValue(token, kind: .option, candidates: Array(1...choice.options.count).map(String.init) + candidates)
      }
      tap(choice.setting, option.value)
      viewIsDirty = true
    }
    switch arguments.count {
    case 1:
      let token = arguments[0]
      if let dot = token.firstIndex(of: ".") {
        let blockID = String(token[..<dot])
        let option = String(token[token.index(after: dot)...])
        guard let match = choiceBlocks.first(where: { $0.id == blockID }) else {
          return unknownValue(blockID, kind: .choice, candidates: choiceBlocks.map(\.id))
        }
        pick(match.choice, option: option)
      } else if choiceBlocks.count == 1 {
        pick(choiceBlocks[0].choice, option: token)
      } else {
        console.emit(text("ui.choose.whichBlock", choiceBlocks.map { "\($0.id).1" }.joined(separator: ", ")), .warning)
      }
    case 2:
      guard let setting = Setting(rawValue: arguments[0]) else {
        return unknownValue(arguments[0], kind: .setting, candidates: choiceBlocks.map(\.choice.setting.rawValue))
      }
      guard let match = choiceBlocks.first(where: { $0.choice.setting == setting }) else {
        console.emit(text("ui.choose.notOnPage", setting.rawValue), .warning)
        return
      }
      pick(match.choice, option: arguments[1])
    default:
      usage(CommandCatalog.find("choose")!)
    }
  }

  /// `open <action>` or `open <n>`: leaves the tour for that screen; `tour` comes back.
  func runOpen(_ arguments: [String]) async {
    guard let token = arguments.first else { return usage(CommandCatalog.find("open")!) }
    var action: Action?
    if let number = Int(token) {
      let items = (visiblePage?.blocks ?? []).flatMap { block -> [FeatureItem] in
        if case .featureList(let list) = block.content { return list.items.filter { $0.action != nil } }
        return []
      }
      guard items.indices.contains(number - 1) else {
        console.emit(text("ui.open.noItem", token), .warning)
        return
      }
      action = items[number - 1].action
    } else {
      guard let named = Action(rawValue: token) else {
        return unknownValue(token, kind: .action, candidates: Action.allCases.map(\.rawValue))
      }
      action = named
    }
    guard let action else { return }
    if onboarding != nil {
      console.emit(text("ui.onboarding.finishFirst"), .warning)
      return
    }
    suspendTourIfShowing()
    await navigate(to: action.screen)
  }

  /// Leaving the showing what's-new tour for something else: it waits, and `tour` resumes it.
  func suspendTourIfShowing() {
    guard let tour, !tour.isSuspended else { return }
    self.tour?.isSuspended = true
    choices.leavePage()
    console.emit(text("ui.tour.suspended"), .dim)
  }

  func resumeTour() {
    guard let state = tour else {
      console.emit(text("ui.tour.noneToResume"), .warning)
      return
    }
    if overlay != nil && overlay != .whatsNew {
      console.emit(text("ui.overlay.busy"), .warning)
      return
    }
    guard state.isSuspended else {
      viewIsDirty = true
      return
    }
    tour?.isSuspended = false
    openCurrentPageControls()
    viewIsDirty = true
  }

  /// `news`: the newest release's pages again, ignoring the record and the gates; writes nothing.
  func openNews() {
    if overlay != nil {
      console.emit(text("ui.overlay.busy"), .warning)
      return
    }
    let newest = releases.filter { $0.version <= appVersion }.reversed().first { !previewRelease($0, asOf: appVersion).isEmpty }
    guard let newest else {
      console.emit(text("ui.news.none"), .warning)
      return
    }
    if tour != nil { choices.leavePage() }
    openTour(TourState(mode: .news, pages: previewRelease(newest, asOf: appVersion)))
  }

  // MARK: Settings

  func runSet(_ arguments: [String]) async {
    guard arguments.count == 2 else { return usage(CommandCatalog.find("set")!) }
    guard let setting = Setting(rawValue: arguments[0]) else {
      return unknownValue(arguments[0], kind: .setting, candidates: Setting.allCases.map(\.rawValue))
    }
    let value = setting.kind == .boolean ? Self.booleanAlias(arguments[1]) : arguments[1].lowercased()
    guard setting.accepts(value) else {
      return unknownValue(arguments[1], kind: .value, candidates: setting.kind.values)
    }
    guard isBooted else {
      console.emit(text("ui.boot.notReady"), .warning)
      return
    }
    let state = choices.state(of: setting)
    if state.confirmed == nil && state.pendingWrites == 0 {
      // Never read: learn the real value first, so an unchanged value writes nothing.
      if let stored = try? await backends.store.setting(setting) {
        choices.learn(setting, confirmed: stored)
      }
    }
    // Whether a write started, not only whether one is pending: it may be done already.
    let wrote = tap(setting, value)
    if screen == setting.spec.screen && overlay == nil { viewIsDirty = true }
    if !wrote && choices.state(of: setting).pendingWrites == 0 {
      console.emit(text("ui.set.unchanged", text(setting.titleKey), text(setting.valueKey(value))), .dim)
    }
  }

  static func booleanAlias(_ raw: String) -> String {
    switch raw.lowercased() {
    case "on", "yes", "1", "true": "true"
    case "off", "no", "0", "false": "false"
    default: raw.lowercased()
    }
  }

  func runLanguage(_ arguments: [String]) {
    guard let tag = arguments.first else {
      console.emit(text("ui.lang.current", language.nativeName, language.rawValue))
      return
    }
    guard let newLanguage = Language(tag: tag) else {
      return unknownValue(tag, kind: .language, candidates: Language.allCases.map(\.rawValue))
    }
    if tables[newLanguage] == nil {
      switch ContentLibrary.readTable(
        newLanguage, localizationsDirectory: configuration.content.localizationsDirectory,
        cache: configuration.content.translationCache)
      {
      case .success(let table): tables[newLanguage] = table
      case .failure(let problem):
        // Missing translations fall back to English, key by key; say so to developers.
        developerNote(TextSanitizer.clean(problem.description))
      }
    }
    language = newLanguage
    languageDidChange()
    console.emit(text("ui.lang.changed", newLanguage.nativeName), .success)
    viewIsDirty = true
  }

  /// A language switch rebuilds the screen (and with it every anchor).
  func languageDidChange() {
    anchors.unregisterAll()
  }

  // MARK: Notifications and consistency

  func runNotifications() async {
    await refreshFacts()
    guard let notification = lastScheduledNotification else {
      console.emit(text("ui.notifications.none"), .warning)
      return
    }
    console.emit(text("ui.notifications.title"), .title)
    console.emit("  " + (describeNextFire(notification) ?? notification.weekday))
  }

  /// `check`: for every setting, what the screen shows (when settled), what is stored
  /// and, for the weekday, what is scheduled.
  func runCheck() async {
    guard isBooted else {
      console.emit(text("ui.boot.notReady"), .warning)
      return
    }
    // Settings and schedule from one read transaction: a write landing between two separate
    // reads could otherwise show as a disagreement that never existed.
    let snapshot: StoreSnapshot
    do {
      snapshot = try await backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID)
    } catch {
      console.emit(text("ui.check.storeUnreadable", Backends.describe(error)), .error)
      return
    }
    let problems = ConsistencyCheck.problems(
      controls: controlStates, stored: snapshot.settings, scheduledWeekday: snapshot.notification?.weekday)
    if problems.isEmpty {
      console.emit("consistent", .success)
    } else {
      for problem in problems { console.emit(problem, .error) }
    }
  }

  func runWait() async {
    await backends.tracker.waitUntilSettled()
    let held = backends.tracker.entries.filter(\.isHeld)
    if held.isEmpty {
      console.emit(text("ui.wait.settled"), .dim)
    } else {
      console.emit(text("ui.wait.held", held.map(Self.describe).joined(separator: ", ")), .dim)
    }
  }

  static func describe(_ entry: OperationTracker.Entry) -> String {
    entry.operation.rawValue + (entry.target.map { " " + $0 } ?? "")
  }

  // MARK: QA

  func runQA(_ arguments: [String]) {
    guard let verb = arguments.first else { return usage(CommandCatalog.find("qa")!) }
    let rest = Array(arguments.dropFirst())
    switch verb {
    case "clear":
      backends.faults.clear()
      console.emit(text("ui.qa.cleared"), .success)
    case "faults":
      let rules = backends.faults.rules
      console.emit(rules.isEmpty ? text("ui.qa.noFaults") : rules.map(\.description).joined(separator: "\n"))
    case "fail", "delay", "hold", "release":
      do {
        let parsed = try QACommand.parse(verb: verb, rest)
        switch parsed {
        case .add(let spec):
          backends.faults.add(spec)
          console.emit(text("ui.qa.added", spec.description), .success)
        case .release(let operation, let target):
          let count = backends.faults.release(operation, target: target)
          console.emit(text("ui.qa.released", operation.rawValue + (target.map { " " + $0 } ?? ""), String(count)), .success)
        }
      } catch {
        console.emit(error.description, .error)
      }
    default:
      unknownValue(verb, kind: .qaCommand, candidates: ["fail", "delay", "hold", "release", "clear", "faults"])
    }
  }

  // MARK: Debug

  func runDebug(_ arguments: [String]) async {
    guard isBooted else {
      console.emit(text("ui.boot.notReady"), .warning)
      return
    }
    switch (arguments.first, arguments.count) {
    case ("seen", 1):
      await refreshFacts()
      console.emit(text("ui.debug.seen", screenFacts.seenThrough, appVersion.description))
    case ("seen", 2) where arguments[1] == "clear":
      await overwriteSeen(nil)
    case ("seen", 3) where arguments[1] == "set":
      guard let version = Version(arguments[2]) else {
        console.emit(text("ui.error.badVersion", arguments[2]), .error)
        return
      }
      await overwriteSeen(version)
    case ("preview", 2):
      guard let version = Version(arguments[1]) else {
        console.emit(text("ui.error.badVersion", arguments[1]), .error)
        return
      }
      guard let release = releases.first(where: { $0.version == version }) else {
        return unknownValue(arguments[1], kind: .release, candidates: releases.map(\.version.description))
      }
      if overlay != nil {
        console.emit(text("ui.overlay.busy"), .warning)
        return
      }
      let pages = previewRelease(release, asOf: version)
      guard !pages.isEmpty else {
        console.emit(text("ui.debug.previewEmpty", version.description), .warning)
        return
      }
      if tour != nil { choices.leavePage() }
      openTour(TourState(mode: .preview(version), pages: pages))
    default:
      usage(CommandCatalog.find("debug")!)
    }
  }

  /// Sets or clears the record (backwards too) and opens the session gate again, so the
  /// tour can be re-triggered without restarting: it appears on the next visit home.
  func overwriteSeen(_ version: Version?) async {
    do {
      try await backends.store.overwriteSeenThrough(version)
    } catch {
      console.emit(text("ui.debug.seenFailed", Backends.describe(error)), .error)
      return
    }
    hasCheckedWhatsNew = false
    await refreshFacts()
    console.emit(
      version.map { text("ui.debug.seenSet", $0.description) } ?? text("ui.debug.seenCleared"), .success)
    if screen == .settings && overlay == nil { viewIsDirty = true }
  }

  // MARK: Backup and restore

  func runBackup(_ arguments: [String]) async {
    guard arguments.count == 1 else { return usage(CommandCatalog.find("backup")!) }
    do {
      try await backends.store.backup(to: arguments[0])
      console.emit(text("ui.backup.done", arguments[0]), .success)
    } catch {
      console.emit(text("ui.backup.failed", Backends.describe(error)), .error)
    }
  }

  func runRestore(_ arguments: [String]) async {
    guard arguments.count == 1 else { return usage(CommandCatalog.find("restore")!) }
    if overlay != nil {
      console.emit(text("ui.restore.closeFirst"), .warning)
      return
    }
    await backends.tracker.waitUntilSettled()
    do {
      try await backends.store.restore(from: arguments[0])
    } catch {
      console.emit(text("ui.restore.failed", Backends.describe(error)), .error)
      return
    }
    choices.forgetSettledValues()
    tour = nil
    hasCheckedWhatsNew = false
    onboardingComplete = (try? await backends.store.isOnboardingComplete()) ?? false
    _ = try? await backends.scheduler.reconcile()
    await refreshFacts()
    console.emit(text("ui.restore.done", arguments[0]), .success)
    if !onboardingComplete {
      startOnboarding()
    } else {
      await navigate(to: .home)
    }
  }
}
