/// A date on the proleptic Gregorian calendar (the Gregorian rules extended to all years,
/// with a year 0), without a time of day or a time zone.
///
/// Converts to and from a count of days since 1970-01-01 with Howard Hinnant's algorithms
/// (<https://howardhinnant.github.io/date_algorithms.html>), which are exact for every
/// date whose day count fits in an `Int64`.
///
/// ```swift
/// let date = CivilDate(year: 2026, month: 12, day: 6)
/// date.daysSince1970                       // 20_793
/// date.weekday                             // .sunday
/// CivilDate(daysSince1970: 20_793) == date // true
/// date.description                         // "2026-12-06"
/// ```
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year; 0 is 1 BCE, negative years come before it.
  public var year: Int
  /// The month, 1 (January) through 12.
  public var month: Int
  /// The day of the month, 1 through 31.
  public var day: Int

  /// A date from its parts; the parts are taken as given (see ``isValid``).
  public init(year: Int, month: Int, day: Int) {
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date `daysSince1970` days after 1970-01-01 (before it when negative).
  public init(daysSince1970: Int64) {
    let shifted = daysSince1970 + 719_468  // days since 0000-03-01
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097  // 0...146_096
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // 0...399
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // 0...365, from March 1
    let shiftedMonth = (5 * dayOfYear + 2) / 153  // 0...11, March is 0
    day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
    month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
    year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01; negative before it. Out-of-range months and days count on
  /// from the year's start as the formula does, so only use this on valid dates.
  public var daysSince1970: Int64 {
    let year = Int64(self.year) - (month <= 2 ? 1 : 0)
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400  // 0...399
    let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)  // March is 0
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1  // 0...365
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear  // 0...146_096
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The day of the week.
  public var weekday: Weekday { Self.weekday(daysSince1970: daysSince1970) }

  /// Whether the month is 1...12 and the day exists in it.
  public var isValid: Bool {
    (1...12).contains(month) && day >= 1 && day <= Self.daysInMonth(month, year: year)
  }

  /// The day of the week of the date `daysSince1970` days after 1970-01-01 (a Thursday).
  public static func weekday(daysSince1970: Int64) -> Weekday {
    // 0 is Monday: 1970-01-01 was a Thursday (3).
    let mondayBased = ((daysSince1970 % 7) + 7 + 3) % 7
    return Weekday.allCases[Int(mondayBased)]
  }

  /// Whether `year` has a February 29.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in `month` (1...12) of `year`.
  public static func daysInMonth(_ month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// ISO 8601: `2026-12-06` (the year has at least four digits, and a sign when negative).
  public var description: String {
    zeroPadded(year, width: 4) + "-" + zeroPadded(month, width: 2) + "-" + zeroPadded(day, width: 2)
  }
}

/// `value` in decimal with leading zeros up to `width` digits; a minus sign goes first.
///
/// `zeroPadded(7, width: 2)` is `"07"`, `zeroPadded(-7, width: 4)` is `"-0007"`. Pure, and
/// cheaper than `printf`-style formatting, whose variadic arguments the runtime inspects by
/// dynamic casts.
public func zeroPadded(_ value: Int, width: Int) -> String {
  let digits = String(value.magnitude)
  let padding = String(repeating: "0", count: max(0, width - digits.count))
  return (value < 0 ? "-" : "") + padding + digits
}

/// Integer division rounding toward negative infinity, with the matching remainder
/// (`0 <= remainder < divisor` for a positive divisor).
func floorDivision(_ dividend: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
  var quotient = dividend / divisor
  var remainder = dividend % divisor
  if remainder < 0 {
    quotient -= 1
    remainder += divisor
  }
  return (quotient, remainder)
}
