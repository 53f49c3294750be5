import Foundation
import TestSupport
import Testing

@testable import WhatsNewApp

/// A `TZ` that names no zone the app knows (issue 22): the reminder is in UTC, and the
/// person is told so once at start and in `notifications`, instead of an hour moving silently.
@Suite("A TZ that names no zone")
struct UnknownTimeZoneTests {
  @Test(
    "which TZ values name no zone",
    arguments: [
      ("Mars/Olympus", "Mars/Olympus"), ("CET-1CEST,M3.5.0,M10.5.0/3", "CET-1CEST,M3.5.0,M10.5.0/3"),
      (":Mars/Olympus", "Mars/Olympus"), ("Europe/Paris", nil), (":Europe/Paris", nil), ("", nil), ("UTC", nil),
      ("/usr/share/zoneinfo/Europe/Paris", nil),
    ] as [(String, String?)])
  func unknownZone(tz: String, expected: String?) {
    #expect(SystemTimeZone.unknownZone(environment: ["TZ": tz]) == expected)
    #expect(SystemTimeZone.unknownZone(environment: [:]) == nil, "TZ unset: the system's zone")
  }

  @Test("start and notifications say the reminder is in UTC, and why", arguments: ["Mars/Olympus", "CET-1CEST"])
  func saysUTC(tz: String) throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(
      ["--db", directory.path("s.sqlite"), "--upgrade-from", "2.14.0"], input: "notifications\n",
      environment: ["TZ": tz])
    let message = "TZ is '\(tz)', which names no time zone this app knows"
    #expect(result.error.components(separatedBy: message).count == 2, "once at start: \(result.error)")
    #expect(result.output.replacingOccurrences(of: "\n  ", with: " ").contains(message), "in notifications: \(result.output)")
    #expect(result.output.contains("(GMT)") || result.output.contains("UTC"), "\(result.output)")
  }

  @Test("a zone that exists says nothing of the kind")
  func knownZone() throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(
      ["--db", directory.path("s.sqlite"), "--upgrade-from", "2.14.0"], input: "notifications\n",
      environment: ["TZ": "Europe/Paris"])
    #expect(!result.error.contains("names no time zone") && !result.output.contains("names no time zone"))
  }
}
