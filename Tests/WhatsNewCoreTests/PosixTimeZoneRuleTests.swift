import Testing
import WhatsNewCore

/// POSIX `TZ` rules. The expected offsets were checked against glibc (`TZ=rule date`),
/// except the ±167-hour times, which glibc 2.36 does not take and are worked out by hand.
@Suite("POSIX TZ rules")
struct PosixTimeZoneRuleTests {
  @Test(
    "the offset just before and just after each change",
    arguments: [
      // Northern hemisphere: the European Union, 01:00 UTC both ways.
      ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T00:59:59Z", 3600),
      ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T01:00:00Z", 7200),
      ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T00:59:59Z", 7200),
      ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T01:00:00Z", 3600),
      // No dates: the United States' rules, second Sunday of March to first of November.
      ("EST5EDT", "2026-03-08T06:59:59Z", -18000),
      ("EST5EDT", "2026-03-08T07:00:00Z", -14400),
      ("EST5EDT", "2026-11-01T05:59:59Z", -14400),
      ("EST5EDT", "2026-11-01T06:00:00Z", -18000),
      // Southern hemisphere: summer time spans the new year.
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-04-04T15:59:59Z", 39600),
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-04-04T16:00:00Z", 36000),
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-10-03T15:59:59Z", 36000),
      ("AEST-10AEDT,M10.1.0,M4.1.0/3", "2026-10-03T16:00:00Z", 39600),
      ("NZST-12NZDT,M9.5.0,M4.1.0/3", "2026-04-04T13:59:59Z", 46800),
      ("NZST-12NZDT,M9.5.0,M4.1.0/3", "2026-04-04T14:00:00Z", 43200),
      ("NZST-12NZDT,M9.5.0,M4.1.0/3", "2026-09-26T13:59:59Z", 43200),
      ("NZST-12NZDT,M9.5.0,M4.1.0/3", "2026-09-26T14:00:00Z", 46800),
      // Chile: quoted names, and 24:00 on a Saturday.
      ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", "2026-01-15T12:00:00Z", -10800),
      ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", "2026-04-05T02:59:59Z", -10800),
      ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", "2026-04-05T03:00:00Z", -14400),
      ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", "2026-09-06T03:59:59Z", -14400),
      ("<-04>4<-03>,M9.1.6/24,M4.1.6/24", "2026-09-06T04:00:00Z", -10800),
      // Chatham: offsets and times with minutes.
      ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", "2026-04-04T13:59:59Z", 49500),
      ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", "2026-04-04T14:00:00Z", 45900),
      ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", "2026-09-26T13:59:59Z", 45900),
      ("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", "2026-09-26T14:00:00Z", 49500),
      // An explicit daylight offset, and times with seconds.
      ("EST5EDT4,M3.2.0/2:30:15,M11.1.0/1:00:00", "2026-03-08T07:30:14Z", -18000),
      ("EST5EDT4,M3.2.0/2:30:15,M11.1.0/1:00:00", "2026-03-08T07:30:15Z", -14400),
      // Jn never counts February 29: J60 is March 1 in leap years too.
      ("XXX3YYY,J60/2,J300/2", "2024-03-01T04:59:59Z", -10800),
      ("XXX3YYY,J60/2,J300/2", "2024-03-01T05:00:00Z", -7200),
      ("XXX3YYY,J60/2,J300/2", "2024-10-27T03:59:59Z", -7200),
      ("XXX3YYY,J60/2,J300/2", "2024-10-27T04:00:00Z", -10800),
      ("XXX3YYY,J60/2,J300/2", "2023-03-01T05:00:00Z", -7200),
      // n counts from zero and counts February 29: day 59 is February 29 in 2024.
      ("XXX3YYY,59/2,299/2", "2024-02-29T04:59:59Z", -10800),
      ("XXX3YYY,59/2,299/2", "2024-02-29T05:00:00Z", -7200),
      ("XXX3YYY,59/2,299/2", "2023-03-01T04:59:59Z", -10800),
      ("XXX3YYY,59/2,299/2", "2023-03-01T05:00:00Z", -7200),
      ("XXX3YYY,59/2,299/2", "2024-10-26T03:59:59Z", -7200),
      ("XXX3YYY,59/2,299/2", "2024-10-26T04:00:00Z", -10800),
      ("XXX3YYY,59/2,299/2", "2023-10-27T04:00:00Z", -10800),
      // Hours past 24 (RFC 8536): Israel changes at 26:00 on a Thursday, Friday 02:00.
      ("IST-2IDT,M3.4.4/26,M10.5.0", "2026-03-26T23:59:59Z", 7200),
      ("IST-2IDT,M3.4.4/26,M10.5.0", "2026-03-27T00:00:00Z", 10800),
      ("IST-2IDT,M3.4.4/26,M10.5.0", "2026-10-24T22:59:59Z", 10800),
      ("IST-2IDT,M3.4.4/26,M10.5.0", "2026-10-24T23:00:00Z", 7200),
      ("<+00>0<+01>,M3.5.0/25,M10.5.0/25", "2026-03-30T00:59:59Z", 0),
      ("<+00>0<+01>,M3.5.0/25,M10.5.0/25", "2026-03-30T01:00:00Z", 3600),
      ("<+00>0<+01>,M3.5.0/25,M10.5.0/25", "2026-10-25T23:59:59Z", 3600),
      ("<+00>0<+01>,M3.5.0/25,M10.5.0/25", "2026-10-26T00:00:00Z", 0),
      // Negative hours (RFC 8536): Greenland changes at -1:00, Saturday 23:00.
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "2026-03-29T00:59:59Z", -7200),
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "2026-03-29T01:00:00Z", -3600),
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "2026-10-25T00:59:59Z", -3600),
      ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "2026-10-25T01:00:00Z", -7200),
      // The extremes: -25 hours (Friday 23:00) and 167 hours (the next Saturday 23:00).
      ("XXX3YYY,M3.5.0/-25,M10.5.0/167", "2026-03-28T01:59:59Z", -10800),
      ("XXX3YYY,M3.5.0/-25,M10.5.0/167", "2026-03-28T02:00:00Z", -7200),
      ("XXX3YYY,M3.5.0/-25,M10.5.0/167", "2026-11-01T00:59:59Z", -7200),
      ("XXX3YYY,M3.5.0/-25,M10.5.0/167", "2026-11-01T01:00:00Z", -10800),
      // In force all year (RFC 8536): January 1 00:00 to December 31 24:00 plus one hour.
      ("EST5EDT,0/0,J365/25", "2026-01-01T00:00:00Z", -14400),
      ("EST5EDT,0/0,J365/25", "2026-07-01T00:00:00Z", -14400),
      ("EST5EDT,0/0,J365/25", "2026-12-31T23:59:59Z", -14400),
      ("EST5EDT,0/0,J365/25", "2027-01-01T04:59:59Z", -14400),
      ("EST5EDT,0/0,J365/25", "2027-01-01T05:00:00Z", -14400),
      // No daylight saving.
      ("<+0530>-5:30", "2026-01-01T00:00:00Z", 19800),
      ("<-03>3", "2026-01-01T00:00:00Z", -10800),
      ("UTC0", "2026-01-01T00:00:00Z", 0),
      ("ABC+3", "2026-01-01T00:00:00Z", -10800),
    ])
  func offsetAroundChanges(rule: String, instant: String, expected: Int) throws {
    let rules = try TimeZoneRules(posixRule: rule)
    #expect(rules.offset(at: .utc(instant)) == expected, "\(rule) at \(instant)")
    #expect(rules.identifier == rule)
  }

  @Test("parses into its parts")
  func parts() throws {
    let rule = try PosixTimeZoneRule(parsing: "<-02>2<-01>,M3.5.0/-1,J300/25:30")
    #expect(rule.standardName == "-02")
    #expect(rule.standardOffset == -7200)
    let daylightSaving = try #require(rule.daylightSaving)
    #expect(daylightSaving.name == "-01")
    #expect(daylightSaving.offset == -3600)
    #expect(daylightSaving.start.day == .monthWeekDay(month: 3, week: 5, weekday: 0))
    #expect(daylightSaving.start.time == -3600)
    #expect(daylightSaving.end.day == .julianSkippingLeapDay(300))
    #expect(daylightSaving.end.time == 25 * 3600 + 30 * 60)
  }

  @Test(
    "says what was expected and where when a rule does not parse",
    arguments: [
      (
        "",
        "invalid TZ rule '' at character 1: expected the standard time's name: three or more letters, or '<' and a quoted name, found the end"
      ),
      ("UTC", "invalid TZ rule 'UTC' at character 4: expected the standard time's offset, such as '5' or '-1:30', found the end"),
      (
        "AB1",
        "invalid TZ rule 'AB1' at character 3: expected the standard time's name: three or more letters, or '<' and a quoted name, found '1'"
      ),
      (
        "<-03",
        "invalid TZ rule '<-03' at character 5: expected '>' to close the standard time's name (letters, digits, '+' and '-' only), found the end"
      ),
      (
        "<+1>-1",
        "invalid TZ rule '<+1>-1' at character 1: expected the standard time's name of at least three characters, found '<'"
      ),
      (
        "CET-25",
        "invalid TZ rule 'CET-25' at character 5: expected the standard time's offset, such as '5' or '-1:30', found '2'"
      ),
      ("CET-1:60", "invalid TZ rule 'CET-1:60' at character 7: expected minutes from 00 to 59, found '6'"),
      (
        "CET-1CEST,M3.5.0",
        "invalid TZ rule 'CET-1CEST,M3.5.0' at character 17: expected ',' and the date daylight saving time ends, found the end"
      ),
      (
        "CET-1CEST,M13.5.0,M10.5.0",
        "invalid TZ rule 'CET-1CEST,M13.5.0,M10.5.0' at character 12: expected a month from 1 to 12 after 'M', found '1'"
      ),
      (
        "CET-1CEST,M3.6.0,M10.5.0",
        "invalid TZ rule 'CET-1CEST,M3.6.0,M10.5.0' at character 14: expected a week from 1 to 5, found '6'"
      ),
      (
        "CET-1CEST,M3.5.7,M10.5.0",
        "invalid TZ rule 'CET-1CEST,M3.5.7,M10.5.0' at character 16: expected a weekday from 0 (Sunday) to 6, found '7'"
      ),
      (
        "CET-1CEST,J0,J365",
        "invalid TZ rule 'CET-1CEST,J0,J365' at character 12: expected a day from 1 to 365 after 'J', found '0'"
      ),
      (
        "CET-1CEST,366,J365",
        "invalid TZ rule 'CET-1CEST,366,J365' at character 11: expected the date daylight saving time starts: 'Jn', 'n' or 'Mm.w.d', found '3'"
      ),
      (
        "CET-1CEST,M3.5.0/168,M10.5.0",
        "invalid TZ rule 'CET-1CEST,M3.5.0/168,M10.5.0' at character 18: expected a time of day after '/', such as '2' or '-1' or '26:30', found '1'"
      ),
      (
        "CET-1CEST,M3.5.0,M10.5.0 ",
        "invalid TZ rule 'CET-1CEST,M3.5.0,M10.5.0 ' at character 25: expected the end of the rule, found ' '"
      ),
      (
        "CET-1 CEST",
        "invalid TZ rule 'CET-1 CEST' at character 6: expected the daylight saving time's name or the end of the rule: three or more letters, or '<' and a quoted name, found ' '"
      ),
      (
        "Europe/Paris",
        "invalid TZ rule 'Europe/Paris' at character 7: expected the standard time's offset, such as '5' or '-1:30', found '/'"
      ),
      (
        "CET-1CEST,M3.5.0,M10.5.0/99999999999999999999",
        "invalid TZ rule 'CET-1CEST,M3.5.0,M10.5.0/99999999999999999999' at character 26: expected a time of day after '/', such as '2' or '-1' or '26:30', found '9'"
      ),
      (
        "CÉT-1",
        "invalid TZ rule 'CÉT-1' at character 2: expected the standard time's name: three or more letters, or '<' and a quoted name, found 'É'"
      ),
    ])
  func invalid(rule: String, message: String) {
    #expect(throws: TimeZoneRulesError.self) { try PosixTimeZoneRule(parsing: rule) }
    do {
      _ = try PosixTimeZoneRule(parsing: rule)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("instants far beyond any calendar still get an offset, without trapping")
  func extremes() throws {
    let rules = try TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
    for seconds: Int64 in [.min, .min + 1, -(1 << 52) - 1, 1 << 52 + 1, .max - 1, .max] {
      #expect([3600, 7200].contains(rules.offset(at: Timestamp(secondsSince1970: seconds))))
    }
  }
}
