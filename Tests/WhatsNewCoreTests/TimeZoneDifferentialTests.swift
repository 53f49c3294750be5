import Foundation
import Testing

@testable import WhatsNewCore

/// Our reading of the system's tz database against Foundation's `TimeZone` and `Calendar`
/// (ICU, with its own copy of the tz data), for every canonical zone from 1970 to 2100.
///
/// Offsets must agree exactly. Next occurrences must agree exactly too, except where
/// Foundation breaks its own rules (see ``foundationDefect``): there our answer must equal
/// an independent reference (``referenceNextOccurrence``, which sweeps time forward over
/// the offsets alone), and Foundation's answer must be one of the listed defects.
@Suite("Time zones against Foundation")
struct TimeZoneDifferentialTests {
  /// Zones whose data differ between the system and ICU for packaging reasons, not code.
  ///
  /// tzdata 2024b made WET and EET links to Europe/Lisbon and Europe/Athens, and moved their
  /// old definitions to `backzone`. ICU's data (2025b) has the links; Debian's tzdata 2025b
  /// is built with `backzone`, so `tzdata.zi` still has `Z WET 0 E WE%sT` and
  /// `Z EET 2 E EE%sT`, which differ in the 1970s (Lisbon kept CET until 1976, Athens had
  /// summer time in 1975). ``excludedZonesDifferOnlyInData`` shows it.
  static let dataDifferences = ["WET": "Europe/Lisbon", "EET": "Europe/Athens"]

  static let zones = ZoneInfo.canonicalZones.filter { dataDifferences[$0] == nil }
  static let start: Int64 = 0  // 1970-01-01
  static let end: Int64 = 4_102_444_800  // 2100-01-01

  @Test("the system's tz database is there")
  func databaseIsThere() {
    #expect(ZoneInfo.canonicalZones.count > 300, "no tzdata.zi under \(ZoneInfo.directory): run make deps")
  }

  @Test("offsets equal Foundation's, every zone, 1970 to 2100", arguments: zones)
  func offsets(zone: String) throws {
    let rules = try ZoneInfo.rules(zone)
    let foundation = try #require(TimeZone(identifier: zone))
    var mismatches: [String] = []
    for seconds in Self.sampleInstants(rules, foundation) {
      let ours = rules.offset(at: Timestamp(secondsSince1970: seconds))
      let theirs = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
      if ours != theirs { mismatches.append("\(Timestamp(secondsSince1970: seconds)): \(ours) vs \(theirs)") }
    }
    #expect(mismatches.isEmpty, "\(zone): \(mismatches.prefix(5).joined(separator: "; "))")
  }

  @Test("next occurrences equal Foundation's, or Foundation's answer is a listed defect", arguments: zones)
  func nextOccurrences(zone: String) throws {
    let rules = try ZoneInfo.rules(zone)
    let foundation = try #require(TimeZone(identifier: zone))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = foundation
    var problems: [String] = []
    for (time, after) in Self.occurrenceCases(rules) {
      let ours = time.nextOccurrence(after: Timestamp(secondsSince1970: after), in: rules)?.secondsSince1970
      let theirs = calendar.nextDate(
        after: Date(timeIntervalSince1970: TimeInterval(after)), matching: time.dateComponents,
        matchingPolicy: .nextTime
      ).map { Int64($0.timeIntervalSince1970) }
      if ours == theirs { continue }
      let reference = referenceNextOccurrence(time, after: after, rules: rules)
      let defect = foundationDefect(time, ours: ours, theirs: theirs, rules: rules)
      if ours != reference || defect == nil {
        let show = { (seconds: Int64?) in
          seconds.map { LocalDateTime(Timestamp(secondsSince1970: $0), in: rules).rfc3339 } ?? "nil"
        }
        problems.append(
          "\(time.label) after \(show(after)): ours \(show(ours)), Foundation \(show(theirs)), reference \(show(reference))")
      }
    }
    #expect(problems.isEmpty, "\(zone): \(problems.prefix(5).joined(separator: "; "))")
  }

