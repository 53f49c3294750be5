package import Foundation

/// A transition of the ``TourMachine`` (the what's-new tour, `news`, previews and onboarding):
/// a command's, or a write's result. ``AppAction/tour(_:)`` carries it.
package enum TourInput: Sendable, Equatable {
  /// Open this tour over the current screen (the automatic one, `news`, a preview).
  case open(TourState)
  /// `next` (+1) or `back` (-1) on the page showing.
  case step(Int)
  /// Leave the showing tour for a screen or a guide: it waits, and `tour` or `back` resumes it.
  case suspend
  /// `tour` (and `back` on a screen the tour was left for): the waiting tour comes back on its
  /// page, and what is above it (a guide, a popover) closes, saying so.
  case resume
  /// Done, Skip or Close (one serial path: ``TourMachine/dismiss(_:)``).
  case dismiss(Dismissal)
  /// Open the onboarding wizard on these pages.
  case startOnboarding([Page])
  /// `finish` (or `skip`) on the wizard.
  case finishOnboarding
  /// The dismissal's write ended.
  case seenWriteFinished(Result<Version, BackendFailure>)
  /// The wizard's write ended: `nil` when it landed, else why not.
  case onboardingWriteFinished(BackendFailure?)
}

/// A command of in-app guidance (``GuidanceMachine``). ``AppAction/guide(_:)`` carries it.
package enum GuideInput: Sendable, Equatable {
  /// The automatic trigger (a visit to its screen), with the seen-set just read and the
  /// session's clock (`nil`: no time known, nothing is paced).
  case startIfUnseen(String, seen: Set<String>, now: Date?)
  /// `tour <id>` or `info <id>`: starts it by hand (the showing tour waits).
  case start(String)
  /// A guide's `next`, `back`, `skip` (and `close`), `finish` (and `done`).
  case next, back, skip, finish
  /// An open popover closes (on `close`, Esc, or any other command); one shown only once
  /// (`triggerOnce`) is recorded as seen.
  case closeInfo
  /// Going back to the tour: a popover closes as `close` would; a guide is left without being
  /// recorded as seen (it starts again on a later first visit), saying so.
  case leaveForTour
}

// The transitions that route to the machines: the tour's, guidance's, the choices' taps,
// the recap's `undo` and going to a screen. Each machine's effects become the app's here, so
// the runner only performs reads, writes and words.
extension AppState {
  /// Runs `input` on the tour machine and turns what it asks for into the app's effects.
  mutating func reduceTour(_ input: TourInput) -> [AppEffect] {
    var effects: [AppEffect] = []
    let asked: [TourEffect]
    switch input {
    case .open(let tour): asked = tours.open(tour)
    case .step(let delta):
      guard onboarding != nil || showingTour != nil else { return [.say(.refused(delta > 0 ? "next" : "back"))] }
      asked = tours.step(delta)
    case .suspend: asked = tours.suspend()
    case .resume:
      if onboarding != nil { return [.say(.refused("tour"))] }
      if tour != nil {
        effects += reduceGuide(.leaveForTour)
        if tour?.isSuspended == true { screen = .home }
      }
      asked = tours.resume()
      // `tour` on a showing tour draws it again: the person asked to see it.
      if tour != nil { presentations &+= 1 }
    case .dismiss(let dismissal): asked = tours.dismiss(dismissal)
    case .startOnboarding(let pages): asked = tours.startOnboarding(pages: pages)
    case .finishOnboarding: asked = tours.finishOnboarding()
    case .seenWriteFinished(let result):
      asked = tours.seenWriteFinished(result)
      // The record is what the write left (`why` reads it before any screen reads it back).
      if case .success(let version) = result { storeFacts.seenThrough = .version(version) }
    case .onboardingWriteFinished(let failure):
      asked = tours.onboardingWriteFinished(failure.map { .failure($0) } ?? .success(()))
      // What follows onboarding: home (its controls opened by the machine's `goHome`), which
      // offers `first_run` rather than starting it: the person has just read seven pages.
      if failure == nil {
        offersFirstRun = true
        // The same write recorded where the person's history starts (unless it was known).
        storeFacts.firstVersion = storeFacts.firstVersion ?? appVersion
      }
    }
    return effects + asked.flatMap { perform($0) }
  }

