import Foundation
import Testing

@testable import WhatsNewCore

/// Issue 36, parts 2 and 3: events donated by what the rules did, rules as data, and the one
/// attention budget the tour, guides and popovers share.
@Suite("Events, rules and the attention budget")
struct AttentionTests {
  static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
  static let day: TimeInterval = 86_400

  static func home() -> AppState {
    var state = AppState(
      appVersion: Version("2.15.0")!, launchedFromWidget: false,
      languageChoice: LanguageChoice(flag: nil, stored: nil, environment: .en))
    state.isBooted = true
    state.onboardingComplete = true
    state.hasCheckedWhatsNew = true
    return state
  }

  @Test("counting: the window's edge counts, a second before does not, and a name keeps its newest times")
  func counting() {
    var log = EventLog()
    for offset in 0..<3 { log.record("visited:review", at: Self.t0 + Double(offset) * Self.day) }
    #expect(log.count("visited:review") == 3)
    #expect(log.count("visited:review", since: Self.t0 + Self.day) == 2, "the edge itself counts")
    #expect(log.count("visited:review", since: Self.t0 + Self.day + 1) == 1)
    #expect(log.count("visited:cardio") == 0)
    for offset in 0..<(EventLog.retention + 5) { log.record("visited:home", at: Self.t0 + Double(offset)) }
    #expect(log.count("visited:home") == EventLog.retention)
    #expect(log.count("visited:home", since: Self.t0 + 5) == EventLog.retention, "the oldest went first")
    #expect(log.lastShown == nil)
    log.record("shown:tour", at: Self.t0)
    #expect(log.lastShown?.id == "tour")
  }

  /// Each row: a rule, what it reads, and whether it holds.
  static let rules: [(rule: Rule, setup: @Sendable (inout AppState) -> Void, holds: Bool)] = [
    (.setting(.units, is: "imperial"), { _ in }, false),
    (.setting(.units, is: "imperial"), { $0.attention.settings[.units] = "imperial" }, true),
    (.setting(.units, is: "metric"), { $0.choices.learn(.units, confirmed: "imperial") }, false),
    (.event(.visited(.review), atLeast: 2, withinDays: 7), { $0.attention.events.record("visited:review", at: t0) }, false),
    (
      .event(.visited(.review), atLeast: 2, withinDays: 7),
      { for _ in 0..<2 { $0.attention.events.record("visited:review", at: t0) } }, true
    ),
    (
      .event(.visited(.review), atLeast: 2, withinDays: 7),
      {
        $0.attention.events.record("visited:review", at: t0 - 8 * day)
        $0.attention.events.record("visited:review", at: t0)
      }, false
    ),
    (.language(.nl), { _ in }, false),
    (.seenThrough(Version("2.14.0")!), { $0.storeFacts.seenThrough = .version(Version("2.14.0")!) }, true),
    (.seenThrough(Version("2.14.0")!), { $0.storeFacts.seenThrough = .version(Version("2.13.1")!) }, false),
    (.onboarding(complete: true), { _ in }, true),
  ]

  @Test("each rule kind reads its value and says whether it holds", arguments: rules.indices)
  func rule(_ index: Int) {
    let row = Self.rules[index]
    var state = Self.home()
    row.setup(&state)
    let condition = row.rule.condition(state.ruleFacts(now: Self.t0))
    #expect(condition.passes == row.holds, "\(row.rule)")
    #expect(condition.reason == .ruleFailed)
    #expect(condition.name == row.rule.name)
  }

