// Hand-written, with JSON.swift: a flat tape the validator walks without building a tree,
// for the 1,000-release row of `make bench` (see Documentation/Performance.md).

/// A JSON text parsed into one flat array of nodes in document order (a "tape").
///
/// This is what ``JSONReader`` parses into; ``JSONReader/parse(_:maxDepth:)`` then builds a
/// ``JSONValue`` from it, while ``ReleaseValidator`` reads the tape directly: object keys are
/// compared as bytes against the field names it knows, and a `String` is only made for the
/// values it keeps, so validating a file allocates little more than the release it returns.
///
/// Every node also records the byte offset where its text starts, so a diagnostic can name
/// its line and column (``SourcePosition``, computed only then); the offset fills the padding
/// a node had anyway, so the tape is no larger for it.
///
/// Layout: a container node is followed by its children. An array's children are its
/// elements; an object's are its members, each a key (a string node) followed by the
/// value. Every container records where its last descendant ends, so a reader can step
/// over a whole subtree at once.
///
/// ```swift
/// let tape = try JSONTape.parse(Array(#"{"a": [1, 2]}"#.utf8), maxDepth: 64)
/// // nodes: object(1 member, end 5), string "a", array(2 elements, end 5), number 1, number 2
/// tape.firstMember(of: 0, named: "a")   // 2
/// ```
struct JSONTape: Sendable {
  /// What a node holds.
  enum Kind: UInt8, Sendable {
    case null
    case `false`
    case `true`
    case number
    case string
    case array
    case object
  }

  /// One value (or object key) of the text.
  struct Node: Sendable {
    var kind: Kind
    /// Strings: the bytes were unescaped into ``JSONTape/unescaped`` rather than read in place.
    var isUnescaped = false
    /// Strings: at least one byte (after unescaping) is not ASCII.
    var hasNonASCII = false
    /// The byte offset in ``JSONTape/input`` where the value starts (its `"`, `[`, `{`, sign,
    /// digit or letter). Files are at most a few MiB: 32 bits, in the padding after the flags.
    var offset: UInt32 = 0
    /// Strings: offset of the first byte; numbers: the `Double`'s bit pattern; containers:
    /// how many elements (arrays) or members (objects).
    var first: Int
    /// Strings: the byte count; containers: the index of the node after the last descendant.
    var second: Int
  }

  /// The text as given; unescaped strings point into it.
  let input: [UInt8]
  /// The decoded bytes of strings that had escapes.
  let unescaped: [UInt8]
  /// Every value and key, in document order; the top-level value is node 0.
  let nodes: [Node]

  /// Parses `bytes` as one JSON text, refusing it exactly as ``JSONReader`` documents.
  static func parse(_ bytes: [UInt8], maxDepth: Int) throws(JSONReadError) -> JSONTape {
    let (nodes, unescaped) = try bytes.withUnsafeBufferPointer { buffer throws(JSONReadError) in
      var parser = TapeParser(bytes: buffer, maxDepth: max(0, maxDepth))
      try parser.parseDocument()
      return (parser.nodes, parser.unescaped)
    }
    return JSONTape(input: bytes, unescaped: unescaped, nodes: nodes)
  }

  // MARK: Reading nodes

  /// The kind of the node at `index`.
  func kind(_ index: Int) -> Kind { nodes[index].kind }

