import Foundation
import WhatsNewCore

/// One boundary `qa explore --rules` runs: the lines that bring the app to it and the rule
/// read there. The ``units`` are what the minimizer keeps or drops whole (a visit is `go` and
/// `home`, a display `info` and `close`), so every shortened script still reads as one a
/// person would type; ``lead`` and ``approach`` are never dropped.
struct RuleCase: Sendable, Hashable {
  /// What the case reads at its end, and how the oracle works out what it should be.
  enum Check: Sendable, Hashable {
    /// A rule of a guide's or popover's `when`.
    case rule(guidance: String, Rule)
    /// A guide's or popover's `maxDisplayCount`.
    case displays(guidance: String, max: Int)
    /// One event of a guide's or popover's `invalidatedBy`.
    case invalidation(guidance: String, AppEvent)
    /// A tour block's `when` (an info block: its title is what shows).
    case block(id: String, titleKey: String, rules: [Rule])
    /// A guide's or popover's place in ordered group `group`, behind the members `after`.
    case order(guidance: String, group: String, after: [String])
    /// The same, after a run that brought every member before it to start by itself: a member
    /// still waited behind is a deadlock.
    case reached(guidance: String, group: String)
  }

  /// Lines before the units: the tour closed, for a rule of a guide or popover.
  var lead: [String] = []
  var units: [[String]]
  /// Lines after the units: the `next`s to a block's page.
  var approach: [String] = []
  var check: Check

  var lines: [String] { lead + units.joined() + approach }
}

extension RuleCase.Check {
  /// Whether it checks a deadlock (a run that tries to reach the member, not a boundary).
  var isReach: Bool { if case .reached = self { true } else { false } }

  /// The line that shows what the app reads of it: the guide's or popover's `why`, the block's page.
  var why: String {
    switch self {
    case .rule(let id, _), .displays(let id, _), .invalidation(let id, _), .order(let id, _, _), .reached(let id, _):
      "why \(GuidanceCatalog.find(id)?.mode == .info ? "popover" : "guide") \(id)"
    case .block: "show"
    }
  }
}

/// What `qa explore --rules` runs: each rule content gives, at each of its boundaries (an
/// event counted `atLeast`−1 and `atLeast` times, a window's last minute, its edge and the
/// minute past it, a display count one short of `maxDisplayCount` and at it, each
/// invalidating event, each setting's wanted value and another). Pure, from the rules.
///
/// A member of an ordered group is run with none, some and all of the members before it asked
/// for and closed, and once after a run that brought each of them to start by itself (its
/// rules met, the pace waited out, its screen visited): one still waited behind then is a
/// deadlock, which only running finds (a rule that holds on paper but never in a run).
///
/// A rule over the seen record is read with the tour open and closed; one over onboarding,
/// complete in every run, once. Left out, since no command in a run can move them:
/// `shown:tour` (the tour shows once a start); events on a tour block (a run would have to
/// leave the tour to donate them).
struct RulePlanner {
  /// The rules of guides and popovers, by id (the manifest's `guidance`).
  var guidanceRules: [String: GuidanceRules]
  /// The pages the session's tour shows, in order (a block's rules are explored where its page is).
  var flow: [FlowPage]
  /// The attention budget's pace, waited out before a member of a group is to start by itself.
  var pace = Attention.day

