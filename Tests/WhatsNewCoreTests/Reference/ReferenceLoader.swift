// The release loader as it was before the tape-based reader, validator and concurrent
// load (commit c9cd60b), kept verbatim apart from renamed types, as the oracle the
// differential tests compare the current implementation against. Do not optimize it.
//
// swift-format-ignore-file
@testable import WhatsNewCore

enum ReferenceJSONReader {
  /// Parses `bytes` as one JSON text.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 encoded JSON.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
  /// - Throws: ``JSONReadError`` naming the line, column and reason.
  static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONReadError) -> JSONValue {
    var parser = ReferenceParser(bytes: bytes, maxDepth: max(0, maxDepth))
    return try parser.parseDocument()
  }
}

private struct ReferenceParser {
  let bytes: [UInt8]
  let maxDepth: Int
  var index = 0

  init(bytes: [UInt8], maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
  }

  private enum Frame {
    case array([JSONValue])
    case object([(key: String, value: JSONValue)], pendingKey: String)
  }

  mutating func parseDocument() throws(JSONReadError) -> JSONValue {
    try validateUTF8()
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw error("empty input; expected a JSON value") }
    let value = try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw error("unexpected \(describeByte(at: index)) after the JSON value")
    }
    return value
  }

  // MARK: Values

  /// Parses one value without recursion, keeping open containers on an explicit stack.
  private mutating func parseValue() throws(JSONReadError) -> JSONValue {
    var stack: [Frame] = []
    while true {
      // Read the start of a value: either a scalar or the opening of a container.
      skipWhitespace()
      var completed: JSONValue
      guard index < bytes.count else { throw error("unexpected end of input; expected a value") }
      switch bytes[index] {
      case UInt8(ascii: "["):
        guard stack.count < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
          index += 1
          completed = .array([])
        } else {
          stack.append(.array([]))
          continue
        }
      case UInt8(ascii: "{"):
        guard stack.count < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
          index += 1
          completed = .object([])
        } else {
          let key = try parseMemberKey()
          stack.append(.object([], pendingKey: key))
          continue
        }
      default:
        completed = try parseScalar()
      }

      // Attach the finished value to its container; close containers as they end.
      while true {
        guard let frame = stack.popLast() else { return completed }
        skipWhitespace()
        switch frame {
        case .array(var values):
          values.append(completed)
          switch peek() {
          case UInt8(ascii: ","):
            index += 1
            stack.append(.array(values))
          case UInt8(ascii: "]"):
            index += 1
            completed = .array(values)
            continue
          default:
            throw error("expected ',' or ']' but found \(describeByte(at: index))")
          }
        case .object(var members, let key):
          members.append((key: key, value: completed))
          switch peek() {
          case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            let nextKey = try parseMemberKey()
            stack.append(.object(members, pendingKey: nextKey))
          case UInt8(ascii: "}"):
            index += 1
            completed = .object(members)
            continue
          default:
            throw error("expected ',' or '}' but found \(describeByte(at: index))")
          }
        }
        break
      }
    }
  }

  /// Reads `"key"` and the `:` after it.
  private mutating func parseMemberKey() throws(JSONReadError) -> String {
    guard peek() == UInt8(ascii: "\"") else {
      throw error("expected a member name in double quotes but found \(describeByte(at: index))")
    }
    let key = try parseString()
    skipWhitespace()
    guard peek() == UInt8(ascii: ":") else {
      throw error("expected ':' after the member name but found \(describeByte(at: index))")
    }
    index += 1
    return key
  }

  private mutating func parseScalar() throws(JSONReadError) -> JSONValue {
    let byte = bytes[index]
    switch byte {
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected \(describeByte(at: index)); expected a value")
    }
  }

  private mutating func expectLiteral(_ literal: String) throws(JSONReadError) {
    let start = index
    for expected in literal.utf8 {
      guard index < bytes.count, bytes[index] == expected else {
        index = start
        throw error("unexpected \(describeByte(at: start)); expected a value")
      }
      index += 1
    }
  }

  private mutating func parseNumber() throws(JSONReadError) -> Double {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), isDigit(first) else { throw error("expected a digit in the number") }
    if first == UInt8(ascii: "0") {
      index += 1
      if let next = peek(), isDigit(next) { throw error("numbers must not have leading zeros") }
    } else {
      while let next = peek(), isDigit(next) { index += 1 }
    }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard let next = peek(), isDigit(next) else { throw error("expected a digit after the decimal point") }
      while let next = peek(), isDigit(next) { index += 1 }
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let next = peek(), isDigit(next) else { throw error("expected a digit in the exponent") }
      while let next = peek(), isDigit(next) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text.prefix(40)) is too large")
    }
    return value
  }

  private mutating func parseString() throws(JSONReadError) -> String {
    index += 1  // opening quote
    var utf8: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try parseEscape(into: &utf8)
      case 0..<0x20:
        throw error("control character U+\(hex(UInt32(byte), digits: 4)) in a string; write it as an escape")
      default:
        utf8.append(byte)
        index += 1
      }
    }
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONReadError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw error("unterminated string") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      let unit = try parseHex4(escapeStart: escapeStart)
      var scalarValue = UInt32(unit)
      if (0xD800...0xDBFF).contains(unit) {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
          index = escapeStart
          throw error("lone high surrogate \\u\(hex(UInt32(unit), digits: 4)) without a low surrogate after it")
        }
        let lowStart = index
        index += 2
        let low = try parseHex4(escapeStart: lowStart)
        guard (0xDC00...0xDFFF).contains(low) else {
          index = lowStart
          throw error("high surrogate \\u\(hex(UInt32(unit), digits: 4)) followed by \\u\(hex(UInt32(low), digits: 4)), which is not a low surrogate")
        }
        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        index = escapeStart
        throw error("lone low surrogate \\u\(hex(UInt32(unit), digits: 4))")
      }
      // Every value left is a valid scalar: surrogates were handled above.
      utf8.append(contentsOf: Array(String(Character(Unicode.Scalar(scalarValue)!)).utf8))
    default:
      index = escapeStart
      throw error("invalid escape \\\(byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "?") in a string")
    }
  }

  private mutating func parseHex4(escapeStart: Int) throws(JSONReadError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = hexValue(bytes[index]) else {
        index = escapeStart
        throw error("\\u must be followed by four hexadecimal digits")
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  // MARK: Bytes

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// Names the byte at `offset` for a message: `'x'`, `end of input`, or the scalar's code.
  private func describeByte(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of input" }
    let byte = bytes[offset]
    if byte > 0x20 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
    if byte < 0x80 { return "U+\(hex(UInt32(byte), digits: 4))" }
    return "a non-ASCII character"
  }

  /// Checks the whole input is well-formed UTF-8 (no overlong forms, no surrogates,
  /// nothing above U+10FFFF).
  private mutating func validateUTF8() throws(JSONReadError) {
    var offset = 0
    let count = bytes.count
    while offset < count {
      let lead = bytes[offset]
      if lead < 0x80 { offset += 1; continue }
      let length: Int
      var lowerBound: UInt8 = 0x80
      var upperBound: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: length = 3; lowerBound = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: length = 3; upperBound = 0x9F
      case 0xF0: length = 4; lowerBound = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4: length = 4; upperBound = 0x8F
      default:
        index = offset
        throw error("invalid UTF-8 byte 0x\(hex(UInt32(lead), digits: 2))")
      }
      for position in 1..<length {
        let next = offset + position
        guard next < count else {
          index = offset
          throw error("invalid UTF-8: truncated multi-byte sequence")
        }
        let continuation = bytes[next]
        let low = position == 1 ? lowerBound : 0x80
        let high = position == 1 ? upperBound : 0xBF
        guard continuation >= low && continuation <= high else {
          index = offset
          throw error("invalid UTF-8 sequence starting with byte 0x\(hex(UInt32(lead), digits: 2))")
        }
      }
      offset += length
    }
  }

  /// An error at the current index, with its line and column.
  private func error(_ reason: String) -> JSONReadError {
    var line = 1
    var column = 1
    var offset = 0
    let end = min(index, bytes.count)
    while offset < end {
      let byte = bytes[offset]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      offset += 1
    }
    return JSONReadError(line: line, column: column, reason: reason)
  }
}