  @Test("WET and EET differ from Foundation only because ICU links them to Lisbon and Athens")
  func excludedZonesDifferOnlyInData() throws {
    let database = try String(contentsOfFile: ZoneInfo.directory + "/tzdata.zi", encoding: .utf8)
    for (zone, target) in Self.dataDifferences.sorted(by: { $0.key < $1.key }) {
      // The system builds the zone from its own old definition...
      #expect(database.contains("\nZ \(zone) "), "\(zone) is a zone of its own in the system's data")
      let ours = try ZoneInfo.rules(zone)
      let linkTarget = try ZoneInfo.rules(target)
      let foundation = try #require(TimeZone(identifier: zone))
      var differences = 0
      for seconds in Self.sampleInstants(linkTarget, foundation) {
        let instant = Timestamp(secondsSince1970: seconds)
        let theirs = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
        // ...while Foundation's zone is the link target, to the second, in every sample.
        #expect(linkTarget.offset(at: instant) == theirs, "\(zone) in Foundation is \(target) at \(instant)")
        if ours.offset(at: instant) != theirs { differences += 1 }
      }
      #expect(differences > 0, "\(zone) would not need excluding")
    }
    // The transitions that differ: in 1970 Lisbon was on CET (+01) and WET on +00; Athens
    // had summer time from 1975-04-12 to 1975-11-26, EET did not.
    let lisbon1970 = Timestamp.utc("1970-01-01T00:00:00Z")
    #expect(try ZoneInfo.rules("WET").offset(at: lisbon1970) == 0)
    #expect(try ZoneInfo.rules("Europe/Lisbon").offset(at: lisbon1970) == 3600)
    let athens1975 = Timestamp.utc("1975-06-01T00:00:00Z")
    #expect(try ZoneInfo.rules("EET").offset(at: athens1975) == 7200)
    #expect(try ZoneInfo.rules("Europe/Athens").offset(at: athens1975) == 10800)
  }

