/// An instant in time: whole seconds since 1970-01-01 00:00:00 UTC, leap seconds not counted
/// (POSIX time).
///
/// A timestamp names the same instant everywhere; what it reads as on a wall clock depends
/// on the time zone (see ``TimeZoneRules`` and ``LocalDateTime``). The app's clock hands
/// them out, and the weekly review's schedule is computed in them.
///
/// ```swift
/// let monday = Timestamp(secondsSince1970: 1_796_040_000)  // 2026-11-30T12:00:00Z
/// let later = monday.adding(seconds: 3600)
/// monday < later  // true
/// ```
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Seconds since 1970-01-01 00:00:00 UTC; negative before it.
  public var secondsSince1970: Int64

  /// The instant `secondsSince1970` seconds after (or, when negative, before) the epoch.
  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = secondsSince1970
  }

  /// 1970-01-01 00:00:00 UTC.
  public static let epoch = Timestamp(secondsSince1970: 0)

  /// The instant `seconds` later (earlier when negative), saturating at the ends of `Int64`
  /// instead of trapping.
  public func adding(seconds: Int64) -> Timestamp {
    let (sum, overflow) = secondsSince1970.addingReportingOverflow(seconds)
    if overflow { return Timestamp(secondsSince1970: seconds > 0 ? .max : .min) }
    return Timestamp(secondsSince1970: sum)
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.secondsSince1970 < rhs.secondsSince1970
  }

  /// The instant in UTC, RFC 3339 (`2026-11-30T12:00:00Z`).
  public var description: String { LocalDateTime(self, in: .utc).rfc3339 }
}