enum ReferenceValidator {
  /// The largest release or manifest file read: 1 MiB.
  static let maximumFileSize = 1_048_576
  /// The longest id accepted for pages, blocks and feature items.
  static let maximumIDLength = 64
  /// The longest translation key accepted.
  static let maximumKeyLength = 200

  /// Validates one release file.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - fileName: the file's name, like `2.13.1.json`; the `version` inside must match it.
  ///   - displayPath: how diagnostics name the file, like `Releases/2.13.1.json`.
  ///   - englishKeys: the keys of the English table; a unit using any other key is dropped.
  /// - Returns: the release (nil when the whole file was dropped) and every diagnostic, in file order.
  static func validate(
    _ bytes: [UInt8], fileName: String, displayPath: String, englishKeys: Set<String>
  ) -> (release: Release?, diagnostics: [ReleaseDiagnostic]) {
    validate(bytes, fileName: fileName, displayPath: displayPath, englishKeys: Optional(englishKeys))
  }

  /// Validates one release file; `englishKeys == nil` skips the English-table check
  /// (the linter reports translations itself).
  static func validate(
    _ bytes: [UInt8], fileName: String, displayPath: String, englishKeys: Set<String>?
  ) -> (release: Release?, diagnostics: [ReleaseDiagnostic]) {
    var context = ReferenceValidationContext(file: displayPath, englishKeys: englishKeys)
    let release = context.validateRelease(bytes, fileName: fileName)
    return (release, context.diagnostics)
  }

