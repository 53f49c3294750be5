import Foundation
import TestSupport
import Testing

/// A release tree of hostile files.
enum HostileTree {
  static let esc = "\u{1B}"
  /// Escape sequences and C1 controls to put in every string.
  static let nasty =
    "\u{1B}[31mCSI\u{1B}[0m \u{1B}]0;OSC title\u{07} \u{1B}]8;;http://x\u{1B}\\link \u{9B}2J C1 \u{1B}P DCS \u{1B}\\ \u{1B}c \u{9D}osc\u{9C}"

  static func write(to root: String) throws {
    let releases = root + "/Releases"
    let fileManager = FileManager.default
    try fileManager.createDirectory(atPath: releases, withIntermediateDirectories: true)
    func put(_ path: String, _ bytes: [UInt8]) { _ = fileManager.createFile(atPath: root + "/" + path, contents: Data(bytes)) }
    func put(_ path: String, _ text: String) { put(path, Array(text.utf8)) }

    put(
      "Releases/manifest.json",
      #"{"releases": ["2.12.0", "2.13.0", "2.13.1", "2.14.0", "2.14.1", "2.15.0", 7, null, "\#(jsonEscaped(nasty))"], "x\#(jsonEscaped(nasty))": 1}"#
    )
    // Invalid UTF-8 inside strings and between tokens.
    put(
      "Releases/2.12.0.json",
      Array(#"{"version": "2.12.0", "pages": [{"id": "p"#.utf8) + [0xFF, 0xFE, 0xC0, 0x80] + Array(#"", "blocks": []}]}"#.utf8))
    // 1,000-deep nesting.
    put(
      "Releases/2.13.0.json",
      "{\"version\": \"2.13.0\", \"pages\": " + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "}")
    // Huge strings (the file stays under the 1 MiB limit, and one over it).
    let huge = String(repeating: "A", count: 900_000)
    put(
      "Releases/2.13.1.json",
      #"{"version": "2.13.1", "pages": [{"id": "\#(huge)", "blocks": [{"id": "b", "type": "info", "titleKey": "\#(huge)"}]}]}"#)
    put("Releases/2.14.1.json", #"{"version": "2.14.1", "pad": "\#(String(repeating: "B", count: 1_200_000))"}"#)
    // Wrong types everywhere.
    put(
      "Releases/2.14.0.json",
      #"{"version": "2.14.0", "pages": [7, "x", null, {"id": 1, "blocks": "no"}, {"id": "p", "blocks": [1, {"id": [], "type": {}}, {"id": "c", "type": "choice", "setting": 5, "titleKey": true, "options": {"value": 1}}, {"id": "a", "type": "action", "action": [], "labelKey": null}, {"id": "f", "type": "featureList", "items": [1, {"id": 2}]}]}], "supersededIn": 3}"#
    )
    // Escape sequences in every string, and keys whose translations are hostile.
    let n = jsonEscaped(nasty)
    put(
      "Releases/2.15.0.json",
      """
      {"version": "2.15.0", "\(n)": "\(n)", "pages": [
        {"id": "\(n)", "blocks": [{"id": "b", "type": "info", "titleKey": "hostile.title"}]},
        {"id": "hostile", "blocks": [
          {"id": "intro", "type": "info", "titleKey": "hostile.title", "descriptionKey": "hostile.description", "icon": "\(n)"},
          {"id": "info2", "type": "info", "titleKey": "hostile.title", "descriptionKey": "\(n)"},
          {"id": "view", "type": "choice", "setting": "workoutView", "titleKey": "hostile.title", "descriptionKey": "hostile.description",
           "options": [{"value": "guided", "labelKey": "hostile.option"}, {"value": "inline", "labelKey": "hostile.option"}, {"value": "\(n)", "labelKey": "hostile.option"}]},
          {"id": "open", "type": "action", "action": "openSettings", "labelKey": "hostile.option"},
          {"id": "list", "type": "featureList", "titleKey": "hostile.title", "items": [{"id": "i", "titleKey": "hostile.title", "descriptionKey": "hostile.description", "action": "openCardioLog", "icon": "run"}]}
        ]}
      ]}
      """)

    // Translations: the English table makes every UI string and the hostile keys hostile.
    let english = try String(contentsOfFile: Repository.localizations + "/en.lproj/Localizable.strings", encoding: .utf8)
    var hostileEnglish = ""
    for line in english.split(separator: "\n") where line.hasPrefix("\"") {
      guard let equals = line.range(of: "\" = \"") else { continue }
      let key = line[line.startIndex..<equals.lowerBound].dropFirst()
      hostileEnglish += "\"\(key)\" = \"HOSTILE \(stringsEscaped(nasty)) %@\";\n"
    }
    hostileEnglish += "\"hostile.title\" = \"HOSTILE title \(stringsEscaped(nasty))\";\n"
    hostileEnglish +=
      "\"hostile.description\" = \"HOSTILE description \(stringsEscaped(nasty)) \(String(repeating: "long ", count: 20_000))\";\n"
    hostileEnglish += "\"hostile.option\" = \"HOSTILE option \(stringsEscaped(nasty))\";\n"
    hostileEnglish += "\"ui.\\U001b[31m\" = \"\\033[31m octal escape\";\n"
    for (language, bytes) in [
      ("en", Array(hostileEnglish.utf8)),
      ("es", Array("\"hostile.title\" = \"".utf8) + [0xFF, 0xC3, 0x28, 0x1B] + Array("\";\n".utf8)),
      ("nl", Array((String(repeating: "{ \"a\" = ", count: 1000) + "\"x\"" + String(repeating: "; }", count: 1000)).utf8)),
      ("pt-BR", Array("\"hostile.title\" = \"\(String(repeating: "\\U001b[2J", count: 50_000))\";\n\"k\" = (\"array\");\n".utf8)),
      ("ru", Array("\"hostile.title\" = { \"nested\" = \"dict\"; };\n\"ui.lang.changed\" = <0102>;".utf8)),
    ] {
      let directory = "\(root)/Localizations/\(language).lproj"
      try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
      put("Localizations/\(language).lproj/Localizable.strings", bytes)
    }
  }

  static func jsonEscaped(_ text: String) -> String {
    text.unicodeScalars.map { scalar in
      switch scalar.value {
      case 0x22: "\\\""
      case 0x5C: "\\\\"
      case 0..<0x20, 0x7F...0x9F: String(format: "\\u%04x", scalar.value)
      default: String(scalar)
      }
    }.joined()
  }

  /// For .strings: raw ESC bytes are kept as they are (the format allows them), quotes escaped.
  static func stringsEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
  }
}

@Suite("Hostile content")
struct HostileContentTests {
  /// C0 ESC, or any C1 control (U+0080…U+009F), or a raw 0x9B byte not inside a UTF-8 sequence.
  static func escapes(in data: Data) -> [Int] {
    var found: [Int] = []
    let bytes = [UInt8](data)
    for index in bytes.indices {
      if bytes[index] == 0x1B { found.append(index) }
      if bytes[index] == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { found.append(index) }
    }
    if String(validating: bytes, as: UTF8.self) == nil { found.append(-1) }  // invalid UTF-8 (a raw C1 byte)
    return found
  }

  @Test("a hostile release tree loads with diagnostics, no crash, and no escape sequence reaches the terminal")
  func hostileTree() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-hostile")
    try HostileTree.write(to: directory.path)
    let database = directory.path("store.sqlite")
    let script =
      [
        "state", "next", "next", "next", "choose 2", "state", "open 1", "tour", "lang es", "show", "lang nl", "show",
        "lang pt-BR",
        "show", "lang ru", "show", "lang en", "news", "news 2.14.0", "next", "close", "debug preview 2.15.0", "next", "close",
        "go settings",
        "go review", "help", "notifications", "check", "\u{1B}]0;typed\u{07} \u{9B}31m", "set theme \u{1B}[31mdark", "quit",
      ].joined(separator: "\n") + "\n"
    let run = try runApp(
      [
        "--db", database, "--dev", "--upgrade-from", "2.11.0", "--app-version", "2.15.0", "--releases",
        directory.path("Releases"),
        "--localizations", directory.path("Localizations"), "--color", "never",
      ], script: script, timeout: 120)
    #expect(run.status == 0, "exit \(run.status); stderr: \(run.errors.prefix(2000))")
    #expect(!run.killed)
    #expect(run.errors.contains("2.14.0.json"), "no diagnostics for the wrong-typed file")
    #expect(run.errors.contains("2.12.0.json"), "no diagnostics for invalid UTF-8")
    #expect(run.errors.contains("2.13.0.json"), "no diagnostics for deep nesting")
    #expect(
      run.output.contains("HOSTILE"),
      "the hostile translations never reached the screen, so the test proves little: \(run.errors.prefix(1500))")
    #expect(run.output.contains("quit"), "the script did not run to the end")
    #expect(Self.escapes(in: run.stdout).isEmpty, "escape bytes reached stdout at \(Self.escapes(in: run.stdout).prefix(5))")
    #expect(Self.escapes(in: run.stderr).isEmpty, "escape bytes reached stderr at \(Self.escapes(in: run.stderr).prefix(5))")
  }

  @Test("lint and flow survive the hostile tree too")
  func hostileLintAndFlow() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-hostile")
    try HostileTree.write(to: directory.path)
    let content = ["--releases", directory.path("Releases"), "--localizations", directory.path("Localizations")]
    let lint = try runApp(["lint"] + content, script: "")
    #expect(lint.status == 65, "lint exit \(lint.status): \(lint.errors.prefix(500))")
    #expect(Self.escapes(in: lint.stdout).isEmpty && Self.escapes(in: lint.stderr).isEmpty)
    let flow = try runApp(["flow", "--seen", "2.11.0", "--app-version", "2.15.0", "--dev"] + content, script: "")
    #expect(flow.status == 0, "flow exit \(flow.status): \(flow.errors.prefix(500))")
    #expect(Self.escapes(in: flow.stdout).isEmpty && Self.escapes(in: flow.stderr).isEmpty)
  }
}
