package import Foundation

/// Instants as RFC 3339 text, and zones by name.
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
    func two(_ value: Int) -> String { String(value).zeroPadded(to: 2) }
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
      date =
        (year < 0 ? "-" : "") + String(abs(year)).zeroPadded(to: 4) + "-" + String(month).zeroPadded(to: 2) + "-"
        + String(day).zeroPadded(to: 2)
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
}
