/// What a wall clock shows at an instant in a time zone: the civil date, the time of day
/// and the zone's offset from UTC then.
///
/// Formats as RFC 3339 (``rfc3339``) for machines and transcripts, with `Z` when the
/// offset is zero. Written by hand rather than with a date formatter, so nothing loads
/// locale data for one timestamp.
///
/// ```swift
/// let amsterdam = try TimeZoneRules(posixRule: "CET-1CEST,M3.5.0,M10.5.0/3")
/// let local = LocalDateTime(Timestamp(secondsSince1970: 1_796_061_600), in: amsterdam)
/// local.rfc3339           // "2026-11-30T19:00:00+01:00"
/// local.date.description  // "2026-11-30"
/// LocalDateTime(Timestamp(secondsSince1970: 1_796_061_600), in: .utc).rfc3339  // "2026-11-30T18:00:00Z"
/// ```
public struct LocalDateTime: Sendable, Hashable {
  /// The civil date on the wall calendar.
  public var date: CivilDate
  /// 0...23.
  public var hour: Int
  /// 0...59.
  public var minute: Int
  /// 0...59 (POSIX time has no leap seconds).
  public var second: Int
  /// The zone's offset from UTC at the instant, in seconds east of Greenwich.
  public var offsetFromUTC: Int

  /// The wall-clock reading of `instant` in `rules`.
  public init(_ instant: Timestamp, in rules: TimeZoneRules) {
    self.init(instant, offsetFromUTC: rules.offset(at: instant))
  }

  /// The wall-clock reading of `instant` at a fixed offset (seconds east of UTC, less than
  /// two days either way).
  public init(_ instant: Timestamp, offsetFromUTC offset: Int) {
    precondition(offset.magnitude < 2 * 86_400, "a UTC offset of less than two days")
    // Days and seconds apart, so no instant near the ends of Int64 overflows.
    let (days, secondOfDay) = floorDivision(instant.secondsSince1970, 86_400)
    let (carry, localSecond) = floorDivision(secondOfDay + Int64(offset), 86_400)
    date = CivilDate(daysSince1970: days + carry)
    hour = Int(localSecond / 3600)
    minute = Int(localSecond % 3600 / 60)
    second = Int(localSecond % 60)
    offsetFromUTC = offset
  }

  /// RFC 3339 with the offset: `2026-12-06T18:00:00Z` in UTC, `2026-12-06T18:00:00+01:00`
  /// elsewhere. An offset with seconds (old local mean times) is truncated to minutes, as
  /// RFC 3339 has no seconds there.
  public var rfc3339: String {
    let time = zeroPadded(hour, width: 2) + ":" + zeroPadded(minute, width: 2) + ":" + zeroPadded(second, width: 2)
    return date.description + "T" + time + Self.rfc3339Offset(offsetFromUTC)
  }

  /// `Z`, or `+hh:mm` / `-hh:mm`.
  static func rfc3339Offset(_ offset: Int) -> String {
    if offset == 0 { return "Z" }
    let magnitude = offset.magnitude
    return (offset < 0 ? "-" : "+") + zeroPadded(Int(magnitude / 3600), width: 2) + ":"
      + zeroPadded(Int(magnitude % 3600 / 60), width: 2)
  }
}
