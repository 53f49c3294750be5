import Testing

@testable import WhatsNewCore

private let v214 = v("2.14.0")

/// A store as the boot step reads it: onboarding done, seen through `seen`, every setting default.
private func snapshot(
  seen: String? = "2.11.0", onboardingComplete: Bool = true, showWhatsNew: String? = nil, language: Language? = nil,
  position: TourPosition? = nil
) -> StoreSnapshot {
  var settings: [Setting: String] = [:]
  if let showWhatsNew { settings[.showWhatsNew] = showWhatsNew }
  return StoreSnapshot(
    seenThrough: seen.map { .version(v($0)) } ?? .none, onboardingComplete: onboardingComplete, settings: settings,
    notification: nil, guidanceSeen: [], language: language, tourPosition: position)
}

/// A state past the boot gate, at home, with no overlay: the check is due.
private func booted(widget: Bool = false) -> AppState {
  var state = AppState(
    appVersion: v214, launchedFromWidget: widget,
    languageChoice: LanguageChoice(flag: nil, stored: nil, environment: .en))
  state.isBooted = true
  state.onboardingComplete = true
  return state
}

@Suite("App rules: the gates, the what's-new check and the seen record")
struct AppReducerTests {
  /// Each row: a change to a state where the check is due, and whether it is still due.
  static let gates: [(name: String, change: @Sendable (inout AppState) -> Void, due: Bool)] = [
    ("every gate open", { _ in }, true),
    ("not booted", { $0.isBooted = false }, false),
    ("onboarding not complete", { $0.onboardingComplete = false }, false),
    ("already checked this session", { $0.hasCheckedWhatsNew = true }, false),
    ("on another screen", { $0.screen = .settings }, false),
    ("a guide showing", { $0.guidance.start(GuidanceCatalog.firstRun) }, false),
    (
      "a tour waiting under home",
      {
        var tour = TourState(
          mode: .automatic, pages: selectFlow(releases: [release("2.14.0", pages: 1)], seenThrough: nil, current: v214))
        tour.isSuspended = true
        _ = $0.tours.open(tour)
      }, false
    ),
  ]

  @Test("the check runs only when every gate is open", arguments: gates.indices)
  func gate(_ index: Int) {
    let row = Self.gates[index]
    var state = booted()
    row.change(&state)
    let checkedBefore = state.hasCheckedWhatsNew
    #expect(state.whatsNewCheckIsDue == row.due, "\(row.name)")
    let effects = reduce(&state, .checkWhatsNew(snapshot()))
    #expect(effects.isEmpty == !row.due, "\(row.name)")
    // A check that ran closes the session gate; one that did not leaves it as it was.
    #expect(state.hasCheckedWhatsNew == (checkedBefore || row.due), "\(row.name)")
  }

  @Test("a widget launch never checks")
  func widget() {
    var state = booted(widget: true)
    #expect(reduce(&state, .checkWhatsNew(snapshot())) == [])
    #expect(!state.hasCheckedWhatsNew)
  }

  static let library = [release("2.12.0", pages: 2), release("2.13.1", pages: 3), release("2.14.0", pages: 3)]

  /// Each row: what the store says, the window the content holds, the effects the check returns,
  /// and the page the tour it opens shows (`nil`: no tour).
  static let checks: [(name: String, facts: WhatsNewCheck.Facts, window: [Release], effects: [AppEffect], opens: Int?)] = [
    ("nothing new records the app's version", .init(seenThrough: v214), [], [.recordSeenThrough(v214)], nil),
    (
      "a tour turned off records it without a tour, and says so", .init(seenThrough: v("2.13.1"), wantsTour: false),
      [release("2.14.0", pages: 3)],
      [.note("the what's-new tour is turned off; moving the record to 2.14.0"), .recordSeenThrough(v214)], nil
    ),
    (
      "new pages open the tour on the first", .init(seenThrough: v("2.13.1")), [release("2.14.0", pages: 3)],
      [], 0
    ),
    (
      "a tour left on page 2 comes back there",
      .init(seenThrough: v("2.13.1"), position: TourPosition(release: v214, pageID: "2.14.0/1")), [release("2.14.0", pages: 3)],
      [], 1
    ),
    (
      "a page no longer in its release starts that release from its first, and says so",
      .init(seenThrough: v("2.13.1"), position: TourPosition(release: v214, pageID: "gone")), [release("2.14.0", pages: 3)],
      [.say(.leftPageGone(page: 1, count: 3))], 0
    ),
    (
      "a page the content dropped: the older releases' pages were shown, so the tour goes on past them",
      .init(seenThrough: v("2.12.0"), position: TourPosition(release: v214, pageID: "gone")),
      [release("2.13.1", pages: 3), release("2.14.0", pages: 3)], [.say(.leftPageGone(page: 4, count: 6))], 3
    ),
  ]

