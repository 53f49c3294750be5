import Foundation
import Testing
import WhatsNewCore

/// Foundation's answers for local times inside or next to a daylight-saving change. It departs
/// from the rule "the first instant after the gap" in corners no weekly review reaches (the
/// app's is at 18:00, and changes happen at night): a gap that is not one whole hour on the
/// hour (Lord Howe's half hour, Chatham's 02:45, Troll's two hours), and a Saturday time when
/// Sunday's midnight is skipped. Those corners are left out here; the end-to-end suite
/// "Weekly review across daylight-saving changes" checks 18:00 against Python's zoneinfo.
@Suite("The next occurrence of a weekly local time")
struct WeeklyTimeTests {
  @Test(
    "ordinary weeks, daylight-saving gaps and repeats, and a skipped day",
    arguments: [
      // Ordinary: the next such weekday, or today when still ahead.
      ("UTC", Weekday.sunday, 18, 0, "2026-11-30T12:00:00Z", "2026-12-06T18:00:00Z"),
      ("UTC", .monday, 18, 0, "2026-11-30T12:00:00Z", "2026-11-30T18:00:00Z"),
      ("UTC", .monday, 12, 0, "2026-11-30T12:00:00Z", "2026-12-07T12:00:00Z"),
      ("UTC", .monday, 11, 59, "2026-11-30T12:00:00Z", "2026-12-07T11:59:00Z"),
      ("Europe/Amsterdam", .sunday, 18, 0, "2026-03-28T18:00:00Z", "2026-03-29T18:00:00+02:00"),
      // A gap: London jumps from 01:00 to 02:00; the times in between map to 02:00.
      ("Europe/London", .sunday, 1, 30, "2024-03-30T12:00:00Z", "2024-03-31T02:00:00+01:00"),
      ("Europe/London", .sunday, 1, 0, "2024-03-30T12:00:00Z", "2024-03-31T02:00:00+01:00"),
      ("Europe/London", .sunday, 0, 59, "2024-03-30T12:00:00Z", "2024-03-31T00:59:00Z"),
      // A gap at midnight: Sunday 00:30 does not exist in Sao Paulo on 2018-11-04.
      ("America/Sao_Paulo", .sunday, 0, 30, "2018-11-03T15:00:00Z", "2018-11-04T01:00:00-02:00"),
      // A repeat: London shows 01:30 twice on 2023-10-29. The first showing counts; the
      // repeat only from between the two; from the first showing itself, next week.
      ("Europe/London", .sunday, 1, 30, "2023-10-29T00:00:00Z", "2023-10-29T01:30:00+01:00"),
      ("Europe/London", .sunday, 1, 30, "2023-10-29T00:45:00Z", "2023-10-29T01:30:00Z"),
      ("Europe/London", .sunday, 1, 30, "2023-10-29T00:30:00Z", "2023-11-05T01:30:00Z"),
      // Samoa skipped Friday 2011-12-30: that week has no Friday; Saturday is there.
      ("Pacific/Apia", .friday, 18, 0, "2011-12-29T22:00:00Z", "2012-01-06T18:00:00+14:00"),
      ("Pacific/Apia", .saturday, 0, 0, "2011-12-29T22:00:00Z", "2011-12-31T00:00:00+14:00"),
      // After the last transition the footer rule decides.
      ("Europe/Amsterdam", .sunday, 2, 30, "2090-03-20T00:00:00Z", "2090-03-26T03:00:00+02:00"),
    ])
  func nextOccurrence(zone: String, weekday: Weekday, hour: Int, minute: Int, after: String, expected: String) throws {
    let timeZone = try #require(TimeZone(identifier: zone))
    let instant = try Date.ISO8601FormatStyle().parse(after)
    let next = try #require(
      WeeklyReview.nextFireDate(weekday: weekday, hour: hour, minute: minute, after: instant, in: timeZone))
    #expect(RFC3339.string(next, in: timeZone) == expected)
  }

  @Test("no answer for times out of range", arguments: [(24, 0), (-1, 0), (12, 60), (12, -1)])
  func noAnswer(hour: Int, minute: Int) {
    #expect(
      WeeklyReview.nextFireDate(weekday: .sunday, hour: hour, minute: minute, after: Date(timeIntervalSince1970: 0), in: .gmt)
        == nil)
  }
}