  /// Every case, guides' and popovers' rules first (by id), then tour blocks' in page order.
  var cases: [RuleCase] {
    // A tour left open would cover every screen a unit visits.
    let lead = flow.isEmpty ? [] : ["close"]
    var cases: [RuleCase] = []
    for (id, rules) in guidanceRules.sorted(by: { $0.key < $1.key }) {
      var checks: [(RuleCase.Check, [[[String]]])] = rules.when.map { (.rule(guidance: id, $0), Self.unitLists(for: $0)) }
      if let max = rules.maxDisplayCount, let display = Self.donation(of: .shown(id)) {
        checks.append(
          (.displays(guidance: id, max: max), [Array(repeating: display, count: max - 1), Array(repeating: display, count: max)]))
      }
      for event in rules.invalidatedBy {
        checks.append((.invalidation(guidance: id, event), Self.donation(of: event).map { [[], [$0]] } ?? []))
      }
      cases += checks.flatMap { check, unitLists in
        // A rule over the seen record reads it with the tour still open, and closed (which records it).
        let open = if case .rule(_, .seenThrough) = check { true } else { false }
        return unitLists.map { RuleCase(lead: open ? [] : lead, units: $0, check: check) }
      }
      guard let group = rules.group, let last = rules.after.last else { continue }
      // None, each first few, and the last alone of the members before it asked for and closed.
      var done = (0...rules.after.count).map { Array(rules.after.prefix($0)) }
      if rules.after.count > 1 { done.append([last]) }
      let order = RuleCase.Check.order(guidance: id, group: group, after: rules.after)
      cases += done.map { RuleCase(lead: lead, units: $0.compactMap { Self.donation(of: .closed($0)) }, check: order) }
      let reach = rules.after.flatMap { self.startedByItself($0) }
      cases.append(RuleCase(lead: lead, units: reach, check: .reached(guidance: id, group: group)))
    }
    for (index, flowPage) in flow.enumerated() {
      for block in flowPage.page.blocks where !block.when.isEmpty {
        guard case .info(let info) = block.content else { continue }
        let id = "\(flowPage.release)/\(flowPage.page.id)/\(block.id)"
        let check = RuleCase.Check.block(id: id, titleKey: info.titleKey, rules: block.when)
        let approach = Array(repeating: "next", count: index)
        // Only what can be changed from the tour's first page: settings and the language.
        let unitLists = block.when.flatMap { rule -> [[[String]]] in
          if case .event = rule { return [] }
          return Self.unitLists(for: rule)
        }
        cases += unitLists.map { RuleCase(units: $0, approach: approach, check: check) }
      }
    }
    return cases
  }

  /// The units that bring `rule` to each side of its boundaries.
  static func unitLists(for rule: Rule) -> [[[String]]] {
    switch rule {
    case .event(let event, let atLeast, let days):
      guard let donation = donation(of: event) else { return [] }
      let enough = donations(donation, event, count: atLeast)
      var lists = [donations(donation, event, count: atLeast - 1), enough]
      // The window's last minute, its edge (counted: `withinDays` is "at or after"), the minute past it.
      if let days {
        lists += [["-1m"], [], ["+1m"]].map { enough + [["qa clock +\(days)d"]] + $0.map { ["qa clock \($0)"] } }
      }
      return lists
    case .setting(let setting, let wanted):
      let other = setting.kind.values.first { $0 != wanted } ?? wanted
      return [
        [["set \(setting.rawValue) \(wanted)"]], [["set \(setting.rawValue) \(other)"]],
        [["set \(setting.rawValue) \(wanted)"], ["set \(setting.rawValue) \(other)"]],
      ]
    case .language(let wanted):
      let other = Language.allCases.first { $0 != wanted } ?? wanted
      return [[["lang \(wanted.rawValue)"]], [["lang \(other.rawValue)"]]]
    // The seen record as the start left it, then as closing the tour records it; onboarding
    // is complete in every run (each starts from an upgrade), so read once.
    case .seenThrough: return [[], [["close"]]]
    case .onboarding: return [[]]
    }
  }

  /// The units that bring guidance `id` to start by itself, then close it: its rules met (what
  /// a run can meet), the pace waited out, its screen visited, and home.
  func startedByItself(_ id: String) -> [[String]] {
    guard let guidance = GuidanceCatalog.find(id),
      let screen = guidance.steps.first.flatMap({ guidance.routeForAnchor[$0.targetAnchor] })
    else { return [] }
    let met = guidanceRules[id]?.when.flatMap { rule -> [[String]] in
      if case .event = rule { return Self.unitLists(for: rule).dropFirst().first ?? [] }
      return Self.unitLists(for: rule).first ?? []
    }
    let hours = Int(pace / 3600)
    let wait = hours % 24 == 0 ? "qa clock +\(hours / 24)d" : "qa clock +\(hours)h"
    return (met ?? []) + [[wait, "go \(screen.rawValue)", guidance.mode == .info ? "close" : "skip", "home"]]
  }

  /// `count` donations of `event`: a setting's alternate between a value other than its
  /// default and its default, so each one changes it.
  static func donations(_ donation: [String], _ event: AppEvent, count: Int) -> [[String]] {
    guard case .changed(let setting) = event else { return Array(repeating: donation, count: count) }
    return (0..<count).map { $0 % 2 == 0 ? donation : ["set \(setting.rawValue) \(setting.defaultValue)"] }
  }

