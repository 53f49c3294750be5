/// A JSON value as ``JSONReader`` reads it, with object members kept in file order.
///
/// Objects keep every member, duplicates included, in the order they appear, so a
/// validator can warn about a duplicate key instead of silently losing one. Use
/// ``JSONValue/member(_:)`` to read the first member with a given key.
///
/// ```swift
/// let value = try JSONReader.parse(Array(#"{"a": [1, true, null]}"#.utf8))
/// value.member("a")   // .array([.number(1), .bool(true), .null])
/// ```
public enum JSONValue: Sendable, Equatable, CustomStringConvertible {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number; every JSON number is read as a `Double`.
  case number(Double)
  /// A string, escapes decoded.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object's members in file order, duplicates kept.
  case object([(key: String, value: JSONValue)])

  /// Two values are equal when they have the same kind and contents; objects compare
  /// member by member, in order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      guard a.count == b.count else { return false }
      for (left, right) in zip(a, b) where left.key != right.key || left.value != right.value {
        return false
      }
      return true
    default: return false
    }
  }

  /// The first member named `key` when the value is an object; `nil` otherwise.
  ///
  /// ```swift
  /// JSONValue.object([("a", .null), ("a", .bool(true))]).member("a")   // .null
  /// ```
  public func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The kind of the value with an article, as messages name it: "a string", "an object", "null".
  public var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// A compact rendering for debugging and test failures (not canonical JSON).
  public var description: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    case .string(let value): return "\"\(value)\""
    case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
    case .object(let members): return "{" + members.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "}"
    }
  }
}

/// Why ``JSONReader`` refused its input, and where.
///
/// `line` and `column` are 1-based; the column counts Unicode scalars from the start of
/// the line. The description reads like
/// `invalid JSON at line 3, column 14: expected ',' or '}'`.
public struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line of the offending byte.
  public var line: Int
  /// The 1-based column (in Unicode scalars) of the offending byte.
  public var column: Int
  /// What was wrong, lowercase, without the position: `expected ',' or '}'`.
  public var reason: String

  /// Creates an error at a given position.
  public init(line: Int, column: Int, reason: String) {
    self.line = line
    self.column = column
    self.reason = reason
  }

  /// `invalid JSON at line L, column C: reason`.
  public var description: String { "invalid JSON at line \(line), column \(column): \(reason)" }
}

/// A small, strict RFC 8259 JSON reader.
///
/// It refuses invalid UTF-8, control characters inside strings, lone surrogates in
/// `\u` escapes, leading zeros, trailing commas, trailing garbage, numbers too large
/// for a `Double`, and nesting deeper than `maxDepth`. It never recurses, so even a
/// million nested brackets give an error rather than a stack overflow. A leading
/// UTF-8 byte order mark is skipped (editors on some systems add one).
///
/// ```swift
/// try JSONReader.parse(Array("[1, 2]".utf8))          // .array([.number(1), .number(2)])
/// try JSONReader.parse(Array("[1, 2] x".utf8))        // throws: unexpected 'x' after the JSON value
/// ```
public enum JSONReader {
  /// Parses `bytes` as one JSON text.
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 encoded JSON.
  ///   - maxDepth: the deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
  /// - Throws: ``JSONReadError`` naming the line, column and reason.
  public static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONReadError) -> JSONValue {
    var parser = Parser(bytes: bytes, maxDepth: max(0, maxDepth))
    return try parser.parseDocument()
  }
}

private struct Parser {
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