  @Test(
    "where Foundation departs from its own rules: ours, and what Foundation says",
    arguments: [
      // A half-hour gap (02:00 to 02:30): Foundation skips the day; ours is the gap's end.
      (
        "Australia/Lord_Howe", Weekday.sunday, 2, 15, "2023-09-30T01:30:00Z", "2023-10-01T02:30:00+11:00",
        "2023-10-08T02:15:00+11:00"
      ),
      // A gap from 02:45 to 03:45: Foundation rounds to the next whole hour.
      ("Pacific/Chatham", .sunday, 3, 0, "2023-09-22T23:15:00Z", "2023-09-24T03:45:00+13:45", "2023-09-24T04:00:00+13:45"),
      // A two-hour gap (01:00 to 03:00): Foundation skips the day.
      ("Antarctica/Troll", .sunday, 2, 0, "2024-03-30T12:00:00Z", "2024-03-31T03:00:00+02:00", "2024-04-07T02:00:00+02:00"),
      // Saturday 00:00 asked late on Saturday, with Sunday's midnight skipped: Foundation
      // answers Sunday 01:00, not a Saturday.
      ("America/Sao_Paulo", .saturday, 0, 0, "2018-11-04T02:00:00Z", "2018-11-10T00:00:00-02:00", "2018-11-04T01:00:00-02:00"),
      // A two-hour repeat (03:00 back to 01:00): Foundation skips the repeat of 02:00.
      ("Antarctica/Troll", .sunday, 2, 0, "2024-10-27T00:30:00Z", "2024-10-27T02:00:00Z", "2024-11-03T02:00:00Z"),
      // An offset with seconds (-00:44:30): Foundation finds nothing at all.
      ("Africa/Monrovia", .monday, 0, 30, "1970-04-08T01:01:17Z", "1970-04-13T00:30:00-00:44", "nil"),
    ])
  func foundationDepartures(
    zone: String, weekday: Weekday, hour: Int, minute: Int, after: String, ours: String, foundation: String
  ) throws {
    let rules = try ZoneInfo.rules(zone)
    let time = WeeklyTime(weekday: weekday, hour: hour, minute: minute)
    let instant = Timestamp.utc(after)
    let next = time.nextOccurrence(after: instant, in: rules)
    #expect(next.map { LocalDateTime($0, in: rules).rfc3339 } == ours)
    #expect(next?.secondsSince1970 == referenceNextOccurrence(time, after: instant.secondsSince1970, rules: rules))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    let theirs = calendar.nextDate(
      after: Date(timeIntervalSince1970: TimeInterval(instant.secondsSince1970)), matching: time.dateComponents,
      matchingPolicy: .nextTime)
    let theirsText = theirs.map { LocalDateTime(Timestamp(secondsSince1970: Int64($0.timeIntervalSince1970)), in: rules).rfc3339 }
    #expect(theirsText ?? "nil" == foundation, "Foundation changed: revisit foundationDefect")
  }

  // MARK: - Samples

  /// Instants to compare offsets at: a grid every 29 days and an hour, and one second
  /// either side of every change in our data and every daylight-saving change Foundation
  /// knows (so a change either side misses shows).
  static func sampleInstants(_ rules: TimeZoneRules, _ foundation: TimeZone) -> [Int64] {
    var instants = Array(stride(from: start, to: end, by: 29 * 86_400 + 3677))
    for change in rules.changeCandidates(in: start...end) { instants += [change - 1, change] }
    var cursor = Date(timeIntervalSince1970: TimeInterval(start))
    while let next = foundation.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < Double(end) {
      let seconds = Int64(next.timeIntervalSince1970)
      instants += [seconds - 1, seconds]
      cursor = next
    }
    return instants
  }

  /// Weekly times and instants to ask from: around every twelfth change (the wall-clock
  /// times on either side of it and between, from days before, just before, at and just
  /// after), and the app's own Sunday 18:00 from points spread over the years.
  static func occurrenceCases(_ rules: TimeZoneRules) -> [(WeeklyTime, Int64)] {
    var cases: [(WeeklyTime, Int64)] = []
    let changes = rules.changeCandidates(in: start...end).filter {
      rules.offset(at: Timestamp(secondsSince1970: $0 - 1)) != rules.offset(at: Timestamp(secondsSince1970: $0))
    }
    for (index, change) in changes.enumerated() where index % 12 == 0 {
      let before = Int64(rules.offset(at: Timestamp(secondsSince1970: change - 1)))
      let after = Int64(rules.offset(at: Timestamp(secondsSince1970: change)))
      // The wall clock just before the change, just after it, and between.
      let readings = [change + before, change + after, change + (before + after) / 2, change + before - 60]
      for reading in readings {
        let time = WeeklyTime(wallClockAt: reading)
        for from in [change - 3 * 86_400 + 7, change - 1, change, change + 900] { cases.append((time, from)) }
      }
    }
    for (index, from) in stride(from: start + 5 * 3600, to: end, by: 1103 * 86_400 + 7_777).enumerated() {
      cases.append((WeeklyTime(weekday: Weekday.allCases[index % 7], hour: 18, minute: 0), from))
    }
    return cases
  }
}

extension WeeklyTime {
  /// The weekday and minute a wall clock shows at local seconds `local` (floored to the minute).
  init(wallClockAt local: Int64) {
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondOfDay = Int(local - days * 86_400)
    self.init(weekday: CivilDate.weekday(daysSince1970: days), hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60)
  }

  /// For Foundation: Sunday is 1, Saturday is 7.
  var dateComponents: DateComponents {
    var components = DateComponents()
    components.weekday = weekday == .sunday ? 1 : weekday.isoNumber + 1
    components.hour = hour
    components.minute = minute
    components.second = 0
    return components
  }

  /// `sunday 02:30`.
  var label: String {
    "\(weekday.rawValue) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
  }
}

