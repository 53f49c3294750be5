package import Foundation

/// Something that happened to the app: the boot step's result, a snapshot of the store to
/// take as what it holds, or an effect's result the rules decide on. ``reduce(_:_:)`` takes it.
package enum AppAction: Sendable, Equatable {
  /// The boot step got past its gate and read the store (after the seed and the reconcile).
  case booted(StoreSnapshot)
  /// The boot step failed, in words.
  case bootFailed(String)
  /// A snapshot of the store to take as what it holds: after a restore, or after another
  /// program's commit.
  case adopt(StoreSnapshot, SnapshotSource)
  /// The what's-new check is asked for (home reached, a guide closed on home, a restore or
  /// `debug seen` opened the gate again), with the store as just read, or `nil` to read it.
  case checkWhatsNew(StoreSnapshot?)
  /// The check's own read of the store: what it holds, or `nil` when it could not be read
  /// (with why, for developers).
  case checkRead(StoreSnapshot?, failure: String?)
  /// The releases the check's window holds were read: the check decides.
  case releasesRead([Release], WhatsNewCheck.Facts)
  /// A choice's read ended: what the store holds, or why it could not be read.
  case readFinished(ChoiceMachine.ReadTicket, Result<String, BackendFailure>)
  /// A choice's write ended (``AppliedWrite``): on the real store or a preview's copy, and
  /// whether it was an `undo`'s.
  case writeFinished(ChoiceMachine.WriteTicket, AppliedWrite, onRealStore: Bool, isUndo: Bool)
  /// A command line, read: the ``CommandTable`` name and the words after it (which fit its forms).
  case command(String, [String])
  /// Esc at a terminal: leaves what is on top (``AppState/escape()``).
  case escape
  /// `lang`: the language chosen in the app (or, `lang system`, the environment's) is in force.
  case chooseLanguage(LanguageChoice)
  /// A transition of the tour machine: a command's, or a write's result.
  case tour(TourInput)
  /// A command of in-app guidance, or the seen-set the automatic trigger read.
  case guide(GuideInput)
  /// Go to a screen (`go`, `home`, `open`, a guide's step on another screen).
  case navigate(Screen)
  /// The person picks a value for a setting (`choose`, `set`, a number on a page).
  case tap(Setting, String)
  /// `undo <n>` (or `undo all`) for these entries of the recap, in order.
  case undo([Int])
  /// A read that reports what is true now (a screen's facts, `debug seen`, `notifications`,
  /// `set`'s look before it writes): the state takes it as read.
  case factsRead(FactsRead)
  /// `debug seen set|clear` wrote the record: it is `version` now, and the check may run again.
  case seenOverwritten(Version?)
  /// `guidance off` or `guidance on` was written: guides and popovers are off, or back.
  case guidanceSwitched(off: Bool)
  /// A preview's private copy of the store is in force: what the controls showed is forgotten.
  case sandboxEntered
  /// The person asked to see the view (`show`, a screen, `tour`): it is printed even unchanged.
  case viewRequested
  /// An event was donated at this time (``AppEffect/donate(_:)``): rules count it, and a
  /// display paces what follows.
  case donated(AppEvent, at: Date)
}

/// What a read of the present found (``AppAction/factsRead(_:)``).
package enum FactsRead: Sendable, Equatable {
  /// Everything the screens show from the store (or, leaving a preview, what they showed before it).
  case all(StoreFacts)
  /// The seen-through record alone (`debug seen`).
  case seenThrough(SeenThroughRecord)
  /// The reminder as scheduled (`notifications`).
  case notification(StoredNotification?)
  /// What the store holds for a setting never read (`set`): an unchanged value then writes nothing.
  case setting(Setting, String)
}

/// Where an adopted snapshot comes from.
package enum SnapshotSource: Sendable, Equatable {
  /// The backup at `path` replaced the store's rows (less `dropped`, which vetting left out):
  /// the app starts over from them.
  case restore(from: String, dropped: [String])
  /// Another program committed: the screen says what changed and opens afresh.
  case outside
}

