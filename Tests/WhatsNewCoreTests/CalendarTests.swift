import Testing
import WhatsNewCore

@Suite("Civil dates, local times and RFC 3339")
struct CalendarTests {
  @Test(
    "known dates and their day numbers and weekdays",
    arguments: [
      (1970, 1, 1, Int64(0), Weekday.thursday),
      (1969, 12, 31, -1, .wednesday),
      (2000, 2, 29, 11_016, .tuesday),
      (2000, 3, 1, 11_017, .wednesday),
      (1900, 3, 1, -25_508, .thursday),
      (2026, 11, 30, 20_787, .monday),
      (2026, 12, 6, 20_793, .sunday),
      (2100, 1, 1, 47_482, .friday),
      (0, 3, 1, -719_468, .wednesday),
      (-1, 12, 31, -719_529, .friday),
    ])
  func knownDates(year: Int, month: Int, day: Int, days: Int64, weekday: Weekday) {
    let date = CivilDate(year: year, month: month, day: day)
    #expect(date.daysSince1970 == days)
    #expect(CivilDate(daysSince1970: days) == date)
    #expect(date.weekday == weekday)
    #expect(date.isValid)
  }

  @Test("day numbers and dates round-trip over four centuries either side of 1970")
  func roundTrip() {
    var expected = CivilDate(year: 1570, month: 1, day: 1)
    let first = expected.daysSince1970
    for days in first...(first + 146_097 * 2) {
      let date = CivilDate(daysSince1970: days)
      #expect(date == expected, "day \(days)")
      #expect(date.daysSince1970 == days)
      if date != expected { return }
      // The next date by counting, independently of the formulas.
      if expected.day < CivilDate.daysInMonth(expected.month, year: expected.year) {
        expected.day += 1
      } else if expected.month < 12 {
        expected = CivilDate(year: expected.year, month: expected.month + 1, day: 1)
      } else {
        expected = CivilDate(year: expected.year + 1, month: 1, day: 1)
      }
    }
  }

  @Test("the extremes of Int64 seconds convert without trapping")
  func extremes() {
    for seconds: Int64 in [.min, .max] {
      let local = LocalDateTime(Timestamp(secondsSince1970: seconds), offsetFromUTC: seconds < 0 ? -93_599 : 93_599)
      #expect(local.date.isValid)
      #expect(!local.rfc3339.isEmpty)
    }
    #expect(LocalDateTime(Timestamp(secondsSince1970: .max), in: .utc).rfc3339 == "292277026596-12-04T15:30:07Z")
    #expect(Timestamp(secondsSince1970: .max).adding(seconds: 1) == Timestamp(secondsSince1970: .max))
    #expect(Timestamp(secondsSince1970: .min).adding(seconds: -1) == Timestamp(secondsSince1970: .min))
  }

  @Test(
    "RFC 3339: Z at offset zero, else the offset in hours and minutes",
    arguments: [
      (Int64(1_796_580_000), 0, "2026-12-06T18:00:00Z"),
      (1_796_576_400, 3600, "2026-12-06T18:00:00+01:00"),
      (1_796_590_800, -10800, "2026-12-06T18:00:00-03:00"),
      (1_796_547_600, 32400, "2026-12-06T18:00:00+09:00"),
      (1_796_534_100, 45900, "2026-12-06T18:00:00+12:45"),
      (1_796_582_700, -2670, "2026-12-06T18:00:30-00:44"),
      (0, 0, "1970-01-01T00:00:00Z"),
      (-1, 0, "1969-12-31T23:59:59Z"),
      (-62_135_596_800, 0, "0001-01-01T00:00:00Z"),
      (-62_167_305_600, 0, "-0001-12-31T00:00:00Z"),
      (253_402_300_799, 0, "9999-12-31T23:59:59Z"),
    ])
  func rfc3339(seconds: Int64, offset: Int, expected: String) {
    #expect(LocalDateTime(Timestamp(secondsSince1970: seconds), offsetFromUTC: offset).rfc3339 == expected)
  }

  @Test("the local date and the UTC description")
  func descriptions() throws {
    let monday = Timestamp(secondsSince1970: 1_796_040_000)
    #expect(monday.description == "2026-11-30T12:00:00Z")
    let tokyo = try TimeZoneRules(posixRule: "JST-9")
    #expect(LocalDateTime(monday.adding(seconds: 12 * 3600), in: tokyo).date.description == "2026-12-01")
    #expect(LocalDateTime(monday, in: .utc) == LocalDateTime(monday, offsetFromUTC: 0))
  }
}
