import Testing

@testable import WhatsNewCore

/// A state past the boot gate, at home, with the session's check done: nothing opens by itself.
private func home() -> AppState {
  var state = AppState(
    appVersion: Version("2.14.0")!, launchedFromWidget: false,
    languageChoice: LanguageChoice(flag: nil, stored: nil, environment: .en))
  state.isBooted = true
  state.onboardingComplete = true
  state.hasCheckedWhatsNew = true
  return state
}

/// Three info pages of 2.14.0: a tour with no choices to read.
private let infoPages = (1...3).map { number in
  FlowPage(
    release: Version("2.14.0")!,
    page: Page(id: "p\(number)", blocks: [Block(id: "b", content: .info(InfoBlock(titleKey: "t")))]))
}

/// The home state with the automatic tour showing on its first page.
private func touring() -> AppState {
  var state = home()
  _ = reduce(&state, .tour(.open(TourState(mode: .automatic, pages: infoPages))))
  return state
}

/// Effects as a row writes them: a read of a control by its setting (its ticket's numbers are
/// the machine's business), anything else as itself.
private func written(_ effects: [AppEffect]) -> [String] {
  effects.routed.map { if case .readSetting(let ticket) = $0 { "read \(ticket.setting)" } else { "\($0)" } }
}

/// The reads opening `screen` asks for.
private func reads(_ screen: Screen) -> [String] { screen.settings.map { "read \($0)" } }

extension [AppEffect] {
  /// The effects without the events donated (``AppState/events(since:_:)``, tested in
  /// `EventDonationTests`): what routing a command asks for.
  var routed: [AppEffect] { filter { if case .donate = $0 { false } else { true } } }
}

@Suite("App rules: commands routed to the tour, guidance, the choices and the recap")
struct AppFlowReducerTests {
  /// Each row: a state, an action, the effects it returns (``written(_:)``), and what must hold after.
  static let rows:
    [(
      name: String, start: @Sendable () -> AppState, action: AppAction, effects: [String],
      after: @Sendable (AppState) -> Bool
    )] = [
      (
        "a screen's controls are read, then its facts, then its intro may start", home, .navigate(.workouts),
        reads(.workouts) + ["readStoreFacts", "startGuideIfUnseen(\"workouts_intro\")"],
        { $0.screen == .workouts && $0.presentations == 1 }
      ),
      (
        "coming home runs the what's-new check after reading the screen",
        {
          var state = home(); state.screen = .settings; return state
        }, .navigate(.home),
        reads(.home) + ["readStoreFacts", "checkWhatsNew(nil)"], { $0.screen == .home }
      ),
      (
        "leaving a showing tour for a screen: it waits, and says on which page", touring, .navigate(.cardio),
        [written([.say(.tour(.suspended(.automatic, page: 1, count: 3)))])[0]] + reads(.cardio)
          + ["readStoreFacts", "startGuideIfUnseen(\"cardio_intro\")"],
        { $0.tour?.isSuspended == true && $0.overlay == nil }
      ),
      (
        "a tap shows the value and writes it", home, .tap(.theme, "dark"), ["write"],
        { $0.choices.state(of: .theme).pendingWrites == 1 }
      ),
      (
        "a tap of the value shown writes nothing, and says so",
        {
          var state = home(); state.choices.learn(.theme, confirmed: "dark"); return state
        }, .tap(.theme, "dark"),
        written([.say(.unchanged(.theme, "dark"))]), { $0.choices.state(of: .theme).pendingWrites == 0 }
      ),
      ("next with nothing open is refused, naming next", home, .tour(.step(1)), written([.say(.refused("next"))]), { _ in true }),
      ("tour with no tour says there is none", home, .tour(.resume), written([.say(.tour(.noTourToResume))]), { $0.tour == nil }),
      (
        "tour from a screen brings the waiting tour back on home, drawn again",
        {
          var state = touring(); _ = reduce(&state, .navigate(.review)); return state
        }, .tour(.resume), [],
        { $0.showingTour != nil && $0.screen == .home && $0.presentations == 2 }
      ),
      (
        "a guide cannot start over the onboarding wizard",
        {
          var state = home(); _ = state.tours.startOnboarding(pages: [infoPages[0].page]); return state
        },
        .guide(.start(GuidanceCatalog.firstRun)), written([.say(.finishOnboardingFirst)]), { $0.guidance.active == nil }
      ),
      (
        "a guide started by hand over the tour: the tour waits", touring, .guide(.start("workouts_intro")),
        [written([.say(.tour(.suspended(.automatic, page: 1, count: 3)))])[0]] + reads(.workouts)
          + ["readStoreFacts", "startGuideIfUnseen(\"workouts_intro\")"],
        { $0.guidance.active?.id == "workouts_intro" && $0.tour?.isSuspended == true }
      ),
      (
        "a popover over the showing tour is refused, naming info", touring, .guide(.start("workouts.view_info")),
        written([.say(.refused("info"))]), { $0.guidance.active == nil }
      ),
      (
        "an unknown guide is named", home, .guide(.start("nope")), written([.say(.unknownGuide("nope"))]),
        { $0.guidance.active == nil }
      ),
      (
        "back on a guide's first step leaves it unseen and, at home, runs the check",
        {
          var state = home(); _ = state.guidance.start(GuidanceCatalog.firstRun); return state
        }, .guide(.back),
        written([.say(.guideLeftForTour(GuidanceCatalog.firstRun)), .checkWhatsNew(nil)]), { $0.guidance.active == nil }
      ),
      (
        "a popover closes without a word or a seen mark: it may open again",
        {
          var state = home(); _ = state.guidance.start("cardio.log_info"); return state
        }, .guide(.closeInfo), [],
        { $0.guidance.active == nil }
      ),
      (
        "the wizard's write landing goes home, which offers first_run rather than starting it",
        {
          var state = home()
          state.onboardingComplete = false
          _ = state.tours.startOnboarding(pages: [infoPages[0].page])
          _ = state.tours.finishOnboarding()
          return state
        }, .tour(.onboardingWriteFinished(nil)),
        reads(.home) + written([.say(.tour(.onboardingFinished))]),
        {
          $0.onboarding == nil && $0.onboardingComplete && $0.hasCheckedWhatsNew && $0.offersFirstRun
            && $0.guidance.active == nil && $0.storeFacts.firstVersion == $0.appVersion
        }
      ),
      (
        "Esc on a showing tour: it waits, home shows", touring, .escape,
        written([.say(.tour(.suspended(.automatic, page: 1, count: 3)))]), { $0.tour?.isSuspended == true && $0.screen == .home }
      ),
      (
        "Esc on a guide closes it for now and, at home, runs the check",
        {
          var state = home(); _ = state.guidance.start(GuidanceCatalog.firstRun); return state
        }, .escape,
        written([.say(.guideLeftForTour(GuidanceCatalog.firstRun)), .checkWhatsNew(nil)]), { $0.guidance.active == nil }
      ),
      (
        "Esc on a screen goes back as back does: home, and the check",
        {
          var state = home(); state.screen = .cardio; return state
        }, .escape,
        reads(.home) + ["readStoreFacts", "checkWhatsNew(nil)"], { $0.screen == .home }
      ),
      ("Esc at home has nothing to leave", home, .escape, [], { $0.screen == .home && $0.presentations == 0 }),
      (
        "undo of an entry the recap does not have is named", home, .undo([3]), written([.say(.undoNoSuchEntry(3))]),
        { _ in true }
      ),
    ]

