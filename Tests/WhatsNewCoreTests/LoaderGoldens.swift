import Foundation
import TestSupport
import Testing

@testable import WhatsNewCore

/// Golden files under `Tests/WhatsNewCoreTests/Goldens/`, one per test family, holding one
/// section per test case (`=== case 007`), so a parameterized test compares its own case and
/// a mismatch shows a line diff of that case only. `WHATSNEW_RECORD=1` re-records (see
/// ``GoldenFile``); recording one case keeps the file's other cases.
enum GoldenSections {
  static let directory = RepositoryPaths.root + "/Tests/WhatsNewCoreTests/Goldens"
  private static let marker = "=== case "
  /// Cases of one file run in parallel; reads and writes of the files take turns.
  private static let lock = NSLock()

  /// `nil` when case `index` of golden file `name` reads `text`; otherwise a message with a
  /// line diff. When recording, writes the case (dropping cases `count` and above) and
  /// returns `nil`. `recording: false` only compares, as ``GoldenFile/compare(_:named:in:recording:)``.
  static func compare(_ text: String, file name: String, case index: Int, of count: Int, recording: Bool = true)
    -> String?
  {
    precondition(!text.split(separator: "\n").contains { $0.hasPrefix("===") }, "a line of a case starts with ===")
    let path = directory + "/" + name
    return lock.withLock {
      var sections = read(path) ?? [:]
      if GoldenFile.isRecording && recording {
        sections[index] = text
        write(sections.filter { $0.key < count }, to: path)
        // A recording run never passes: a golden written by the run that checks it proves nothing.
        return "recorded case \(index) of \(name); run the tests again without WHATSNEW_RECORD=1 to check it"
      }
      guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else {
        return "no golden file at \(path); run the tests with WHATSNEW_RECORD=1 to record it"
      }
      guard GoldenFile.isRecording || Set(sections.keys) == Set(0..<count) else {
        return "\(name) holds \(sections.count) cases but the test has \(count); re-record with WHATSNEW_RECORD=1"
      }
      guard let expected = sections[index] else {
        return "\(name) has no case \(index); re-record with WHATSNEW_RECORD=1"
      }
      guard expected != text else { return nil }
      return "case \(index) of \(name) differs from the golden file (re-record with WHATSNEW_RECORD=1 if the "
        + "change is intended):\n" + GoldenFile.lineDiff(expected: expected, actual: text)
    }
  }

  /// Checks `text` against case `index` of golden file `name` (see ``compare(_:file:case:of:recording:)``).
  static func expect(
    _ text: String, file name: String, case index: Int, of count: Int, recording: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let mismatch = compare(text, file: name, case: index, of: count, recording: recording)
    #expect(mismatch == nil, "\(mismatch ?? "")", sourceLocation: sourceLocation)
  }

  /// Case `index` of golden file `name` as recorded, for a failure message.
  static func recorded(file name: String, case index: Int) -> String? {
    lock.withLock { read(directory + "/" + name)?[index] }
  }

  private static func read(_ path: String) -> [Int: String]? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    var sections: [Int: [Substring]] = [:]
    var current: Int?
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(marker), let index = Int(line.dropFirst(marker.count)) {
        current = index
        sections[index] = []
      } else if let current {
        sections[current]!.append(line)
      }
    }
    return sections.mapValues { lines in
      var lines = lines
      if lines.last == "" { lines.removeLast() }
      return lines.joined(separator: "\n")
    }
  }

  private static func write(_ sections: [Int: String], to path: String) {
    let text = sections.keys.sorted().map { index in
      let number = String(index)
      return marker + String(repeating: "0", count: max(0, 3 - number.count)) + number + "\n" + sections[index]! + "\n"
    }.joined()
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
  }
}

