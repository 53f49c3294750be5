/// A POSIX `TZ` rule: a standard offset and, optionally, a daylight-saving offset with the
/// yearly dates and times it starts and ends, as in `CET-1CEST,M3.5.0,M10.5.0/3`.
///
/// Follows POSIX (Base Definitions, section 8.3) with the two extensions of RFC 8536
/// section 3.3.1 that TZif footers use: a transition time's hours may be negative and up to
/// 167 (`M3.5.0/-1`, `M9.1.6/24`), and daylight saving that starts on January 1 at 00:00
/// and ends on December 31 at 24:00 plus the daylight-saving shift is in force all year.
/// Offsets in the text count west of Greenwich (`EST5` is five hours behind UTC); this
/// type stores them east of Greenwich, like ``TimeZoneRules/offset(at:)``. A rule with a
/// daylight-saving name but no dates (`EST5EDT`) uses the United States' rules since 2007,
/// `M3.2.0,M11.1.0`, as the reference tz code does.
///
/// ```swift
/// let paris = try PosixTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
/// paris.standardOffset                                    // 3600
/// paris.offset(at: Timestamp(secondsSince1970: 1_782_820_800))  // 7200: 2026-06-30, summer time
/// ```
public struct PosixTimeZoneRule: Sendable, Hashable {
  /// The standard time's name: `CET`, or `-03` for `<-03>`.
  public var standardName: String
  /// Standard time's offset, seconds east of UTC.
  public var standardOffset: Int
  /// Daylight saving time, when the rule has it.
  public var daylightSaving: DaylightSaving?

  /// Daylight saving time: its name, offset and yearly start and end.
  public struct DaylightSaving: Sendable, Hashable {
    /// The daylight-saving time's name: `CEST`.
    public var name: String
    /// Daylight-saving time's offset, seconds east of UTC.
    public var offset: Int
    /// When it starts each year, in local standard time.
    public var start: Transition
    /// When it ends each year, in local daylight-saving time.
    public var end: Transition

    init(name: String, offset: Int, start: Transition, end: Transition) {
      self.name = name
      self.offset = offset
      self.start = start
      self.end = end
    }
  }

  /// A yearly moment: a day of the year and a time of that day (which may be negative or
  /// past 24 hours, moving the moment into a neighbouring day).
  public struct Transition: Sendable, Hashable {
    /// The day of the year.
    public var day: Day
    /// Seconds after the day's midnight, -167 through 167 hours.
    public var time: Int

    init(day: Day, time: Int) {
      self.day = day
      self.time = time
    }
  }

  /// How a rule names a day of the year.
  public enum Day: Sendable, Hashable {
    /// `Jn`: day 1 through 365, never counting February 29 (`J60` is always March 1).
    case julianSkippingLeapDay(Int)
    /// `n`: day 0 through 365, counting February 29 in leap years.
    case zeroBasedDayOfYear(Int)
    /// `Mm.w.d`: weekday `weekday` (0 is Sunday) of week `week` (1 through 5, where 5
    /// means the last) of month `month`.
    case monthWeekDay(month: Int, week: Int, weekday: Int)
  }

  /// A rule from its parts (the parser checks their ranges); offsets in seconds east of UTC.
  init(standardName: String, standardOffset: Int, daylightSaving: DaylightSaving? = nil) {
    self.standardName = standardName
    self.standardOffset = standardOffset
    self.daylightSaving = daylightSaving
  }

  /// Parses `text` as a POSIX `TZ` rule, the whole of it.
  ///
  /// - Throws: ``TimeZoneRulesError/invalidRule(rule:position:problem:)`` naming the first
  ///   character that does not fit and what was expected there.
  public init(parsing text: String) throws(TimeZoneRulesError) {
    var parser = RuleParser(text: text)
    self = try parser.parseRule()
  }

  /// The offset from UTC in force at `instant`, in seconds east of Greenwich.
  public func offset(at instant: Timestamp) -> Int {
    guard let daylightSaving else { return standardOffset }
    let moment = clampedToRuleRange(instant.secondsSince1970)
    let year = CivilDate(daysSince1970: floorDivision(moment + Int64(standardOffset), 86_400).quotient).year
    var inDaylightSaving = false
    var latest = Int64.min
    // The transitions of the year before, this one and the next bracket any instant, even
    // with transition times 167 hours away from midnight.
    for candidateYear in (year - 1)...(year + 1) {
      let (start, end) = transitionInstants(in: candidateYear, daylightSaving)
      // At a tie, the start wins: that is how "in force all year" works.
      if end <= moment, end > latest {
        latest = end
        inDaylightSaving = false
      }
      if start <= moment, start >= latest {
        latest = start
        inDaylightSaving = true
      }
    }
    return inDaylightSaving ? daylightSaving.offset : standardOffset
  }