  @Test("each command goes to its machine and returns what the app must do", arguments: rows.indices)
  func row(_ index: Int) {
    let row = Self.rows[index]
    var state = row.start()
    // A write's ticket is the machine's: a row names it by its kind.
    let effects = written(reduce(&state, row.action)).map { $0.hasPrefix("write(") ? "write" : $0 }
    #expect(effects == row.effects, "\(row.name)")
    #expect(row.after(state), "\(row.name)")
  }

  /// Each row: a state, a command line as the dispatcher hands it over, and the effects.
  static let commands: [(name: String, start: @Sendable () -> AppState, line: [String], effects: [AppEffect])] = [
    ("done before the last page says which page is the last", touring, ["done"], [.say(.doneOnLastPage(3))]),
    ("finish on the automatic tour names the words that end it", touring, ["finish"], [.say(.useDone)]),
    (
      "done in the wizard names finish",
      {
        var state = home(); _ = state.tours.startOnboarding(pages: [infoPages[0].page]); return state
      }, ["done"], [.say(.useFinish)]
    ),
    ("skip with nothing open is refused, naming skip", home, ["skip"], [.say(.refused("skip"))]),
    ("open of a number the page does not show", touring, ["open", "9"], [.say(.nothingNumbered("9"))]),
    (
      "open of no action says what it could be", home, ["open", "gym"],
      [.say(.unknownValue("gym", .action, candidates: Action.allCases.map(\.rawValue)))]
    ),
    ("go without a screen gives the usage", home, ["go"], [.say(.usage("go"))]),
    ("info of a guide says it is a guide", home, ["info", "first_run"], [.say(.isTour("first_run"))]),
    ("back at home with nothing open is refused", home, ["back"], [.say(.refused("back"))]),
    ("undo with no tour shows the recap's one line", home, ["undo", "1"], [.say(.recap)]),
    ("set is the app's to run: it reads the person's words", home, ["set", "theme", "dark"], [.run("set", ["theme", "dark"])]),
    (
      "a popover closes on any other command, which then runs",
      {
        var state = home(); _ = state.guidance.start("cardio.log_info"); return state
      }, ["state"], [.run("state", [])]
    ),
    (
      "a popover closes on close, and nothing more",
      {
        var state = home(); _ = state.guidance.start("cardio.log_info"); return state
      }, ["close"], []
    ),
    (
      "a guide takes finish before its last step, and says so",
      {
        var state = home(); _ = state.guidance.start(GuidanceCatalog.firstRun); return state
      }, ["finish"], [.say(.guideNotLastStep(6))]
    ),
  ]