  /// The kind of the node with an article, as messages name it: "a string", "an object", "null".
  func kindName(_ index: Int) -> String {
    switch nodes[index].kind {
    case .null: "null"
    case .false, .true: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The index of the node after the node at `index` and all its descendants.
  func next(after index: Int) -> Int {
    let node = nodes[index]
    switch node.kind {
    case .array, .object: return node.second
    default: return index + 1
    }
  }

  /// The string node at `index`, decoded.
  func string(_ index: Int) -> String {
    let node = nodes[index]
    return withBytes(of: node) { String(decoding: $0, as: UTF8.self) }
  }

  /// The byte offset in ``input`` where the value (or key) at `index` starts.
  func offset(_ index: Int) -> Int { Int(nodes[index].offset) }

  /// The node a validator path such as `pages[1].blocks[0].icon` names: the value of the
  /// first member with each name (the one the validator reads), element by element.
  /// Where a step is missing, the deepest node reached (so a path always has a position);
  /// `nil` only for an empty tape.
  func node(atPath path: String) -> Int? {
    guard !nodes.isEmpty else { return nil }
    var node = 0
    var rest = Substring(path)
    while let first = rest.first {
      if first == "[" {
        guard let close = rest.firstIndex(of: "]"), let position = Int(rest[rest.index(after: rest.startIndex)..<close])
        else { return node }
        rest = rest[rest.index(after: close)...]
        guard kind(node) == .array, position >= 0, position < nodes[node].first else { return node }
        var element = node + 1
        for _ in 0..<position { element = next(after: element) }
        node = element
      } else {
        if first == "." { rest = rest.dropFirst() }
        // A member's name may hold dots (`guidance.review.weekday_info.when`): the longest the path goes on from.
        let names = kind(node) == .object ? memberKeys(of: node).map { ($0, string($0)) } : []
        let key = names.filter { _, name in
          rest.hasPrefix(name) && rest.dropFirst(name.count).first.map { $0 == "." || $0 == "[" } ?? true
        }.max { $0.1.count < $1.1.count }
        guard let (key, name) = key else { return node }
        rest = rest.dropFirst(name.count)
        node = key + 1
      }
    }
    return node
  }

  /// The number node at `index`.
  func number(_ index: Int) -> Double { Double(bitPattern: UInt64(UInt(bitPattern: nodes[index].first))) }

  /// The element nodes of the array node at `index`, in order.
  func elements(of index: Int) -> Children {
    Children(tape: self, upcoming: index + 1, remaining: nodes[index].first, step: 1)
  }

  /// The key nodes of the object node at `index`, in order; each member's value is the key's index + 1.
  func memberKeys(of index: Int) -> Children {
    Children(tape: self, upcoming: index + 1, remaining: nodes[index].first, step: 2)
  }

  /// The value node of the first member of the object at `object` whose key equals `name`
  /// (as Swift compares strings), or `nil`.
  func firstMember(of object: Int, named name: StaticString) -> Int? {
    for key in memberKeys(of: object) where keyEquals(key, name) { return key + 1 }
    return nil
  }

  /// Whether the string node at `index` equals `name` as Swift compares strings
  /// (canonical equivalence): bytes for ASCII text, `String` comparison otherwise.
  func keyEquals(_ index: Int, _ name: StaticString) -> Bool {
    let node = nodes[index]
    if node.hasNonASCII { return string(index) == name.description }
    guard node.second == name.utf8CodeUnitCount else { return false }
    return withBytes(of: node) { bytes in name.withUTF8Buffer { bytes.elementsEqual($0) } }
  }

  /// Whether the key node `key` of the object at `object` equals an earlier key of that object.
  func keyRepeats(_ key: Int, in object: Int) -> Bool {
    for earlier in memberKeys(of: object) {
      if earlier == key { return false }
      if stringsEqual(earlier, key) { return true }
    }
    return false
  }

  /// Whether two string nodes are equal as Swift compares strings.
  func stringsEqual(_ left: Int, _ right: Int) -> Bool {
    let a = nodes[left]
    let b = nodes[right]
    if a.hasNonASCII || b.hasNonASCII { return string(left) == string(right) }
    guard a.second == b.second else { return false }
    return withBytes(of: a) { first in withBytes(of: b) { first.elementsEqual($0) } }
  }

  private func withBytes<Result>(of node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    (node.isUnescaped ? unescaped : input).withUnsafeBufferPointer { buffer in
      body(UnsafeBufferPointer(rebasing: buffer[node.first..<(node.first + node.second)]))
    }
  }

  /// Node indices of an array's elements or an object's keys, stepping over subtrees.
  struct Children: Sequence, IteratorProtocol {
    let tape: JSONTape
    var upcoming: Int
    var remaining: Int
    /// 1 for elements; 2 for keys (each key is followed by its value).
    let step: Int

    mutating func next() -> Int? {
      guard remaining > 0 else { return nil }
      remaining -= 1
      let current = upcoming
      upcoming = step == 1 ? tape.next(after: current) : tape.next(after: current + 1)
      return current
    }
  }
}

// MARK: - Parser

/// The strict reader behind ``JSONTape/parse(_:maxDepth:)``, over the input's bytes in place.
///
/// It never recurses: open containers are kept on an explicit stack.
private struct TapeParser {
  let bytes: UnsafeBufferPointer<UInt8>
  let maxDepth: Int
  var index = 0
  /// The tape's nodes, and the decoded bytes of strings that had escapes (``JSONTape``'s).
  var nodes: [JSONTape.Node] = []
  var unescaped: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
    self.bytes = bytes
    self.maxDepth = maxDepth
    // Release files run about 14 bytes of text per node; a little over is cheaper than regrowing.
    nodes.reserveCapacity(bytes.count / 12 + 4)
  }

  mutating func parseDocument() throws(JSONReadError) {
    try validateUTF8()
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw error("empty input; expected a JSON value") }
    try parseValue()
    skipWhitespace()
    if index < bytes.count {
      throw editorMistake() ?? error("unexpected \(describeByte(at: index)) after the JSON value")
    }
  }