  @Test("what the rules did is donated: a visit, a display, a close, the automatic tour, a write that landed")
  func donations() {
    var state = Self.home()
    #expect(
      reduce(&state, .navigate(.cardio)).filter { if case .donate = $0 { true } else { false } } == [
        .donate(.visited(.cardio))
      ])
    var effects = reduce(&state, .command("info", ["cardio.log_info"]))
    #expect(effects.contains(.donate(.shown("cardio.log_info"))))
    effects = reduce(&state, .command("close", []))
    #expect(effects.contains(.donate(.closed("cardio.log_info"))))
    let ticket = state.choices.tap(.theme, "dark")!
    let saved = AppliedWrite(outcome: .saved, reminder: nil, replaced: "system")
    #expect(reduce(&state, .writeFinished(ticket, saved, onRealStore: true, isUndo: false)).contains(.donate(.changed(.theme))))
    let again = state.choices.tap(.theme, "light")!
    let failed = AppliedWrite(outcome: .failed(reason: "disk full"), reminder: nil)
    #expect(!reduce(&state, .writeFinished(again, failed, onRealStore: true, isUndo: false)).contains(.donate(.changed(.theme))))
    let preview = state.choices.tap(.theme, "light")!
    #expect(
      !reduce(&state, .writeFinished(preview, saved, onRealStore: false, isUndo: false)).contains(.donate(.changed(.theme))))
    // The runner stamps the time and hands it back: rules count it from then on.
    _ = reduce(&state, .donated(.visited(.cardio), at: Self.t0))
    #expect(state.attention.events.count("visited:cardio") == 1)
  }

  @Test("the events rules count are the boot's, then a restored backup's: the session's give way")
  func eventsFromTheStore() {
    var state = Self.home()
    let kept = StoreSnapshot(
      seenThrough: .version(Version("2.15.0")!), onboardingComplete: true, settings: [:], notification: nil,
      guidanceSeen: [], events: [StoredEvent(name: "visited:review", at: Self.t0), StoredEvent(name: "shown:tour", at: Self.t0)])
    _ = reduce(&state, .booted(kept))
    #expect(state.attention.events.count("visited:review") == 1)
    #expect(state.attention.events.lastShown?.id == "tour")
    _ = reduce(&state, .donated(.visited(.cardio), at: Self.t0 + 60))
    var backup = kept
    backup.events = [StoredEvent(name: "visited:cardio", at: Self.t0 - Self.day)]
    _ = reduce(&state, .adopt(backup, .restore(from: "b.sqlite", dropped: [])))
    #expect(state.attention.events.count("visited:cardio") == 1, "the backup's, not the session's")
    #expect(state.attention.events.count("visited:review") == 0)
    #expect(state.attention.events.lastShown == nil)
  }

  @Test("an intro waits a day after the last display began, then starts on the next visit")
  func pacedIntro() {
    var state = Self.home()
    state.attention.events.record("shown:tour", at: Self.t0)
    _ = reduce(&state, .navigate(.workouts))
    _ = reduce(&state, .guide(.startIfUnseen("workouts_intro", seen: [], now: Self.t0 + 3600)))
    #expect(state.guidance.active == nil)
    let why = Explanation.guidance(GuidanceCatalog.find("workouts_intro")!, state, seen: [], now: Self.t0 + 3600)
    #expect(why.reason == .paced)
    #expect(why.detail == (Self.t0 + Self.day).formatted(.iso8601))
    _ = reduce(&state, .guide(.startIfUnseen("workouts_intro", seen: [], now: Self.t0 + Self.day)))
    #expect(state.guidance.active?.id == "workouts_intro", "a day after, to the second, it may start")
  }

  @Test("the automatic tour is paced by a guide shown an hour ago; one left unfinished goes on")
  func pacedTour() {
    var state = Self.home()
    state.attention.events.record("shown:first_run", at: Self.t0)
    let release = Release(
      version: Version("2.15.0")!,
      pages: [Page(id: "p", blocks: [Block(id: "b", content: .info(InfoBlock(titleKey: "k")))])])
    var facts = WhatsNewCheck.Facts(seenThrough: Version("2.14.0"))
    facts.now = Self.t0 + 3600
    #expect(reduce(&state, .releasesRead([release], facts)).isEmpty)
    #expect(state.tour == nil)
    #expect(state.startDecision?.reason == .paced)
    facts.position = TourPosition(release: Version("2.15.0")!, pageID: "p")
    _ = reduce(&state, .releasesRead([release], facts))
    #expect(state.tour != nil, "a tour left unfinished is the same display going on")
    // The tour shown last, quit on its first page (no position kept): it comes back, unpaced.
    var again = Self.home()
    again.attention.events.record("shown:tour", at: Self.t0)
    facts.position = nil
    _ = reduce(&again, .releasesRead([release], facts))
    #expect(again.tour != nil, "the tour is not held back by itself")
  }

  /// The shipped popover's rules, as the manifest gives them.
  static let weekdayInfo = GuidanceRules(
    when: [.event(.visited(.review), atLeast: 2, withinDays: 14)], maxDisplayCount: 2,
    invalidatedBy: [.changed(.reviewWeekday)])

  @Test("a popover with rules starts by itself on its screen while they hold, at most maxDisplayCount times")
  func popoverRules() {
    var state = Self.home()
    state.attention.rules["review.weekday_info"] = Self.weekdayInfo
    let popover = GuidanceCatalog.find("review.weekday_info")!
    #expect(state.startingScreen(of: popover) == .review)
    #expect(state.startingScreen(of: GuidanceCatalog.find("cardio.log_info")!) == nil, "no rules: only when asked")
    var effects = reduce(&state, .navigate(.review))
    #expect(effects.contains(.startGuideIfUnseen("review.weekday_info")))
    state.attention.events.record("visited:review", at: Self.t0)
    _ = reduce(&state, .guide(.startIfUnseen("review.weekday_info", seen: [], now: Self.t0)))
    #expect(state.guidance.active == nil, "one visit: count-1 does not hold")
    #expect(Explanation.guidance(popover, state, seen: [], now: Self.t0).reason == .ruleFailed)
    state.attention.events.record("visited:review", at: Self.t0 + 60)
    _ = reduce(&state, .guide(.startIfUnseen("review.weekday_info", seen: [], now: Self.t0 + 60)))
    #expect(state.guidance.active?.id == "review.weekday_info", "two visits: count holds")
    effects = reduce(&state, .command("close", []))
    #expect(effects.contains(.donate(.closed("review.weekday_info"))))
    // Shown twice: the count is spent, whatever the pace.
    state.attention.events.record("shown:review.weekday_info", at: Self.t0)
    state.attention.events.record("shown:review.weekday_info", at: Self.t0 + 60)
    let spent = Explanation.guidance(popover, state, seen: [], now: Self.t0 + 2 * Self.day)
    #expect(spent.reason == .invalidated)
    #expect(spent.detail == "count exceeded")
  }

  @Test("an invalidating event closes a popover for good: the action it points at was performed")
  func invalidated() {
    var state = Self.home()
    state.screen = .review
    state.attention.rules["review.weekday_info"] = Self.weekdayInfo
    for offset in 0..<2 { state.attention.events.record("visited:review", at: Self.t0 + Double(offset)) }
    state.attention.events.record("changed:reviewWeekday", at: Self.t0 + 5)
    let why = Explanation.guidance(GuidanceCatalog.find("review.weekday_info")!, state, seen: [], now: Self.t0 + 60)
    #expect(why.reason == .invalidated)
    #expect(why.detail == "changed:reviewWeekday")
    _ = reduce(&state, .guide(.startIfUnseen("review.weekday_info", seen: [], now: Self.t0 + 60)))
    #expect(state.guidance.active == nil)
  }

  @Test(
    "an ordered group: a member waits, queued, for the first one before it not done (seen, closed, or closed for good)",
    arguments: [
      ([], [], "cardio_intro"), (["closed:cardio_intro"], [], "cardio.log_info"),
      (["closed:cardio_intro", "changed:units"], [], nil), ([], ["cardio_intro"], "cardio.log_info"),
      (["closed:cardio.log_info"], [], "cardio_intro"),
    ] as [([String], Set<String>, String?)])
  func orderedGroup(events: [String], seen: Set<String>, blocker: String?) {
    var state = Self.home()
    state.attention.rules = [
      "cardio_intro": GuidanceRules(group: "cardio"),
      "cardio.log_info": GuidanceRules(invalidatedBy: [.changed(.units)], group: "cardio", after: ["cardio_intro"]),
      "workouts_intro": GuidanceRules(group: "cardio", after: ["cardio_intro", "cardio.log_info"]),
    ]
    for (offset, name) in events.enumerated() { state.attention.events.record(name, at: Self.t0 + Double(offset)) }
    let why = Explanation.guidance(GuidanceCatalog.find("workouts_intro")!, state, seen: seen, now: Self.t0 + 2 * Self.day)
    let order = why.conditions.first { $0.name == "order:cardio" }
    #expect(order?.value == blocker ?? "free")
    #expect(why.reason == (blocker == nil ? .gateClosed : .queued), "free, it waits only for a visit to its screen")
    #expect(why.deciding?.detail == blocker ?? "screen")
  }

  @Test("home's news line waits out the pace after any display, and is not offered to someone who began on this version")
  func newsLine() {
    var state = Self.home()
    state.storeFacts.firstVersion = Version("2.13.1")
    #expect(Explanation.newsLine(state, now: Self.t0).reason == .shown, "nothing shown yet")
    state.attention.events.record("shown:tour", at: Self.t0)
    let paced = Explanation.newsLine(state, now: Self.t0 + 60)
    #expect(paced.reason == .paced)
    #expect(paced.detail == (Self.t0 + Self.day).formatted(.iso8601))
    #expect(Explanation.newsLine(state, now: Self.t0 + Self.day).reason == .shown, "a day on")
    state.storeFacts.firstVersion = state.appVersion
    #expect(Explanation.newsLine(state, now: Self.t0 + Self.day).detail == "firstVersion")
  }

  @Test("a pace content sets holds for its hours, and is said in hours")
  func contentPace() {
    var state = Self.home()
    state.attention.interval = 48 * 3600
    state.attention.events.record("shown:tour", at: Self.t0)
    let dayOn = state.attention.pacing(at: Self.t0 + Self.day)
    #expect(!dayOn.passes)
    #expect(dayOn.key == "ui.why.pacing.untilHours")
    #expect(dayOn.arguments.last == "48")
    #expect(state.attention.pacing(at: Self.t0 + 2 * Self.day).passes)
  }
}
