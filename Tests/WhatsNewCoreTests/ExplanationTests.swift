import Foundation
import Testing

@testable import WhatsNewCore

/// `why tour`'s rules (issue 36): every condition is reported, none skipped, and the first that
/// fails, in the order the check asks them, decides the reason and its detail.
@Suite("Why the tour shows or not")
struct ExplanationTests {
  static let v214 = Version("2.14.0")!

  /// A state past the boot gate, onboarded, at home with nothing on top: the check is due.
  static func due(widget: Bool = false) -> AppState {
    var state = AppState(
      appVersion: v214, launchedFromWidget: widget, languageChoice: LanguageChoice(flag: nil, stored: nil, environment: .en))
    state.isBooted = true
    state.onboardingComplete = true
    return state
  }

  /// Each row: a change to a due state, the store's facts, the pages the window holds, and the
  /// reason, detail and failing conditions expected.
  static let rows:
    [(
      name: String, change: @Sendable (inout AppState) -> Void, facts: WhatsNewCheck.Facts, pages: Int?,
      reason: Explanation.Reason, detail: String?, failing: [String]
    )] = [
      ("due, with pages", { _ in }, .init(seenThrough: Version("2.11.0")), 6, .shown, nil, []),
      (
        "seen through the app's version", { $0.hasCheckedWhatsNew = true }, .init(seenThrough: v214), 0, .alreadySeen,
        "2.14.0", ["seenThrough", "session"]
      ),
      (
        "off by the setting, and seen", { _ in }, .init(seenThrough: v214, wantsTour: false), 0, .offBySetting,
        "showWhatsNew", ["showWhatsNew", "seenThrough"]
      ),
      (
        "a widget launch: the releases are not read", { $0 = due(widget: true) }, .init(seenThrough: nil), nil,
        .gateClosed, "launch", ["launch", "session"]
      ),
      (
        "onboarding not finished", { $0.onboardingComplete = false }, .init(seenThrough: nil), nil, .gateClosed,
        "onboarding", ["onboarding", "session"]
      ),
      (
        "the boot failed",
        {
          $0.isBooted = false
          $0.bootFailure = "disk I/O error"
        }, .init(seenThrough: nil, failure: "disk I/O error"), nil, .gateClosed, "boot", ["boot", "store", "session"]
      ),
      (
        "the store could not be read", { _ in }, .init(seenThrough: nil, failure: "database is locked"), 6, .stale,
        "database is locked", ["store"]
      ),
      (
        "checked at this start, pages since", { $0.hasCheckedWhatsNew = true }, .init(seenThrough: Version("2.12.0")), 6,
        .gateClosed, "session", ["session"]
      ),
      (
        "waiting for home", { $0.screen = .settings }, .init(seenThrough: Version("2.12.0")), 6, .gateClosed, "screen",
        ["session"]
      ),
      (
        "a guide shown an hour ago: paced until a day after it",
        { $0.attention.events.record("shown:first_run", at: Date(timeIntervalSince1970: 1_800_000_000)) },
        {
          var facts = WhatsNewCheck.Facts(seenThrough: Version("2.12.0"))
          facts.now = Date(timeIntervalSince1970: 1_800_003_600)
          return facts
        }(), 6, .paced, "2027-01-16T08:00:00Z", ["pacing"]
      ),
    ]