  /// Validates `manifest.json`: `{"releases": ["2.11.0", "2.13.1"]}`.
  ///
  /// Entries that are not version strings are dropped and named; a repeated version is
  /// named (`.warning`) and counted once. Unreadable JSON or a wrong shape registers nothing.
  ///
  /// - Returns: the registered versions in manifest order, without repeats, and the diagnostics.
  static func validateManifest(_ bytes: [UInt8], displayPath: String) -> (versions: [Version], diagnostics: [ReleaseDiagnostic]) {
    let result = manifestEntries(bytes, displayPath: displayPath)
    return (result.entries.map(\.version), result.diagnostics)
  }

  /// Like ``validateManifest(_:displayPath:)``, also giving each version's index in `releases`.
  static func manifestEntries(_ bytes: [UInt8], displayPath: String) -> (entries: [(version: Version, index: Int)], diagnostics: [ReleaseDiagnostic]) {
    var context = ReferenceValidationContext(file: displayPath, englishKeys: nil)
    let entries = context.validateManifest(bytes)
    return (entries, context.diagnostics)
  }
}

// MARK: - Machinery

/// A unit could not be used: where, and why (without the "; block dropped" ending).
struct ReferenceRejection: Error {
  var path: String
  var reason: String
}

/// The members of one JSON object, first occurrence winning, with its JSON path.
struct ReferenceFields {
  let path: String
  let values: [String: JSONValue]
  let order: [String]

  func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func requiredString(_ key: String, describing hint: String = "a string") throws(ReferenceRejection) -> String {
    guard let value = values[key] else {
      throw ReferenceRejection(path: path, reason: "missing required field '\(key)' (\(hint))")
    }
    guard case .string(let text) = value else {
      throw ReferenceRejection(path: childPath(key), reason: "expected a string for '\(key)', found \(value.kindName)")
    }
    return text
  }

  func optionalString(_ key: String) throws(ReferenceRejection) -> String? {
    guard let value = values[key] else { return nil }
    guard case .string(let text) = value else {
      throw ReferenceRejection(path: childPath(key), reason: "expected a string for '\(key)', found \(value.kindName)")
    }
    return text
  }

  func optionalArray(_ key: String) throws(ReferenceRejection) -> [JSONValue]? {
    guard let value = values[key] else { return nil }
    guard case .array(let elements) = value else {
      throw ReferenceRejection(path: childPath(key), reason: "expected an array for '\(key)', found \(value.kindName)")
    }
    return elements
  }

  func requiredArray(_ key: String) throws(ReferenceRejection) -> [JSONValue] {
    guard let elements = try optionalArray(key) else {
      throw ReferenceRejection(path: path, reason: "missing required field '\(key)' (an array)")
    }
    return elements
  }
}

struct ReferenceValidationContext {
  let file: String
  /// `nil` skips the English-table check.
  let englishKeys: Set<String>?
  var diagnostics: [ReleaseDiagnostic] = []
  var releaseVersion = Version(major: 0, minor: 0, patch: 0)

  init(file: String, englishKeys: Set<String>?) {
    self.file = file
    self.englishKeys = englishKeys
  }

