import Testing

@testable import WhatsNewCore

/// The recap's rules (issue 23): built from confirmed writes, numbered in the order the tour
/// first changed each setting; `undo` is conditional and each outcome leaves the entry where
/// the store is.
@Suite("What the tour changed, and its undoing")
struct TourRecapTests {
  /// A confirmed write: the setting, the value it replaced, the value stored now.
  typealias Write = (setting: Setting, replaced: String, now: String)

  static let recordingRows: [(String, [Write], [TourRecap.Entry])] = [
    ("one change is one entry", [(.theme, "system", "dark")], [.init(setting: .theme, before: "system", after: "dark")]),
    (
      "a second change of one setting keeps its first before",
      [(.theme, "system", "dark"), (.theme, "dark", "light")], [.init(setting: .theme, before: "system", after: "light")]
    ),
    ("a setting changed and changed back is not in it", [(.theme, "system", "dark"), (.theme, "dark", "system")], []),
    ("a write of the value already stored is no change", [(.units, "metric", "metric")], []),
    (
      "entries keep the order of their first change",
      [
        (.units, "metric", "imperial"), (.theme, "system", "dark"), (.units, "imperial", "metric"),
        (.units, "metric", "imperial"),
      ],
      [.init(setting: .theme, before: "system", after: "dark"), .init(setting: .units, before: "metric", after: "imperial")]
    ),
  ]

  @Test("while a tour is open, confirmed writes make the entries", arguments: recordingRows)
  func recording(name: String, writes: [Write], expected: [TourRecap.Entry]) {
    var recap = TourRecap()
    recap.startRecording()
    for write in writes { recap.confirmed(write.setting, replaced: write.replaced, now: write.now) }
    #expect(recap.entries == expected, "\(name)")
  }

  @Test("writes outside a tour add nothing, and only mark an entry changed since")
  func outsideTheTour() {
    var recap = TourRecap()
    recap.confirmed(.theme, replaced: "system", now: "dark")
    #expect(recap.entries.isEmpty && !recap.hasTour)
    recap.startRecording()
    recap.confirmed(.theme, replaced: "system", now: "dark")
    recap.stopRecording()
    recap.confirmed(.units, replaced: "metric", now: "imperial")
    recap.confirmed(.theme, replaced: "dark", now: "light")
    #expect(recap.entries == [.init(setting: .theme, before: "system", after: "dark", status: .changedSince(current: "light"))])
    recap.observe(.theme, stored: "dark")
    #expect(recap.entries[0].status == .changed, "back to the tour's value: it holds again")
  }

  /// Each undo outcome and where it leaves entry 1 (Theme: System → Dark).
  static let undoRows: [(String, ChoiceMachine.WriteOutcome, TourRecap.Status)] = [
    ("saved: undone", .saved, .undone),
    ("failed: still changed, to try again", .failed(reason: "disk I/O error"), .changed),
    ("another value was stored: changed since", .changedSince(current: "light"), .changedSince(current: "light")),
    ("the old value was stored already: undone", .changedSince(current: "system"), .undone),
  ]

  @Test("an undo's outcome leaves the entry where the store is", arguments: undoRows)
  func undoOutcomes(name: String, outcome: ChoiceMachine.WriteOutcome, status: TourRecap.Status) {
    var recap = TourRecap()
    recap.startRecording()
    recap.confirmed(.theme, replaced: "system", now: "dark")
    #expect(recap.beginUndo(1) == .start(setting: .theme, to: "system", expected: "dark"))
    #expect(recap.entries[0].status == .undoing)
    #expect(recap.beginUndo(1) == .inFlight(.theme), "one undo at a time")
    recap.undoFinished(.theme, outcome: outcome)
    #expect(recap.entries[0].status == status, "\(name)")
  }

  @Test("a weekday whose reminder could not follow stands as the repair left the store")
  func weekdayRepair() {
    var recap = TourRecap()
    recap.startRecording()
    recap.confirmed(.reviewWeekday, replaced: "sunday", now: "friday")
    _ = recap.beginUndo(1)
    let repaired = ReminderFailure(
      step: .schedule, reason: "schedule failed", saved: "sunday", previous: "friday", previousReminder: "friday",
      stored: "friday")
    recap.undoFinished(.reviewWeekday, outcome: .reminderFailed(repaired))
    #expect(recap.entries[0].status == .changed)
    #expect(recap.undoableNumbers == [1])
  }

