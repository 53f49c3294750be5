public import WhatsNewCore
import WhatsNewSystem

/// The user's time zone, chosen the way the C library chooses it, read from the system's
/// tz database.
///
/// - `TZ` unset or empty: `/etc/localtime`, named after its symbolic link's target (the
///   part after `zoneinfo/`), else after `/etc/timezone`, else `localtime`.
/// - `TZ=:Europe/Paris` or `TZ=Europe/Paris`: the file of that name under `$TZDIR`
///   (default `/usr/share/zoneinfo`); a name with a `..` part is refused. `TZ=:/path` names
///   a file directly.
/// - otherwise a POSIX rule, such as `TZ=CET-1CEST,M3.5.0,M10.5.0/3` or `TZ=<-03>3`.
///
/// When nothing usable comes out (no such zone, an unreadable or corrupt file, a rule that
/// does not parse), the zone is UTC: a time zone never stops the app.
///
/// ```swift
/// let zone = SystemTimeZone.current(environment: ProcessEnvironment.variables())
/// zone.identifier  // "Europe/Amsterdam"
/// ```
public enum SystemTimeZone {
  /// The tz database's usual home.
  public static let defaultZoneDirectory = "/usr/share/zoneinfo"
  /// TZif files are tens of kilobytes; anything past this is not one.
  static let maximumFileSize = 1 << 20

  /// The zone `environment` (its `TZ` and `TZDIR`) asks for. `localtimePath` and
  /// `timezoneNamePath` are the system's defaults, replaceable for tests.
  public static func current(
    environment: [String: String], localtimePath: String = "/etc/localtime", timezoneNamePath: String = "/etc/timezone"
  ) -> TimeZoneRules {
    let localZone = { systemDefault(localtimePath: localtimePath, timezoneNamePath: timezoneNamePath) ?? .utc }
    guard let value = environment["TZ"], !value.isEmpty else { return localZone() }
    let zoneDirectory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultZoneDirectory
    if value.hasPrefix(":") {
      let name = String(value.dropFirst())
      if name.isEmpty || name == localtimePath { return localZone() }
      return zoneFile(named: name, in: zoneDirectory) ?? .utc
    }
    if let rules = zoneFile(named: value, in: zoneDirectory) { return rules }
    return (try? TimeZoneRules(posixRule: value)) ?? .utc
  }

  /// The zone in `/etc/localtime`, or `nil` when it is missing or not a TZif file.
  static func systemDefault(localtimePath: String, timezoneNamePath: String) -> TimeZoneRules? {
    guard let bytes = readRegularFile(localtimePath) else { return nil }
    let identifier =
      FileSystem.destinationOfSymbolicLink(localtimePath).flatMap(zoneName(fromLinkTarget:))
      ?? nameInTimezoneFile(timezoneNamePath) ?? "localtime"
    return try? TimeZoneRules(identifier: identifier, tzif: bytes)
  }

  /// The zone in file `name` under `zoneDirectory` (or at `name` itself when absolute),
  /// identified by `name`; `nil` for a name that climbs out with `..`, a missing file, or
  /// one that is not TZif.
  static func zoneFile(named name: String, in zoneDirectory: String) -> TimeZoneRules? {
    guard isSafeZoneName(name) else { return nil }
    let path = name.hasPrefix("/") ? name : zoneDirectory + "/" + name
    guard let bytes = readRegularFile(path) else { return nil }
    let identifier = name.hasPrefix("/") ? zoneName(fromLinkTarget: name) ?? name : name
    return try? TimeZoneRules(identifier: identifier, tzif: bytes)
  }

  /// Whether `name` stays inside the zone directory: no empty name, no `..` part, no NUL.
  static func isSafeZoneName(_ name: String) -> Bool {
    !name.isEmpty && !name.utf8.contains(0) && !name.split(separator: "/", omittingEmptySubsequences: false).contains("..")
  }

  /// `Europe/Paris` from `/usr/share/zoneinfo/Europe/Paris` or `../usr/share/zoneinfo/Europe/Paris`.
  static func zoneName(fromLinkTarget target: String) -> String? {
    guard let range = target.ranges(of: "zoneinfo/").last else { return nil }
    let name = String(target[range.upperBound...])
    return isSafeZoneName(name) ? name : nil
  }

  /// The first line of `/etc/timezone` (Debian's record of the zone's name), when it is
  /// a plausible zone name.
  static func nameInTimezoneFile(_ path: String) -> String? {
    guard let bytes = readRegularFile(path) else { return nil }
    let firstLine = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).first ?? []
    let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
    let trimmed = firstLine.drop(while: isBlank).reversed().drop(while: isBlank).reversed()
    let name = String(decoding: trimmed, as: UTF8.self)
    return isSafeZoneName(name) && name.utf8.count <= 255 ? name : nil
  }

  /// The bytes of a regular file (never a device or a pipe, which could block or never
  /// end), up to ``maximumFileSize``.
  static func readRegularFile(_ path: String) -> [UInt8]? {
    guard let status = FileSystem.status(path), status.isRegularFile else { return nil }
    return try? FileSystem.readFile(path, limit: maximumFileSize)
  }
}