/// A stable, line-based, ASCII-only text of the loader's answers, for the golden files.
/// Every stored property of a release is written (``GoldenText`` tests pin the list), strings
/// are quoted with everything outside printable ASCII as `\u{XX}`, numbers as Swift prints a
/// `Double` (so `-0.0` and `0.0` differ), and inputs byte for byte.
enum GoldenText {
  /// `"text"`, with `"` and `\` escaped and every scalar outside printable ASCII as `\u{XX}`.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case " "..."~": result.unicodeScalars.append(scalar)
      default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return result + "\""
  }

  static func quoted(_ text: String?) -> String { text.map(quoted) ?? "nil" }

  /// An input, to end a line: `N bytes: ` and the bytes as they are, printable ASCII as
  /// itself (`\` as `\\`), others as `\xHH`; an input over `limit` bytes by its digest and start.
  static func input(_ bytes: [UInt8], limit: Int = 400) -> String {
    guard !bytes.isEmpty else { return "0 bytes" }
    let shown = bytes.prefix(limit)
    // Spaces at the end of the line are written as \x20, so editors cannot strip them.
    let trailingSpaces = shown.reversed().prefix { $0 == 0x20 }.count
    var result = bytes.count > limit ? "\(bytes.count) bytes, fnv=\(fnv1a64(bytes)), first \(limit): " : "\(bytes.count) bytes: "
    for (offset, byte) in shown.enumerated() {
      switch byte {
      case UInt8(ascii: "\\"): result += "\\\\"
      case 0x20 where offset >= shown.count - trailingSpaces: result += "\\x20"
      case 0x20...0x7E: result.unicodeScalars.append(Unicode.Scalar(byte))
      default: result += "\\x" + hex(UInt64(byte), digits: 2)
      }
    }
    return result
  }

  static func version(_ version: Version?) -> String {
    guard let version else { return "nil" }
    return "\(version.major).\(version.minor).\(version.patch)"
  }

  /// A release, one line per page, block, option and item, every field named.
  static func release(_ release: Release?) -> [String] {
    guard let release else { return ["release nil"] }
    // The date only when the file gives one, so the goldens of files without one stay as they were.
    // The default changes likewise, only when there are some.
    let changes = release.defaultChanges.map { " defaultChange=\($0.setting.rawValue):\(quoted($0.from))->\(quoted($0.to))" }
    var lines = [
      "release \(version(release.version)) pages=\(release.pages.count)" + (release.date.map { " date=\($0)" } ?? "")
        + changes.joined()
    ]
    for page in release.pages {
      lines.append(
        "  page id=\(quoted(page.id)) supersededIn=\(version(page.supersededIn)) blocks=\(page.blocks.count)")
      for block in page.blocks {
        // A block's rules, written only when it has any (the goldens before them stand).
        let when = block.when.isEmpty ? "" : " when=\(block.when.map { "\($0)" })"
        let head = "    block id=\(quoted(block.id)) supersededIn=\(version(block.supersededIn))\(when)"
        switch block.content {
        case .info(let info):
          lines.append(
            head + " info titleKey=\(quoted(info.titleKey)) descriptionKey=\(quoted(info.descriptionKey))"
              + " icon=\(name(info.icon))")
        case .choice(let choice):
          lines.append(
            head + " choice setting=\(choice.setting.rawValue) titleKey=\(quoted(choice.titleKey))"
              + " descriptionKey=\(quoted(choice.descriptionKey)) options=\(choice.options.count)"
              + (choice.newDefault.map { " newDefault=\(quoted($0))" } ?? ""))
          for option in choice.options {
            lines.append(
              "      option value=\(quoted(option.value)) labelKey=\(quoted(option.labelKey)) icon=\(name(option.icon))")
          }
        case .action(let action):
          lines.append(
            head + " action action=\(action.action.rawValue) labelKey=\(quoted(action.labelKey))"
              + " descriptionKey=\(quoted(action.descriptionKey)) icon=\(name(action.icon))")
        case .featureList(let list):
          lines.append(head + " featureList titleKey=\(quoted(list.titleKey)) items=\(list.items.count)")
          for item in list.items {
            lines.append(
              "      item id=\(quoted(item.id)) titleKey=\(quoted(item.titleKey))"
                + " descriptionKey=\(quoted(item.descriptionKey)) icon=\(name(item.icon)) action=\(name(item.action))")
          }
        }
      }
    }
    return lines
  }

  /// The release's first line and the digest of its whole text, for batches too large to keep in full.
  static func releaseDigest(_ release: Release?) -> String {
    let lines = self.release(release)
    return release == nil ? lines[0] : "\(lines[0]) fnv=\(fnv1a64(lines.joined(separator: "\n")))"
  }

  /// `severity @line:column path: message`, or `severity @line:column file=... path: message`
  /// when the file is not `defaultFile`; see ``token(_:)`` and ``escaped(_:)``.
  static func diagnostic(_ diagnostic: ReleaseDiagnostic, defaultFile: String? = nil) -> String {
    let file = diagnostic.file == defaultFile ? "" : " file=\(token(diagnostic.file))"
    return "\(diagnostic.severity.rawValue) @\(diagnostic.position)\(file) \(token(diagnostic.path)): "
      + escaped(diagnostic.message) + (diagnostic.rule.map { " rule=\($0.id)" } ?? "")
  }

  /// Several diagnostics in one line: how many of each severity, and the digest of their lines.
  static func diagnosticsDigest(_ diagnostics: [ReleaseDiagnostic], defaultFile: String? = nil) -> String {
    let dropped = diagnostics.filter { $0.severity == .dropped }.count
    let text = diagnostics.map { diagnostic($0, defaultFile: defaultFile) }.joined(separator: "\n")
    return "diagnostics \(dropped) dropped \(diagnostics.count - dropped) warning fnv=\(fnv1a64(text))"
  }

  /// A file name or JSON path as one word: as it is when it only holds letters, digits and
  /// `_ . - / [ ]`, else ``quoted(_:)`` (so the empty path is `""`).
  static func token(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "_", ".", "-", "/", "[", "]": true
        default: false
        }
      }
    return plain ? text : quoted(text)
  }

  /// Text that ends a line: ``quoted(_:)`` without the quotes (only `\` is escaped, as `\\`).
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case " "..."~": result.unicodeScalars.append(scalar)
      default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return result
  }

  /// A JSON value on one line: members in order, repeats kept, numbers as `Double`s print.
  static func json(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool(let flag): flag ? "true" : "false"
    case .number(let number): String(describing: number)
    case .string(let text): quoted(text)
    case .array(let values): "[" + values.map(json).joined(separator: ", ") + "]"
    case .object(let members): "{" + members.map { "\(quoted($0.key)): \(json($0.value))" }.joined(separator: ", ") + "}"
    }
  }

  /// `json value ...` or `json error at LINE:COLUMN: reason`; `digest` writes the value's or
  /// the reason's digest instead.
  static func json(_ result: Result<JSONValue, JSONReadError>, digest: Bool = false) -> String {
    switch result {
    case .success(let value):
      let text = json(value)
      return digest ? "json value fnv=\(fnv1a64(text))" : "json value \(text)"
    case .failure(let error):
      let position = "json error at \(error.line):\(error.column)"
      return digest ? "\(position) fnv=\(fnv1a64(error.reason))" : "\(position): \(escaped(error.reason))"
    }
  }

  /// A set of translation keys by its size (`none` for no set).
  static func keys(_ keys: Set<String>?) -> String { keys.map { "\($0.count)" } ?? "none" }

  /// The digest of a file and the English keys it is checked against.
  static func inputDigest(_ bytes: [UInt8], keys: Set<String>?) -> String {
    fnv1a64(bytes + [0xFF] + Array((keys.map { $0.sorted().joined(separator: "\n") } ?? "none").utf8))
  }

  /// FNV-1a, 64 bits, as 16 hexadecimal digits.
  static func fnv1a64(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    return hex(hash, digits: 16)
  }

  static func fnv1a64(_ text: String) -> String { fnv1a64(Array(text.utf8)) }

  private static func name<Value: RawRepresentable<String>>(_ value: Value?) -> String { value?.rawValue ?? "nil" }

  private static func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