  /// The instants at which the offset may change in `years`, ascending (an instant in
  /// the list does not promise a change: compare ``offset(at:)`` on both sides).
  func transitionInstants(years: ClosedRange<Int>) -> [Int64] {
    guard let daylightSaving else { return [] }
    var instants: [Int64] = []
    for year in years {
      let (start, end) = transitionInstants(in: year, daylightSaving)
      instants.append(start)
      instants.append(end)
    }
    return instants.sorted()
  }

  /// When daylight saving starts and ends in `year`, as instants.
  func transitionInstants(in year: Int, _ daylightSaving: DaylightSaving) -> (start: Int64, end: Int64) {
    let start = Self.localSeconds(of: daylightSaving.start, in: year) - Int64(standardOffset)
    let end = Self.localSeconds(of: daylightSaving.end, in: year) - Int64(daylightSaving.offset)
    return (start, end)
  }

  /// The local seconds since 1970-01-01 00:00 of `transition` in `year`.
  static func localSeconds(of transition: Transition, in year: Int) -> Int64 {
    dayNumber(of: transition.day, in: year) * 86_400 + Int64(transition.time)
  }

  /// Days since 1970-01-01 of `day` in `year`.
  static func dayNumber(of day: Day, in year: Int) -> Int64 {
    let januaryFirst = CivilDate(year: year, month: 1, day: 1).daysSince1970
    switch day {
    case .julianSkippingLeapDay(let number):
      let leapDay = CivilDate.isLeapYear(year) && number >= 60 ? 1 : 0
      return januaryFirst + Int64(number - 1 + leapDay)
    case .zeroBasedDayOfYear(let number):
      return januaryFirst + Int64(number)
    case .monthWeekDay(let month, let week, let weekday):
      let first = CivilDate(year: year, month: month, day: 1).daysSince1970
      let firstWeekday = CivilDate.weekday(daysSince1970: first).isoNumber % 7  // Sunday is 0
      var day = first + Int64((weekday - firstWeekday + 7) % 7 + 7 * (week - 1))
      let monthLength = Int64(CivilDate.daysInMonth(month, year: year))
      while day >= first + monthLength { day -= 7 }  // week 5: the last such weekday
      return day
    }
  }

  /// `seconds` moved into ``TimeZoneRules/supportedRange``, so no arithmetic overflows:
  /// beyond, the rule is evaluated at the nearest end.
  private func clampedToRuleRange(_ seconds: Int64) -> Int64 {
    min(max(seconds, TimeZoneRules.supportedRange.lowerBound), TimeZoneRules.supportedRange.upperBound)
  }
}

/// A cursor over a POSIX `TZ` rule's characters.
private struct RuleParser {
  let text: String
  let characters: [UInt8]
  var position = 0

  init(text: String) {
    self.text = text
    characters = Array(text.utf8)
  }

  mutating func parseRule() throws(TimeZoneRulesError) -> PosixTimeZoneRule {
    let standardName = try parseName(role: "the standard time's name")
    let standardOffset = -(try parseOffset(role: "the standard time's offset"))
    var rule = PosixTimeZoneRule(standardName: standardName, standardOffset: standardOffset, daylightSaving: nil)
    if atEnd { return rule }
    let daylightName = try parseName(role: "the daylight saving time's name or the end of the rule")
    var daylightOffset = standardOffset + 3600
    if let next = peek, next != UInt8(ascii: ",") {
      daylightOffset = -(try parseOffset(role: "the daylight saving time's offset or ','"))
    }
    var start = PosixTimeZoneRule.Transition(day: .monthWeekDay(month: 3, week: 2, weekday: 0), time: 7200)
    var end = PosixTimeZoneRule.Transition(day: .monthWeekDay(month: 11, week: 1, weekday: 0), time: 7200)
    if !atEnd {
      try expect(",", role: "',' and the date daylight saving time starts")
      start = try parseTransition(role: "the date daylight saving time starts")
      try expect(",", role: "',' and the date daylight saving time ends")
      end = try parseTransition(role: "the date daylight saving time ends")
      if !atEnd { throw failure("the end of the rule") }
    }
    rule.daylightSaving = .init(name: daylightName, offset: daylightOffset, start: start, end: end)
    return rule
  }

  /// `CET`, or `<-03>` (returned without the angle brackets); at least three characters.
  mutating func parseName(role: String) throws(TimeZoneRulesError) -> String {
    let begin = position
    if peek == UInt8(ascii: "<") {
      position += 1
      let nameStart = position
      while let character = peek,
        isAlphanumeric(character) || character == UInt8(ascii: "+")
          || character == UInt8(ascii: "-")
      {
        position += 1
      }
      let name = String(decoding: characters[nameStart..<position], as: UTF8.self)
      guard peek == UInt8(ascii: ">") else {
        throw failure("'>' to close \(role) (letters, digits, '+' and '-' only)")
      }
      position += 1
      guard name.utf8.count >= 3 else {
        position = begin
        throw failure("\(role) of at least three characters")
      }
      return name
    }
    while let character = peek, isLetter(character) { position += 1 }
    guard position - begin >= 3 else {
      throw failure("\(role): three or more letters, or '<' and a quoted name")
    }
    return String(decoding: characters[begin..<position], as: UTF8.self)
  }