  mutating func warn(_ path: String, _ message: String) {
    diagnostics.append(ReleaseDiagnostic(file: file, path: path, message: message, severity: .warning))
  }

  mutating func drop(_ rejection: ReferenceRejection, unit: String) {
    diagnostics.append(
      ReleaseDiagnostic(file: file, path: rejection.path, message: "\(rejection.reason); \(unit) dropped", severity: .dropped))
  }

  // MARK: Reading objects

  /// Reads an object's members, warning about duplicates and about fields not in `allowed`.
  mutating func fields(of value: JSONValue, at path: String, allowed: [String], unitName: String) throws(ReferenceRejection) -> ReferenceFields {
    guard case .object(let members) = value else {
      throw ReferenceRejection(path: path, reason: "expected \(unitName) to be an object, found \(value.kindName)")
    }
    var values: [String: JSONValue] = [:]
    var order: [String] = []
    for member in members {
      let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
      if values[member.key] != nil {
        warn(memberPath, "duplicate field \(Quote.quoted(member.key)); the first one is used")
        continue
      }
      values[member.key] = member.value
      order.append(member.key)
      if !allowed.contains(member.key) {
        var message = "unknown field \(Quote.quoted(member.key)) ignored"
        if let suggestion = Suggestion.closest(to: member.key, in: allowed) {
          message = "unknown field \(Quote.quoted(member.key)) ignored (did you mean '\(suggestion)'?)"
        }
        warn(memberPath, message)
      }
    }
    return ReferenceFields(path: path, values: values, order: order)
  }

  // MARK: Typed fields

  static func isValidID(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard !utf8.isEmpty, utf8.count <= ReferenceValidator.maximumIDLength else { return false }
    return utf8.allSatisfy(isIDByte)
  }

  static func isValidKey(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard !utf8.isEmpty, utf8.count <= ReferenceValidator.maximumKeyLength else { return false }
    return utf8.allSatisfy(isIDByte)
  }

  private static func isIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  func id(_ fields: ReferenceFields, _ key: String = "id") throws(ReferenceRejection) -> String {
    let text = try fields.requiredString(key)
    guard Self.isValidID(text) else {
      throw ReferenceRejection(
        path: fields.childPath(key),
        reason: "id \(Quote.quoted(text)) is not valid (use 1 to \(ReferenceValidator.maximumIDLength) of A-Z a-z 0-9 _ . -)")
    }
    return text
  }

  func checkKey(_ text: String, at path: String) throws(ReferenceRejection) {
    guard Self.isValidKey(text) else {
      throw ReferenceRejection(
        path: path,
        reason: "translation key \(Quote.quoted(text)) is not valid (use 1 to \(ReferenceValidator.maximumKeyLength) of A-Z a-z 0-9 _ . -)")
    }
    if let englishKeys, !englishKeys.contains(text) {
      throw ReferenceRejection(path: path, reason: "translation key \(Quote.quoted(text)) is missing from the English table")
    }
  }

  func requiredKey(_ fields: ReferenceFields, _ key: String) throws(ReferenceRejection) -> String {
    let text = try fields.requiredString(key, describing: "a translation key")
    try checkKey(text, at: fields.childPath(key))
    return text
  }

  func optionalKey(_ fields: ReferenceFields, _ key: String) throws(ReferenceRejection) -> String? {
    guard let text = try fields.optionalString(key) else { return nil }
    try checkKey(text, at: fields.childPath(key))
    return text
  }

  func icon(_ fields: ReferenceFields) throws(ReferenceRejection) -> Icon? {
    guard let text = try fields.optionalString("icon") else { return nil }
    guard let icon = Icon(rawValue: text) else {
      throw ReferenceRejection(path: fields.childPath("icon"), reason: "unknown icon \(Quote.quoted(text))\(didYouMean(text, Icon.allCases.map(\.rawValue)))")
    }
    return icon
  }

  func action(_ fields: ReferenceFields, required: Bool) throws(ReferenceRejection) -> Action? {
    let text: String
    if required {
      text = try fields.requiredString("action", describing: "one of \(Action.allCases.map(\.rawValue).joined(separator: ", "))")
    } else {
      guard let optional = try fields.optionalString("action") else { return nil }
      text = optional
    }
    guard let action = Action(rawValue: text) else {
      throw ReferenceRejection(path: fields.childPath("action"), reason: "unknown action \(Quote.quoted(text))\(didYouMean(text, Action.allCases.map(\.rawValue)))")
    }
    return action
  }

