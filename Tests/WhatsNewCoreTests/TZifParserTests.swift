import Foundation
import Testing
import WhatsNewCore

/// A TZif file written field by field (RFC 8536 section 3), for inputs the system's
/// database does not have.
struct TZifBuilder {
  /// NUL for version 1, or `2`, `3`, `4`.
  var version: UInt8 = UInt8(ascii: "2")
  var transitions: [(instant: Int64, type: UInt8)] = []
  var types: [(offset: Int32, isDaylightSaving: UInt8, designation: UInt8)] = [(0, 0, 0)]
  var designations: [UInt8] = Array("UTC\0".utf8)
  var leapSeconds: [(instant: Int64, correction: Int32)] = []
  var standardWallIndicators: [UInt8] = []
  var utLocalIndicators: [UInt8] = []
  var footer = ""
  /// Header counts to write instead of the true ones, by position (0 isutcnt ... 5 charcnt).
  var countOverrides: [Int: UInt32] = [:]

  func bytes() -> [UInt8] {
    var output: [UInt8] = []
    if version == 0 {
      append(block: 4, to: &output)
    } else {
      // A version 1 block as slim zic writes it, then the real data.
      var v1 = TZifBuilder(version: version)
      v1.footer = ""
      v1.append(block: 4, to: &output)
      append(block: 8, to: &output)
      output += Array("\n\(footer)\n".utf8)
    }
    return output
  }

  private func append(block timeSize: Int, to output: inout [UInt8]) {
    output += Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
    let counts = [
      utLocalIndicators.count, standardWallIndicators.count, leapSeconds.count, transitions.count, types.count,
      designations.count,
    ]
    for (index, count) in counts.enumerated() { output += bigEndian(UInt64(countOverrides[index] ?? UInt32(count)), 4) }
    for transition in transitions { output += bigEndian(UInt64(bitPattern: transition.instant), timeSize) }
    output += transitions.map(\.type)
    for type in types {
      output += bigEndian(UInt64(UInt32(bitPattern: type.offset)), 4) + [type.isDaylightSaving, type.designation]
    }
    output += designations
    for leap in leapSeconds {
      output += bigEndian(UInt64(bitPattern: leap.instant), timeSize) + bigEndian(UInt64(UInt32(bitPattern: leap.correction)), 4)
    }
    output += standardWallIndicators + utLocalIndicators
  }

  private func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }
}

@Suite("Reading TZif files")
struct TZifParserTests {
  @Test("reads every TZif file in the system's tz database")
  func everySystemFile() throws {
    let enumerator = try #require(FileManager.default.enumerator(atPath: ZoneInfo.directory))
    var count = 0
    while let name = enumerator.nextObject() as? String {
      let path = ZoneInfo.directory + "/" + name
      guard let data = FileManager.default.contents(atPath: path), data.starts(with: Array("TZif".utf8)) else { continue }
      #expect(throws: Never.self, "\(name)") { _ = try TimeZoneRules(identifier: name, tzif: Array(data)) }
      count += 1
    }
    #expect(count > 500, "only \(count) TZif files under \(ZoneInfo.directory)")
  }

  @Test(
    "a real zone's offsets, from its transitions and, after 2037, its footer rule",
    arguments: [
      ("Europe/Amsterdam", "1970-06-01T00:00:00Z", 3600),
      ("Europe/Amsterdam", "2026-07-01T00:00:00Z", 7200),
      ("Europe/Amsterdam", "2026-12-01T00:00:00Z", 3600),
      ("Europe/Amsterdam", "2099-07-01T00:00:00Z", 7200),
      ("Europe/Amsterdam", "2099-12-01T00:00:00Z", 3600),
      ("America/Sao_Paulo", "2018-12-01T00:00:00Z", -7200),
      ("America/Sao_Paulo", "2026-12-01T00:00:00Z", -10800),
      ("America/Nuuk", "2080-07-01T00:00:00Z", -3600),
      ("Asia/Tokyo", "2026-11-30T12:00:00Z", 32400),
      ("Australia/Lord_Howe", "2090-01-01T00:00:00Z", 39600),
      ("Australia/Lord_Howe", "2090-07-01T00:00:00Z", 37800),
      ("UTC", "2026-01-01T00:00:00Z", 0),
    ])
  func realZones(zone: String, instant: String, expected: Int) throws {
    #expect(try ZoneInfo.rules(zone).offset(at: .utc(instant)) == expected)
  }

