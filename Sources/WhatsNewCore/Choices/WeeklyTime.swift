package import Foundation

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
package struct WeeklyTime: Sendable, Hashable {
  package var weekday: Weekday
  /// 0...23.
  package var hour: Int
  /// 0...59.
  package var minute: Int

  package init(weekday: Weekday, hour: Int, minute: Int) {
    self.weekday = weekday
    self.hour = hour
    self.minute = minute
  }

  /// The first instant after `instant` at which a wall clock in `timeZone` shows this
  /// weekday and time (or, when a daylight-saving gap skips it, the first instant after the
  /// gap); `nil` when the hour or minute is out of range.
  package func nextOccurrence(after instant: Date, in timeZone: TimeZone) -> Date? {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    // Calendar counts weekdays from Sunday (1) to Saturday (7); ISO from Monday (1).
    let components = DateComponents(hour: hour, minute: minute, second: 0, weekday: weekday.isoNumber % 7 + 1)
    return calendar.nextDate(after: instant, matching: components, matchingPolicy: .nextTime)
  }
}

/// Instants as RFC 3339 text, through Foundation's `Date.ISO8601FormatStyle`, and zones by name.
package enum RFC3339 {
  /// What people are shown as the zone's name: its identifier, but `UTC` for Foundation's
  /// `GMT` (what `TimeZone(identifier: "UTC")` and an empty `TZ` give).
  package static func name(of timeZone: TimeZone) -> String {
    timeZone.identifier == "GMT" ? "UTC" : timeZone.identifier
  }

  /// `2026-12-06T18:00:00+01:00` (`Z` in UTC): the local time in `timeZone` and its offset,
  /// in the proleptic Gregorian calendar RFC 3339 uses; `nil` when that local time falls
  /// outside the years 0001–9999, which RFC 3339 cannot write.
  ///
  /// RFC 3339 offsets are whole minutes: an offset with seconds (a zone's local mean time
  /// before standard time, `+00:17:30` in Brussels) is rounded to the nearest minute, half a
  /// minute away from zero, and the local time is shown at that offset, so the instant stays
  /// exact (RFC 3339 §5.8: `1937-01-01T12:00:27.87+00:20` for Amsterdam's `+00:19:32.13`).
  /// Fractions of a second are dropped.
  package static func string(_ instant: Date, in timeZone: TimeZone) -> String? {
    guard let local = LocalTime(instant, in: timeZone), (1...9999).contains(local.year) else { return nil }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let time = "\(two(local.second / 3600)):\(two(local.second / 60 % 60)):\(two(local.second % 60))"
    let offset = local.offsetMinutes
    let zone = offset == 0 ? "Z" : "\(offset < 0 ? "-" : "+")\(two(abs(offset) / 60)):\(two(abs(offset) % 60))"
    return "\(local.date)T\(time)\(zone)"
  }

  /// `9999-12-31`: the local date in `timeZone` in the proleptic Gregorian calendar, any year
  /// (`10000-01-02`, `0000-01-01`): what a clock reads, even at the calendar's edge.
  package static func day(_ instant: Date, in timeZone: TimeZone) -> String {
    LocalTime(instant, in: timeZone)?.date ?? "?"
  }

  /// An instant as a local date and time at its offset rounded to whole minutes.
  struct LocalTime {
    var year: Int
    var date: String
    var second: Int
    var offsetMinutes: Int

    init?(_ instant: Date, in timeZone: TimeZone) {
      let interval = instant.timeIntervalSince1970.rounded(.down)
      // Far outside 0001–9999 either way, and beyond what Int arithmetic below should meet.
      guard interval.isFinite, abs(interval) < 1e12 else { return nil }
      offsetMinutes = Int((Double(timeZone.secondsFromGMT(for: instant)) / 60).rounded(.toNearestOrAwayFromZero))
      let local = Int(interval) + offsetMinutes * 60
      let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
      second = local - days * 86_400
      let (year, month, day) = RFC3339.civilDate(daysSince1970: days)
      self.year = year
      func padded(_ value: Int, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - String(abs(value)).count)) + String(abs(value))
      }
      date = (year < 0 ? "-" : "") + "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
  }

  /// The proleptic Gregorian year, month and day `days` after 1970-01-01 (before it when
  /// negative): Howard Hinnant's `civil_from_days`.
  static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468  // days since 0000-03-01
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `2026-12-06`: the local date in `timeZone`.
  package static func date(_ instant: Date, in timeZone: TimeZone) -> String {
    instant.formatted(Date.ISO8601FormatStyle(timeZone: timeZone).year().month().day())
  }
}
