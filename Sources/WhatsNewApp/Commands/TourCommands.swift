import WhatsNewCore
import WhatsNewStore

/// The tour family: walking the what's-new tour and onboarding (`next`, `back`, `done`,
/// `skip`, `close`, `finish`), picking options (`choose`), leaving for a screen (`open`,
/// `go`, `home`) and coming back (`tour`), and the newest release again (`news`).
@MainActor
struct TourCommands: Sendable {
  let session: Session

  var messages: CommandMessages { CommandMessages(session: session) }
  var flow: TourFlow { session.tourFlow }

  /// Runs the tour command `name`.
  func run(_ name: String, _ arguments: [String]) async {
    let state = session.state
    switch name {
    case "go":
      guard let screenName = arguments.first else { return messages.usage(name) }
      guard let destination = Screen(rawValue: screenName.lowercased()) else {
        return messages.unknownValue(screenName, kind: .screen, candidates: Screen.allCases.map(\.rawValue))
      }
      await session.navigate(to: destination)
    case "home": await session.navigate(to: .home)
    case "next", "back": flow.step(name == "next" ? 1 : -1)
    case "done":
      if state.onboarding != nil {
        session.console.emit(session.text("ui.onboarding.useFinish"), .warning)
        return
      }
      guard let tour = state.showingTour else { return messages.nothingOpen(name) }
      guard tour.isLastPage else {
        session.console.emit(session.text("ui.tour.doneOnLastPage", String(tour.pages.count)), .warning)
        return
      }
      flow.dismiss(.done)
    case "skip":
      if state.onboarding != nil {
        flow.finishOnboarding()
        return
      }
      guard state.showingTour != nil else { return messages.nothingOpen(name) }
      flow.dismiss(.skip)
    case "close":
      guard state.showingTour != nil else { return messages.nothingOpen(name) }
      flow.dismiss(.close)
    case "finish":
      guard state.onboarding != nil else { return messages.nothingOpen(name) }
      flow.finishOnboarding()
    case "choose": await choose(arguments)
    case "open": await open(arguments)
    case "tour": flow.resume()
    case "news": openNews()
    default: break
    }
  }

  /// `choose <setting> <value>`, `choose <n>`, `choose <block>.<option>`.
  func choose(_ arguments: [String]) async {
    guard let page = session.state.visiblePage else {
      session.console.emit(session.text("ui.choose.noPage"), .warning)
      return
    }
    let choiceBlocks: [(id: String, choice: ChoiceBlock)] = page.blocks.compactMap { block in
      if case .choice(let choice) = block.content { return (block.id, choice) }
      return nil
    }
    guard !choiceBlocks.isEmpty else {
      session.console.emit(session.text("ui.choose.noChoice"), .warning)
      return
    }
    switch arguments.count {
    case 1:
      let token = arguments[0]
      if let dot = token.firstIndex(of: ".") {
        let blockID = String(token[..<dot])
        let option = String(token[token.index(after: dot)...])
        guard let match = choiceBlocks.first(where: { $0.id == blockID }) else {
          return messages.unknownValue(blockID, kind: .choice, candidates: choiceBlocks.map(\.id))
        }
        pick(match.choice, option: option)
      } else if choiceBlocks.count == 1 {
        pick(choiceBlocks[0].choice, option: token)
      } else {
        session.console.emit(
          session.text("ui.choose.whichBlock", choiceBlocks.map { "\($0.id).1" }.joined(separator: ", ")), .warning)
      }
    case 2:
      guard let setting = Setting(rawValue: arguments[0]) else {
        return messages.unknownValue(arguments[0], kind: .setting, candidates: choiceBlocks.map(\.choice.setting.rawValue))
      }
      guard let match = choiceBlocks.first(where: { $0.choice.setting == setting }) else {
        session.console.emit(session.text("ui.choose.notOnPage", setting.rawValue), .warning)
        return
      }
      pick(match.choice, option: arguments[1])
    default:
      messages.usage("choose")
    }
  }

  /// Picks the option `token` (its number or its value) of `choice`.
  func pick(_ choice: ChoiceBlock, option token: String) {
    let option: ChoiceOption?
    if let number = Int(token) {
      option = choice.options.indices.contains(number - 1) ? choice.options[number - 1] : nil
    } else {
      option = choice.options.first { $0.value == token }
    }
    guard let option else {
      let candidates = choice.options.map(\.value)
      return messages.unknownValue(
        token, kind: .option, candidates: Array(1...choice.options.count).map(String.init) + candidates)
    }
    session.tap(choice.setting, option.value)
    session.viewIsDirty = true
  }

  /// `open <action>` or `open <n>`: leaves the tour for that screen; `tour` comes back.
  func open(_ arguments: [String]) async {
    guard let token = arguments.first else { return messages.usage("open") }
    var action: Action?
    if let number = Int(token) {
      let items = (session.state.visiblePage?.blocks ?? []).flatMap { block -> [FeatureItem] in
        if case .featureList(let list) = block.content { return list.items.filter { $0.action != nil } }
        return []
      }
      guard items.indices.contains(number - 1) else {
        session.console.emit(session.text("ui.open.noItem", token), .warning)
        return
      }
      action = items[number - 1].action
    } else {
      guard let named = Action(rawValue: token) else {
        return messages.unknownValue(token, kind: .action, candidates: Action.allCases.map(\.rawValue))
      }
      action = named
    }
    guard let action else { return }
    if session.state.onboarding != nil {
      session.console.emit(session.text("ui.onboarding.finishFirst"), .warning)
      return
    }
    flow.suspendIfShowing()
    await session.navigate(to: action.screen)
  }

  /// `news`: the newest release's pages again, ignoring the record and the gates; writes nothing.
  func openNews() {
    if session.state.overlay != nil {
      session.console.emit(session.text("ui.overlay.busy"), .warning)
      return
    }
    let appVersion = session.appVersion
    let newest = session.releases.filter { $0.version <= appVersion }.reversed().first {
      !previewRelease($0, asOf: appVersion).isEmpty
    }
    guard let newest else {
      session.console.emit(session.text("ui.news.none"), .warning)
      return
    }
    if session.state.tour != nil { session.choices.leavePage() }
    flow.open(TourState(mode: .news, pages: previewRelease(newest, asOf: appVersion)))
  }
}
