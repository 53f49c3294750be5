import Foundation
import TestSupport
import Testing

/// `whatsnew lint` on a copy of the shipped content broken the way an editor breaks it: each
/// problem is one `file:line:column: error|warning:` line (and the same in JSON), and an
/// optional field's mistake costs only that field.
@Suite("lint prints positions, as compilers do")
struct LintOutputTests {
  @Test("a broken copy of the content: positions in text and JSON, severities, exit 65")
  func brokenCopy() throws {
    let directory = try TemporaryDirectory()
    let releases = directory.path("Releases")
    let localizations = directory.path("Localizations")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: releases)
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: localizations)
    // An icon misspelled on its own line, and a field no block has, as a person types them.
    let file = releases + "/2.13.1.json"
    var text = try String(contentsOfFile: file, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let iconLine = try #require(lines.firstIndex { $0.contains(#""icon": "sparkles""#) })
    let column = try #require(lines[iconLine].range(of: #""sparkles""#)).lowerBound.utf16Offset(in: lines[iconLine]) + 1
    text = text.replacingOccurrences(of: #""icon": "sparkles""#, with: #""icon": "sparkels""#)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    // A Spanish key no one uses, on line 3.
    let spanish = localizations + "/es.lproj/Localizable.strings"
    var table = try String(contentsOfFile: spanish, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    table.insert(#""whatsNew.unused.key" = "¿Qué?";"#, at: 2)
    try Data(table.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: spanish))

    let lint = try runWhatsNew(["lint", "--releases", releases, "--localizations", localizations])
    #expect(lint.status == 65)
    #expect(
      lint.output.contains(
        "\(file):\(iconLine + 1):\(column): error: pages[0].blocks[0].icon: unknown icon 'sparkels' "
          + "(did you mean 'sparkles'?); icon dropped, block kept\n"), "\(lint.output)")
    #expect(
      lint.output.contains("\(spanish):3:1: warning: whatsNew.unused.key: orphan key: not in the English table"),
      "\(lint.output)")
    // Both of the file's sparkles were misspelled: the info block's and an option's.
    #expect(lint.output.contains("icon dropped, option kept\n"), "\(lint.output)")
    #expect(lint.output.hasSuffix("lint: 3 problems (2 errors, 1 warning)\n"), "\(lint.output)")

    let json = try runWhatsNew(["lint", "--format", "json", "--releases", releases, "--localizations", localizations])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let problems = try #require(object["problems"] as? [[String: Any]])
    let icon = try #require(problems.first { ($0["path"] as? String) == "pages[0].blocks[0].icon" })
    #expect(icon["line"] as? Int == iconLine + 1)
    #expect(icon["column"] as? Int == column)
    #expect(icon["severity"] as? String == "error")
    let orphan = try #require(problems.first { ($0["path"] as? String) == "whatsNew.unused.key" })
    #expect(orphan["line"] as? Int == 3 && orphan["severity"] as? String == "warning")
  }

  /// A copy of the shipped content in a temporary directory: its releases and localizations.
  static func copyOfContent(_ directory: TemporaryDirectory) throws -> (releases: String, localizations: String) {
    let releases = directory.path("Releases")
    let localizations = directory.path("Localizations")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: releases)
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: localizations)
    return (releases, localizations)
  }

  @Test("a release with a trailing comma: one problem at the comma and one note, lines whole at 40 columns")
  func brokenRelease() throws {
    let directory = try TemporaryDirectory()
    let (releases, localizations) = try Self.copyOfContent(directory)
    let file = releases + "/2.13.1.json"
    try Data("{\"version\": \"2.13.1\",\n  \"pages\": [],\n}\n".utf8).write(to: URL(fileURLWithPath: file))
    let lint = try runWhatsNew(
      ["lint", "--releases", releases, "--localizations", localizations], environment: ["COLUMNS": "40"])
    #expect(lint.status == 65)
    let lines = lint.output.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("\(file):2:14: error: invalid JSON at line 2, column 14: trailing comma") == true, "\(lines)")
    #expect(lines.dropFirst().first?.hasPrefix("\(file):1:1: note: ") == true, "\(lines)")
    #expect(lines.dropFirst().first?.contains("(whatsNew.v2_13_1.*) belong to this release, which did not load") == true)
    #expect(!lint.output.contains("orphan key"), "\(lint.output)")
    #expect(lines.filter { $0.hasPrefix(directory.path("")) }.count == 2, "no problem line wrapped: \(lines)")
  }

  @Test("a stray quote in a table: the real line, the path once")
  func strayQuote() throws {
    let directory = try TemporaryDirectory()
    let (releases, localizations) = try Self.copyOfContent(directory)
    let spanish = localizations + "/es.lproj/Localizable.strings"
    var table = try String(contentsOfFile: spanish, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(table.indices.dropFirst(100).first { table[$0].hasSuffix("\";") })
    table[line] = table[line].dropLast(2) + ";"  // the closing quote gone: the text runs on to the next line
    try Data(table.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: spanish))
    let lint = try runWhatsNew(["lint", "--releases", releases, "--localizations", localizations])
    #expect(lint.status == 65)
    let column = try #require(table[line].range(of: " = \"")).upperBound.utf16Offset(in: table[line])
    #expect(
      lint.output.hasPrefix(
        "\(spanish):\(line + 1):\(column): error: not a valid .strings file: this string runs past the end of its line"),
      "\(lint.output)")
    #expect(lint.output.ranges(of: "es.lproj").count == 1, "\(lint.output)")
  }

  @Test("--format sarif: a SARIF 2.1.0 log with the fields code-scanning tools require, one result per text line")
  func sarif() throws {
    let directory = try TemporaryDirectory()
    let (releases, localizations) = try Self.copyOfContent(directory)
    let file = releases + "/2.13.1.json"
    let text = try String(contentsOfFile: file, encoding: .utf8)
    try Data(text.replacingOccurrences(of: #""icon": "sparkles""#, with: #""icon": "sparkels""#).utf8)
      .write(to: URL(fileURLWithPath: file))
    let spanish = localizations + "/es.lproj/Localizable.strings"
    let table = try String(contentsOfFile: spanish, encoding: .utf8)
    try Data((table + "\n\"whatsNew.unused.key\" = \"¿Qué?\";\n").utf8).write(to: URL(fileURLWithPath: spanish))
    let arguments = ["lint", "--releases", releases, "--localizations", localizations]
    let plain = try runWhatsNew(arguments)
    let run = try runWhatsNew(arguments + ["--format", "sarif"])
    #expect(run.status == 65 && plain.status == 65)

    let log = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect((log["$schema"] as? String)?.contains("sarif-2.1.0") == true)
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "whatsnew lint")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    let ruleIDs = rules.compactMap { $0["id"] as? String }
    #expect(ruleIDs.count == rules.count && Set(ruleIDs).count == ruleIDs.count, "each rule has a unique id")
    #expect(rules.allSatisfy { (($0["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false })
    #expect(runs[0]["columnKind"] as? String == "unicodeCodePoints")

    let results = try #require(runs[0]["results"] as? [[String: Any]])
    // The text output's problem lines, `file:line:column: level: message`, one for each result, in order.
    let lines = plain.output.split(separator: "\n").dropLast().map(String.init)
    #expect(results.count == lines.count && results.count >= 3, "\(run.output)")
    for (result, line) in zip(results, lines) {
      let ruleID = try #require(result["ruleId"] as? String)
      #expect(ruleIDs.contains(ruleID))
      #expect(result["ruleIndex"] as? Int == ruleIDs.firstIndex(of: ruleID))
      let level = try #require(result["level"] as? String)
      #expect(["error", "warning", "note"].contains(level))
      let message = try #require((result["message"] as? [String: Any])?["text"] as? String)
      let location = try #require((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
      let region = try #require(location["region"] as? [String: Any])
      let startLine = try #require(region["startLine"] as? Int)
      let startColumn = try #require(region["startColumn"] as? Int)
      #expect(uri.hasPrefix("file:///") && !uri.contains(" "), "\(uri)")
      let path = String(uri.dropFirst("file://".count)).removingPercentEncoding ?? ""
      #expect(line == "\(path):\(startLine):\(startColumn): \(level): \(message)", "\(line)")
    }
    #expect(Set(results.compactMap { $0["ruleId"] as? String }).isSuperset(of: ["release-dropped", "key-not-in-english"]))

    let clean = try runWhatsNew(["lint", "--format", "sarif"])
    let cleanLog = try #require(try JSONSerialization.jsonObject(with: Data(clean.output.utf8)) as? [String: Any])
    #expect(clean.status == 0)
    #expect(((cleanLog["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
  }
}
