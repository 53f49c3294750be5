extension Explanation {
  /// Why the weekly review reminder is scheduled or not, from `snapshot` (`nil`: the read
  /// failed with `failure`): the reminder the store holds, a weekday change whose reminder
  /// could not follow (left apart until the next start mends it), whether its day is the one
  /// the review setting holds, and its next time (`next`, as RFC 3339; `nil` when the clock is
  /// at the calendar's edge).
  package static func reminder(
    _ state: AppState, snapshot: StoreSnapshot?, failure: String?, next: String?
  ) -> Explanation {
    let scheduled = snapshot?.notification
    let time = scheduled.map { String(format: "%02d:%02d", $0.hour, $0.minute) } ?? ""
    let setting = snapshot?.settings[.reviewWeekday] ?? Setting.reviewWeekday.defaultValue
    let agrees = scheduled == nil || scheduled?.weekday == setting
    return Explanation(
      surface: .reminder,
      conditions: [
        Condition(
          "boot", value: state.isBooted ? "booted" : "waiting", passes: state.isBooted, failing: .gateClosed,
          detail: "boot", key: state.isBooted ? "ui.why.boot.booted" : "ui.why.boot.waiting"),
        Condition(
          "store", value: failure == nil ? "read" : "failed", passes: failure == nil, failing: .stale, detail: failure,
          key: failure == nil ? "ui.why.store.read" : "ui.why.store.failed", arguments: failure.map { [$0] } ?? []),
        Condition(
          "scheduled", value: scheduled.map { "\($0.weekday) \(time)" } ?? "none", passes: scheduled != nil,
          failing: .ruleFailed, detail: "scheduled", key: scheduled == nil ? "ui.why.scheduled.none" : "ui.why.scheduled.at",
          arguments: scheduled.map { [Setting.reviewWeekday.valueKey($0.weekday), time] } ?? []),
        Condition(
          "leftApart", value: state.scheduleLeftApart == nil ? "no" : "yes", passes: state.scheduleLeftApart == nil,
          failing: .stale, detail: "leftApart", key: "ui.why.leftApart." + (state.scheduleLeftApart == nil ? "no" : "yes")),
        Condition(
          Setting.reviewWeekday.rawValue, value: setting, passes: agrees, failing: .ruleFailed, detail: "weekday",
          key: agrees ? "ui.why.reviewDay.agrees" : "ui.why.reviewDay.differs",
          arguments: [Setting.reviewWeekday.valueKey(setting)]),
        Condition(
          "next", value: next ?? "none", passes: next != nil || scheduled == nil, failing: .ruleFailed, detail: "clock",
          key: next == nil ? "ui.why.next.none" : "ui.why.next.at", arguments: next.map { [$0] } ?? []),
      ])
  }
}
