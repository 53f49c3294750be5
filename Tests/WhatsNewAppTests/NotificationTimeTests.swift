import Foundation
import Testing
import WhatsNewCore

@testable import WhatsNewApp

@Suite("The weekly review's next date")
struct NotificationTimeTests {
  let monday = Date(timeIntervalSince1970: 1_796_040_000)  // Monday 2026-11-30 12:00 UTC

  @Test(
    "the next fire date is the next such weekday at 18:00 in the user's time zone",
    arguments: [
      ("UTC", Weekday.sunday, "2026-12-06T18:00:00Z"),
      ("UTC", .monday, "2026-11-30T18:00:00Z"),
      ("Europe/Amsterdam", .monday, "2026-11-30T18:00:00+01:00"),
      ("America/Sao_Paulo", .tuesday, "2026-12-01T18:00:00-03:00"),
      ("Asia/Tokyo", .monday, "2026-12-07T18:00:00+09:00"),
      ("Asia/Kolkata", .monday, "2026-11-30T18:00:00+05:30"),
    ])
  func nextFire(zone: String, weekday: Weekday, expected: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    let date = try #require(
      WeeklyReview.nextFireDate(weekday: weekday, hour: 18, minute: 0, after: monday, in: timeZone))
    #expect(RFC3339.string(date, in: timeZone) == expected)
  }

  @Test(
    "the next fire date keeps to RFC 3339: whole-minute offsets, years 0001 to 9999, else none",
    arguments: [
      // Brussels' local mean time, +00:17:30: shown at +00:18, the instant kept (17:42:30Z).
      ("Europe/Brussels", -5_364_663_450 as Int64, Weekday.sunday, "1800-01-05T18:00:30+00:18" as String?),
      // New York's, -04:56:02: at -04:56 (22:56:02Z); Lisbon's, -00:36:45: at -00:37 (18:36:45Z).
      ("America/New_York", -5_364_644_638, .sunday, "1800-01-05T18:00:02-04:56"),
      ("Europe/Lisbon", -5_364_660_195, .sunday, "1800-01-05T17:59:45-00:37"),
      ("UTC", -62_135_596_800, .monday, "0001-01-01T18:00:00Z"),
      ("UTC", 253_401_264_000, .monday, "9999-12-20T18:00:00Z"),
      // 9999-12-31 23:59:59 in Amsterdam: the next Sunday is in the year 10000.
      ("Europe/Amsterdam", 253_402_297_199, .sunday, nil),
      // 0000-01-01: year 0 is before RFC 3339's first year.
      ("UTC", -62_167_219_200, .sunday, nil),
      ("Europe/Brussels", -62_167_219_200, .tuesday, nil),
    ])
  func nextFireAtTheEdges(zone: String, now: Int64, weekday: Weekday, expected: String?) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    let date = try #require(
      WeeklyReview.nextFireDate(
        weekday: weekday, hour: 18, minute: 0, after: Date(timeIntervalSince1970: TimeInterval(now)), in: timeZone))
    #expect(RFC3339.string(date, in: timeZone) == expected)
  }
}
