package import Foundation

/// What content says of a guide or popover beyond its steps (`Releases/manifest.json`'s `guidance`): the
/// rules that must hold before it starts by itself, how many times it may be shown, and the
/// events that close it for good; and (its `orderedGroups`) the group it waits in, behind the
/// members listed before it. A popover with rules, or in a group, starts by itself on its screen.
package struct GuidanceRules: Sendable, Hashable {
  package var when: [Rule] = []
  package var maxDisplayCount: Int?
  package var invalidatedBy: [AppEvent] = []
  /// The ordered group it is in, if any, and the members before it (TipKit's `.ordered`).
  package var group: String?
  package var after: [String] = []
}

/// The one attention budget the tour, guides and popovers share: one thing at a time (what is
/// on top queues the rest), and nothing starts by itself sooner than ``interval`` (the pace: a
/// day, unless the manifest's `paceHours` sets another) after the last display began, however it was left (Esc, `skip`, `close`: each counts). What a person
/// asks for (`tour <guide>`, `info <popover>`, `news`) is never held back, and counts.
///
/// Pacing reads only the event log the start read and the session added to: no store read.
package struct Attention: Sendable, Equatable {
  /// The pace unless content sets another.
  package static let day: TimeInterval = 86_400

  /// The pace of every surface.
  package var interval = day

  /// What commands donated (``AppEvent``), as the start read it and the session added.
  package var events = EventLog()
  /// The rules content gives guides and popovers, by id.
  package var rules: [String: GuidanceRules] = [:]
  /// The settings as the store held them when last read, for rules over a setting no
  /// control has read this session.
  package var settings: [Setting: String] = [:]

  /// When something may next start by itself, if not at `now`; `nil` when it may (or no time is known).
  package func nextEligible(at now: Date?) -> Date? {
    guard let now, let last = events.lastShown?.at else { return nil }
    let next = last.addingTimeInterval(interval)
    return next > now ? next : nil
  }

  /// The pacing condition at `now`: `paced` with the next eligible time (RFC 3339, UTC) and what
  /// was shown last; one the budget does not hold (`holds` false: the tour going on, or asked
  /// for) passes, saying so.
  package func pacing(at now: Date?, holds: Bool = true) -> Explanation.Condition {
    let next = nextEligible(at: now)
    let text = next.map { $0.formatted(.iso8601) } ?? "now"
    // What was shown last, by the key of its name: the view words it.
    let last = events.lastShown.map { $0.id == AppEvent.tour ? "ui.why.onTop.whatsNew" : "guidance.\($0.id).name" }
    // A pace content set is said in hours; the usual one as a day.
    let hours = interval == Self.day ? "" : "Hours"
    return Explanation.Condition(
      "pacing", value: text, passes: next == nil || !holds, failing: .paced, detail: text,
      key: "ui.why.pacing." + (next == nil ? "free" : holds ? "until" : "exempt") + hours,
      arguments: [last ?? "ui.why.onTop.nothing", text, String(Int(interval / 3600))])
  }

  /// Whether guidance `id` is done, so an ordered group's next member may start: seen (`seen`
  /// is `nil` when the store could not be read), closed once, or closed for good by an event.
  package func isDone(_ id: String, seen: Set<String>?) -> Bool {
    seen?.contains(id) == true || events.count(AppEvent.closed(id).name) > 0
      || rules[id]?.invalidatedBy.contains { events.count($0.name) > 0 } == true
  }

  /// The conditions content puts on guidance `id`: its place in an ordered group (`queued`
  /// behind the first member before it not done), its rules, its display count against
  /// `maxDisplayCount`, and each invalidating event (none happened yet).
  package func conditions(of id: String, _ facts: RuleFacts, seen: Set<String>?) -> [Explanation.Condition] {
    guard let rules = rules[id] else { return [] }
    var conditions: [Explanation.Condition] = []
    if let group = rules.group, !rules.after.isEmpty {
      let blocker = rules.after.first { !isDone($0, seen: seen) }
      conditions.append(
        Explanation.Condition(
          "order:\(group)", value: blocker ?? "free", passes: blocker == nil, failing: .queued, detail: blocker,
          key: blocker == nil ? "ui.why.order.free" : "ui.why.order.behind",
          arguments: [group, blocker.map { "guidance.\($0).name" } ?? ""]))
    }
    conditions += rules.when.map { $0.condition(facts) }
    if let max = rules.maxDisplayCount {
      let shown = events.count(AppEvent.shown(id).name)
      conditions.append(
        Explanation.Condition(
          "displays", value: "\(shown)/\(max)", passes: shown < max, failing: .invalidated, detail: "count exceeded",
          key: "ui.why.displays", arguments: [String(shown), String(max)]))
    }
    for event in rules.invalidatedBy {
      let happened = events.count(event.name) > 0
      conditions.append(
        Explanation.Condition(
          "invalidatedBy:\(event.name)", value: happened ? "happened" : "not yet", passes: !happened,
          failing: .invalidated, detail: event.name, key: happened ? "ui.why.invalidated.yes" : "ui.why.invalidated.no",
          arguments: [event.name]))
    }
    return conditions
  }
}