  /// What the tour machine asked for, as the app does it.
  private mutating func perform(_ effect: TourEffect) -> [AppEffect] {
    switch effect {
    case .openPageControls: return openPageControls()
    case .leavePage: choices.leavePage()
    case .openScreenControls: return openControls(for: screen)
    case .goHome:
      screen = .home
      return openControls(for: .home)
    case .writeSeenThrough(let showings): return [.endTour(showings)]
    case .completeOnboarding: return [.completeOnboarding]
    case .recordPosition(let position): return [.recordTourPosition(position)]
    case .endSandbox:
      // What the preview's copy showed is forgotten before the screen under it opens again.
      choices.forgetSettledValues()
      return [.leaveSandbox]
    case .recordChanges: recap.startRecording()
    case .tourEnded(let dismissal):
      // `done` lists what the tour changed on the home screen it returns to; `skip` and
      // `close` say how to see it, when it changed anything.
      recap.stopRecording()
      if dismissal == .done {
        recap.isListed = screen == .home
      } else if !recap.changedEntries.isEmpty {
        return [.say(.recapHint(changed: recap.changedEntries.count))]
      }
    case .say(let message): return [.say(.tour(message))]
    case .onboardingCompleted:
      onboardingComplete = true
      hasCheckedWhatsNew = true
    }
    return []
  }

  /// Runs `input` on the guidance machine and turns what it asks for into the app's effects.
  mutating func reduceGuide(_ input: GuideInput) -> [AppEffect] {
    let before = guidance.active
    switch input {
    case .startIfUnseen(let id, let seen, let now):
      // It starts exactly when `why` would say it shows: every gate, rule and the pace hold.
      guard guidanceMayStartByItself, let guide = GuidanceCatalog.find(id),
        Explanation.guidance(guide, self, seen: seen, now: now).deciding == nil
      else { return [] }
      return perform(guidance.startIfUnseen(id, seen: seen, overlayActive: overlay != nil), for: before)
    case .start(let id):
      guard let guide = GuidanceCatalog.find(id) else { return [.say(.unknownGuide(id))] }
      if id == GuidanceCatalog.firstRun { offersFirstRun = false }
      if guide.mode == .info {
        if let overlay, overlay != .info { return [.say(.refused("info"))] }
        return perform(guidance.start(id), for: guide)
      }
      if onboarding != nil { return [.say(.finishOnboardingFirst)] }
      let suspended = reduceTour(.suspend)
      let active = guidance.active
      return suspended + perform(guidance.start(id), for: active)
    case .next: return perform(guidance.next(), for: before)
    case .back where guidance.stepIndex == 0:
      // `back` leaves the top: on the first step, the guide closes for now.
      return reduceGuide(.leaveForTour) + (screen == .home ? [.checkWhatsNew(nil)] : [])
    case .back: return perform(guidance.back(), for: before)
    case .skip: return perform(guidance.skip(), for: before)
    case .finish: return perform(guidance.finish(), for: before)
    case .closeInfo:
      guard before?.mode == .info else { return [] }
      // A popover closing says nothing and checks nothing: at most its seen mark.
      return guidance.skip().compactMap { if case .markSeen(let id) = $0 { .markGuidanceSeen(id) } else { nil } }
    case .leaveForTour:
      guard let guide = before else { return [] }
      switch guide.mode {
      case .info: return reduceGuide(.closeInfo)
      case .tour:
        guidance.interrupt()
        return [.say(.guideLeftForTour(guide.id))]
      }
    }
  }

  /// What the guidance machine asked for; `guide` is the guidance the command acted on.
  private mutating func perform(_ asked: [GuidanceEffect], for guide: Guidance?) -> [AppEffect] {
    var effects: [AppEffect] = []
    for effect in asked {
      switch effect {
      case .show:
        // A tour step whose anchor is on another screen goes there first (the guide's
        // `routeForAnchor`), which starts no intro while a guide shows.
        if let active = guidance.active, active.mode == .tour, let step = guidance.currentStep,
          let route = active.routeForAnchor[step.targetAnchor], route != screen
        {
          effects += navigate(to: route)
        }
      case .markSeen(let id): effects.append(.markGuidanceSeen(id))
      case .ended(let id):
        if guide?.mode == .tour { effects.append(.say(.guideEnded(id))) }
        // The what's-new check waited while the guide showed.
        if screen == .home { effects.append(.checkWhatsNew(nil)) }
      case .refused(.nothingActive): effects.append(.say(.refused("close")))
      case .refused(.unknown(let id)): effects.append(.say(.unknownGuide(id)))
      case .refused(.firstStep): effects.append(.say(.guideFirstStep))
      case .refused(.notLastStep): effects.append(.say(.guideNotLastStep(guide?.steps.count ?? 0)))
      }
    }
    return effects
  }