  func supersededIn(_ fields: ReferenceFields) throws(ReferenceRejection) -> Version? {
    guard let text = try fields.optionalString("supersededIn") else { return nil }
    guard let version = Version(text) else {
      throw ReferenceRejection(path: fields.childPath("supersededIn"), reason: "supersededIn \(Quote.quoted(text)) is not a version (MAJOR.MINOR.PATCH)")
    }
    guard version > releaseVersion else {
      throw ReferenceRejection(
        path: fields.childPath("supersededIn"),
        reason: "supersededIn \(version) is not later than the release's version \(releaseVersion)")
    }
    return version
  }

  func didYouMean(_ word: String, _ candidates: [String]) -> String {
    guard let suggestion = Suggestion.closest(to: word, in: candidates) else { return "" }
    return " (did you mean '\(suggestion)'?)"
  }

  // MARK: Release

  mutating func validateRelease(_ bytes: [UInt8], fileName: String) -> Release? {
    guard bytes.count <= ReferenceValidator.maximumFileSize else {
      drop(
        ReferenceRejection(path: "", reason: "file is \(bytes.count) bytes, over the \(ReferenceValidator.maximumFileSize)-byte (1 MiB) limit"),
        unit: "release")
      return nil
    }
    let document: JSONValue
    do {
      document = try ReferenceJSONReader.parse(bytes)
    } catch {
      drop(ReferenceRejection(path: "", reason: error.description), unit: "release")
      return nil
    }
    let top: ReferenceFields
    let versionText: String
    do {
      top = try fields(of: document, at: "", allowed: ["version", "pages"], unitName: "the top level")
      versionText = try top.requiredString("version", describing: "a string like \"2.13.1\"")
    } catch {
      drop(error, unit: "release")
      return nil
    }
    guard let version = Version(versionText) else {
      drop(ReferenceRejection(path: "version", reason: "version \(Quote.quoted(versionText)) is not a version (MAJOR.MINOR.PATCH)"), unit: "release")
      return nil
    }
    let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
    guard versionText == stem else {
      drop(
        ReferenceRejection(path: "version", reason: "version \(Quote.quoted(versionText)) does not match the file name \(Quote.quoted(fileName))"),
        unit: "release")
      return nil
    }
    releaseVersion = version

    let pageValues: [JSONValue]
    do {
      pageValues = try top.requiredArray("pages")
    } catch {
      diagnostics.append(
        ReleaseDiagnostic(file: file, path: error.path, message: "\(error.reason); the release has no pages", severity: .dropped))
      return Release(version: version, pages: [])
    }
    if pageValues.isEmpty {
      warn("pages", "the release has no pages; nothing will be shown for \(version)")
      return Release(version: version, pages: [])
    }

    var pages: [Page] = []
    var pageIDs: [String: Int] = [:]
    for (index, value) in pageValues.enumerated() {
      if let page = validatePage(value, at: "pages[\(index)]", index: index, pageIDs: &pageIDs) {
        pages.append(page)
      }
    }
    if pages.isEmpty {
      diagnostics.append(
        ReleaseDiagnostic(file: file, path: "pages", message: "no usable pages left; the release shows nothing", severity: .dropped))
    }
    return Release(version: version, pages: pages)
  }

  mutating func validatePage(_ value: JSONValue, at path: String, index: Int, pageIDs: inout [String: Int]) -> Page? {
    do throws(ReferenceRejection) {
      let page = try fields(of: value, at: path, allowed: ["id", "blocks", "supersededIn"], unitName: "a page")
      let pageID = try id(page)
      if let first = pageIDs[pageID] {
        throw ReferenceRejection(path: page.childPath("id"), reason: "duplicate page id \(Quote.quoted(pageID)) (already used by pages[\(first)])")
      }
      pageIDs[pageID] = index
      let superseded = try supersededIn(page)
      let blockValues = try page.requiredArray("blocks")
      guard !blockValues.isEmpty else { throw ReferenceRejection(path: page.childPath("blocks"), reason: "the page has no blocks") }
      var blocks: [Block] = []
      var blockIDs: [String: Int] = [:]
      for (blockIndex, blockValue) in blockValues.enumerated() {
        if let block = validateBlock(blockValue, at: "\(path).blocks[\(blockIndex)]", index: blockIndex, blockIDs: &blockIDs) {
          blocks.append(block)
        }
      }
      guard !blocks.isEmpty else { throw ReferenceRejection(path: path, reason: "no usable blocks left") }
      return Page(id: pageID, blocks: blocks, supersededIn: superseded)
    } catch {
      drop(error, unit: "page")
      return nil
    }
  }

