import Testing

@testable import WhatsNewCore

/// A text, a byte offset in it, and the line and column expected there.
struct PositionCase: Sendable, CustomTestStringConvertible {
  var name: String
  var text: [UInt8]
  var offset: Int
  var line: Int
  var column: Int
  var testDescription: String { name }

  init(_ name: String, _ text: String, offset: Int, _ line: Int, _ column: Int) {
    self.init(name, Array(text.utf8), offset: offset, line, column)
  }

  init(_ name: String, _ text: [UInt8], offset: Int, _ line: Int, _ column: Int) {
    self.name = name
    self.text = text
    self.offset = offset
    self.line = line
    self.column = column
  }
}

/// A release file written as an editor would (indented, several lines) and the diagnostic
/// expected in it: its path and its line and column.
struct LocatedCase: Sendable, CustomTestStringConvertible {
  var name: String
  var lines: [String]
  var lineEnding = "\n"
  var path: String
  var line: Int
  var column: Int
  var testDescription: String { name }

  var bytes: [UInt8] { Array(lines.joined(separator: lineEnding).utf8) }
}

@Suite("Positions: lines and columns of diagnostics")
struct PositionTests {
  static let offsets: [PositionCase] = [
    PositionCase("the first byte", "abc", offset: 0, 1, 1),
    PositionCase("within the first line", "abc", offset: 2, 1, 3),
    PositionCase("the start of the second line", "ab\ncd", offset: 3, 2, 1),
    PositionCase("after a two-byte letter", "é:x", offset: 3, 1, 3),
    PositionCase("after Cyrillic", "\"Ключ\": 1", offset: 12, 1, 9),
    PositionCase("after an emoji of four bytes", "🏃 x", offset: 5, 1, 3),
    PositionCase("a tab is one column", "\t\tx", offset: 2, 1, 3),
    PositionCase("CRLF: the CR is the end of its line", "a\r\nb", offset: 3, 2, 1),
    PositionCase("a byte order mark is not a column", [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], offset: 4, 1, 2),
    PositionCase("past the end: the end", "ab\n", offset: 99, 2, 1),
  ]