/// What the rules ask the app to do; the app's effect runner performs them in order, and the
/// results come back as ``AppAction``s.
package enum AppEffect: Sendable, Equatable {
  /// Run a command whose work is the app's (it reads the person's words in their language, the
  /// store, the content or the terminal): the ``CommandTable`` name and its words.
  case run(String, [String])
  /// Read the store for the what's-new check; the result is ``AppAction/checkRead(_:failure:)``.
  case readSnapshotForCheck
  /// Read the releases after `facts`' record up to the app's version; the result is
  /// ``AppAction/releasesRead(_:_:)``.
  case readReleases(WhatsNewCheck.Facts)
  /// Run the what's-new check (after the effects before it): with the store as just read,
  /// or `nil` to read it.
  case checkWhatsNew(StoreSnapshot?)
  /// Move the seen record to a version without a tour (operation `seen-write`, quietly).
  case recordSeenThrough(Version)
  /// Start the onboarding wizard (its pages come from the releases): ``TourInput/startOnboarding(_:)``.
  case startOnboarding
  /// Read a choice's setting; the result is ``AppAction/readFinished(_:_:)``.
  case readSetting(ChoiceMachine.ReadTicket)
  /// Write a choice, after the setting's earlier writes; with `expected` (an `undo`), only
  /// while the store holds it. The result is ``AppAction/writeFinished(_:_:onRealStore:isUndo:)``.
  case write(ChoiceMachine.WriteTicket, expected: String?)
  /// The dismissal's write: seen through the app version, with what the tour did with each
  /// release; the result is ``TourInput/seenWriteFinished(_:)``.
  case endTour([ReleaseShowing])
  /// Onboarding complete and seen through the app version, in one write; the result is
  /// ``TourInput/onboardingWriteFinished(_:)``.
  case completeOnboarding
  /// Remember where the automatic tour is, so a tour left unfinished resumes there.
  case recordTourPosition(TourPosition)
  /// Keep what the tours changed (``TourRecap/stored``; `nil`: nothing), for a later run.
  case keepRecap(String?)
  /// Leave the private copy a preview ran on: the real store is in force again.
  case leaveSandbox
  /// Read the guidance seen-set and start guidance `id` if it is unseen, its rules hold and the
  /// pace allows (``GuideInput/startIfUnseen(_:seen:now:)``).
  case startGuideIfUnseen(String)
  /// Keep `event` with the session's time, and tell the rules (``AppAction/donated(_:at:)``).
  case donate(AppEvent)
  /// Record guidance `id` as seen.
  case markGuidanceSeen(String)
  /// The lines said stand for the redraw: above the prompt (and, `inScriptToo`, in a script as
  /// well), the view is not printed whole again for them.
  case viewShownByLines(inScriptToo: Bool)
  /// Read what the screens show from the store (``StoreFacts``).
  case readStoreFacts
  /// The language in force changed: read its table if not read yet (the view, and where its anchors are, is drawn in it next).
  case languageChanged(Language, note: String?)
  /// Say something to the person.
  case say(AppMessage)
  /// Tell a developer (`--developer`) something.
  case note(String)
  /// A control's value arrived while the person may sit at the prompt: its row, drawn again.
  case showSettingRow(Setting)
  /// Say how a choice's write ended, one line at a time.
  case reportWrite(ChoiceMachine.WriteTicket, ChoiceMachine.WriteOutcome)
}