  static let blockTypes = ["info", "choice", "action", "featureList"]

  static func allowedFields(forType type: String) -> [String] {
    let common = ["id", "type", "supersededIn"]
    switch type {
    case "info": return common + ["titleKey", "descriptionKey", "icon"]
    case "choice": return common + ["setting", "titleKey", "descriptionKey", "options"]
    case "action": return common + ["action", "labelKey", "descriptionKey", "icon"]
    default: return common + ["titleKey", "items"]
    }
  }

  mutating func validateBlock(_ value: JSONValue, at path: String, index: Int, blockIDs: inout [String: Int]) -> Block? {
    do throws(ReferenceRejection) {
      guard case .object = value else {
        throw ReferenceRejection(path: path, reason: "expected a block to be an object, found \(value.kindName)")
      }
      // The type decides which fields are known, so read it before warning about fields.
      let typeText: String
      switch value.member("type") {
      case .string(let text)?: typeText = text
      default: typeText = ""
      }
      let allowed = Self.blockTypes.contains(typeText) ? Self.allowedFields(forType: typeText) : ["id", "type"]
      let block = try fields(of: value, at: path, allowed: allowed, unitName: "a block")
      let blockID = try id(block)
      if let first = blockIDs[blockID] {
        throw ReferenceRejection(
          path: block.childPath("id"), reason: "duplicate block id \(Quote.quoted(blockID)) (already used by blocks[\(first)] of this page)")
      }
      blockIDs[blockID] = index
      let type = try block.requiredString("type", describing: "one of \(Self.blockTypes.joined(separator: ", "))")
      guard Self.blockTypes.contains(type) else {
        throw ReferenceRejection(path: block.childPath("type"), reason: "unknown block type \(Quote.quoted(type))\(didYouMean(type, Self.blockTypes))")
      }
      let superseded = try supersededIn(block)
      let content: BlockContent
      switch type {
      case "info":
        content = .info(
          InfoBlock(titleKey: try requiredKey(block, "titleKey"), descriptionKey: try optionalKey(block, "descriptionKey"), icon: try icon(block)))
      case "choice":
        content = .choice(try validateChoice(block))
      case "action":
        let action = try action(block, required: true)!
        content = .action(
          ActionBlock(
            action: action, labelKey: try requiredKey(block, "labelKey"), descriptionKey: try optionalKey(block, "descriptionKey"),
            icon: try icon(block)))
      default:
        content = .featureList(try validateFeatureList(block))
      }
      return Block(id: blockID, supersededIn: superseded, content: content)
    } catch {
      drop(error, unit: "block")
      return nil
    }
  }

  mutating func validateChoice(_ block: ReferenceFields) throws(ReferenceRejection) -> ChoiceBlock {
    let settingNames = Setting.allCases.map(\.rawValue)
    let settingText = try block.requiredString("setting", describing: "one of \(settingNames.joined(separator: ", "))")
    guard let setting = Setting(rawValue: settingText) else {
      throw ReferenceRejection(path: block.childPath("setting"), reason: "unknown setting \(Quote.quoted(settingText))\(didYouMean(settingText, settingNames))")
    }
    let titleKey = try requiredKey(block, "titleKey")
    let descriptionKey = try optionalKey(block, "descriptionKey")
    guard let optionValues = try block.optionalArray("options") else {
      guard setting.kind.offersFullSetByDefault else {
        throw ReferenceRejection(
          path: block.path,
          reason: "missing required field 'options' (setting '\(setting.rawValue)' must list its options from \(setting.kind.values.joined(separator: ", ")))")
      }
      return ChoiceBlock(
        setting: setting, titleKey: titleKey, descriptionKey: descriptionKey,
        options: setting.kind.values.map { ChoiceOption(value: $0, labelKey: nil) })
    }
    var options: [ChoiceOption] = []
    var seenValues: [String: Int] = [:]
    for (index, optionValue) in optionValues.enumerated() {
      let path = "\(block.childPath("options"))[\(index)]"
      do throws(ReferenceRejection) {
        let option = try fields(of: optionValue, at: path, allowed: ["value", "labelKey", "icon"], unitName: "an option")
        let value = try option.requiredString("value", describing: "one of \(setting.kind.values.joined(separator: ", "))")
        guard setting.accepts(value) else {
          throw ReferenceRejection(
            path: option.childPath("value"),
            reason:
              "unknown value \(Quote.quoted(value)) for setting '\(setting.rawValue)'\(didYouMean(value, setting.kind.values)); it takes \(setting.kind.values.joined(separator: ", "))"
          )
        }
        if let first = seenValues[value] {
          throw ReferenceRejection(path: option.childPath("value"), reason: "duplicate value '\(value)' (already offered by options[\(first)])")
        }
        seenValues[value] = index
        options.append(ChoiceOption(value: value, labelKey: try requiredKey(option, "labelKey"), icon: try icon(option)))
      } catch {
        drop(error, unit: "option")
      }
    }
    guard options.count >= 2 else {
      throw ReferenceRejection(
        path: block.childPath("options"),
        reason: "\(options.count == 1 ? "only 1 usable option" : "no usable options") left; a choice needs at least two")
    }
    return ChoiceBlock(setting: setting, titleKey: titleKey, descriptionKey: descriptionKey, options: options)
  }