  @Test("every condition is reported, and the first that fails decides", arguments: rows.indices)
  func explains(_ index: Int) {
    let row = Self.rows[index]
    var state = Self.due()
    row.change(&state)
    let why = Explanation.tour(state, facts: row.facts, pages: row.pages)
    #expect(
      why.conditions.map(\.name) == [
        "boot", "launch", "onboarding", "store", "showWhatsNew", "seenThrough", "pacing", "session",
      ])
    #expect(why.reason == row.reason, "\(row.name)")
    #expect(why.detail == row.detail, "\(row.name)")
    #expect(why.conditions.filter { !$0.passes }.map(\.name) == row.failing, "\(row.name)")
  }

  @Test("an automatic tour open is shown, even over a failed read; a news tour is not the what's-new tour")
  func openTour() {
    var state = Self.due()
    let pages = selectFlow(releases: [release("2.14.0", pages: 2)], seenThrough: nil, current: Self.v214)
    _ = state.tours.open(TourState(mode: .automatic, pages: pages))
    state.hasCheckedWhatsNew = true
    #expect(Explanation.tour(state, facts: .init(seenThrough: nil, failure: "locked"), pages: 2).reason == .shown)
    var news = Self.due()
    _ = news.tours.open(TourState(mode: .news, pages: pages))
    news.hasCheckedWhatsNew = true
    #expect(Explanation.tour(news, facts: .init(seenThrough: Self.v214), pages: 0).reason == .alreadySeen)
  }

  @Test("each start keeps its decision, and it is what why would say at that moment")
  func startKeepsItsDecision() {
    var state = Self.due()
    state.hasCheckedWhatsNew = true
    let facts = WhatsNewCheck.Facts(seenThrough: Self.v214)
    _ = reduce(&state, .releasesRead([], facts))
    #expect(state.startDecision == Explanation.tour(state, facts: facts, pages: 0))
    #expect(state.startDecision?.reason == .alreadySeen)
    var opened = Self.due()
    opened.hasCheckedWhatsNew = true
    _ = reduce(&opened, .releasesRead([release("2.14.0", pages: 2)], .init(seenThrough: Version("2.13.1"))))
    #expect(opened.startDecision?.reason == .shown)
    var widget = Self.due(widget: true)
    widget.isBooted = false
    let snapshot = StoreSnapshot(
      seenThrough: .version(Version("2.11.0")!), onboardingComplete: true, settings: [:], notification: nil, guidanceSeen: [])
    _ = reduce(&widget, .booted(snapshot))
    #expect(widget.startDecision?.reason == .gateClosed && widget.startDecision?.detail == "launch")
  }

  @Test("each setting whose default the window changes is named: chosen (its page left out) or not")
  func defaultChanges() {
    var streak = release("2.15.0", pages: 1)
    streak.defaultChanges = [DefaultChange(setting: .homeSummaryCard, from: "daily_summary", to: "weekly_streak")]
    let facts = WhatsNewCheck.Facts(seenThrough: Self.v214, decided: [.homeSummaryCard])
    let chosen = Explanation.tour(Self.due(), facts: facts, pages: 0, window: [streak, streak])
    #expect(chosen.conditions.filter { $0.name == "homeSummaryCard" }.map(\.value) == ["chosen"])
    #expect(chosen.reason == .alreadySeen)
    let undecided = Explanation.tour(Self.due(), facts: .init(seenThrough: Self.v214), pages: 1, window: [streak])
    #expect(undecided.conditions.last?.value == "default" && undecided.reason == .shown)
  }

  @Test("as JSON: surface, id, reason, detail and every condition")
  func json() {
    let why = Explanation.tour(Self.due(), facts: .init(seenThrough: Self.v214, wantsTour: false), pages: 0)
    #expect(
      why.json.serialized().hasPrefix(
        #"{"surface":"tour","id":null,"reason":"off_by_setting","detail":"showWhatsNew","conditions":[{"name":"boot","value":"booted","passes":true}"#
      ))
  }

  // MARK: Guides and popovers

  /// Each row: a change to a due state at home, the seen set (`nil`: unreadable), the guide or
  /// popover, and the reason and detail expected.
  static let guidanceRows:
    [(
      name: String, change: @Sendable (inout AppState) -> Void, seen: Set<String>?, id: String,
      reason: Explanation.Reason, detail: String?
    )] = [
      ("an intro before its screen's first visit", { _ in }, [], "workouts_intro", .gateClosed, "screen"),
      (
        "an intro on its screen, seen", { $0.screen = .workouts }, ["workouts_intro"], "workouts_intro", .alreadySeen,
        "workouts_intro"
      ),
      ("an intro showing", { _ = $0.guidance.start("workouts_intro") }, ["workouts_intro"], "workouts_intro", .shown, nil),
      (
        "an intro behind the what's-new tour",
        {
          let pages = selectFlow(releases: [release("2.14.0", pages: 1)], seenThrough: nil, current: v214)
          _ = $0.tours.open(TourState(mode: .automatic, pages: pages))
        }, [], "cardio_intro", .queued, "whatsNew"
      ),
      ("an intro, the seen set unreadable", { $0.screen = .cardio }, nil, "cardio_intro", .stale, "seen"),
      ("the first-run guide, only when asked", { _ in }, [], "first_run", .offByPolicy, "asked"),
      ("a guide over a widget launch", { $0 = due(widget: true) }, [], "first_run", .gateClosed, "launch"),
      ("a popover, only when asked", { _ in }, [], "cardio.log_info", .offByPolicy, "asked"),
      ("a popover showing", { _ = $0.guidance.start("cardio.log_info") }, [], "cardio.log_info", .shown, nil),
      ("guidance off", { $0.guidanceOff = true }, [], "workouts_intro", .offBySetting, "guidance"),
      ("guidance off, a popover", { $0.guidanceOff = true }, [], "cardio.log_info", .offBySetting, "guidance"),
    ]

  @Test("why a guide or popover shows or not: its gates, whether it was seen, what starts it", arguments: guidanceRows.indices)
  func guidance(_ index: Int) throws {
    let row = Self.guidanceRows[index]
    var state = Self.due()
    row.change(&state)
    let guidance = try #require(GuidanceCatalog.find(row.id))
    let why = Explanation.guidance(guidance, state, seen: row.seen, now: nil)
    #expect(why.reason == row.reason, "\(row.name)")
    #expect(why.detail == row.detail, "\(row.name)")
    #expect(why.surface == (guidance.mode == .info ? .popover : .guide) && why.id == row.id)
  }

  // MARK: The reminder

  static let sunday = StoredNotification(id: "weekly_review", weekday: "sunday", hour: 18, minute: 0)

  /// Each row: the store's reminder and review day (`nil` snapshot: the read failed), a change
  /// left apart, the next time, and the reason and detail expected.
  static let reminderRows:
    [(
      name: String, notification: StoredNotification?, day: String, read: Bool, apart: Bool, next: String?,
      reason: Explanation.Reason, detail: String?
    )] = [
      ("scheduled on the review day", sunday, "sunday", true, false, "2026-12-06T18:00:00Z", .shown, nil),
      ("nothing scheduled", nil, "sunday", true, false, nil, .ruleFailed, "scheduled"),
      ("on another day than the setting's", sunday, "friday", true, false, "2026-12-06T18:00:00Z", .ruleFailed, "weekday"),
      ("a clock at the calendar's edge", sunday, "sunday", true, false, nil, .ruleFailed, "clock"),
      ("a day change left apart", sunday, "friday", true, true, "2026-12-06T18:00:00Z", .stale, "leftApart"),
      ("the store could not be read", nil, "sunday", false, false, nil, .stale, "locked"),
    ]

  @Test("why the weekly reminder is scheduled or not", arguments: reminderRows.indices)
  func reminder(_ index: Int) {
    let row = Self.reminderRows[index]
    var state = Self.due()
    if row.apart {
      state.scheduleLeftApart = ReminderFailure(
        step: .cancel, reason: "x", saved: "friday", previous: "sunday", previousReminder: "sunday",
        settingRestoreFailure: "y", stored: "friday")
    }
    let snapshot = StoreSnapshot(
      seenThrough: .none, onboardingComplete: true, settings: [.reviewWeekday: row.day], notification: row.notification,
      guidanceSeen: [])
    let why = Explanation.reminder(
      state, snapshot: row.read ? snapshot : nil, failure: row.read ? nil : "locked", next: row.next)
    #expect(why.reason == row.reason, "\(row.name)")
    #expect(why.detail == row.detail, "\(row.name)")
    #expect(why.conditions.count == 6 && why.surface == .reminder)
  }
}
