package import WhatsNewCore

/// Compares what the screen shows, what is stored and what is scheduled.
///
/// Pure, so the property tests and the `check` command share it.
package enum ConsistencyCheck {
  /// One disagreement between screen, store and schedule.
  package enum Problem: Sendable, Equatable {
    /// A settled control shows `shown`; the store has `stored`.
    case screenDiffers(Setting, shown: String, stored: String)
    /// The store's review weekday is `stored`; the reminder is scheduled for `scheduled`.
    case scheduleDiffers(stored: String, scheduled: String)
    /// The store's review weekday is `stored`; no reminder is scheduled.
    case notScheduled(stored: String)
    /// The reminder is set for `weekday` but has no next date in the years 0001–9999: the
    /// clock (`clock`, its date) is at the calendar's edge.
    case noNextDate(weekday: String, clock: String)
  }

  /// Each disagreement; empty when screen, store and schedule agree.
  ///
  /// A control counts only when settled (not loading, no write in flight) and showing a
  /// value. The weekday's schedule must fire on the stored weekday, unless
  /// `scheduleInFlight` (a weekday write or a reminder's cancel or schedule has not
  /// finished: store and schedule may rightly differ until it does).
  package static func problems(
    controls: [Setting: ChoiceMachine.ControlState], stored: [Setting: String], scheduledWeekday: String?,
    scheduleInFlight: Bool = false
  ) -> [Problem] {
    var problems: [Problem] = []
    for setting in Setting.allCases {
      let storedValue = stored[setting] ?? setting.defaultValue
      if let control = controls[setting], control.isSettled, let shown = control.shown, shown != storedValue {
        problems.append(.screenDiffers(setting, shown: shown, stored: storedValue))
      }
    }
    guard !scheduleInFlight else { return problems }
    let storedWeekday = stored[.reviewWeekday] ?? Setting.reviewWeekday.defaultValue
    if let scheduledWeekday {
      if scheduledWeekday != storedWeekday {
        problems.append(.scheduleDiffers(stored: storedWeekday, scheduled: scheduledWeekday))
      }
    } else {
      problems.append(.notScheduled(stored: storedWeekday))
    }
    return problems
  }

  /// The problems among `problems` that `leftApart`, a failed repair the app reported, left for
  /// the next start: the store holding what the failure says it holds, and the schedule the
  /// reminder it says is set now (or none).
  package static func reported(_ problems: [Problem], leftApart: ReminderFailure?) -> [Problem] {
    guard let leftApart else { return [] }
    return problems.filter { problem in
      switch problem {
      case .scheduleDiffers(let stored, let scheduled):
        (leftApart.stored ?? stored) == stored && leftApart.reminderNow == scheduled
      case .notScheduled(let stored): (leftApart.stored ?? stored) == stored && leftApart.reminderNow == nil
      case .screenDiffers, .noNextDate: false
      }
    }
  }

  /// Whether an operation in flight may leave store and schedule apart until it ends: a
  /// write of the review weekday, or the reminder's cancel or schedule step.
  package static func touchesSchedule(_ entry: OperationTracker.Entry) -> Bool {
    switch entry.operation {
    case .cancel, .schedule: true
    case .write: entry.target == Setting.reviewWeekday.rawValue
    default: false
    }
  }
}

/// A parsed `qa fail|delay|hold|release …` command.
package enum QACommand: Equatable, Sendable {
  case add(FaultSpec)
  case release(FaultOperation, target: String?)

  /// Parses the words after `qa`: `fail <op> [<target>] [once|always|<n>]`,
  /// `delay <op> [<target>] <ms>`, `hold <op> [<target>]`, `release <op> [<target>]`.
  package static func parse(verb: String, _ words: [String]) throws(FaultSpec.ParseError) -> QACommand {
    // The form `help qa` lists for the verb (`qa delay <op> [<target>] <ms>`); any other is `release`.
    let form = ["fail", "delay", "hold"].contains(verb) ? verb : "release"
    let usage = CommandTable.find("qa")?.syntax.first { $0.hasPrefix("qa \(form) ") } ?? ""
    guard var first = words.first else { throw FaultSpec.ParseError("ui.qa.usage", usage) }
    var words = words
    // `qa release write:theme`: the spec's subject, as `qa faults` prints it.
    if verb == "release", words.count == 1, first.contains(":") {
      let halves = first.split(separator: ":", maxSplits: 1).map(String.init)
      words = halves
      first = halves[0]
    }
    guard let operation = FaultOperation(rawValue: first) else {
      let suggestion = Suggestion.closest(to: first, in: FaultOperation.allCases.map(\.rawValue))
      throw FaultSpec.ParseError(
        "ui.qa.unknownOperation", first, FaultOperation.allCases.map(\.rawValue).joined(separator: ", "),
        suggestion: suggestion)
    }
    var rest = Array(words.dropFirst())
    var target: String?
    if let candidate = rest.first, operation.takesSettingTarget,
      Setting(rawValue: candidate) != nil || candidate == "all"
        || (operation == .write && FaultSpec.writeTargets.contains(candidate))
    {
      target = candidate == "all" ? nil : candidate
      rest.removeFirst()
    } else if let candidate = rest.first, operation.takesSettingTarget, Int(candidate) == nil,
      !["once", "always"].contains(candidate)
    {
      try FaultSpec.validateTarget(candidate, for: operation)
    }
    if verb == "delay" {
      guard rest.count == 1, let milliseconds = Int(rest[0]), (0...600_000).contains(milliseconds) else {
        throw FaultSpec.ParseError("ui.qa.badDelay", usage)
      }
      return .add(FaultSpec(operation: operation, target: target, kind: .delay(milliseconds: milliseconds)))
    }
    // `fail` takes a count; after it, and after every other verb's target, nothing.
    var kind = verb == "fail" ? FaultKind.fail(remaining: 1) : .hold
    if verb == "fail", let count = rest.first {
      switch count {
      case "once": break
      case "always": kind = .fail(remaining: nil)
      default:
        guard let number = Int(count), number > 0 else {
          throw FaultSpec.ParseError("ui.qa.badCount", count, usage)
        }
        kind = .fail(remaining: number)
      }
      rest.removeFirst()
    }
    guard rest.isEmpty else { throw FaultSpec.ParseError("ui.qa.unexpected", rest[0], usage) }
    guard verb == "fail" || verb == "hold" else { return .release(operation, target: target) }
    return .add(FaultSpec(operation: operation, target: target, kind: kind))
  }
}