  /// Goes to a screen: a showing tour waits, the screen's controls open and what it shows
  /// from the store is read; a first visit starts its intro, and coming home runs the
  /// what's-new check if it has not run yet.
  mutating func navigate(to destination: Screen) -> [AppEffect] {
    var effects = reduceTour(.suspend)
    screen = destination
    recap.isListed = false
    effects += openControls(for: destination)
    effects.append(.readStoreFacts)
    // The person asked to see the screen: it is printed even when nothing in it changed.
    presentations &+= 1
    // Its intro first, then a popover content gives rules: one at a time, the rest queue.
    for guide in GuidanceCatalog.all where startingScreen(of: guide) == destination {
      effects.append(.startGuideIfUnseen(guide.id))
    }
    if destination == .home { effects.append(.checkWhatsNew(nil)) }
    return effects
  }

  /// The person picks `value` for `setting`: shown at once and written in the background
  /// (``ChoiceMachine/tap(_:_:)``); a value the setting holds writes nothing, and says so.
  mutating func tap(_ setting: Setting, _ value: String) -> [AppEffect] {
    if let ticket = choices.tap(setting, value) { return [.write(ticket, expected: nil)] }
    return choices.state(of: setting).pendingWrites == 0 ? [.say(.unchanged(setting, value))] : []
  }

  /// `undo <n>` for each of `numbers`, in order: each is a choice like any other (shown at once,
  /// written in the background, rolled back on failure), conditional on the store still holding
  /// the tour's value.
  mutating func undo(_ numbers: [Int]) -> [AppEffect] {
    var effects: [AppEffect] = []
    for number in numbers {
      switch recap.beginUndo(number) {
      case .noSuchEntry: effects.append(.say(.undoNoSuchEntry(number)))
      case .alreadyUndone: effects.append(.say(.entryStands(recap.entries[number - 1], number: number)))
      case .inFlight(let setting): effects.append(.say(.undoInFlight(setting)))
      case .start(let setting, let value, let expected):
        if let ticket = choices.tap(setting, value) {
          effects.append(.write(ticket, expected: expected))
        } else {
          // The store holds the old value already (another program put it back, and the look
          // before this command saw it): nothing to write.
          effects += undoFinished(setting, .changedSince(current: value), ticket: nil)
        }
      }
    }
    return effects
  }

  /// The recap learns how the undo of `setting` ended, and the person is told what was put
  /// back, or what failed (as for any choice) and where the entry stands.
  mutating func undoFinished(
    _ setting: Setting, _ outcome: ChoiceMachine.WriteOutcome, ticket: ChoiceMachine.WriteTicket?
  ) -> [AppEffect] {
    guard let entry = recap.undoFinished(setting, outcome: outcome), let index = recap.entries.firstIndex(of: entry)
    else { return [] }
    switch outcome {
    case .saved: return [.say(.putBack(setting, entry.before))]
    case .failed, .reminderFailed:
      return (ticket.map { [.reportWrite($0, outcome)] } ?? []) + [.say(.entryStands(entry, number: index + 1))]
    case .changedSince: return [.say(.entryStands(entry, number: index + 1))]
    }
  }

  /// Opens the controls of what is on screen: the page showing, else the screen.
  mutating func openControls() -> [AppEffect] {
    visiblePage != nil ? openPageControls() : openControls(for: screen)
  }

  /// Opens the controls of the page on screen (tour or onboarding), reading their settings.
  mutating func openPageControls() -> [AppEffect] {
    let settings = (visiblePage?.blocks ?? []).compactMap { $0.choice?.setting }
    return choices.openPage(settings).map { .readSetting($0) }
  }

  /// Opens the controls of `screen`, reading their settings.
  mutating func openControls(for screen: Screen) -> [AppEffect] {
    let shown = screen.settings
    return choices.openPage(Setting.allCases.filter { shown.contains($0) }).map { .readSetting($0) }
  }
}

extension Screen {
  /// The settings a screen shows, in order. The settings screen shows every setting: its own
  /// first, then the rest under "Other settings".
  package var settings: [Setting] {
    let own = Setting.allCases.filter { $0.spec.screen == self }
    guard self == .settings else { return own }
    return own + Setting.allCases.filter { $0.spec.screen != .settings }
  }
}