  @Test("a version 1 file: 32-bit transitions, no footer; the last type holds after them")
  func versionOne() throws {
    var builder = TZifBuilder(version: 0)
    builder.types = [(3600, 0, 0), (7200, 1, 4)]
    builder.designations = Array("CET\0CEST\0".utf8)
    builder.transitions = [(1_000_000_000, 1), (1_010_000_000, 0), (1_020_000_000, 1)]
    let rules = try TimeZoneRules(identifier: "Test/One", tzif: builder.bytes())
    #expect(rules.offset(at: Timestamp(secondsSince1970: 999_999_999)) == 3600)
    #expect(rules.offset(at: Timestamp(secondsSince1970: 1_000_000_000)) == 7200)
    #expect(rules.offset(at: Timestamp(secondsSince1970: 1_010_000_000)) == 3600)
    #expect(rules.offset(at: Timestamp(secondsSince1970: 4_000_000_000)) == 7200)
  }

  @Test("versions 2, 3 and 4 use the 64-bit block and the footer", arguments: [UInt8(ascii: "2"), 0x33, 0x34])
  func laterVersions(version: UInt8) throws {
    var builder = TZifBuilder(version: version)
    builder.types = [(-18000, 0, 0), (-14400, 1, 4)]
    builder.designations = Array("EST\0EDT\0".utf8)
    // One transition before 1901, which only 64 bits hold.
    builder.transitions = [(-5_000_000_000, 0), (1_000_000_000, 1)]
    builder.leapSeconds = [(78_796_800, 1)]
    builder.standardWallIndicators = [0, 1]
    builder.utLocalIndicators = [0, 1]
    builder.footer = "EST5EDT,M3.2.0,M11.1.0"
    let rules = try TimeZoneRules(identifier: "Test/Later", tzif: builder.bytes())
    #expect(rules.offset(at: Timestamp(secondsSince1970: -6_000_000_000)) == -18000)
    #expect(rules.offset(at: Timestamp(secondsSince1970: 999_999_999)) == -18000)
    #expect(rules.offset(at: .utc("2026-01-01T00:00:00Z")) == -18000)
    #expect(rules.offset(at: .utc("2026-07-01T00:00:00Z")) == -14400)
  }

  @Test("no transitions and a footer: the footer rules everywhere")
  func footerOnly() throws {
    var builder = TZifBuilder()
    builder.footer = "<+01>-1<+02>,M3.5.0,M10.5.0/3"
    let rules = try TimeZoneRules(identifier: "Test/Footer", tzif: builder.bytes())
    #expect(rules.offset(at: .utc("1950-01-01T00:00:00Z")) == 3600)
    #expect(rules.offset(at: .utc("1950-07-01T00:00:00Z")) == 7200)
  }

  @Test(
    "says what is wrong and where",
    arguments: [
      ("not a TZif file", Array("hello, world".utf8), "not a TZif file: the magic 'TZif' is missing"),
      ("empty", [], "truncated TZif file: the header needs 44 bytes at byte 0, but only 0 remain"),
      ("half the magic", Array("TZ".utf8), "truncated TZif file: the header needs 44 bytes at byte 0, but only 2 remain"),
      (
        "an unknown version", Array("TZif1".utf8) + [UInt8](repeating: 0, count: 39),
        "unsupported TZif version: byte 4 is 0x31, expected NUL (version 1) or '2' to '9'"
      ),
    ])
  func errors(name: String, bytes: [UInt8], message: String) {
    expectError(bytes, message, name)
  }

