import Foundation
import TestSupport
import Testing

/// Arguments, environment and typed lines that carry escape sequences, C1 controls and
/// bidirectional overrides: whatever the app prints about them, on stdout or stderr, must
/// carry none of those characters (issue 16: eight messages echoed them raw).
@Suite("Hostile arguments, environment and lines never reach the terminal raw")
struct HostileInputTests {
  /// Characters a terminal acts on or that reorder what is shown.
  static func dangerous(_ text: String) -> [String] {
    text.unicodeScalars.compactMap { scalar -> String? in
      let value = scalar.value
      let isDangerous =
        value == 0x1B || value == 0x07 || (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      return isDangerous ? String(format: "U+%04X", value) : nil
    }
  }

  static let osc = "\u{1B}]0;pwned\u{07}"
  static let csi = "\u{1B}[2J"
  static let c1 = "\u{9B}31m"
  static let bidi = "\u{202E}txt.exe"

  /// Each case: the arguments (`DB` stands for a fresh store path), extra environment, and stdin.
  static let cases: [(name: String, arguments: [String], environment: [String: String], input: String)] = [
    ("a --db in a missing directory", ["--db", "/nonexistent\(osc)/x.sqlite"], [:], "quit\n"),
    ("WHATSNEW_DB in a missing directory", [], ["WHATSNEW_DB": "/nonexistent\(csi)/x.sqlite"], "quit\n"),
    ("an unknown --locale", ["--db", "DB", "--locale", "xx\(csi)"], [:], "quit\n"),
    ("a bad --fault", ["--db", "DB", "--fault", "write:\(osc)=fail"], [:], "quit\n"),
    ("a bad WHATSNEW_FAULTS", ["--db", "DB"], ["WHATSNEW_FAULTS": "write=\(c1)"], "quit\n"),
    ("a missing --script", ["--db", "DB", "--script", "/nonexistent/\(bidi)"], [:], ""),
    ("an unknown option", ["--\(csi)x"], [:], ""),
    ("a bad --app-version", ["--db", "DB", "--app-version", "2.\(c1)"], [:], "quit\n"),
    ("missing --releases", ["--db", "DB", "--releases", "/nonexistent/\(osc)"], [:], "quit\n"),
    ("flow with a bad --seen", ["flow", "--seen", "\(csi)1.0"], [:], ""),
    ("restore of a missing backup", ["restore", "/nonexistent/\(osc).sqlite", "--db", "DB"], [:], ""),
    ("backup into a missing directory", ["backup", "/nonexistent\(bidi)/b.sqlite", "--db", "DB"], [:], ""),
    (
      "hostile lines in a script", ["--db", "DB", "--upgrade-from", "2.13.1"], [:],
      [
        "go \(csi)work", "set theme \(osc)", "set \(c1) dark", "qa write:\(csi)=fail", "qa \(bidi)",
        "backup /nonexistent/\(osc)/b", "restore /nonexistent/\(bidi)", "info \(csi)", "debug preview \(c1)",
        "help \(osc)", "\(csi)", "lang \(bidi)", "choose \(osc)", "state \(csi)",
      ].joined(separator: "\n") + "\nquit\n"
    ),
  ]

  @Test("nothing printed carries ESC, BEL, C1 or a bidi override", arguments: cases.indices)
  func scanned(index: Int) throws {
    let testCase = Self.cases[index]
    let directory = try TemporaryDirectory()
    let arguments = testCase.arguments.map { $0 == "DB" ? directory.path("x.sqlite") : $0 }
    let result = try runWhatsNew(arguments, input: testCase.input, environment: testCase.environment)
    #expect(!(result.output + result.error).isEmpty, "\(testCase.name): says something")
    #expect(Self.dangerous(result.output).isEmpty, "\(testCase.name): stdout \(result.output.debugDescription)")
    #expect(Self.dangerous(result.error).isEmpty, "\(testCase.name): stderr \(result.error.debugDescription)")
  }
}
