import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// Choosing the user's zone from `TZ`, `/etc/localtime` and `/etc/timezone`, over a temporary
/// `etc` directory.
@Suite("The user's time zone")
struct SystemTimeZoneTests {
  /// What the fixture's `/etc/localtime` is.
  enum Localtime: Sendable {
    case linkToAmsterdam, relativeLinkToTokyo, copyOfAmsterdam, missing
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var environment: [String: String]
    var localtime: Localtime = .linkToAmsterdam
    var timezoneFile: String? = nil
    var identifier: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "TZ unset: the zone /etc/localtime links to", environment: [:], identifier: "Europe/Amsterdam"),
    Case(name: "a relative link", environment: [:], localtime: .relativeLinkToTokyo, identifier: "Asia/Tokyo"),
    Case(
      name: "a copy: /etc/timezone names it", environment: [:], localtime: .copyOfAmsterdam,
      timezoneFile: "  Europe/Amsterdam \n", identifier: "Europe/Amsterdam"),
    Case(name: "TZ empty: UTC, as the C library does", environment: ["TZ": ""], identifier: "GMT"),
    Case(name: "':' alone: UTC", environment: ["TZ": ":"], identifier: "GMT"),
    Case(name: "Area/City", environment: ["TZ": "America/Santiago"], identifier: "America/Santiago"),
    Case(name: ":Area/City", environment: ["TZ": ":Australia/Lord_Howe"], identifier: "Australia/Lord_Howe"),
    Case(
      name: "a zone by its file", environment: ["TZ": ":/usr/share/zoneinfo/Africa/Casablanca"], identifier: "Africa/Casablanca"),
    Case(name: "a zone named like a rule", environment: ["TZ": "EST5EDT"], identifier: "EST5EDT"),
    Case(name: "a zone nobody knows: UTC", environment: ["TZ": "Europe/Nowhere"], identifier: "GMT"),
    Case(name: "a POSIX rule: UTC", environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"], identifier: "GMT"),
    Case(name: "a path climbing out: UTC", environment: ["TZ": "../../etc/passwd"], identifier: "GMT"),
    Case(name: "a device: UTC", environment: ["TZ": ":/dev/zero"], identifier: "GMT"),
  ]

  @Test("chooses the zone like the C library, and falls back to UTC", arguments: cases)
  func chooses(testCase: Case) throws {
    let directory = try TemporaryDirectory()
    let files = FileManager.default
    let localtime = directory.path("localtime")
    let timezone = directory.path("timezone")
    switch testCase.localtime {
    case .linkToAmsterdam:
      try files.createSymbolicLink(atPath: localtime, withDestinationPath: "/usr/share/zoneinfo/Europe/Amsterdam")
    case .relativeLinkToTokyo:
      try files.createSymbolicLink(atPath: localtime, withDestinationPath: "../usr/share/zoneinfo/Asia/Tokyo")
    case .copyOfAmsterdam: try files.copyItem(atPath: "/usr/share/zoneinfo/Europe/Amsterdam", toPath: localtime)
    case .missing: break
    }
    if let text = testCase.timezoneFile { try Data(text.utf8).write(to: URL(fileURLWithPath: timezone)) }
    let zone = SystemTimeZone.current(
      environment: testCase.environment, localtimePath: localtime, timezoneNamePath: timezone)
    #expect(zone.identifier == testCase.identifier)
  }

  @Test("people are shown 'UTC' for Foundation's GMT, and every other zone by its identifier")
  func names() throws {
    #expect(RFC3339.name(of: .gmt) == "UTC")
    #expect(RFC3339.name(of: try #require(TimeZone(identifier: "Europe/Amsterdam"))) == "Europe/Amsterdam")
  }

  /// What a `TZ` names, planted in a temporary directory (`TZDIR` points there for names).
  enum Planted: String, CaseIterable, Sendable {
    case fifo, directory, hugeFile, zoneFile, missing
  }

  @Test(
    "a TZ file that is not a regular zone file of sane size is refused before anything reads it",
    arguments: [
      (":", Planted.fifo, "it is a FIFO, not a regular file" as String?), ("", .fifo, "it is a FIFO, not a regular file"),
      ("name", .fifo, "it is a FIFO, not a regular file"), (":", .directory, "it is a directory, not a regular file"),
      (":", .hugeFile, "over the 1048576-byte limit"), (":", .zoneFile, nil), (":", .missing, nil),
    ])
  func refusesUnsafeFiles(prefix: String, planted: Planted, reason: String?) throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("zone")
    switch planted {
    case .fifo: #expect(mkfifo(path, 0o600) == 0)
    case .directory: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    case .hugeFile: try Data(count: SystemTimeZone.fileSizeLimit + 1).write(to: URL(fileURLWithPath: path))
    case .zoneFile: try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Europe/Amsterdam", toPath: path)
    case .missing: break
    }
    // "name": a relative name, which the C library looks for under TZDIR.
    let value = prefix == "name" ? "zone" : prefix + path
    let problem = SystemTimeZone.fileProblem(environment: ["TZ": value, "TZDIR": directory.path])
    if let reason {
      #expect(problem?.reason.contains(reason) == true, "\(String(describing: problem))")
      #expect(problem?.path == path)
    } else {
      #expect(problem == nil)
    }
  }
}