  /// The lines that donate `event` once and come back home with nothing on top; `nil` for
  /// one no run can donate by itself.
  static func donation(of event: AppEvent) -> [String]? {
    switch event {
    case .visited(.home): ["go settings", "home"]
    case .visited(let screen): ["go \(screen.rawValue)", "home"]
    case .changed(let setting):
      setting.kind.values.first { $0 != setting.defaultValue }.map { ["set \(setting.rawValue) \($0)"] }
    case .shown(let id), .closed(let id):
      switch GuidanceCatalog.find(id)?.mode {
      case .info: ["info \(id)", "close"]
      case .tour: ["tour \(id)", "skip", "home"]
      case nil: nil
      }
    }
  }
}

/// The oracle of `qa explore --rules`: what a case's own lines make of what its rule reads,
/// worked out from the lines alone, never from the app. It knows the lines the planner writes:
/// `go`, `home`, `set`, `lang`, `info`, `tour`, `close`, `skip`, `qa clock ±N(d|m)`; others
/// change nothing (a guide or popover that starts by itself on a visit is not foreseen: the
/// plan waits the pace out only where it wants one to).
struct RuleOracle {
  var now: Date
  var language: Language
  /// The seen record: the start's until the tour is closed, then the app's version.
  var seenThrough: Version?
  var current: Version
  /// Whether the tour is open (the start showed one), so a `close` or `skip` with nothing else on top closes it.
  var tourOpen: Bool
  private var screen = Screen.home
  private var showing: String?
  private var settings: [Setting: String] = [:]
  private var events: [String: [Date]] = [:]

  /// The facts of a fresh store at `now`, in `language`, seen through `seenThrough` (with a
  /// tour open on it when `tourOpen`) in app version `current`, after `lines`.
  init(
    now: Date, language: Language, seenThrough: Version? = nil, current: Version = Version(major: 0, minor: 0, patch: 0),
    tourOpen: Bool = false, lines: [String]
  ) {
    (self.now, self.language, self.seenThrough, self.current, self.tourOpen) =
      (now, language, seenThrough, current, tourOpen)
    for line in lines { perform(line.split(separator: " ").map(String.init)) }
  }

  private mutating func perform(_ words: [String]) {
    let donate = { (self: inout RuleOracle, event: AppEvent) in self.events[event.name, default: []].append(self.now) }
    switch (words.first, words.count) {
    case ("go", 2), ("home", 1):
      let screen = words.count == 2 ? Screen(rawValue: words[1]) ?? screen : .home
      if screen != self.screen { donate(&self, .visited(screen)) }
      self.screen = screen
    case ("set", 3):
      guard let setting = Setting(rawValue: words[1]), words[2] != value(of: setting) else { return }
      settings[setting] = words[2]
      donate(&self, .changed(setting))
    case ("lang", 2): language = Language(rawValue: words[1]) ?? language
    case ("info", 2), ("tour", 2):
      showing = words[1]
      donate(&self, .shown(words[1]))
    case ("close", 1), ("skip", 1):
      if let shown = showing {
        donate(&self, .closed(shown))
      } else if tourOpen {
        (tourOpen, seenThrough) = (false, current)
      }
      showing = nil
    case ("qa", 3) where words[1] == "clock":
      now += ClockCommand.seconds(in: words[2]) ?? 0
    default: break
    }
  }

  func value(of setting: Setting) -> String { settings[setting] ?? setting.defaultValue }

  /// The first of `members` the lines did not close, nor close for good by an event of its
  /// `rules`: what a member of an ordered group behind them waits for (`nil`: none).
  func blocker(among members: [String], rules: [String: GuidanceRules]) -> String? {
    members.first { id in
      count(.closed(id)) == 0 && !(rules[id]?.invalidatedBy.contains { count($0) > 0 } ?? false)
    }
  }

  func count(_ event: AppEvent, withinDays days: Int? = nil) -> Int {
    let since = days.map { now - Double($0) * 86_400 } ?? .distantPast
    return events[event.name, default: []].filter { $0 >= since }.count
  }

  /// What `rule` should read: its value as `why --json` gives it, and whether it holds.
  func expected(_ rule: Rule) -> (value: String, passes: Bool) {
    switch rule {
    case .event(let event, let atLeast, let days):
      let count = count(event, withinDays: days)
      return (String(count), count >= atLeast)
    case .setting(let setting, let wanted): return (value(of: setting), value(of: setting) == wanted)
    case .language(let wanted): return (language.rawValue, language == wanted)
    case .seenThrough(let wanted): return (seenThrough?.description ?? "none", seenThrough.map { $0 >= wanted } ?? false)
    // Every run starts from an upgrade, with onboarding done.
    case .onboarding(let complete): return ("complete", complete)
    }
  }
}
