// Hand-written: Foundation's JSONDecoder and JSONSerialization drop duplicate keys silently
// and report errors without a JSON path or a position; the validator needs all three
// (`pages[2].blocks[0].icon`, a warning for a duplicate key, the line and column `lint`
// prints) to drop the smallest bad unit and name it.

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
package enum JSONValue: Sendable, Equatable, CustomStringConvertible {
  case null
  case bool(Bool)
  /// A number; every JSON number is read as a `Double`.
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An object's members in file order, duplicates kept.
  case object([(key: String, value: JSONValue)])

  /// Two values are equal when they have the same kind and contents; objects compare
  /// member by member, in order.
  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)): return a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The first member named `key` when the value is an object; `nil` otherwise.
  ///
  /// ```swift
  /// JSONValue.object([("a", .null), ("a", .bool(true))]).member("a")   // .null
  /// ```
  package func member(_ key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The compact JSON text (``serialized()``), for debugging and test failures.
  package var description: String { serialized() }
}

/// Why ``JSONReader`` refused its input, and where.
///
/// `line` and `column` are 1-based; the column counts Unicode scalars from the start of
/// the line. The description reads like
/// `invalid JSON at line 3, column 14: expected ',' or '}'`.
package struct JSONReadError: Error, Sendable, Hashable, CustomStringConvertible {
  package var line: Int
  package var column: Int
  /// What was wrong, lowercase, without the position: `expected ',' or '}'`.
  package var reason: String

  package static let descriptionPrefix = "invalid JSON "

  package var description: String { "\(Self.descriptionPrefix)at line \(line), column \(column): \(reason)" }
}

/// A small, strict RFC 8259 JSON reader.
///
/// It refuses invalid UTF-8, control characters inside strings, lone surrogates in
/// `\u` escapes, leading zeros, trailing commas, trailing garbage, numbers too large
/// for a `Double`, and nesting deeper than `maxDepth`. Parsing never recurses, so even a
/// million nested brackets give an error rather than a stack overflow. A leading
/// UTF-8 byte order mark is skipped (editors on some systems add one).
///
/// ```swift
/// try JSONReader.parse(Array("[1, 2]".utf8))          // .array([.number(1), .number(2)])
/// try JSONReader.parse(Array("[1, 2] x".utf8))        // throws: unexpected 'x' after the JSON value
/// ```
package enum JSONReader {
  /// The nesting limit ``parse(_:maxDepth:)`` uses by default and the validator uses for release files.
  static let defaultMaxDepth = 64

  /// Parses `bytes` (UTF-8) as one JSON text, nested at most `maxDepth` deep (`[[1]]` has
  /// depth 2), or throws a ``JSONReadError`` naming the line, column and reason.
  package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONReadError) -> JSONValue {
    try JSONTape.parse(bytes, maxDepth: maxDepth).value()
  }
}

extension JSONTape {
  /// The value at `index` (the top-level value by default) as a ``JSONValue`` tree. It
  /// recurses once per level, and the tape is never deeper than the `maxDepth` it was parsed with.
  func value(at index: Int = 0) -> JSONValue {
    switch kind(index) {
    case .null: .null
    case .false: .bool(false)
    case .true: .bool(true)
    case .number: .number(number(index))
    case .string: .string(string(index))
    case .array: .array(elements(of: index).map { value(at: $0) })
    case .object: .object(memberKeys(of: index).map { (key: string($0), value: value(at: $0 + 1)) })
    }
  }
}
