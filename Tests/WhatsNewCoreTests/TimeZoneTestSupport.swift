import Foundation
import WhatsNewCore

/// The system's tz database, for the time zone tests.
enum ZoneInfo {
  static let directory = "/usr/share/zoneinfo"

  /// The bytes of zone `name`'s TZif file.
  static func bytes(_ name: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
      throw MissingZone(name: name)
    }
    return Array(data)
  }

  /// Zone `name`'s rules, read from its file.
  static func rules(_ name: String) throws -> TimeZoneRules {
    try TimeZoneRules(identifier: name, tzif: bytes(name))
  }

  /// Every canonical zone (the `Z` lines of `tzdata.zi`; links are left out).
  static let canonicalZones: [String] = {
    guard let text = try? String(contentsOfFile: directory + "/tzdata.zi", encoding: .utf8) else { return [] }
    return text.split(separator: "\n").filter { $0.hasPrefix("Z ") }.map { String($0.split(separator: " ")[1]) }
  }()

  struct MissingZone: Error, CustomStringConvertible {
    var name: String
    var description: String { "no zone file for \(name) under \(ZoneInfo.directory) (run make deps: tzdata)" }
  }
}

extension Timestamp {
  /// `2026-03-29T01:00:00Z` (UTC only), for readable test tables.
  static func utc(_ text: String) -> Timestamp {
    let digits = text.split(whereSeparator: { !$0.isNumber }).map { Int($0)! }
    let days = CivilDate(year: digits[0], month: digits[1], day: digits[2]).daysSince1970
    return Timestamp(secondsSince1970: days * 86_400 + Int64(digits[3] * 3600 + digits[4] * 60 + digits[5]))
  }
}