  /// A tour that changed the theme (1) and the units (2), then an undo of the theme that ended in `outcome`.
  static func twoChanges(themeUndoEnded outcome: ChoiceMachine.WriteOutcome) -> TourRecap {
    var recap = TourRecap()
    recap.startRecording()
    recap.confirmed(.theme, replaced: "system", now: "dark")
    recap.confirmed(.units, replaced: "metric", now: "imperial")
    recap.stopRecording()
    _ = recap.beginUndo(1)
    recap.undoFinished(.theme, outcome: outcome)
    return recap
  }

  @Test("numbers stay put: an undone entry keeps its number, and undo all skips it")
  func numbering() {
    var recap = Self.twoChanges(themeUndoEnded: .saved)
    #expect(recap.beginUndo(1) == .alreadyUndone(.theme))
    #expect(recap.beginUndo(3) == .noSuchEntry(count: 2))
    #expect(recap.undoableNumbers == [2])
    #expect(recap.entries.map(\.setting) == [.theme, .units])
  }

  @Test(
    "what an entry claims the store holds, per status",
    arguments: [
      (TourRecap.Status.changed, "dark"), (.undone, "system"), (.changedSince(current: "light"), "light"), (.undoing, nil),
    ] as [(TourRecap.Status, String?)])
  func claims(status: TourRecap.Status, claimed: String?) {
    #expect(TourRecap.Entry(setting: .theme, before: "system", after: "dark", status: status).claimedValue == claimed)
  }

  @Test("an entry changed since is not offered to undo: undo all skips it and the recap names no undo for it")
  func changedSinceIsNotOffered() {
    var recap = Self.twoChanges(themeUndoEnded: .changedSince(current: "light"))
    #expect(recap.entries[0].status == .changedSince(current: "light"))
    #expect(recap.undoableNumbers == [2])
    // Another program changes the units too: nothing is left for undo to put back.
    recap.observe([.theme: "light", .units: "metric"])
    #expect(recap.undoableNumbers == [])
  }

  // MARK: Kept between runs

  @Test("the recap the store keeps reads back entry for entry, an undone one undone, one being put back as changed")
  func storedRoundTrip() throws {
    var recap = TourRecap()
    recap.startRecording()
    recap.confirmed(.theme, replaced: "system", now: "dark")
    recap.confirmed(.units, replaced: "metric", now: "imperial")
    recap.confirmed(.reviewWeekday, replaced: "sunday", now: "friday")
    recap.stopRecording()
    _ = recap.beginUndo(2)
    recap.undoFinished(.units, outcome: .saved)
    _ = recap.beginUndo(3)
    let stored = try #require(recap.stored)
    let read = try #require(TourRecap(stored: stored, continuesTour: false))
    #expect(read.entries.map(\.status) == [.changed, .undone, .changed])
    #expect(read.entries.map(\.setting) == [.theme, .units, .reviewWeekday])
    #expect(read.hasTour && read.isFromEarlierRun && !read.isRecording)
    #expect(TourRecap().stored == nil)
  }

  static let unreadableRecaps: [String] = [
    "", "theme\tsystem", "colour\tsystem\tdark", "theme\tsystem\tpurple", "theme\tsystem\tsystem",
    "theme\tsystem\tdark\nTheme\tdark\tlight", "theme\tsystem\tdark\ntheme\tdark\tlight",
    "theme\tsystem\tdark\tdone", "theme\tsystem\t\u{1B}]0;PWN\u{07}", "theme\tsystem\tdark\n",
  ]

  @Test("text whatsnew never keeps is no recap (restore drops it)", arguments: unreadableRecaps)
  func unreadable(text: String) {
    #expect(TourRecap(stored: text, continuesTour: false) == nil)
  }

  @Test("an earlier run's recap gives way to the next tour, unless that run's tour goes on")
  func nextTourStartsAnew() throws {
    var ended = try #require(TourRecap(stored: "theme\tsystem\tdark", continuesTour: false))
    ended.startRecording()
    #expect(ended.entries.isEmpty && !ended.isFromEarlierRun)
    var unfinished = try #require(TourRecap(stored: "theme\tsystem\tdark", continuesTour: true))
    unfinished.startRecording()
    #expect(unfinished.entries.map(\.setting) == [.theme])
  }
}
