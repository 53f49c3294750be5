import Testing
import WhatsNewCore

func parse(_ text: String, maxDepth: Int = 64) throws(JSONReadError) -> JSONValue {
  try JSONReader.parse(Array(text.utf8), maxDepth: maxDepth)
}

@Suite("JSON reader")
struct JSONReaderTests {
  @Test(
    "reads every kind of value",
    arguments: [
      ("null", JSONValue.null),
      ("true", .bool(true)),
      (" false ", .bool(false)),
      ("-0.5e2", .number(-50)),
      ("0", .number(0)),
      ("12.25", .number(12.25)),
      (#""a""#, .string("a")),
      ("[]", .array([])),
      ("{}", .object([])),
      (#"[1, "x", [null]]"#, .array([.number(1), .string("x"), .array([.null])])),
      (#"{"b": 1, "a": {"c": []}}"#, .object([("b", .number(1)), ("a", .object([("c", .array([]))]))])),
    ])
  func values(text: String, expected: JSONValue) throws {
    #expect(try parse(text) == expected)
  }

  @Test(
    "decodes escapes, including surrogate pairs",
    arguments: [
      (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
      (#""\u00e9\u0416""#, "éЖ"),
      (#""\ud83d\udc4d""#, "👍"),
      (#""\uD834\uDD1E""#, "𝄞"),
      (#""caf\u00E9 ok""#, "café ok"),
      (#""Привет 漢字""#, "Привет 漢字"),
    ])
  func escapes(text: String, expected: String) throws {
    #expect(try parse(text) == .string(expected))
  }

  @Test("keeps duplicate keys in order; member(_:) gives the first")
  func duplicateKeys() throws {
    let value = try parse(#"{"a": 1, "b": 2, "a": 3}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.key) == ["a", "b", "a"])
    #expect(value.member("a") == .number(1))
  }

  @Test(
    "refuses invalid input with line, column and reason",
    arguments: [
      ("", 1, 1, "empty input"),
      ("{\"a\": 1,\n  \"b\" 2}", 2, 7, "expected ':' after the member name"),
      ("{\n\n  \"a\": 1\n  \"b\": 2}", 4, 3, "missing ',' before '\"'"),
      ("[1, 2", 1, 6, "expected ',' or ']' but found end of input"),
      ("[1,]", 1, 3, "trailing comma: JSON allows none before ']'; remove it"),
      ("{\"a\":1,}", 1, 7, "trailing comma: JSON allows none before '}'; remove it"),
      ("{\"a\": [1, 2],\n}", 1, 13, "trailing comma: JSON allows none before '}'"),
      ("{\"a\": 1,\n  // a comment\n}", 2, 3, "comments are not JSON"),
      ("[1 /* two */, 2]", 1, 4, "comments are not JSON"),
      ("{\"a\": 'b'}", 1, 7, "single quotes are not JSON; write strings and member names in double quotes"),
      ("[1 2]", 1, 4, "missing ',' before '2'"),
      ("{\"a\": 1 / 2}", 1, 9, "expected ',' or '}' but found '/'"),
      ("01", 1, 2, "leading zeros"),
      ("1.", 1, 3, "expected a digit after the decimal point"),
      ("-", 1, 2, "expected a digit"),
      ("1e400", 1, 1, "too large"),
      ("[1] [2]", 1, 5, "unexpected '[' after the JSON value"),
      ("tru", 1, 1, "unexpected 't'; expected a value"),
      ("\"a\u{1}b\"", 1, 3, "control character U+0001 in a string"),
      (#""\x""#, 1, 2, "invalid escape \\x"),
      (#""\u12""#, 1, 2, "four hexadecimal digits"),
      (#""\ud83d""#, 1, 2, "lone high surrogate \\uD83D"),
      (#""\ud83d\u0041""#, 1, 8, "not a low surrogate"),
      (#""\udc4d""#, 1, 2, "lone low surrogate \\uDC4D"),
      ("\"abc", 1, 5, "unterminated string"),
      ("{'a': 1}", 1, 2, "single quotes are not JSON"),
      ("{a: 1}", 1, 2, "expected a member name in double quotes but found 'a'"),
      ("[1,\n é]", 2, 2, "unexpected a non-ASCII character; expected a value"),
    ])
  func errors(text: String, line: Int, column: Int, reason: String) {
    #expect {
      try parse(text)
    } throws: { error in
      guard let error = error as? JSONReadError else { return false }
      return error.line == line && error.column == column && error.reason.contains(reason)
    }
  }

  @Test("the error description names line and column")
  func description() {
    do {
      _ = try parse("{\n\n  \"a\": 1\n  \"b\": 2}")
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "invalid JSON at line 4, column 3: missing ',' before '\"'")
    }
  }

  @Test(
    "refuses invalid UTF-8",
    arguments: [
      [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")],
      [UInt8(ascii: "\""), 0xC0, 0xAF, UInt8(ascii: "\"")],  // overlong '/'
      [UInt8(ascii: "\""), 0xED, 0xA0, 0x80, UInt8(ascii: "\"")],  // encoded surrogate
      [UInt8(ascii: "\""), 0xE2, 0x82, UInt8(ascii: "\"")],  // truncated
      [UInt8(ascii: "\""), 0xF4, 0x90, 0x80, 0x80, UInt8(ascii: "\"")],  // above U+10FFFF
    ])
  func invalidUTF8(bytes: [UInt8]) {
    #expect {
      try JSONReader.parse(bytes)
    } throws: { error in
      (error as? JSONReadError)?.reason.contains("UTF-8") == true && (error as? JSONReadError)?.column == 2
    }
  }

  @Test("skips a UTF-8 byte order mark")
  func byteOrderMark() throws {
    #expect(try JSONReader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
  }

  @Test("nesting beyond maxDepth is an error, never a crash", arguments: [1_000, 100_000])
  func deepNesting(depth: Int) {
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    #expect {
      try parse(text)
    } throws: { error in
      (error as? JSONReadError)?.reason == "nesting deeper than 64 levels" && (error as? JSONReadError)?.column == 65
    }
    let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    #expect(throws: JSONReadError.self) { try parse(objects) }
  }

  @Test("nesting up to maxDepth is read")
  func depthLimitInclusive() throws {
    let text = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
    _ = try parse(text)
    #expect(throws: JSONReadError.self) { try parse("[[1]]", maxDepth: 1) }
    #expect(try parse("[1]", maxDepth: 1) == .array([.number(1)]))
  }
}