  @Test("the check's decision", arguments: checks.indices)
  func check(_ index: Int) {
    let row = Self.checks[index]
    var state = booted()
    state.hasCheckedWhatsNew = true
    // A tour that opens has nothing else to do: its pages have no choices to read.
    let effects = reduce(&state, .releasesRead(row.window, row.facts))
    #expect(effects.routed == row.effects, "\(row.name)")
    // An automatic tour that opens is a display the attention budget counts.
    #expect(effects.contains(.donate(.shown(AppEvent.tour))) == (row.opens != nil), "\(row.name)")
    let pages = selectFlow(releases: row.window, seenThrough: row.facts.seenThrough, current: v214)
    #expect(state.tour == row.opens.map { TourState(mode: .automatic, pages: pages, index: $0) }, "\(row.name)")
    #expect(state.recap.isRecording == (row.opens != nil), "\(row.name)")
  }

  @Test("the cap keeps six pages across skipped releases, newest first, and names what it left out")
  func cap() {
    guard
      case .open(let tour, _) = WhatsNewCheck.decide(facts: .init(seenThrough: v("2.11.0")), window: Self.library, current: v214)
    else {
      Issue.record("the tour should open")
      return
    }
    #expect(tour.pages.count == TourSelection.pageCap)
    #expect(tour.pages.map(\.page.id) == ["2.13.1/0", "2.13.1/1", "2.13.1/2", "2.14.0/0", "2.14.0/1", "2.14.0/2"])
    #expect(tour.capped == [ReleaseShowing(release: v("2.12.0"), leftOut: 2)])
  }

