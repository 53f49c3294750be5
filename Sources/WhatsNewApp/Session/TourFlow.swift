import WhatsNewCore
import WhatsNewStore

/// Runs the ``TourMachine`` (the what's-new tour, `news`, previews and the onboarding
/// wizard): hands it each command, performs the effects it returns (controls, the screen,
/// the seen-write, the position kept for resuming, messages), and feeds the writes' results
/// back to it. The rules are the machine's; this type only carries them out.
@MainActor
struct TourFlow: Sendable {
  let session: Session

  // MARK: Commands

  /// Opens `tour` over the current screen. An automatic tour that was left unfinished
  /// opens on the page it was left (``TourPosition``), if that page is still in the flow.
  func open(_ tour: TourState) {
    run { $0.open(tour) }
  }

  /// `next` / `back` on the open tour or onboarding page.
  func step(_ delta: Int) {
    guard session.state.onboarding != nil || session.state.showingTour != nil else {
      return CommandMessages(session: session).nothingOpen(delta > 0 ? "next" : "back")
    }
    run { $0.step(delta) }
  }

  /// Leaving the showing tour for a screen or a guide: it waits, and `tour` or `back` resumes it.
  func suspendIfShowing() {
    run { $0.suspend() }
  }

  /// `tour` (and `back` on a screen the tour was left for): brings a waiting tour back on its
  /// page, closing what is above it (a guide, a popover) and saying so.
  func resume() async {
    if session.state.onboarding != nil { return CommandMessages(session: session).refused("tour") }
    guard session.state.tour != nil else { return run { $0.resume() } }
    await session.guidanceFlow.closeForTour()
    if session.state.tour?.isSuspended == true {
      session.state.screen = .home
    }
    run { $0.resume() }
    // `tour` on a showing tour draws it again: the person asked to see it.
    session.requestView()
  }

  /// Done, Skip and Close share one serial path (``TourMachine/dismiss(_:)``).
  func dismiss(_ dismissal: Dismissal) {
    run { $0.dismiss(dismissal) }
  }

  /// The onboarding wizard: a welcome page, then the tour's own choice blocks (one
  /// control per setting, as the releases up to this version define them), two a page.
  func startOnboarding() {
    let pages = OnboardingPlan.pages(catalog: session.catalog, appVersion: session.appVersion)
    run { $0.startOnboarding(pages: pages) }
  }

  /// `finish`: onboarding complete and seen-through = current, in one transaction.
  func finishOnboarding() {
    run { $0.finishOnboarding() }
  }

  // MARK: Effects

  /// Carries out what the machine asked for, in order. The view is drawn again because the
  /// transition changed the state (a message alone, "this is the last page", redraws nothing).
  func perform(_ effects: [TourEffect]) {
    for effect in effects {
      switch effect {
      case .openPageControls: session.openCurrentPageControls()
      case .leavePage: session.choices.leavePage()
      case .openScreenControls: session.openControls(for: session.state.screen)
      case .goHome:
        session.state.screen = .home
        session.openControls(for: .home)
      case .writeSeenThrough(let showings): writeSeenThrough(showings)
      case .completeOnboarding: completeOnboarding()
      case .recordPosition(let position): session.runner.recordTourPosition(position)
      case .endSandbox: session.leaveSandbox()
      case .recordChanges: session.state.recap.startRecording()
      case .tourEnded(let dismissal): session.recapFlow.tourEnded(dismissal)
      case .say(let message): say(message)
      case .onboardingCompleted:
        session.state.onboardingComplete = true
        session.state.hasCheckedWhatsNew = true
      }
    }
  }

  /// Runs `transition` on the machine and performs its effects.
  func run(_ transition: (inout TourMachine) -> [TourEffect]) {
    perform(transition(&session.state.tours))
  }

  /// The dismissal's write (operation `seen-write`), its result fed back to the machine.
  /// A write QA holds or delays does not land at once: it is announced, so the person knows
  /// why the tour is still open (a write that merely hops to the store's queue is not).
  func writeSeenThrough(_ showings: [ReleaseShowing]) {
    let version = session.appVersion
    let finished = session.runner.endTour(seenThrough: version, showings: showings) { result in
      self.run { $0.seenWriteFinished(result) }
      self.session.showViewIfAtPrompt()
    }
    let waitsOnQA = session.backends.faults.rules.contains { rule in
      switch rule.kind {
      case .hold, .delay: rule.operation == .seenWrite
      case .fail: false
      }
    }
    if !finished && waitsOnQA { say(.savingDismissal) }
  }

  /// The wizard's write, its result fed back to the machine.
  func completeOnboarding() {
    let version = session.appVersion
    session.runner.completeOnboarding(seenThrough: version) { result in
      self.run { $0.onboardingWriteFinished(result) }
      if case .success = result { await self.afterOnboarding() }
      self.session.showViewIfAtPrompt()
    }
  }

  /// What follows onboarding: home's controls open and `first_run` starts (once).
  func afterOnboarding() async {
    session.openControls(for: session.state.screen)
    await session.guidanceFlow.startIfUnseen(GuidanceCatalog.firstRun)
  }

  /// Says `message` in the session's language.
  func say(_ message: TourMessage) {
    let console = session.console
    func text(_ key: String, _ arguments: String...) -> String { session.text(key, arguments: arguments) }
    switch message {
    case .suspended(let page, let count): console.emit(text("ui.tour.waits", String(page), String(count)), .dim)
    case .firstPage: console.emit(text("ui.tour.firstPage"), .warning)
    case .lastPage: console.emit(text("ui.tour.lastPage"), .warning)
    case .onboardingFirstPage: console.emit(text("ui.onboarding.firstPage"), .warning)
    case .onboardingLastPage: console.emit(text("ui.onboarding.lastPage"), .warning)
    case .savingDismissal: console.emit(text("ui.tour.savingDismissal"), .dim)
    case .stillSaving: console.emit(text("ui.tour.stillSaving"), .dim)
    case .caughtUp(let version): console.emit(text("ui.tour.caughtUp", version.description), .success)
    case .closedNoRecord: console.emit(text("ui.tour.closedNoRecord"), .success)
    case .dismissFailed(let reason): console.emit("! " + text("ui.tour.dismissFailed", reason), .error)
    case .previewClosed(let page, let count):
      console.emit(text("ui.debug.previewClosed", String(page), String(count)), .success)
    case .previewClosedToScreen:
      console.emit(text("ui.debug.previewClosedScreen", text(session.state.screen.titleKey)), .success)
    case .previewOverTour(let page, let count):
      console.emit(text("ui.debug.previewOverTour", String(page), String(count)), .dim)
    case .onboardingFinished: console.emit(text("ui.onboarding.finished"), .success)
    case .onboardingFinishFailed(let reason): console.emit("! " + text("ui.onboarding.finishFailed", reason), .error)
    case .stillFinishing: console.emit(text("ui.onboarding.stillFinishing"), .dim)
    case .noTourToResume: console.emit(text("ui.tour.noneToResume"), .warning)
    }
  }
}