/// What the rules say to the person, in words the app's tables give.
package enum AppMessage: Sendable, Equatable {
  /// The store did not start: why.
  case bootFailed(String)
  /// `tour <guide>` or `info <popover>` while `guidance off` is in force.
  case guidanceIsOff
  /// Another program changed a setting the screen showed: to this value.
  case changedElsewhere(Setting, String)
  /// What the tour machine says.
  case tour(TourMessage)
  /// The command cannot run in this state: what is open on top, and the ways out.
  case refused(String)
  /// The command's words do not fit it: its usage.
  case usage(String)
  /// A word that names nothing it could: what it was supposed to be, and what it could have been.
  case unknownValue(String, WordKind, candidates: [String])
  /// `done` in the wizard: `finish` is its word.
  case useFinish
  /// `done` before the tour's last page (of this many).
  case doneOnLastPage(Int)
  /// `finish` on the automatic tour's page: `done` and `skip` end it.
  case useDone
  /// `finish` on a `news` or preview page: `close` ends it.
  case useClose
  /// `open <n>` of a number the page's hints do not show (they show 1 to `count`).
  case noOpenItem(String, count: Int)
  /// `open <n>` where the page numbers nothing to open.
  case nothingNumbered(String)
  /// `info <id>` of a guide, not a popover.
  case isTour(String)
  /// The page the tour was left on is no longer in it: it goes on from page `page` of `count`.
  case leftPageGone(page: Int, count: Int)
  /// The recap as it stands.
  case recap
  /// `undo all` with nothing left to put back.
  case nothingLeftToUndo
  /// No guide or popover has this id.
  case unknownGuide(String)
  /// A guide ended (finished or skipped).
  case guideEnded(String)
  /// A guide was left for the tour, unseen.
  case guideLeftForTour(String)
  /// `back` on a guide's first step.
  case guideFirstStep
  /// `finish` before a guide's last step (of this many).
  case guideNotLastStep(Int)
  /// A guide cannot start over the onboarding wizard.
  case finishOnboardingFirst
  /// A tour that changed settings ended without its list: how to see it.
  case recapHint(changed: Int)
  /// The setting holds this value already: nothing was written.
  case unchanged(Setting, String)
  /// `undo` of an entry the recap does not have.
  case undoNoSuchEntry(Int)
  /// An undo of this setting is being written.
  case undoInFlight(Setting)
  /// An undo put the setting back to this value.
  case putBack(Setting, String)
  /// Where recap entry `number` stands, when an undo did not put it back now.
  case entryStands(TourRecap.Entry, number: Int)
  /// A restore from the backup at the path landed; `dropped` names what vetting left out.
  case restored(String, dropped: [String])
}

/// The app's rules over one value: takes `action`, changes `state`, and returns what to do.
/// Routes to the machines in the state; holds the boot, the what's-new check (its gates are
/// ``AppState/whatsNewCheckIsDue``, its decision ``WhatsNewCheck``) and what adopting a
/// snapshot of the store means, each in one place.
///
/// ```swift
/// var state = AppState(appVersion: v2_14, launchedFromWidget: false, languageChoice: choice)
/// reduce(&state, .booted(snapshot))   // [.readSetting(…), .readStoreFacts, .checkWhatsNew(snapshot)]
/// ```
package func reduce(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
  let kept = state.recap.stored
  let before = state.moment
  var effects = rules(&state, action)
  // What happened is donated as it happens, whichever rule did it: rules count it and a display paces.
  effects += state.events(since: before, action).map { .donate($0) }
  // What the tours changed is kept as it changes, whichever rule changed it, so `recap` and
  // `undo` work after a restart; the recap read back at the start is what the store holds.
  if case .booted = action { return effects }
  if state.recap.stored != kept { effects.append(.keepRecap(state.recap.stored)) }
  return effects
}

