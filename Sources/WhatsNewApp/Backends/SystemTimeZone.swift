public import Foundation

/// The user's time zone, chosen the way the C library chooses it, with Foundation's
/// `TimeZone` (ICU's copy of the tz database).
///
/// - `TZ` unset: the zone `/etc/localtime` links to (`/usr/share/zoneinfo/Europe/Paris` is
///   Europe/Paris), else the name in `/etc/timezone`, else Foundation's own guess.
/// - `TZ` set but empty: UTC, as the C library does.
/// - `TZ=Europe/Paris` or `TZ=:Europe/Paris`: that zone; `TZ=:/usr/share/zoneinfo/Europe/Paris`
///   names the zone by its file.
///
/// A `TZ` that names no zone Foundation knows (a POSIX rule such as `CET-1CEST,M3.5.0`, a
/// misspelling) gives UTC: a time zone never stops the app.
///
/// ```swift
/// SystemTimeZone.current(environment: ["TZ": "Europe/Amsterdam"]).identifier  // "Europe/Amsterdam"
/// ```
public enum SystemTimeZone {
  /// The zone `environment` (its `TZ`) asks for. `localtimePath` and `timezoneNamePath` are
  /// the system's defaults, replaceable for tests.
  public static func current(
    environment: [String: String], localtimePath: String = "/etc/localtime", timezoneNamePath: String = "/etc/timezone"
  ) -> TimeZone {
    guard var name = environment["TZ"] else {
      return systemDefault(localtimePath: localtimePath, timezoneNamePath: timezoneNamePath) ?? .current
    }
    if name.hasPrefix(":") { name.removeFirst() }
    if name.isEmpty { return .gmt }
    if name == localtimePath { return systemDefault(localtimePath: localtimePath, timezoneNamePath: timezoneNamePath) ?? .gmt }
    if name.hasPrefix("/") { return zoneName(fromPath: name).flatMap(TimeZone.init(identifier:)) ?? .gmt }
    return TimeZone(identifier: name) ?? .gmt
  }

  /// The zone `/etc/localtime` links to, else the one `/etc/timezone` names; `nil` when neither says.
  static func systemDefault(localtimePath: String, timezoneNamePath: String) -> TimeZone? {
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: localtimePath),
      let zone = zoneName(fromPath: target).flatMap(TimeZone.init(identifier:))
    {
      return zone
    }
    guard let text = try? String(contentsOfFile: timezoneNamePath, encoding: .utf8),
      let firstLine = text.split(whereSeparator: \.isNewline).first
    else { return nil }
    return TimeZone(identifier: firstLine.trimmingCharacters(in: .whitespaces))
  }

  /// `Europe/Paris` from `/usr/share/zoneinfo/Europe/Paris` or `../usr/share/zoneinfo/Europe/Paris`.
  static func zoneName(fromPath path: String) -> String? {
    guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return nil }
    let name = String(path[range.upperBound...])
    return name.isEmpty ? nil : name
  }
}
