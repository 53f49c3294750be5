package import Foundation
import Glibc
import WhatsNewCore

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
package enum SystemTimeZone {
  /// The zone `environment` (its `TZ`) asks for. `localtimePath` and `timezoneNamePath` are
  /// the system's defaults, replaceable for tests.
  package static func current(
    environment: [String: String], localtimePath: String = "/etc/localtime", timezoneNamePath: String = "/etc/timezone"
  ) -> TimeZone {
    guard let name = zoneSetting(environment) else {
      return systemDefault(localtimePath: localtimePath, timezoneNamePath: timezoneNamePath) ?? .current
    }
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

  /// The `TZ` that names no zone Foundation knows (`Mars/Olympus`, a POSIX rule such as
  /// `CET-1CEST,M3.5.0`), sanitized, or `nil` when `TZ` is unset, empty or a zone: the value
  /// the start and `notifications` name when they say the reminder is in UTC.
  package static func unknownZone(environment: [String: String]) -> String? {
    guard let name = zoneSetting(environment) else { return nil }
    if name.isEmpty || name.hasPrefix("/") { return nil }
    guard TimeZone(identifier: name) == nil else { return nil }
    return TextSanitizer.clean(String(name.prefix(64)))
  }

  /// `TZ` without the leading `:` the C library allows; `nil` when unset.
  static func zoneSetting(_ environment: [String: String]) -> String? {
    environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
  }

  /// `Europe/Paris` from `/usr/share/zoneinfo/Europe/Paris` or `../usr/share/zoneinfo/Europe/Paris`.
  static func zoneName(fromPath path: String) -> String? {
    guard let range = path.range(of: "zoneinfo/", options: .backwards) else { return nil }
    let name = String(path[range.upperBound...])
    return name.isEmpty ? nil : name
  }

  /// A `TZ` whose file the C library must not read: where it points and why not.
  package struct FileProblem: Sendable, Equatable {
    /// The file `TZ` names (a relative name is under `TZDIR`, `/usr/share/zoneinfo` by default).
    package var path: String
    /// What it is instead of a zone file: ``FileBytes/Refusal``'s words.
    package var reason: String
  }

  /// The largest zone file read: the biggest in the tz database is a few KiB.
  package static let fileSizeLimit = 1 << 20

  /// Checks the file the C library would read for `environment`'s `TZ` (`tzset`, called by
  /// ICU as soon as a date is formatted), as other files are checked: a regular file of at
  /// most ``fileSizeLimit`` bytes, looked at on a descriptor opened without waiting. A FIFO
  /// there would block the process in `tzset`, where no signal handler helps.
  ///
  /// `nil` when there is nothing to refuse: `TZ` unset or empty, no such file (a POSIX rule
  /// such as `CET-1CEST`, or a name the C library will not find), or a sound zone file.
  package static func fileProblem(environment: [String: String]) -> FileProblem? {
    guard let name = zoneSetting(environment), !name.isEmpty else { return nil }
    let directory = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
    let path = name.hasPrefix("/") ? name : directory + "/" + name
    switch FileBytes.contents(of: path, limit: fileSizeLimit) {
    case .success:
      return nil
    case .failure(.cannotOpen):
      // Missing: the C library reads nothing either (a rule, a misspelling). Anything else
      // (no permission, a loop of links) it cannot read either.
      return nil
    case .failure(let refusal):
      return FileProblem(path: path, reason: refusal.description)
    }
  }

  /// Keeps the C library and ICU away from a `TZ` file that ``fileProblem(environment:)``
  /// refuses: `TZ` becomes UTC for this process (`UTC0`, a rule that reads no file) and in
  /// the returned environment (empty, which ``current(environment:localtimePath:timezoneNamePath:)``
  /// reads as UTC). Call it first thing, before anything formats a date. Returns the problem
  /// to tell the user about, once.
  package static func refuseUnsafeFile(in environment: inout [String: String]) -> FileProblem? {
    guard let problem = fileProblem(environment: environment) else { return nil }
    setenv("TZ", "UTC0", 1)
    environment["TZ"] = ""
    return problem
  }
}