  // MARK: Values

  private mutating func append(_ kind: JSONTape.Kind, at offset: Int, first: Int = 0, second: Int = 0) {
    nodes.append(JSONTape.Node(kind: kind, offset: UInt32(truncatingIfNeeded: offset), first: first, second: second))
  }

  /// Parses one value, keeping the node indices of open containers on a stack.
  private mutating func parseValue() throws(JSONReadError) {
    var open: [Int] = []
    while true {
      // Read the start of a value: either a scalar or the opening of a container.
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input; expected a value") }
      if let mistake = editorMistake() { throw mistake }
      switch bytes[index] {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        guard open.count < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        let isArray = bytes[index] == UInt8(ascii: "[")
        let start = index
        index += 1
        skipWhitespace()
        let container = nodes.count
        append(isArray ? .array : .object, at: start, second: container + 1)
        if peek() == UInt8(ascii: isArray ? "]" : "}") {
          index += 1
        } else {
          if !isArray { try parseMemberKey() }
          open.append(container)
          continue
        }
      default:
        try parseScalar()
      }

      // A value is complete: count it in its container; close containers as they end.
      while true {
        guard let container = open.last else { return }
        skipWhitespace()
        nodes[container].first += 1
        let isArray = nodes[container].kind == .array
        let closing: Unicode.Scalar = isArray ? "]" : "}"
        switch peek() {
        case UInt8(ascii: ","):
          index += 1
          if !isArray {
            skipWhitespace()
            try parseMemberKey()
          }
        case UInt8(ascii: closing):
          index += 1
          open.removeLast()
          nodes[container].second = nodes.count
          continue
        default:
          throw editorMistake() ?? missingComma(closing: Character(closing))
        }
        break
      }
    }
  }

  /// Reads `"key"` and the `:` after it.
  private mutating func parseMemberKey() throws(JSONReadError) {
    guard peek() == UInt8(ascii: "\"") else {
      throw editorMistake()
        ?? error("expected a member name in double quotes but found \(describeByte(at: index))")
    }
    try parseString()
    skipWhitespace()
    guard peek() == UInt8(ascii: ":") else {
      throw error("expected ':' after the member name but found \(describeByte(at: index))")
    }
    index += 1
  }

