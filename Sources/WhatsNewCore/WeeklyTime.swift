/// A time of the week on the local wall clock, such as "Sundays at 18:00": when a weekly
/// notification fires.
///
/// ``nextOccurrence(after:in:)`` finds the next instant it happens, with the semantics of
/// Foundation's `Calendar.nextDate(after:matching:matchingPolicy: .nextTime)` for a
/// weekday, hour and minute (seconds zero):
/// - the result is the first instant strictly after the given one at which a wall clock in
///   the zone shows the weekday and time;
/// - a local time that happens twice, when the clocks go back, maps to its first showing;
///   the repeat is the next occurrence only from an instant strictly between the two (from
///   the first showing itself, when the notification has just fired, it is next week's);
/// - a local time that a daylight-saving gap skips maps to the first instant after the gap
///   (02:30 on a night that jumps from 02:00 to 03:00 gives 03:00), unless the gap runs
///   past the end of that day: then the day has no occurrence (Samoa skipped Friday
///   2011-12-30 whole, so the next Friday counts).
///
/// Foundation itself departs from these rules in rare corners: on days with a change that
/// is not one whole hour on the hour (Lord Howe's half hour, Chatham's 02:45), for a
/// Saturday time when Sunday's midnight is skipped, and at offsets with seconds. The
/// tests (`TimeZoneDifferentialTests`) list them.
///
/// ```swift
/// let review = WeeklyTime(weekday: .sunday, hour: 18, minute: 0)
/// let monday = Timestamp(secondsSince1970: 1_796_040_000)  // 2026-11-30T12:00:00Z
/// let next = review.nextOccurrence(after: monday, in: .utc)!
/// LocalDateTime(next, in: .utc).rfc3339  // "2026-12-06T18:00:00Z"
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

  /// The first instant after `instant` at which a wall clock in `rules` shows this weekday
  /// and time (or, when a daylight-saving gap skips it, the first instant after the gap).
  ///
  /// `nil` when the hour or minute is out of range, or `instant` lies beyond the years the
  /// rules can be evaluated in (about 142 million years either side of 1970).
  public func nextOccurrence(after instant: Timestamp, in rules: TimeZoneRules) -> Timestamp? {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    let now = instant.secondsSince1970
    guard TimeZoneRules.supportedRange.contains(now) else { return nil }
    let secondOfDay = Int64(hour * 3600 + minute * 60)
    // From the day before today's local date (local time can step back over midnight),
    // try each matching day until one has an occurrence after `now`. Two weeks are plenty
    // even when a zone skips a whole day; four cover any data.
    let today = floorDivision(now + Int64(rules.offset(at: instant)), 86_400).quotient
    for day in (today - 1)...(today + 28) where CivilDate.weekday(daysSince1970: day) == weekday {
      switch rules.resolve(localSeconds: day * 86_400 + secondOfDay) {
      case .shown(let instants):
        // In time order: the first showing, then its repeat when the clocks went back. From
        // a showing itself (the notification just fired), its repeat does not count.
        if instants.contains(now) { continue }
        if let next = instants.first(where: { $0 > now }) { return Timestamp(secondsSince1970: next) }
      case .skipped(let resumesAt):
        // The clock resumes after the gap; when that is already another date, the zone
        // skipped the rest of this day (Samoa skipped 2011-12-30 whole), so no occurrence.
        let resumesOn = floorDivision(resumesAt + Int64(rules.offset(at: Timestamp(secondsSince1970: resumesAt))), 86_400)
        if resumesAt > now, resumesOn.quotient == day { return Timestamp(secondsSince1970: resumesAt) }
      case .unresolved:
        continue
      }
    }
    return nil
  }
}

/// Where a local wall-clock time falls in a zone.
enum LocalTimeResolution: Equatable {
  /// The clock shows it at these instants, ascending: once, or again when the clocks went
  /// back over it.
  case shown([Int64])
  /// A gap skips it; the clock resumes at the instant `resumesAt`, past it.
  case skipped(resumesAt: Int64)
  /// Neither (only with inconsistent data).
  case unresolved
}

extension TimeZoneRules {
  /// The instants at which a wall clock in this zone shows `localSeconds` (seconds since
  /// 1970-01-01 00:00 on the local calendar), or the gap that skips it.
  func resolve(localSeconds local: Int64) -> LocalTimeResolution {
    // Offsets stay within ±26 hours (the parsers check), so every instant showing `local`
    // lies within two days of it.
    let window = (local - 2 * 86_400)...(local + 2 * 86_400)
    let boundaries = [window.lowerBound] + changeCandidates(in: window)
    var solutions: [Int64] = []
    var offsets: [Int64] = []
    for (index, start) in boundaries.enumerated() {
      let end = index + 1 < boundaries.count ? boundaries[index + 1] : window.upperBound + 1
      let offset = Int64(offset(at: Timestamp(secondsSince1970: start)))
      offsets.append(offset)
      let instant = local - offset
      if instant >= start, instant < end { solutions.append(instant) }
    }
    if !solutions.isEmpty { return .shown(solutions) }
    // A gap: the first change after which the clock shows a later time.
    for index in boundaries.indices.dropFirst() where boundaries[index] + offsets[index] > local {
      return .skipped(resumesAt: boundaries[index])
    }
    return .unresolved
  }
}