/// Which of Foundation's known departures from its own rules `theirs` is, given that
/// `ours` is the right answer (the caller checks it against the reference); `nil` when it
/// is none of them, and then the test fails.
///
/// 1. Foundation finds nothing, though every week has the time (seen with offsets that
///    have seconds, like Monrovia's -00:44:30, and around Newfoundland's and Moncton's
///    double summer time).
/// 2. Foundation answers an instant that does not show the time asked for: the next whole
///    hour after a gap that ends off the hour (Chatham's 03:45 gives 04:00), or Sunday
///    01:00 for a Saturday time when Sunday's midnight is skipped.
/// 3. Foundation answers a later showing, skipping ours, when ours falls within a day
///    after a change of offset that is not one whole hour on the hour: the end of a gap
///    (Lord Howe's half hour, Troll's two hours, a change at 00:01 or 00:00 to 00:30), a
///    repeat (Troll's two hours back), or the time the clocks went back at (Chatham's
///    03:45, Hong Kong's 03:30 in 1974).
/// 4. Foundation answers a later showing, skipping ours, in a zone whose offset then had
///    seconds (Monrovia).
func foundationDefect(_ time: WeeklyTime, ours: Int64?, theirs: Int64?, rules: TimeZoneRules) -> String? {
  guard let ours else { return nil }
  guard let theirs else { return "Foundation finds nothing" }
  let offset = { (instant: Int64) in rules.offset(at: Timestamp(secondsSince1970: instant)) }
  let local = LocalDateTime(Timestamp(secondsSince1970: theirs), in: rules)
  let theirsShows =
    local.date.weekday == time.weekday && local.hour == time.hour && local.minute == time.minute && local.second == 0
  if !theirsShows { return "Foundation answers a time that was not asked for" }
  guard theirs > ours else { return nil }
  let changes = rules.changeCandidates(in: (ours - 86_400)...ours).filter { offset($0 - 1) != offset($0) }
  let isIrregular = { (change: Int64) in
    let shift = offset(change) - offset(change - 1)
    let wallClock = change + Int64(offset(change - 1))
    return shift.magnitude != 3600 || (wallClock % 3600 + 3600) % 3600 != 0
  }
  if changes.contains(where: isIrregular) {
    return "Foundation skips an occurrence on the day of an irregular change"
  }
  if offset(ours) % 60 != 0 { return "Foundation skips an occurrence at an offset with seconds" }
  return nil
}

/// The reference answer, from ``TimeZoneRules/offset(at:)`` alone: sweep time forward from
/// `after`, find each change of offset (sampled every hour, then bisected to the second),
/// and return the first instant the wall clock shows the time, or the end of a gap that
/// skips it on that same day. From a showing itself, its repeat does not count.
func referenceNextOccurrence(_ time: WeeklyTime, after: Int64, rules: TimeZoneRules) -> Int64? {
  func offset(_ instant: Int64) -> Int64 { Int64(rules.offset(at: Timestamp(secondsSince1970: instant))) }
  func day(_ local: Int64) -> Int64 { local >= 0 ? local / 86_400 : (local - 86_399) / 86_400 }
  let timeOfDay = Int64(time.hour * 3600 + time.minute * 60)
  func matches(_ local: Int64) -> Bool {
    local - day(local) * 86_400 == timeOfDay && CivilDate.weekday(daysSince1970: day(local)) == time.weekday
  }
  let excluded: Int64? = matches(after + offset(after)) ? after + offset(after) : nil
  var start = after
  let limit = after + 30 * 86_400
  while start < limit {
    let startOffset = offset(start)
    var probe = start
    while probe < limit, offset(probe) == startOffset { probe += 3600 }
    var low = max(start, probe - 3600)
    var high = probe
    if offset(high) == startOffset { high = limit }
    while high - low > 1 {
      let middle = low + (high - low) / 2
      if offset(middle) == startOffset { low = middle } else { high = middle }
    }
    let end = high  // the first instant with another offset, or the limit
    // Showings in [start, end).
    var local = day(start + startOffset) * 86_400 + timeOfDay
    while local < end + startOffset {
      if local - startOffset > after, local >= start + startOffset, matches(local), local != excluded {
        return local - startOffset
      }
      local += 86_400
    }
    if end >= limit { return nil }
    // A gap at `end`: local times [end + startOffset, end + newOffset) are never shown.
    let newOffset = offset(end)
    if newOffset > startOffset {
      var skipped = day(end + startOffset) * 86_400 + timeOfDay
      while skipped < end + newOffset {
        if skipped >= end + startOffset, matches(skipped), skipped != excluded, day(end + newOffset) == day(skipped) {
          return end
        }
        skipped += 86_400
      }
    }
    start = end
  }
  return nil
}