private func rules(_ state: inout AppState, _ action: AppAction) -> [AppEffect] {
  switch action {
  case .booted(let snapshot):
    state.attention.events = EventLog(snapshot.events)
    state.attention.settings = snapshot.settings
    state.onboardingComplete = snapshot.onboardingComplete
    state.guidanceOff = snapshot.guidanceOff
    state.isBooted = true
    // What the last tour changed, as an earlier run kept it: `recap` and `undo` work on it
    // until the next tour (or, if that run left its tour unfinished, that tour goes on with it).
    if !state.recap.hasTour, let kept = snapshot.recap,
      let recap = TourRecap(stored: kept, continuesTour: snapshot.tourPosition != nil)
    {
      state.recap = recap
      state.recap.observe(snapshot.settings)
    }
    var choice = state.languageChoice
    choice.readFromStore(snapshot.language)
    var effects = state.adoptLanguage(choice, note: "as chosen in the app and stored")
    if !state.onboardingComplete || state.launchedFromWidget {
      // A gate decides this start before any release is read.
      state.startDecision = .tour(state, facts: WhatsNewCheck.Facts(snapshot), pages: nil)
    }
    if !state.onboardingComplete {
      // A widget launch stays quiet: no wizard over it.
      if !state.launchedFromWidget { effects.append(.startOnboarding) }
      return effects
    }
    // The screen opens: what it shows from the store is read now, after the reconcile.
    return effects + state.openControls() + [.readStoreFacts, .checkWhatsNew(snapshot)]

  case .bootFailed(let reason):
    state.bootFailure = reason
    state.startDecision = .tour(state, facts: WhatsNewCheck.Facts(seenThrough: nil, failure: reason), pages: nil)
    return [.say(.bootFailed(reason))]

  case .adopt(let snapshot, .restore(let path, let dropped)):
    // The backup's events are what rules count and the budget paces from now.
    state.attention.events = EventLog(snapshot.events)
    state.attention.settings = snapshot.settings
    state.choices.forgetSettledValues()
    state.tours.discard()
    // The recap keeps what the tour changed; what the backup holds decides what still stands.
    state.recap.stopRecording()
    state.recap.observe(snapshot.settings)
    state.hasCheckedWhatsNew = false
    state.onboardingComplete = snapshot.onboardingComplete
    state.scheduleLeftApart = nil
    state.storeFacts = StoreFacts(snapshot)
    // The backup's language choice (none, for one made before there was one), unless --locale says otherwise.
    var choice = state.languageChoice
    choice.stored = snapshot.language
    var effects = state.adoptLanguage(choice, note: nil) + [.say(.restored(path, dropped: dropped))]
    // The store now holds the backup's recap row (or none): the session's is kept over it.
    if snapshot.recap != state.recap.stored { effects.append(.keepRecap(state.recap.stored)) }
    // It starts over: home, whose check runs again, or onboarding if the backup's user never finished it.
    return effects + (state.onboardingComplete ? state.navigate(to: .home) : [.startOnboarding])

  case .adopt(let snapshot, .outside):
    let effects: [AppEffect] = Setting.allCases.compactMap { setting in
      let control = state.choices.state(of: setting)
      guard control.isSettled, let shown = control.confirmed, let stored = snapshot.settings[setting], stored != shown
      else { return nil }
      return .say(.changedElsewhere(setting, stored))
    }
    state.storeFacts = StoreFacts(snapshot)
    state.attention.settings = snapshot.settings
    // A tour's change another program moved since: the recap says so, and `undo` leaves it.
    state.recap.observe(snapshot.settings)
    state.choices.forgetSettledValues()
    return effects + state.openControls()

  case .checkWhatsNew(let snapshot):
    guard state.whatsNewCheckIsDue else { return [] }
    state.hasCheckedWhatsNew = true
    guard let snapshot else { return [.readSnapshotForCheck] }
    return rules(&state, .checkRead(snapshot, failure: nil))

  case .checkRead(let snapshot, let failure):
    var facts = WhatsNewCheck.Facts(snapshot)
    if let failure { facts.failure = failure }
    var effects: [AppEffect] = []
    if let failure { effects.append(.note("could not read the seen-through record: \(failure); treating it as none")) }
    if let note = WhatsNewCheck.Facts.note(snapshot) { effects.append(.note(note)) }
    // Only the releases this user's tour can show (or name as left out by the cap) are read:
    // the start does not grow with the history (`make bench`: warm and first start, 1,000
    // releases against 10).
    return effects + [.readReleases(facts)]

  case .releasesRead(let window, let facts):
    defer { state.paceWaived = false }
    // What this start decided is kept, as `why tour` words it (`state decision`), from the
    // pages the check selected; counted again only when the setting kept them from showing.
    switch WhatsNewCheck.decide(facts: facts, window: window, current: state.appVersion) {
    case .record(let version, let tourOff):
      let pages =
        tourOff
        ? TourSelection(window: window, facts: facts, current: state.appVersion).pages.count : 0
      state.startDecision = .tour(state, facts: facts, pages: pages, window: window)
      let note: [AppEffect] =
        tourOff ? [.note("the what's-new tour is turned off; moving the record to \(version)")] : []
      return note + [.recordSeenThrough(version)]
    case .open(_, _) where state.budgetHoldsTour(facts) && state.attention.nextEligible(at: facts.now) != nil:
      // Too soon after the last display: the tour waits for a later start (``Attention``).
      state.startDecision = .tour(state, facts: facts, pages: nil, window: window)
      return []
    case .open(let tour, let leftPageGone):
      // The person is told the page they left is gone, before the page the tour goes on from.
      let effects =
        (leftPageGone ? [.say(.leftPageGone(page: tour.index + 1, count: tour.pages.count))] : [])
        + state.reduceTour(.open(tour))
      state.startDecision = .tour(state, facts: facts, pages: tour.pages.count, window: window)
      return effects
    }

  case .readFinished(let ticket, let result):
    // A read a later one (or a tap) overtook changes nothing.
    return state.choices.readFinished(ticket, result: result) ? [.showSettingRow(ticket.setting)] : []

  case .writeFinished(let ticket, let applied, let onRealStore, let isUndo):
    state.choices.writeFinished(ticket, outcome: applied.outcome)
    // The screens show the reminder the change confirmed, never one read meanwhile.
    if let reminder = applied.reminder { state.storeFacts.notification = reminder }
    if onRealStore, ticket.setting == .reviewWeekday { state.noteScheduleLeftApart(applied.outcome) }
    if isUndo {
      // The line said stands for the redraw it shows: above the prompt, as for any write; and
      // on home, whose list would otherwise be printed whole again for one entry's mark.
      return state.undoFinished(ticket.setting, applied.outcome, ticket: ticket)
        + [.viewShownByLines(inScriptToo: state.recap.isListed)]
    }
    // A preview's writes land on its private copy: they are no tour's changes.
    if onRealStore { state.recap.confirmed(ticket, applied) }
    return [.reportWrite(ticket, applied.outcome)]

  case .command(let name, let arguments): return state.command(name, arguments)
  case .escape: return state.escape()
  case .chooseLanguage(let choice): return state.adoptLanguage(choice, note: nil)
  case .tour(let input): return state.reduceTour(input)
  case .guide(let input): return state.reduceGuide(input)
  case .navigate(let screen): return state.navigate(to: screen)
  case .tap(let setting, let value): return state.tap(setting, value)
  case .undo(let numbers): return state.undo(numbers)

  case .factsRead(.all(let facts)): state.storeFacts = facts
  case .factsRead(.seenThrough(let record)): state.storeFacts.seenThrough = record
  case .factsRead(.notification(let notification)): state.storeFacts.notification = notification
  case .factsRead(.setting(let setting, let stored)): state.choices.learn(setting, confirmed: stored)

  case .seenOverwritten(let version):
    state.hasCheckedWhatsNew = false
    state.paceWaived = true
    // The record is now what was written: the settings screen shows it without reading it back.
    state.storeFacts.seenThrough = version.map { .version($0) } ?? .none

  case .guidanceSwitched(let off): state.guidanceOff = off
  case .sandboxEntered: state.choices.forgetSettledValues()
  case .viewRequested: state.presentations &+= 1
  case .donated(let event, let time): state.attention.events.record(event.name, at: time)
  }
  return []
}

