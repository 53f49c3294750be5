/// What an unknown word was supposed to be; each kind has its own message.
package enum WordKind: String, Sendable, Equatable {
  case screen, command, setting, action, language, qaCommand, release, value, guide, popover
}

// The commands whose rules are the app's state alone: walking the tour and the wizard, going to
// a screen and back, guides and popovers, and the recap. The rest (`choose` and `set`, which
// read the person's words in their language, and the commands that read the store, the content
// or the terminal) are handed back to the app (``AppEffect/run(_:_:)``).
extension AppState {
  /// Takes the command `name` (a ``CommandTable`` name, its words fitting its forms) with
  /// `arguments`. A showing popover closes first (on any command but `info <id>`), and a showing
  /// guide takes its step commands.
  mutating func command(_ name: String, _ arguments: [String]) -> [AppEffect] {
    var effects: [AppEffect] = []
    if guidance.active?.mode == .info, !(name == "info" && !arguments.isEmpty) {
      // An open popover closes on close, or on any other command (which then runs); `close`
      // and `back` leave the popover and nothing more.
      effects += reduceGuide(.closeInfo)
      if name == "close" || name == "back" { return effects }
    }
    if guidance.active?.mode == .tour, let step = Self.guideSteps[name] { return effects + reduceGuide(step) }
    switch name {
    case "go":
      guard let word = arguments.first else { return effects + [.say(.usage(name))] }
      guard let destination = Screen(rawValue: word.lowercased()) else {
        return effects + [.say(.unknownValue(word, .screen, candidates: Screen.allCases.map(\.rawValue)))]
      }
      return effects + navigate(to: destination)
    case "home":
      // A guide or popover closes (and says so), a showing tour waits; onboarding must finish first.
      if onboarding != nil { return effects + [.say(.refused(name))] }
      return effects + reduceGuide(.leaveForTour) + navigate(to: .home)
    case "next": return effects + reduceTour(.step(1))
    case "back": return effects + back()
    case "done", "skip", "close", "finish": return effects + dismiss(name)
    case "open": return effects + open(arguments)
    case "tour" where guidanceOff && !arguments.isEmpty, "info" where guidanceOff && !arguments.isEmpty:
      return effects + [.say(.guidanceIsOff)]
    case "tour": return effects + (arguments.first.map { reduceGuide(.start($0)) } ?? reduceTour(.resume))
    case "info": return effects + info(arguments)
    case "recap": return effects + [.say(.recap)]
    case "undo": return effects + undo(arguments)
    default: return effects + [.run(name, arguments)]
    }
  }

  /// A showing guide's own step commands.
  static let guideSteps: [String: GuideInput] = [
    "next": .next, "back": .back, "skip": .skip, "close": .skip, "finish": .finish, "done": .finish,
  ]

  /// Esc leaves what is on top (``OpenStack``): a popover closes, a guide closes for now, a
  /// showing tour waits (home shows), a screen goes back as `back` does (to a waiting tour, else
  /// home). Onboarding and home have nothing to leave: nothing happens.
  mutating func escape() -> [AppEffect] {
    switch openStack.top {
    case .popover: return reduceGuide(.closeInfo)
    case .guide: return reduceGuide(.leaveForTour) + (screen == .home ? [.checkWhatsNew(nil)] : [])
    case .tour: return reduceTour(.suspend)
    case .screen: return back()
    case .onboarding, .home: return []
    }
  }

  /// `back` (and Esc on a screen) leaves what is on top: the previous page of the tour or wizard
  /// (on the tour's first page the tour waits, home shows); a screen the tour was left for gives
  /// the tour back on its page; any other screen goes home.
  mutating func back() -> [AppEffect] {
    if let tour = showingTour, tour.index == 0, onboarding == nil { return reduceTour(.suspend) }
    if onboarding != nil || showingTour != nil { return reduceTour(.step(-1)) }
    if tour?.isSuspended == true { return reduceTour(.resume) }
    if screen != .home { return navigate(to: .home) }
    return [.say(.refused("back"))]
  }

  /// `done` (the last page), `skip`, `close` and `finish` (the wizard's word; on a tour page,
  /// the words that end the tour are named).
  private mutating func dismiss(_ name: String) -> [AppEffect] {
    if onboarding != nil {
      switch name {
      case "done": return [.say(.useFinish)]
      case "skip", "finish": return reduceTour(.finishOnboarding)
      default: break
      }
    }
    guard let tour = showingTour else { return [.say(.refused(name))] }
    switch name {
    case "done":
      guard tour.isLastPage else { return [.say(.doneOnLastPage(tour.pages.count))] }
      return reduceTour(.dismiss(.done))
    case "skip": return reduceTour(.dismiss(.skip))
    case "finish": return [.say(tour.mode == .automatic ? .useDone : .useClose)]
    default: return reduceTour(.dismiss(.close))
    }
  }

  /// `open <n>` (the numbers the page's `[open …]` hints show) or `open <action>`: leaves the
  /// tour for that screen; `tour` comes back.
  private mutating func open(_ arguments: [String]) -> [AppEffect] {
    guard let token = arguments.first else { return [.say(.usage("open"))] }
    let action: Action
    if let number = Int(token) {
      let targets = visiblePage.map { PageShortcuts(page: $0, numbering: .perChoice).openTargets } ?? []
      guard targets.indices.contains(number - 1) else {
        return [.say(targets.isEmpty ? .nothingNumbered(token) : .noOpenItem(token, count: targets.count))]
      }
      action = targets[number - 1]
    } else {
      guard let named = Action(rawValue: token) else {
        return [.say(.unknownValue(token, .action, candidates: Action.allCases.map(\.rawValue)))]
      }
      action = named
    }
    if onboarding != nil { return [.say(.refused("open"))] }
    return navigate(to: action.screen)
  }

  /// `info <id>`: opens a popover next to its element (top-centre when not on screen).
  private mutating func info(_ arguments: [String]) -> [AppEffect] {
    guard let id = arguments.first else { return [.say(.usage("info"))] }
    guard let guide = GuidanceCatalog.find(id) else {
      let popovers = GuidanceCatalog.all.filter { $0.mode == .info }.map(\.id)
      return [.say(.unknownValue(id, .popover, candidates: popovers))]
    }
    guard guide.mode == .info else { return [.say(.isTour(id))] }
    return reduceGuide(.start(id))
  }

  /// `undo <n>` or `undo all`. A preview runs on a copy of the store, so an undo there would
  /// put back nothing real: refused, naming the preview and its ways out.
  private mutating func undo(_ arguments: [String]) -> [AppEffect] {
    guard arguments.count == 1, let word = arguments.first?.lowercased() else { return [.say(.usage("undo"))] }
    if tours.isPreviewing { return [.say(.refused("undo"))] }
    guard let numbers = word == "all" ? recap.undoableNumbers : Int(word).map({ [$0] }) else {
      return [.say(.usage("undo"))]
    }
    // No tour, or one that changed nothing: the recap says so in its one line.
    guard recap.hasTour, !recap.entries.isEmpty else { return [.say(.recap)] }
    guard !numbers.isEmpty else { return [.say(.nothingLeftToUndo)] }
    return undo(numbers)
  }
}