  /// `[+-]hh[:mm[:ss]]` with hours 0 through 24, in seconds west of UTC as written.
  mutating func parseOffset(role: String) throws(TimeZoneRulesError) -> Int {
    try parseSignedTime(maximumHours: 24, role: "\(role), such as '5' or '-1:30'")
  }

  /// `date[/time]`.
  mutating func parseTransition(role: String) throws(TimeZoneRulesError) -> PosixTimeZoneRule.Transition {
    let day = try parseDay(role: role)
    var time = 7200
    if peek == UInt8(ascii: "/") {
      position += 1
      time = try parseSignedTime(maximumHours: 167, role: "a time of day after '/', such as '2' or '-1' or '26:30'")
    }
    return .init(day: day, time: time)
  }

  /// `Jn`, `n` or `Mm.w.d`.
  mutating func parseDay(role: String) throws(TimeZoneRulesError) -> PosixTimeZoneRule.Day {
    switch peek {
    case UInt8(ascii: "J"):
      position += 1
      let number = try parseNumber(in: 1...365, role: "a day from 1 to 365 after 'J'")
      return .julianSkippingLeapDay(number)
    case UInt8(ascii: "M"):
      position += 1
      let month = try parseNumber(in: 1...12, role: "a month from 1 to 12 after 'M'")
      try expect(".", role: "'.' and a week from 1 to 5")
      let week = try parseNumber(in: 1...5, role: "a week from 1 to 5")
      try expect(".", role: "'.' and a weekday from 0 (Sunday) to 6")
      let weekday = try parseNumber(in: 0...6, role: "a weekday from 0 (Sunday) to 6")
      return .monthWeekDay(month: month, week: week, weekday: weekday)
    default:
      let number = try parseNumber(in: 0...365, role: "\(role): 'Jn', 'n' or 'Mm.w.d'")
      return .zeroBasedDayOfYear(number)
    }
  }

  /// `[+-]h[h...][:mm[:ss]]` in seconds.
  mutating func parseSignedTime(maximumHours: Int, role: String) throws(TimeZoneRulesError) -> Int {
    var sign = 1
    if peek == UInt8(ascii: "+") {
      position += 1
    } else if peek == UInt8(ascii: "-") {
      sign = -1
      position += 1
    }
    var seconds = try parseNumber(in: 0...maximumHours, role: role) * 3600
    if peek == UInt8(ascii: ":") {
      position += 1
      seconds += try parseNumber(in: 0...59, role: "minutes from 00 to 59") * 60
      if peek == UInt8(ascii: ":") {
        position += 1
        seconds += try parseNumber(in: 0...59, role: "seconds from 00 to 59")
      }
    }
    return sign * seconds
  }

  /// Decimal digits whose value lies in `range`.
  mutating func parseNumber(in range: ClosedRange<Int>, role: String) throws(TimeZoneRulesError) -> Int {
    let begin = position
    var value = 0
    while let character = peek, isDigit(character) {
      value = min(value * 10 + Int(character - UInt8(ascii: "0")), Int(UInt32.max))
      position += 1
    }
    guard position > begin, range.contains(value) else {
      position = begin
      throw failure(role)
    }
    return value
  }

  mutating func expect(_ character: Unicode.Scalar, role: String) throws(TimeZoneRulesError) {
    guard peek == UInt8(ascii: character) else { throw failure(role) }
    position += 1
  }

  var peek: UInt8? { position < characters.count ? characters[position] : nil }
  var atEnd: Bool { position >= characters.count }

  func failure(_ expected: String) -> TimeZoneRulesError {
    // Characters, not bytes, for what people see and count.
    let rest = String(decoding: characters[position...], as: UTF8.self)
    let found = rest.first.map { $0.isASCII && !isPrintable(characters[position]) ? hexByte(characters[position]) : "'\($0)'" }
    let characterPosition = String(decoding: characters[..<position], as: UTF8.self).count
    return .invalidRule(rule: text, position: characterPosition, problem: "expected \(expected), found \(found ?? "the end")")
  }

  func isDigit(_ character: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) }
  func isLetter(_ character: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(character) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(character)
  }
  func isAlphanumeric(_ character: UInt8) -> Bool { isDigit(character) || isLetter(character) }
  func isPrintable(_ character: UInt8) -> Bool { (0x20...0x7E).contains(character) }
}
