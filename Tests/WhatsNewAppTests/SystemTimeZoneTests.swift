import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// Loading the user's zone from `TZ`, `TZDIR`, `/etc/localtime` and `/etc/timezone`, over a
/// temporary zone directory built from real files.
@Suite("The user's time zone")
struct SystemTimeZoneTests {
  /// What each case expects: the identifier and the offset on 2026-07-01 (summer in the north).
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var environment: [String: String]
    var localtime: Localtime = .linkToAmsterdam
    var timezoneFile: String? = nil
    var identifier: String
    var summerOffset: Int
    var testDescription: String { name }
  }

  /// What the fixture's `/etc/localtime` is.
  enum Localtime: Sendable {
    case linkToAmsterdam, copyOfAmsterdam, missing, corrupt
  }

  /// `zoneinfo/` with Europe/Amsterdam, UTC, EST5EDT and a corrupt Broken/Zone, plus
  /// `outside`, a valid zone (Asia/Tokyo) that must never be reached with `..`.
  final class Fixture {
    let directory: TemporaryDirectory
    var zoneDirectory: String { directory.path("zoneinfo") }

    init() throws {
      directory = try TemporaryDirectory()
      let files = FileManager.default
      for (name, source) in [
        ("Europe/Amsterdam", "Europe/Amsterdam"), ("UTC", "UTC"), ("EST5EDT", "America/New_York"),
      ] {
        let path = directory.path("zoneinfo/\(name)")
        try files.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try files.copyItem(atPath: "\(SystemTimeZone.defaultZoneDirectory)/\(source)", toPath: path)
      }
      try files.createDirectory(atPath: directory.path("zoneinfo/Broken"), withIntermediateDirectories: true)
      try Data("TZif2 but not really".utf8).write(to: URL(fileURLWithPath: directory.path("zoneinfo/Broken/Zone")))
      try files.copyItem(atPath: "\(SystemTimeZone.defaultZoneDirectory)/Asia/Tokyo", toPath: directory.path("outside"))
      try files.createDirectory(atPath: directory.path("empty"), withIntermediateDirectories: true)
    }

    /// Makes `etc/localtime` (and `etc/timezone`) as the case says; returns their paths.
    func etc(_ localtime: Localtime, timezoneFile: String?) throws -> (localtime: String, timezone: String) {
      let files = FileManager.default
      let etc = directory.path("etc")
      try files.createDirectory(atPath: etc, withIntermediateDirectories: true)
      let localtimePath = etc + "/localtime"
      switch localtime {
      case .linkToAmsterdam:
        try files.createSymbolicLink(atPath: localtimePath, withDestinationPath: zoneDirectory + "/Europe/Amsterdam")
      case .copyOfAmsterdam: try files.copyItem(atPath: zoneDirectory + "/Europe/Amsterdam", toPath: localtimePath)
      case .missing: break
      case .corrupt: try Data("not TZif".utf8).write(to: URL(fileURLWithPath: localtimePath))
      }
      if let timezoneFile { try Data(timezoneFile.utf8).write(to: URL(fileURLWithPath: etc + "/timezone")) }
      return (localtimePath, etc + "/timezone")
    }
  }

  static let july = Timestamp(secondsSince1970: 1_782_864_000)  // 2026-07-01T00:00:00Z

  static let cases: [Case] = [
    // TZ unset or empty: /etc/localtime.
    Case(name: "unset: the link's target names the zone", environment: [:], identifier: "Europe/Amsterdam", summerOffset: 7200),
    Case(name: "empty: the same", environment: ["TZ": ""], identifier: "Europe/Amsterdam", summerOffset: 7200),
    Case(name: "':' alone: the same", environment: ["TZ": ":"], identifier: "Europe/Amsterdam", summerOffset: 7200),
    Case(
      name: "a copy: /etc/timezone names it", environment: [:], localtime: .copyOfAmsterdam,
      timezoneFile: "  Europe/Amsterdam \n", identifier: "Europe/Amsterdam", summerOffset: 7200),
    Case(
      name: "a copy and no /etc/timezone: 'localtime'", environment: [:], localtime: .copyOfAmsterdam,
      identifier: "localtime", summerOffset: 7200),
    Case(
      name: "a copy and a nonsense /etc/timezone: 'localtime'", environment: [:], localtime: .copyOfAmsterdam,
      timezoneFile: "../../etc/passwd\n", identifier: "localtime", summerOffset: 7200),
    Case(name: "no /etc/localtime: UTC", environment: [:], localtime: .missing, identifier: "UTC", summerOffset: 0),
    Case(name: "a corrupt /etc/localtime: UTC", environment: [:], localtime: .corrupt, identifier: "UTC", summerOffset: 0),
    // A zone name, with or without ':', under TZDIR.
    Case(name: ":Area/City", environment: ["TZ": ":Europe/Amsterdam"], identifier: "Europe/Amsterdam", summerOffset: 7200),
    Case(name: "Area/City", environment: ["TZ": "Europe/Amsterdam"], identifier: "Europe/Amsterdam", summerOffset: 7200),
    Case(name: "UTC from its file", environment: ["TZ": "UTC"], identifier: "UTC", summerOffset: 0),
    Case(name: "a file that looks like a rule wins", environment: ["TZ": "EST5EDT"], identifier: "EST5EDT", summerOffset: -14400),
    Case(
      name: "a missing zone that is not a rule: UTC", environment: ["TZ": "Europe/Nowhere"], identifier: "UTC", summerOffset: 0),
    Case(name: "a corrupt zone file: UTC", environment: ["TZ": "Broken/Zone"], identifier: "UTC", summerOffset: 0),
    Case(name: ":a corrupt zone file: UTC", environment: ["TZ": ":Broken/Zone"], identifier: "UTC", summerOffset: 0),
    // POSIX rules.
    Case(
      name: "a POSIX rule", environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"], identifier: "CET-1CEST,M3.5.0,M10.5.0/3",
      summerOffset: 7200),
    Case(name: "a quoted POSIX rule", environment: ["TZ": "<-03>3"], identifier: "<-03>3", summerOffset: -10800),
    Case(name: "UTC0", environment: ["TZ": "UTC0"], identifier: "UTC0", summerOffset: 0),
    // Garbage and path tricks: UTC, never the file outside.
    Case(name: "garbage", environment: ["TZ": "not a zone!!"], identifier: "UTC", summerOffset: 0),
    Case(name: "../../etc/passwd", environment: ["TZ": "../../etc/passwd"], identifier: "UTC", summerOffset: 0),
    Case(name: "../outside", environment: ["TZ": "../outside"], identifier: "UTC", summerOffset: 0),
    Case(name: ":../outside", environment: ["TZ": ":../outside"], identifier: "UTC", summerOffset: 0),
    Case(name: "Europe/../../outside", environment: ["TZ": "Europe/../../outside"], identifier: "UTC", summerOffset: 0),
    Case(name: "a device", environment: ["TZ": ":/dev/zero"], identifier: "UTC", summerOffset: 0),
    Case(name: "standard input, never read", environment: ["TZ": ":/dev/stdin"], identifier: "UTC", summerOffset: 0),
  ]

  @Test("chooses the zone like the C library, and falls back to UTC", arguments: cases)
  func loads(testCase: Case) throws {
    let fixture = try Fixture()
    let etc = try fixture.etc(testCase.localtime, timezoneFile: testCase.timezoneFile)
    var environment = testCase.environment
    environment["TZDIR"] = fixture.zoneDirectory
    let zone = SystemTimeZone.current(environment: environment, localtimePath: etc.localtime, timezoneNamePath: etc.timezone)
    #expect(zone.identifier == testCase.identifier)
    #expect(zone.offset(at: Self.july) == testCase.summerOffset)
  }

  @Test("UTC with an empty TZDIR is still UTC")
  func utcWithoutFile() throws {
    let fixture = try Fixture()
    let zone = SystemTimeZone.current(environment: ["TZ": "UTC", "TZDIR": fixture.directory.path("empty")])
    #expect(zone == .utc)
  }

  @Test("an absolute path names the zone after 'zoneinfo/', and ':/etc/localtime' is the default zone")
  func absolutePaths() throws {
    let fixture = try Fixture()
    let etc = try fixture.etc(.linkToAmsterdam, timezoneFile: nil)
    let absolute = SystemTimeZone.current(environment: ["TZ": ":" + fixture.zoneDirectory + "/Europe/Amsterdam"])
    #expect(absolute.identifier == "Europe/Amsterdam")
    let viaLocaltime = SystemTimeZone.current(environment: ["TZ": ":" + etc.localtime], localtimePath: etc.localtime)
    #expect(viaLocaltime.identifier == "Europe/Amsterdam")
  }

  @Test("without TZDIR, the system's database")
  func defaultDirectory() {
    let tokyo = SystemTimeZone.current(environment: ["TZ": "Asia/Tokyo"])
    #expect(tokyo.identifier == "Asia/Tokyo")
    #expect(tokyo.offset(at: Self.july) == 32400)
  }
}