  mutating func validateFeatureList(_ block: ReferenceFields) throws(ReferenceRejection) -> FeatureListBlock {
    let titleKey = try optionalKey(block, "titleKey")
    let itemValues = try block.requiredArray("items")
    guard !itemValues.isEmpty else { throw ReferenceRejection(path: block.childPath("items"), reason: "the feature list has no items") }
    var items: [FeatureItem] = []
    var itemIDs: [String: Int] = [:]
    for (index, itemValue) in itemValues.enumerated() {
      let path = "\(block.childPath("items"))[\(index)]"
      do throws(ReferenceRejection) {
        let item = try fields(of: itemValue, at: path, allowed: ["id", "titleKey", "descriptionKey", "icon", "action"], unitName: "an item")
        let itemID = try id(item)
        if let first = itemIDs[itemID] {
          throw ReferenceRejection(path: item.childPath("id"), reason: "duplicate item id \(Quote.quoted(itemID)) (already used by items[\(first)])")
        }
        itemIDs[itemID] = index
        items.append(
          FeatureItem(
            id: itemID, titleKey: try requiredKey(item, "titleKey"), descriptionKey: try optionalKey(item, "descriptionKey"),
            icon: try icon(item), action: try action(item, required: false)))
      } catch {
        drop(error, unit: "item")
      }
    }
    guard !items.isEmpty else { throw ReferenceRejection(path: block.childPath("items"), reason: "no usable items left") }
    return FeatureListBlock(titleKey: titleKey, items: items)
  }

  // MARK: Manifest

  mutating func validateManifest(_ bytes: [UInt8]) -> [(version: Version, index: Int)] {
    guard bytes.count <= ReferenceValidator.maximumFileSize else {
      drop(
        ReferenceRejection(path: "", reason: "file is \(bytes.count) bytes, over the \(ReferenceValidator.maximumFileSize)-byte (1 MiB) limit"),
        unit: "every release")
      return []
    }
    let entries: [JSONValue]
    do throws(ReferenceRejection) {
      let document: JSONValue
      do {
        document = try ReferenceJSONReader.parse(bytes)
      } catch {
        throw ReferenceRejection(path: "", reason: error.description)
      }
      let top = try fields(of: document, at: "", allowed: ["releases"], unitName: "the top level")
      entries = try top.requiredArray("releases")
    } catch {
      drop(error, unit: "every release")
      return []
    }
    var result: [(version: Version, index: Int)] = []
    var seen: [Version: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let path = "releases[\(index)]"
      guard case .string(let text) = entry else {
        drop(ReferenceRejection(path: path, reason: "expected a version string, found \(entry.kindName)"), unit: "entry")
        continue
      }
      guard let version = Version(text) else {
        drop(ReferenceRejection(path: path, reason: "\(Quote.quoted(text)) is not a version (MAJOR.MINOR.PATCH)"), unit: "entry")
        continue
      }
      if let first = seen[version] {
        warn(path, "duplicate entry '\(version)' (already listed at releases[\(first)]); counted once")
        continue
      }
      seen[version] = index
      result.append((version, index))
    }
    return result
  }
}