extension AppState {
  /// What events are donated from: the screen, the guidance showing, whether a tour is open.
  struct Moment {
    var screen: Screen
    var guidance: String?
    var tourOpen: Bool
  }

  var moment: Moment { Moment(screen: screen, guidance: guidance.active?.id, tourOpen: tour != nil) }

  /// What `action` did since the `before` it, as rules count it: a screen visited, an
  /// automatic tour or a guidance shown, a guidance closed, a setting's write landed.
  func events(since before: Moment, _ action: AppAction) -> [AppEvent] {
    var events: [AppEvent] = []
    if screen != before.screen { events.append(.visited(screen)) }
    if let left = before.guidance, left != guidance.active?.id { events.append(.closed(left)) }
    if let shown = guidance.active?.id, shown != before.guidance { events.append(.shown(shown)) }
    if !before.tourOpen, tour?.mode == .automatic { events.append(.shown(AppEvent.tour)) }
    if case .writeFinished(let ticket, let applied, true, _) = action, case .saved = applied.outcome {
      events.append(.changed(ticket.setting))
    }
    return events
  }
}

extension AppState {
  /// Puts `choice` in force; when the language it gives changes, its table is read.
  package mutating func adoptLanguage(_ choice: LanguageChoice, note: String?) -> [AppEffect] {
    let old = language
    languageChoice = choice
    guard language != old else { return [] }
    return [.languageChanged(language, note: note.map { "language: \(language.rawValue), \($0)" })]
  }
}