  @Test("a check with no snapshot reads one; an unreadable record or store reads as none, and a developer is told")
  func checkReads() {
    var state = booted()
    #expect(reduce(&state, .checkWhatsNew(nil)) == [.readSnapshotForCheck])
    var unreadable = snapshot()
    unreadable.seenThrough = .unreadable("garbage")
    #expect(
      reduce(&state, .checkRead(unreadable, failure: nil)) == [
        .note("the seen-through record 'garbage' is not a version; treating it as none"),
        .readReleases(
          .init(seenThrough: nil, failure: "the seen-through record 'garbage' is not a version; treating it as none")),
      ])
    #expect(
      reduce(&state, .checkRead(nil, failure: "locked")) == [
        .note("could not read the seen-through record: locked; treating it as none"),
        .readReleases(.init(seenThrough: nil, failure: "locked")),
      ])
  }

  /// Each row: the store the boot read, whether the launch is from a widget, and the effects
  /// (``readsHome`` stands where home's controls are read).
  static let boots: [(name: String, snapshot: StoreSnapshot, widget: Bool, effects: [AppEffect])] = [
    (
      "onboarded: the screen opens, then the check", snapshot(), false,
      [readsHome, .readStoreFacts, .checkWhatsNew(snapshot())]
    ),
    ("a new user: onboarding", snapshot(seen: nil, onboardingComplete: false), false, [.startOnboarding]),
    ("a new user from a widget: nothing", snapshot(seen: nil, onboardingComplete: false), true, []),
    (
      "a stored language is put in force first", snapshot(language: .ru), false,
      [
        .languageChanged(.ru, note: "language: ru, as chosen in the app and stored"), readsHome, .readStoreFacts,
        .checkWhatsNew(snapshot(language: .ru)),
      ]
    ),
  ]

  /// Where a row reads home's controls (one ``AppEffect/readSetting(_:)`` a setting it shows).
  static let readsHome = AppEffect.note("home's controls are read here")

  @Test("the boot opens its gate and hands over to onboarding or the check", arguments: boots.indices)
  func boot(_ index: Int) {
    let row = Self.boots[index]
    var state = AppState(
      appVersion: v214, launchedFromWidget: row.widget, languageChoice: LanguageChoice(flag: nil, stored: nil, environment: .en))
    let effects = reduce(&state, .booted(row.snapshot))
    // Home's controls are read, one read a setting, where the row says.
    let reads = effects.compactMap { if case .readSetting(let ticket) = $0 { ticket.setting } else { nil } }
    #expect(reads == (row.effects.contains(Self.readsHome) ? Screen.home.settings : []), "\(row.name)")
    let firstRead = effects.firstIndex { if case .readSetting = $0 { true } else { false } }
    var written = effects.filter { if case .readSetting = $0 { false } else { true } }
    if let firstRead { written.insert(Self.readsHome, at: firstRead) }
    #expect(written == row.effects, "\(row.name)")
    #expect(state.isBooted)
    #expect(state.onboardingComplete == row.snapshot.onboardingComplete)
  }

  @Test("a restore opens the session gate again and starts over from the backup's rows")
  func restore() {
    var state = booted()
    state.hasCheckedWhatsNew = true
    _ = state.tours.open(TourState(mode: .automatic, pages: selectFlow(releases: Self.library, seenThrough: nil, current: v214)))
    #expect(
      reduce(&state, .adopt(snapshot(onboardingComplete: false, language: .nl), .restore(from: "b.sqlite", dropped: [])))
        == [.languageChanged(.nl, note: nil), .say(.restored("b.sqlite", dropped: [])), .startOnboarding])
    #expect(!state.hasCheckedWhatsNew)
    #expect(state.tour == nil)
    #expect(!state.onboardingComplete)
    // A backup whose user finished onboarding starts over at home, whose check runs again.
    state.screen = .settings
    let effects = reduce(&state, .adopt(snapshot(language: .nl), .restore(from: "b.sqlite", dropped: ["a row"])))
    #expect(effects.first == .say(.restored("b.sqlite", dropped: ["a row"])))
    #expect(state.screen == .home && effects.routed.last == .checkWhatsNew(nil))
  }

  @Test("the boot reads back what an earlier run's tour changed, as the store holds it now, and writes nothing for it")
  func bootReadsTheRecap() {
    var state = AppState(
      appVersion: v214, launchedFromWidget: false, languageChoice: LanguageChoice(flag: nil, stored: nil, environment: .en))
    var stored = snapshot(seen: "2.14.0")
    stored.recap = "theme\tsystem\tdark\nunits\tmetric\timperial"
    stored.settings = [.theme: "light", .units: "imperial"]
    let effects = reduce(&state, .booted(stored))
    #expect(state.recap.entries.map(\.status) == [.changedSince(current: "light"), .changed])
    #expect(state.recap.isFromEarlierRun)
    #expect(!effects.contains { if case .keepRecap = $0 { true } else { false } })
  }

  @Test("a failed boot keeps its gate closed and says why")
  func bootFailed() {
    var state = AppState(
      appVersion: v214, launchedFromWidget: false, languageChoice: LanguageChoice(flag: nil, stored: nil, environment: .en))
    #expect(reduce(&state, .bootFailed("disk I/O error")) == [.say(.bootFailed("disk I/O error"))])
    #expect(!state.isBooted && state.bootFailure == "disk I/O error")
    #expect(reduce(&state, .checkWhatsNew(snapshot())) == [])
  }

  /// Content whose newest release is older than the app: a user seen through 2.13.1 has nothing to show.
  static let older = [release("2.12.0", pages: 2), release("2.13.1", pages: 3)]

  /// Each row: the record before and after, the command that moved it, and the breach.
  static let moves: [(before: SeenThroughRecord, after: SeenThroughRecord, word: String, breach: SeenRecordRule.Breach?)] = [
    (.version(v("2.11.0")), .version(v214), "done", nil),
    (.version(v("2.11.0")), .version(v214), "skip", nil),
    (.none, .version(v214), "finish", nil),
    (.version(v("2.11.0")), .version(v214), "next", .movedOutsideDismissal(from: v("2.11.0"), to: v214)),
    (.version(v214), .version(v("2.13.1")), "done", .movedBack(from: v214, to: v("2.13.1"))),
    (.version(v214), .none, "home", .removed(was: v214)),
    (.version(v214), .version(v214), "next", nil),
    // The check's own record: the app's version, when a user with nothing to show comes home.
    (.version(v("2.13.9")), .version(v214), "home", nil),
    (.version(v("2.11.0")), .version(v214), "home", .movedOutsideDismissal(from: v("2.11.0"), to: v214)),
  ]

  @Test("the seen record moves only forward, and only by a dismissal or the check", arguments: moves.indices)
  func seenRecord(_ index: Int) {
    let row = Self.moves[index]
    let breach = SeenRecordRule.breach(
      from: row.before, to: row.after, byDismissal: CommandTable.traits(ofLine: row.word).contains(.dismisses),
      current: v214,
      nothingToShow: { seen in selectFlow(releases: Self.older, seenThrough: seen, current: v214).isEmpty })
    #expect(breach == row.breach)
  }

  /// The weekday change whose cancel failed and whose write-back failed too: the store keeps
  /// Friday while the old Sunday reminder stands, store and schedule apart.
  static let apart = ReminderFailure(
    step: .cancel, reason: "x", saved: "friday", previous: "sunday", previousReminder: "sunday",
    settingRestoreFailure: "y", stored: "friday")

  /// Each row: a write's result, where it landed, and what the rules do with it.
  static let writes:
    [(name: String, setting: Setting, value: String, applied: AppliedWrite, real: Bool, undo: Bool, recorded: Bool, apart: Bool)] =
      [
        (
          "a saved choice is the tour's change", .theme, "dark", AppliedWrite(outcome: .saved, reminder: nil, replaced: "system"),
          true, false, true, false
        ),
        (
          "a preview's write is no tour's change", .theme, "dark",
          AppliedWrite(outcome: .saved, reminder: nil, replaced: "system"), false, false, false, false
        ),
        (
          "a failed write tells the recap nothing", .theme, "dark", AppliedWrite(outcome: .failed(reason: "x"), reminder: nil),
          true, false, false, false
        ),
        (
          "a weekday change left apart is remembered, and the recap gets what the store holds",
          .reviewWeekday, "friday", AppliedWrite(outcome: .reminderFailed(apart), reminder: .some(nil), replaced: "sunday"), true,
          false,
          true, true
        ),
        (
          "an undo's write goes to the recap's undo", .theme, "system",
          AppliedWrite(outcome: .saved, reminder: nil, replaced: "dark"), true, true, false, false
        ),
      ]

  @Test("a write's result: the control, the recap, the reminder shown and what was left apart", arguments: writes.indices)
  func write(_ index: Int) throws {
    let row = Self.writes[index]
    var state = booted()
    state.recap.startRecording()
    let tapped = state.choices.tap(row.setting, row.value)
    let ticket = try #require(tapped)
    let effects = reduce(&state, .writeFinished(ticket, row.applied, onRealStore: row.real, isUndo: row.undo))
    // An undo of no entry of the recap says nothing; its line (none) stands for the redraw.
    // A change of the recap is kept for a later run.
    let kept: [AppEffect] = row.recorded ? [.keepRecap(state.recap.stored)] : []
    #expect((state.recap.stored != nil) == row.recorded, "\(row.name)")
    #expect(
      effects.routed
        == [row.undo ? .viewShownByLines(inScriptToo: false) : .reportWrite(ticket, row.applied.outcome)] + kept,
      "\(row.name)")
    #expect(!state.recap.changedEntries.isEmpty == row.recorded, "\(row.name)")
    #expect((state.scheduleLeftApart != nil) == row.apart, "\(row.name)")
    if case .some(let reminder) = row.applied.reminder { #expect(state.storeFacts.notification == reminder, "\(row.name)") }
  }

  @Test("a read that lands shows its row; one a tap overtook shows nothing")
  func read() throws {
    var state = booted()
    let tickets = state.choices.openPage([.theme])
    let ticket = try #require(tickets.first)
    var overtaken = state
    #expect(reduce(&state, .readFinished(ticket, .success("dark"))) == [.showSettingRow(.theme)])
    #expect(state.choices.state(of: .theme).confirmed == "dark")
    _ = overtaken.choices.tap(.theme, "light")
    #expect(reduce(&overtaken, .readFinished(ticket, .success("dark"))) == [])
  }

  /// Each row: what a read of the present found, or a command's change, and what the state then holds.
  static let presentReads: [(name: String, action: AppAction, holds: @Sendable (AppState) -> Bool)] = [
    (
      "`debug seen` read the record", .factsRead(.seenThrough(.version(v("2.13.0")))),
      { $0.storeFacts.seenThrough == .version(v("2.13.0")) }
    ),
    ("`notifications` found none", .factsRead(.notification(nil)), { $0.storeFacts.notification == nil }),
    (
      "`set` learned the stored value first", .factsRead(.setting(.theme, "dark")),
      { $0.choices.state(of: .theme).confirmed == "dark" }
    ),
    (
      "`debug seen set` opens the check's gate again", .seenOverwritten(v("2.12.0")),
      { $0.whatsNewCheckIsDue && $0.storeFacts.seenThrough == .version(v("2.12.0")) }
    ),
    ("`debug seen clear` leaves no record", .seenOverwritten(nil), { $0.storeFacts.seenThrough == .none }),
    ("a preview's copy forgets what the controls showed", .sandboxEntered, { $0.choices.state(of: .theme).confirmed == nil }),
    ("`show` asks for the view again", .viewRequested, { $0.presentations == 1 }),
  ]

  @Test("reads of the present and a command's own changes reach the state only as actions", arguments: presentReads.indices)
  func presentRead(_ index: Int) {
    let row = Self.presentReads[index]
    var state = booted()
    state.hasCheckedWhatsNew = true
    state.storeFacts.notification = StoredNotification(id: "weekly_review", weekday: "monday", hour: 18, minute: 0)
    _ = reduce(&state, .factsRead(.setting(.theme, "light")))
    if case .factsRead(.setting) = row.action { state.choices = ChoiceMachine() }  // never read
    #expect(reduce(&state, row.action) == [], "\(row.name)")
    #expect(row.holds(state), "\(row.name)")
  }
}