  @Test("a command line goes to the rule that holds it, or back to the app", arguments: commands.indices)
  func command(_ index: Int) {
    let row = Self.commands[index]
    var state = row.start()
    #expect(reduce(&state, .command(row.line[0], Array(row.line.dropFirst()))).routed == row.effects, "\(row.name)")
  }
}

@Suite("App rules, step by step: each action's change of state and its effects, exhaustively")
struct AppRulesWalkTests {
  @Test("walking the tour: next, Esc, a screen, tour back, then done on the last page")
  func walkTheTour() {
    var store = ReducerTestStore(touring())
    // Each page turn opens the new page's controls (none here: what the old page read is stale).
    store.send(.command("next", [])) {
      _ = $0.tours.step(1)
      _ = $0.choices.openPage([])
    }
    store.receive(.recordTourPosition(TourPosition(release: Version("2.14.0")!, pageID: "p2")))
    // Esc: the tour waits on its page, and says so; home shows under it.
    store.send(.escape) {
      _ = $0.tours.suspend()
      $0.choices.leavePage()
    }
    store.receive(.say(.tour(.suspended(.automatic, page: 2, count: 3))))
    // A screen over the waiting tour: its controls and facts are read; its intro may start.
    store.send(.command("go", ["cardio"])) {
      $0.screen = .cardio
      $0.presentations += 1
      _ = $0.choices.openPage(Screen.cardio.settings)
    }
    for setting in Screen.cardio.settings {
      store.receive { if case .readSetting(let ticket) = $0 { ticket.setting == setting } else { false } }
    }
    store.receive(.readStoreFacts)
    store.receive(.startGuideIfUnseen("cardio_intro"))
    store.receive(.donate(.visited(.cardio)))
    // `tour` brings it back on its page, over home, drawn again; the page has no controls to read.
    store.send(.command("tour", [])) {
      $0.screen = .home
      _ = $0.tours.resume()
      _ = $0.choices.openPage([])
      $0.presentations += 1
    }
    store.receive(.donate(.visited(.home)))
    store.send(.command("next", [])) {
      _ = $0.tours.step(1)
      _ = $0.choices.openPage([])
    }
    store.receive(.recordTourPosition(TourPosition(release: Version("2.14.0")!, pageID: "p3")))
    // done on the last page asks for the seen-write; the tour closes only when it lands.
    store.send(.command("done", [])) { _ = $0.tours.dismiss(.done) }
    store.receive(.endTour([ReleaseShowing(release: Version("2.14.0")!, shown: 3, notReached: 0)]))
    store.send(.tour(.seenWriteFinished(.success(Version("2.14.0")!)))) {
      _ = $0.tours.seenWriteFinished(.success(Version("2.14.0")!))
      // The record is what the write left: `why` reads it before any screen reads it back.
      $0.storeFacts.seenThrough = .version(Version("2.14.0")!)
      $0.choices.leavePage()
      _ = $0.choices.openPage(Screen.home.settings)
      $0.recap.stopRecording()
      $0.recap.isListed = true
    }
    for setting in Screen.home.settings {
      store.receive { if case .readSetting(let ticket) = $0 { ticket.setting == setting } else { false } }
    }
    store.receive(.say(.tour(.caughtUp(Version("2.14.0")!))))
    store.finish()
  }

  @Test("a guide started over the tour: the tour waits; back on its first step leaves it, and home checks")
  func guideOverTheTour() {
    var store = ReducerTestStore(touring())
    store.send(.command("tour", [GuidanceCatalog.firstRun])) {
      _ = $0.tours.suspend()
      $0.choices.leavePage()
      _ = $0.guidance.start(GuidanceCatalog.firstRun)
    }
    store.receive(.say(.tour(.suspended(.automatic, page: 1, count: 3))))
    store.receive(.donate(.shown(GuidanceCatalog.firstRun)))
    store.send(.command("back", [])) { $0.guidance.interrupt() }
    store.receive(.say(.guideLeftForTour(GuidanceCatalog.firstRun)))
    store.receive(.checkWhatsNew(nil))
    store.receive(.donate(.closed(GuidanceCatalog.firstRun)))
    store.finish()
  }
}