  @Test("a byte offset's line and column: 1-based, columns in Unicode scalars", arguments: offsets)
  func offset(_ testCase: PositionCase) {
    #expect(
      SourcePosition.of(offset: testCase.offset, in: testCase.text)
        == SourcePosition(line: testCase.line, column: testCase.column))
  }

  @Test("recording offsets makes no tape node larger: they fill the padding after the flags")
  func nodeSize() {
    #expect(MemoryLayout<JSONTape.Node>.stride == 24)
  }

  @Test("the tape records where each value and key starts")
  func tapeOffsets() throws {
    let text = Array(#"{"a": [1, "é\n", null], "b": {}}"#.utf8)
    let tape = try JSONTape.parse(text, maxDepth: 8)
    // object, "a", array, 1, "é\n", null, "b", object
    #expect(tape.nodes.indices.map(tape.offset) == [0, 1, 6, 7, 10, 18, 25, 30])
    #expect(tape.node(atPath: "a[1]") == 4)
    #expect(tape.node(atPath: "b") == 7)
    #expect(tape.node(atPath: "a[7]") == 2, "a missing step gives the deepest node reached")
  }

  @Test("a path finds a member whose name holds dots, the longest name it goes on from")
  func dottedNames() throws {
    let tape = try JSONTape.parse(Array(#"{"g": {"r": 1, "r.w": {"x": [2]}, "r.w.y": 3}}"#.utf8), maxDepth: 8)
    // object, "g", object, "r", 1, "r.w", object, "x", array, 2, "r.w.y", 3
    #expect(tape.node(atPath: "g.r.w.x[0]") == 9)
    #expect(tape.node(atPath: "g.r.w.y") == 11)
    #expect(tape.node(atPath: "g.r") == 4)
  }

  @Test("several offsets in one pass come back in the order asked")
  func severalOffsets() {
    let text = Array("a\nbb\nccc".utf8)
    #expect(
      SourcePosition.of(offsets: [7, 0, 3, 7], in: text) == [
        SourcePosition(line: 3, column: 3), SourcePosition(line: 1, column: 1), SourcePosition(line: 2, column: 2),
        SourcePosition(line: 3, column: 3),
      ])
  }

  static let located: [LocatedCase] = [
    LocatedCase(
      name: "an unknown icon, at its value",
      lines: [
        #"{"#, #"  "version": "2.13.1","#, #"  "pages": [{"#, #"    "id": "p","#, #"    "blocks": ["#,
        #"      {"id": "b", "type": "info", "titleKey": "k.title","#, #"       "icon": "sparkels"}"#, #"    ]"#, #"  }]"#,
        #"}"#,
      ],
      path: "pages[0].blocks[0].icon", line: 7, column: 16),
    LocatedCase(
      name: "an unknown field, at its key, after non-ASCII text on the line",
      lines: [
        #"{"version": "2.13.1", "pages": [{"id": "p", "blocks": ["#,
        #"  {"id": "b", "type": "info", "titleKey": "k.title", "note": "Größe — размер", "colour": 1}"#, #"]}]}"#,
      ],
      path: "pages[0].blocks[0].colour", line: 2, column: 80),
    LocatedCase(
      name: "indented with tabs",
      lines: [
        "{", "\t\"version\": \"2.13.1\",", "\t\"pages\": [{", "\t\t\"id\": \"p\",", "\t\t\"blocks\": [{",
        "\t\t\t\"id\": \"b\", \"type\": \"action\", \"action\": \"openCardiolog\", \"labelKey\": \"k.a\"", "\t\t}]", "\t}]",
        "}",
      ],
      path: "pages[0].blocks[0].action", line: 6, column: 43),
    LocatedCase(
      name: "CRLF line endings",
      lines: [
        #"{"version": "2.13.1", "pages": [{"id": "p", "blocks": ["#,
        #"  {"id": "anchor", "type": "info", "titleKey": "k.title"},"#, #"  {"id": "c", "type": "choise"}"#, #"]}]}"#,
      ], lineEnding: "\r\n", path: "pages[0].blocks[1].type", line: 3, column: 23),
    LocatedCase(
      name: "a missing field, at its object",
      lines: [#"{"version": "2.13.1", "pages": ["#, #"  {"id": "p", "blocks": [{"id": "b", "type": "info"}]}"#, #"]}"#],
      path: "pages[0].blocks[0]", line: 2, column: 26),
    LocatedCase(
      name: "not JSON: the offending byte",
      lines: [#"{"version": "2.13.1","#, #"  "pages": [}"#, #"}"#], path: "", line: 2, column: 13),
  ]

  @Test("every diagnostic with a path maps to the line and column of its value", arguments: located)
  func validatorPositions(_ testCase: LocatedCase) throws {
    let (_, diagnostics) = ReleaseValidator.validate(
      testCase.bytes, fileName: "2.13.1.json", displayPath: "Releases/2.13.1.json", englishKeys: testEnglishKeys)
    let diagnostic = try #require(diagnostics.first { $0.path == testCase.path }, "\(diagnostics)")
    #expect(diagnostic.position == SourcePosition(line: testCase.line, column: testCase.column), "\(diagnostic)")
    #expect(diagnostic.locatedDescription.hasPrefix("Releases/2.13.1.json:\(testCase.line):\(testCase.column): "))
  }

  @Test("a registered release without a file points at its manifest entry")
  func manifestEntryPosition() {
    let manifest = Array("{\n  \"releases\": [\n    \"2.11.0\",\n    \"2.12.0\"\n  ]\n}\n".utf8)
    let (_, diagnostics) = ReleaseLibrary.load(
      manifest: manifest, manifestDisplayPath: "Releases/manifest.json", files: [:], directoryDisplayPath: "Releases",
      englishKeys: testEnglishKeys)
    #expect(diagnostics.map(\.position) == [SourcePosition(line: 3, column: 5), SourcePosition(line: 4, column: 5)])
  }

  @Test("a .strings key is found at its entry, not in comments or values")
  func stringsKeys() {
    let text = """
      /* "a.b" = "in a comment"; */
      // "c.d" = "in a line comment";
      "a.b" = "first";
      \t"c.d" = "has \\"a.b\\" inside";
      unquoted.key = word;
      /* a comment
         "e.f" = "still a comment"; */
      "é.key" = "x"; "e.f" = "two on a line";
      "a.b" = "repeated";
      """
    let positions = StringsKeyPositions.survey(Array(text.utf8)).positions
    #expect(positions["a.b"] == SourcePosition(line: 3, column: 1))
    #expect(positions["c.d"] == SourcePosition(line: 4, column: 2))
    #expect(positions["unquoted.key"] == SourcePosition(line: 5, column: 1))
    #expect(positions["é.key"] == SourcePosition(line: 8, column: 1))
    #expect(positions["e.f"] == SourcePosition(line: 8, column: 16))
    #expect(positions.count == 5)
  }

  @Test("a .strings file broken halfway gives the keys before the break")
  func brokenStrings() {
    let positions = StringsKeyPositions.survey(Array("\"a\" = \"x\";\n\"b\" = \"y\"\n\"c\" = \"z\";\n".utf8)).positions
    #expect(positions["a"] == SourcePosition(line: 1, column: 1))
    #expect(positions["b"] == SourcePosition(line: 2, column: 1))
    #expect(positions["c"] == nil)
  }
}
