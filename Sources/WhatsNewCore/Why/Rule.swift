package import Foundation

/// A condition content puts on a guide, a popover or a tour block (`"when": [...]`, every rule
/// must hold), read by ``ReleaseValidator`` with its position and explained by `why` with its
/// value now. See Documentation/Why.md, "Writing a rule".
package enum Rule: Sendable, Hashable {
  /// `{"setting": "units", "is": "imperial"}`: the value shown now (a choice just made counts).
  case setting(Setting, is: String)
  /// `{"event": "visited:cardio", "atLeast": 2, "withinDays": 7}`: counted in the last days
  /// (every kept one without `withinDays`).
  case event(AppEvent, atLeast: Int, withinDays: Int?)
  /// `{"language": "nl"}`: the language in force.
  case language(Language)
  /// `{"seenThrough": "2.14.0"}`: the person was told of every release up to this one.
  case seenThrough(Version)
  /// `{"onboarding": "complete"}` (or `"incomplete"`).
  case onboarding(complete: Bool)

  /// The rule's name in `why` and `--json` (`setting:units`, `event:visited:cardio`).
  package var name: String {
    switch self {
    case .setting(let setting, _): "setting:\(setting.rawValue)"
    case .event(let event, _, _): "event:\(event.name)"
    case .language: "language"
    case .seenThrough: "seenThrough"
    case .onboarding: "onboarding"
    }
  }
}

/// What rules read: the values shown, what commands donated, the language, the seen record,
/// onboarding and the session's clock (`nil`: no time known, every window counts everything).
package struct RuleFacts: Sendable {
  package var settings: @Sendable (Setting) -> String
  package var events: EventLog
  package var language: Language
  package var seenThrough: Version?
  package var onboardingComplete: Bool
  package var now: Date?

  package init(
    settings: @escaping @Sendable (Setting) -> String, events: EventLog, language: Language, seenThrough: Version?,
    onboardingComplete: Bool, now: Date?
  ) {
    self.settings = settings
    self.events = events
    self.language = language
    self.seenThrough = seenThrough
    self.onboardingComplete = onboardingComplete
    self.now = now
  }
}

extension Rule {
  /// Whether the rule holds on `facts`.
  package func holds(_ facts: RuleFacts) -> Bool { condition(facts).passes }

  /// The rule as `why` reports it: its value now and whether it holds; failing, `rule_failed`
  /// with the rule's name.
  package func condition(_ facts: RuleFacts) -> Explanation.Condition {
    let (value, passes, key, arguments): (String, Bool, String, [String])
    switch self {
    case .setting(let setting, let wanted):
      let now = facts.settings(setting)
      (value, passes, key) = (now, now == wanted, "ui.why.rule.setting")
      arguments = [setting.valueKey(wanted), setting.valueKey(now)]
    case .event(let event, let atLeast, let days):
      let since = days.flatMap { days in facts.now.map { $0.addingTimeInterval(-Double(days) * 86_400) } }
      let count = facts.events.count(event.name, since: since)
      (value, passes) = (String(count), count >= atLeast)
      key = days == nil ? "ui.why.rule.event" : "ui.why.rule.eventWithin"
      arguments = [event.name, String(count), String(atLeast)] + (days.map { [String($0)] } ?? [])
    case .language(let wanted):
      (value, passes, key) = (facts.language.rawValue, facts.language == wanted, "ui.why.rule.language")
      arguments = [wanted.rawValue, facts.language.rawValue]
    case .seenThrough(let version):
      let seen = facts.seenThrough?.description ?? "none"
      (value, passes, key) = (seen, facts.seenThrough.map { $0 >= version } ?? false, "ui.why.rule.seenThrough")
      arguments = [version.description, seen]
    case .onboarding(let complete):
      value = facts.onboardingComplete ? "complete" : "incomplete"
      let word = { (done: Bool) in done ? "ui.why.rule.finished" : "ui.why.rule.unfinished" }
      (passes, key) = (facts.onboardingComplete == complete, "ui.why.rule.onboarding")
      arguments = [word(complete), word(facts.onboardingComplete)]
    }
    return Explanation.Condition(
      name, value: value, passes: passes, failing: .ruleFailed, detail: "\(name)=\(value)", key: key, arguments: arguments)
  }
}