  @Test("rejects inconsistent files with the reason")
  func inconsistent() {
    var builder = TZifBuilder(version: 0)
    builder.countOverrides = [4: 0]
    expectError(builder.bytes(), "invalid TZif file: the count of local time types is zero in the header at byte 0")

    builder = TZifBuilder(version: 0)
    builder.countOverrides = [0: 3]
    expectError(builder.bytes(), "invalid TZif file: 3 UT/local indicators for 1 local time types in the header at byte 0")

    builder = TZifBuilder(version: 0)
    builder.transitions = [(10, 0), (10, 0)]
    expectError(
      builder.bytes(),
      "invalid TZif file: transition 2 (at byte 48) is not later than the one before it in the version 1 data block")

    builder = TZifBuilder(version: 0)
    builder.transitions = [(10, 1)]
    expectError(
      builder.bytes(),
      "invalid TZif file: transition 1 (at byte 48) names local time type 1, but there are only 1 in the version 1 data block")

    builder = TZifBuilder(version: 0)
    builder.types = [(Int32.min, 0, 0)]
    expectError(
      builder.bytes(),
      "invalid TZif file: local time type 0 (at byte 44) has UTC offset -2147483648 s, outside -89999...93599 in the version 1 data block"
    )

    builder = TZifBuilder(version: 0)
    builder.types = [(0, 2, 0)]
    expectError(
      builder.bytes(),
      "invalid TZif file: local time type 0 (at byte 44) has daylight-saving flag 2, not 0 or 1 in the version 1 data block")

    builder = TZifBuilder(version: 0)
    builder.types = [(0, 0, 4)]
    expectError(
      builder.bytes(),
      "invalid TZif file: local time type 0 (at byte 44) names designation byte 4, which does not begin a NUL-terminated designation in the version 1 data block"
    )

    builder = TZifBuilder()
    builder.footer = "CET-1CEST,M3.5.0"
    expectError(
      builder.bytes(),
      "invalid TZif file: the footer at byte 108 holds invalid TZ rule 'CET-1CEST,M3.5.0' at character 17: expected ',' and the date daylight saving time ends, found the end"
    )

    var bytes = TZifBuilder().bytes()
    bytes[54] = UInt8(ascii: "X")
    expectError(bytes, "invalid TZif file: the version 2 header at byte 54 does not start with 'TZif'")
  }

  @Test("every truncation of a real file throws, none traps", arguments: ["Europe/Amsterdam", "America/Nuuk", "Asia/Tokyo"])
  func truncations(zone: String) throws {
    let bytes = try ZoneInfo.bytes(zone)
    for length in 0..<bytes.count {
      #expect(throws: TimeZoneRulesError.self, "\(zone) cut to \(length) bytes") {
        try TimeZoneRules(identifier: zone, tzif: Array(bytes[..<length]))
      }
    }
    #expect(throws: Never.self) { try TimeZoneRules(identifier: zone, tzif: bytes) }
  }

  @Test("random byte changes parse or throw, and what parses answers without trapping", arguments: 0..<8)
  func byteFlips(seed: UInt64) throws {
    let zones = ["Europe/Amsterdam", "America/Nuuk", "Asia/Jerusalem", "Pacific/Chatham", "UTC", "America/Sao_Paulo"]
    var random = SeededRandom(seed: seed)
    let original = try ZoneInfo.bytes(zones[Int(seed) % zones.count])
    var parsed = 0
    for _ in 0..<400 {
      var bytes = original
      for _ in 0...Int.random(in: 0..<4, using: &random) {
        let index = Int.random(in: 0..<bytes.count, using: &random)
        bytes[index] =
          random.next() % 3 == 0
          ? bytes[index] ^ (1 << UInt8.random(in: 0..<8, using: &random)) : UInt8.random(in: 0...255, using: &random)
      }
      guard let rules = try? TimeZoneRules(identifier: "Fuzz", tzif: bytes) else { continue }
      parsed += 1
      for seconds: Int64 in [.min, -1 << 40, 0, 1_796_040_000, 4_102_444_800, 1 << 40, .max] {
        let instant = Timestamp(secondsSince1970: seconds)
        _ = LocalDateTime(instant, in: rules).rfc3339
        _ = WeeklyTime(weekday: .sunday, hour: 2, minute: 30).nextOccurrence(after: instant, in: rules)
      }
    }
    // Most changes hit transition times or offsets and still parse.
    #expect(parsed > 0)
  }

  private func expectError(
    _ bytes: [UInt8], _ message: String, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try TimeZoneRules(identifier: "Test", tzif: bytes)
      Issue.record("parsed, expected: \(message) \(comment)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == message, "\(comment)", sourceLocation: sourceLocation)
    }
  }
}
