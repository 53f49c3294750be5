public import Foundation

/// A time of the week on the local wall clock, such as "Sundays at 18:00": when a weekly
/// notification fires.
///
/// ``nextOccurrence(after:in:)`` is Foundation's
/// `Calendar.nextDate(after:matching:matchingPolicy: .nextTime)` in a Gregorian calendar
/// set to the zone: the first instant strictly after the given one at which a wall clock in
/// the zone shows the weekday and time; a time that a daylight-saving gap skips maps to the
/// first instant after the gap; a time shown twice, when the clocks go back, to its first
/// showing.
///
/// ```swift
/// let review = WeeklyTime(weekday: .sunday, hour: 18, minute: 0)
/// let monday = Date(timeIntervalSince1970: 1_796_040_000)  // 2026-11-30T12:00:00Z
/// let next = review.nextOccurrence(after: monday, in: .gmt)!
/// RFC3339.string(next, in: .gmt)  // "2026-12-06T18:00:00Z"
/// ```
public struct WeeklyTime: Sendable, Hashable {
  public var weekday: Weekday
  /// 0...23.
  public var hour: Int
  /// 0...59.
  public var minute: Int

  public init(weekday: Weekday, hour: Int, minute: Int) {
    self.weekday = weekday
    self.hour = hour
    self.minute = minute
  }

  /// The first instant after `instant` at which a wall clock in `timeZone` shows this
  /// weekday and time (or, when a daylight-saving gap skips it, the first instant after the
  /// gap); `nil` when the hour or minute is out of range.
  public func nextOccurrence(after instant: Date, in timeZone: TimeZone) -> Date? {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    // Calendar counts weekdays from Sunday (1) to Saturday (7); ISO from Monday (1).
    let components = DateComponents(hour: hour, minute: minute, second: 0, weekday: weekday.isoNumber % 7 + 1)
    return calendar.nextDate(after: instant, matching: components, matchingPolicy: .nextTime)
  }
}

/// Instants as RFC 3339 text, through Foundation's `Date.ISO8601FormatStyle`, and zones by name.
public enum RFC3339 {
  /// What people are shown as the zone's name: its identifier, but `UTC` for Foundation's
  /// `GMT` (what `TimeZone(identifier: "UTC")` and an empty `TZ` give).
  public static func name(of timeZone: TimeZone) -> String {
    timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier
  }

  /// `2026-12-06T18:00:00+01:00` (`Z` in UTC): the local time in `timeZone` and its offset.
  public static func string(_ instant: Date, in timeZone: TimeZone) -> String {
    instant.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone))
  }

  /// `2026-12-06`: the local date in `timeZone`.
  public static func date(_ instant: Date, in timeZone: TimeZone) -> String {
    instant.formatted(Date.ISO8601FormatStyle(timeZone: timeZone).year().month().day())
  }
}