enum ReferenceLibrary {
  /// The manifest's file name, never itself a release.
  static let manifestFileName = "manifest.json"

  /// Validates the manifest and every registered file.
  ///
  /// - Parameters:
  ///   - manifest: the bytes of `manifest.json`, or `nil` when it does not exist (nothing loads).
  ///   - manifestDisplayPath: how diagnostics name the manifest, like `Releases/manifest.json`.
  ///   - files: the release directory's files, by file name (`2.13.1.json`) to contents.
  ///   - directoryDisplayPath: how diagnostics name the directory, like `Releases`.
  ///   - englishKeys: the keys of the English table.
  /// - Returns: the releases, sorted by version ascending, and every diagnostic: the
  ///   manifest's first, then each file's in version order, then unlisted files by name.
  static func load(
    manifest: [UInt8]?, manifestDisplayPath: String, files: [String: [UInt8]], directoryDisplayPath: String,
    englishKeys: Set<String>
  ) -> (releases: [Release], diagnostics: [ReleaseDiagnostic]) {
    var diagnostics: [ReleaseDiagnostic] = []
    var registered: [(version: Version, index: Int)] = []
    if let manifest {
      let result = ReferenceValidator.manifestEntries(manifest, displayPath: manifestDisplayPath)
      registered = result.entries
      diagnostics += result.diagnostics
    } else {
      diagnostics.append(
        ReleaseDiagnostic(
          file: manifestDisplayPath, path: "",
          message: "manifest.json is missing; no releases load (create it as {\"releases\": [\"<version>\", ...]})",
          severity: .dropped))
    }
    var releases: [Release] = []
    for entry in registered.sorted(by: { $0.version < $1.version }) {
      let fileName = "\(entry.version).json"
      let displayPath = join(directoryDisplayPath, fileName)
      guard let bytes = files[fileName] else {
        diagnostics.append(
          ReleaseDiagnostic(
            file: manifestDisplayPath, path: "releases[\(entry.index)]",
            message: "release \(entry.version) is registered but \(displayPath) does not exist; release skipped", severity: .dropped))
        continue
      }
      let result = ReferenceValidator.validate(bytes, fileName: fileName, displayPath: displayPath, englishKeys: englishKeys)
      diagnostics += result.diagnostics
      if let release = result.release { releases.append(release) }
    }
    let registeredNames = Set(registered.map { "\($0.version).json" })
    for fileName in unlistedReleaseFiles(in: files.keys, registered: registeredNames) {
      diagnostics.append(
        ReleaseDiagnostic(
          file: join(directoryDisplayPath, fileName), path: "", message: "not listed in manifest.json; add it to load it", severity: .warning))
    }
    return (releases, diagnostics)
  }

  /// `.json` files other than the manifest that are not registered, in ``fileNameOrder(_:_:)``.
  static func unlistedReleaseFiles(in names: some Sequence<String>, registered: Set<String>) -> [String] {
    names.filter { $0.hasSuffix(".json") && $0 != manifestFileName && !registered.contains($0) }.sorted(by: fileNameOrder)
  }

  /// Orders release file names by version when both are versions, else by name.
  static func fileNameOrder(_ a: String, _ b: String) -> Bool {
    let left = Version(a.hasSuffix(".json") ? String(a.dropLast(5)) : a)
    let right = Version(b.hasSuffix(".json") ? String(b.dropLast(5)) : b)
    switch (left, right) {
    case (let l?, let r?) where l != r: return l < r
    case (.some, nil): return true
    case (nil, .some): return false
    default: return a < b
    }
  }

  /// `directory/name`, without doubling a slash or leading with one.
  static func join(_ directory: String, _ name: String) -> String {
    if directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
  }
}

/// `Version.init?(_:)` as it was: split on dots, then read each part.
func referenceVersion(_ text: some StringProtocol) -> Version? {
  let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
  guard parts.count == 3 else { return nil }
  var numbers: [Int] = []
  numbers.reserveCapacity(3)
  for part in parts {
    guard let first = part.first, part.count <= 18 else { return nil }
    if first == UInt8(ascii: "0") && part.count > 1 { return nil }
    var value = 0
    for byte in part {
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    numbers.append(value)
  }
  return Version(major: numbers[0], minor: numbers[1], patch: numbers[2])
}
