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
      WeeklyReviewScheduler.nextFireDate(weekday: weekday, hour: 18, minute: 0, after: monday, in: timeZone))
    #expect(RFC3339.string(date, in: timeZone) == expected)
  }

  @Test("the settings screen's date is the local date of the next fire")
  func localDate() throws {
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let date = try #require(
      WeeklyReviewScheduler.nextFireDate(weekday: .sunday, hour: 18, minute: 0, after: monday, in: tokyo))
    #expect(RFC3339.date(date, in: tokyo) == "2026-12-06")
    #expect(RFC3339.date(date, in: .gmt) == "2026-12-06")
  }
}