  private mutating func parseScalar() throws(JSONReadError) {
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "\""): try parseString()
    case UInt8(ascii: "t"): try expectLiteral("true"); append(.true, at: start)
    case UInt8(ascii: "f"): try expectLiteral("false"); append(.false, at: start)
    case UInt8(ascii: "n"): try expectLiteral("null"); append(.null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let value = try parseNumber()
      append(.number, at: start, first: Int(bitPattern: UInt(value.bitPattern)))
    default: throw error("unexpected \(describeByte(at: index)); expected a value")
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONReadError) {
    let start = index
    let matched = literal.withUTF8Buffer { bytes[start...].starts(with: $0) }
    guard matched else { throw error("unexpected \(describeByte(at: start)); expected a value") }
    index += literal.utf8CodeUnitCount
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
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text.prefix(40)) is too large")
    }
    return value
  }

  /// Reads a string in place; one with escapes is decoded into `unescaped`.
  private mutating func parseString() throws(JSONReadError) {
    let quote = UInt32(truncatingIfNeeded: index)
    index += 1  // opening quote
    let start = index
    var union: UInt8 = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        nodes.append(
          JSONTape.Node(kind: .string, hasNonASCII: union >= 0x80, offset: quote, first: start, second: index - start))
        index += 1
        return
      case UInt8(ascii: "\\"):
        try parseEscapedString(from: start, quote: quote)
        return
      case 0..<0x20:
        throw controlCharacterError(byte)
      default:
        union |= byte
        index += 1
      }
    }
    throw error("unterminated string")
  }

  /// Continues a string at its first backslash, decoding it from `start` into `unescaped`.
  private mutating func parseEscapedString(from start: Int, quote: UInt32) throws(JSONReadError) {
    let decodedStart = unescaped.count
    unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        var union: UInt8 = 0
        for decoded in unescaped[decodedStart...] { union |= decoded }
        nodes.append(
          JSONTape.Node(
            kind: .string, isUnescaped: true, hasNonASCII: union >= 0x80, offset: quote, first: decodedStart,
            second: unescaped.count - decodedStart))
        return
      case UInt8(ascii: "\\"):
        try parseEscape()
      case 0..<0x20:
        throw controlCharacterError(byte)
      default:
        unescaped.append(byte)
        index += 1
      }
    }
  }

  private func controlCharacterError(_ byte: UInt8) -> JSONReadError {
    error("control character U+\(hex(UInt32(byte), digits: 4)) in a string; write it as an escape")
  }

  private mutating func parseEscape() throws(JSONReadError) {
    let escapeStart = index
    index += 1
    guard index < bytes.count else { throw error("unterminated string") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): unescaped.append(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): unescaped.append(UInt8(ascii: "\\"))
    case UInt8(ascii: "/"): unescaped.append(UInt8(ascii: "/"))
    case UInt8(ascii: "b"): unescaped.append(0x08)
    case UInt8(ascii: "f"): unescaped.append(0x0C)
    case UInt8(ascii: "n"): unescaped.append(0x0A)
    case UInt8(ascii: "r"): unescaped.append(0x0D)
    case UInt8(ascii: "t"): unescaped.append(0x09)
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
          let high = hex(UInt32(unit), digits: 4)
          throw error(
            "high surrogate \\u\(high) followed by \\u\(hex(UInt32(low), digits: 4)), which is not a low surrogate")
        }
        scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(unit) {
        index = escapeStart
        throw error("lone low surrogate \\u\(hex(UInt32(unit), digits: 4))")
      }
      // Every value left is a valid scalar: surrogates were handled above.
      UTF8.encode(Unicode.Scalar(scalarValue)!) { unescaped.append($0) }
    default:
      index = escapeStart
      throw error("invalid escape \\\(byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "?") in a string")
    }
  }

  private mutating func parseHex4(escapeStart: Int) throws(JSONReadError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard index < bytes.count, let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
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

  private func hex(_ value: UInt32, digits: Int) -> String {
    String(value, radix: 16, uppercase: true).zeroPadded(to: digits)
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
    guard let (offset, problem) = UTF8Check.firstProblem(in: bytes) else { return }
    index = offset
    switch problem {
    case .invalidLeadByte(let lead): throw error("invalid UTF-8 byte 0x\(hex(UInt32(lead), digits: 2))")
    case .truncated: throw error("invalid UTF-8: truncated multi-byte sequence")
    case .invalidSequence(let lead):
      throw error("invalid UTF-8 sequence starting with byte 0x\(hex(UInt32(lead), digits: 2))")
    }
  }

  /// What an editor would call the mistake at the current index, positioned at the offending
  /// character: a trailing comma (at the comma, not at the bracket after it), a comment, single
  /// quotes; `nil` for anything else.
  private func editorMistake() -> JSONReadError? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "/"):
      guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*") else {
        return nil
      }
      return error("comments are not JSON; remove the comment")
    case UInt8(ascii: "'"):
      return error("single quotes are not JSON; write strings and member names in double quotes")
    case UInt8(ascii: "]"), UInt8(ascii: "}"):
      var previous = index - 1
      while previous >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[previous]) { previous -= 1 }
      guard previous >= 0, bytes[previous] == UInt8(ascii: ",") else { return nil }
      return error("trailing comma: JSON allows none before '\(Character(UnicodeScalar(bytes[index])))'; remove it", at: previous)
    default:
      return nil
    }
  }

  /// After a value in a container, something other than `,` or the closing bracket: a value
  /// starting there means a missing comma.
  private func missingComma(closing: Character) -> JSONReadError {
    let startsValue = index < bytes.count && Array("\"{[-0123456789tfn".utf8).contains(bytes[index])
    return startsValue
      ? error("missing ',' before \(describeByte(at: index))")
      : error("expected ',' or '\(closing)' but found \(describeByte(at: index))")
  }

  /// An error at `offset` (the current index by default), with its line and column (``SourcePosition``).
  private func error(_ reason: String, at offset: Int? = nil) -> JSONReadError {
    let position = SourcePosition.of(offset: min(offset ?? index, bytes.count), in: bytes)
    return JSONReadError(line: position.line, column: position.column, reason: reason)
  }
}
