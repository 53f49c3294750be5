import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// The layout pieces every view is drawn with: wrapping styled rows, rules, command lists,
/// the help table, trimming to the terminal's rows and the terminal's size.
@Suite("Layout")
struct LayoutTests {
  /// A context in English, from the shipped English table.
  static func context(width: Int, ascii: Bool = false) throws -> RenderContext {
    RenderContext(
      localizer: Localizer(language: .en, tables: [.en: try ShippedTables.english], builtInEnglish: { _ in nil }), width: width,
      ascii: ascii, accessible: false)
  }

  static func texts(_ document: Document) -> [String] { document.map { Styler(colors: false).render($0) } }

  @Test(
    "a row wraps at spaces, keeps its alignment and indents its continuation",
    arguments: [
      (Line("short row", hangingIndent: 4), 20, ["short row"]),
      (
        Line("    1) ( ) Strictly by plan  [choose 2]", hangingIndent: 11), 24,
        ["    1) ( ) Strictly by", "           plan  [choose", "           2]"]
      ),
      (Line("  a  b  c d e f g"), 8, ["  a  b", "  c d e", "  f g"]),
      (
        Line("    set reviewWeekday monday|tuesday|wednesday", hangingIndent: 6), 24,
        ["    set reviewWeekday", "      monday|tuesday|", "      wednesday"]
      ),
      (Line("abcdefghij"), 4, ["abcd", "efgh", "ij"]),
      (Line("one\ntwo three"), 20, ["one", "two three"]),
      (Line("Привет мир, как дела"), 10, ["Привет", "мир, как", "дела"]),
    ])
  func wrapsRows(line: Line, width: Int, expected: [String]) {
    let rows = LineFitter.fit(line, width: width)
    #expect(rows.map(\.plainText) == expected)
    #expect(rows.allSatisfy { $0.width <= width })
  }

  @Test("a span kept together moves to the next row whole, and keeps its style and the row's anchors")
  func keepsHintsTogether() {
    let line = Line([Span("    1) ( ) Label"), .together("  [choose autonomy.1]")], anchors: ["a"], hangingIndent: 11)
    let rows = LineFitter.fit(line, width: 30)
    #expect(rows.map(\.plainText) == ["    1) ( ) Label", "           [choose autonomy.1]"])
    #expect(rows[1].spans.last == Span("[choose autonomy.1]", .command) || rows[1].spans.last?.text == "[choose autonomy.1]")
    #expect(rows.allSatisfy { $0.anchors == ["a"] })
  }

  @Test("machine-readable rows are never wrapped")
  func verbatimRows() {
    var line = Line(String(repeating: "x", count: 50))
    line.wraps = false
    #expect(LineFitter.fit(line, width: 10) == [line])
  }

  @Test(
    "a rule with a label and a trailing text fits any width",
    arguments: [
      (80, 1), (40, 2), (20, 4),
    ])
  func ruleFits(width: Int, rows: Int) throws {
    let lines = try Self.context(width: width).ruleLine("What's new in 2.13.1, a longer heading", trailing: "page 1 of 6")
    #expect(lines.count == rows)
    #expect(lines.allSatisfy { $0.width <= width })
    #expect(lines.map(\.plainText).joined(separator: " ").contains("page 1 of 6"))
  }

  @Test(
    "commands break between commands, with the terminal's separator",
    arguments: [
      (false, 80, ["back · next · skip · close · help"]),
      (false, 20, ["back · next · skip", "close · help"]),
      (true, 20, ["back | next | skip", "close | help"]),
    ])
  func commandLists(ascii: Bool, width: Int, expected: [String]) throws {
    let rows = try Self.context(width: width, ascii: ascii).commandList(["back", "next", "skip", "close", "help"])
    #expect(rows.map(\.plainText) == expected)
  }

  @Test(
    "help: two columns that wrap the summary in its column; stacked when too narrow",
    arguments: [
      (
        40,
        [
          "Commands", "  go <screen>  Go to a screen: home,", "               workouts, cardio, review",
          "               or settings.", "  next         Go to the next page.",
        ]
      ),
      (
        24,
        [
          "Commands", "  go <screen>", "      Go to a screen:", "      home, workouts,", "      cardio, review or",
          "      settings.", "  next", "      Go to the next", "      page.",
        ]
      ),
    ])
  func helpTable(width: Int, expected: [String]) throws {
    let table = HelpTable(
      title: "Commands",
      rows: [
        .command("go <screen>", summary: "Go to a screen: home, workouts, cardio, review or settings."),
        .command("next", summary: "Go to the next page."),
      ])
    let rows = try Self.texts(table.document(in: Self.context(width: width)))
    #expect(rows == expected)
    #expect(rows.allSatisfy { DisplayWidth.of($0) <= width })
  }

  @Test(
    "help: a command never breaks inside a word; the summaries go below when the column would be too narrow",
    arguments: [(40, true), (60, false)])
  func helpKeepsWords(width: Int, stacked: Bool) throws {
    let table = HelpTable(rows: [
      .command("settings.whatsnew_info", summary: "About what's new (info popover, not seen)"),
      .command("first_run", summary: "Getting started"),
    ])
    let rows = try Self.texts(table.document(in: Self.context(width: width)))
    #expect(rows.contains { $0.hasPrefix("  settings.whatsnew_info") })
    #expect(rows.contains("  first_run") == stacked)
    #expect(rows.allSatisfy { DisplayWidth.of($0) <= width })
  }

  @Test("help: group headings stand above their commands, a blank row between groups")
  func helpHeadings() throws {
    let table = HelpTable(rows: [
      .heading("Tour"), .command("next", summary: "Next."), .heading("QA"), .command("wait", summary: "Wait."),
    ])
    #expect(try Self.texts(table.document(in: Self.context(width: 40))) == ["Tour", "  next  Next.", "", "QA", "  wait  Wait."])
  }

  static func document(_ count: Int, pinnedTop: Int = 0, pinnedBottom: Int = 0) -> Document {
    (0..<count).map { index in
      Line("row \(index)").pinning(index < pinnedTop || index >= count - pinnedBottom)
    }
  }

  @Test(
    "a tall view keeps its pinned rows, and shows a window around the focus with notes for the rest",
    arguments: [
      // rows, focus, first and last free row shown
      (12, nil as ClosedRange<Int>?, "row 1", "row 6"),
      (12, 20...22, "row 19", "row 23"),
      (12, 35...36, "row 32", "row 37"),
    ])
  func viewportWindow(terminalRows: Int, focus: ClosedRange<Int>?, first: String, last: String) throws {
    let document = Self.document(40, pinnedTop: 1, pinnedBottom: 2)
    let shown = try Viewport(terminalRows: terminalRows).fit(document, focus: focus, context: Self.context(width: 80))
    #expect(shown.count <= terminalRows - Viewport.reservedRows)
    let texts = shown.map(\.plainText)
    #expect(texts.first == "row 0")
    #expect(texts.suffix(2) == ["row 38", "row 39"])
    let free = texts.filter { $0.hasPrefix("row ") && !["row 0", "row 38", "row 39"].contains($0) }
    #expect(free.first == first)
    #expect(free.last == last)
    if let focus {
      for row in focus { #expect(texts.contains("row \(row)")) }
    }
    #expect(texts.contains { $0.contains("Type show all") })
  }

  @Test(
    "a view a few rows too tall loses blank rows, the last first, and shows whole",
    arguments: [(10, 8, ["row 0", "", "row 2", "row 3", "row 5", "row 6", "row 8", "row 9"]), (10, 6, nil)])
  func viewportDropsBlanks(count: Int, budget: Int, expected: [String]?) throws {
    // Rows 1, 4 and 7 are blank.
    let document = (0..<count).map { $0 % 3 == 1 ? Line.blank : Line("row \($0)") }
    let shown = try Viewport(terminalRows: budget + Viewport.reservedRows).fit(document, context: Self.context(width: 80))
    if let expected {
      #expect(shown.map(\.plainText) == expected)
    } else {
      #expect(shown.contains { $0.plainText.contains("Type show all") }, "three blanks cannot make room for four rows")
    }
  }

  @Test(
    "a tall page in parts: every row is in some part, each note counts the rows it leaves out, the last part has no next",
    arguments: [12, 24, 30])
  func viewportParts(terminalRows: Int) throws {
    let context = try Self.context(width: 80)
    let document = Self.document(40, pinnedTop: 1, pinnedBottom: 2)
    var seen = Set<String>()
    var start = 0
    var parts = 0
    while true {
      let (rows, next) = Viewport(terminalRows: terminalRows).part(document, from: start, context: context)
      parts += 1
      #expect(rows.count <= terminalRows - Viewport.reservedRows)
      let shown = rows.map(\.plainText).filter { $0.hasPrefix("row ") }
      seen.formUnion(shown)
      let free = shown.filter { !["row 0", "row 38", "row 39"].contains($0) }
      if let next {
        #expect(next > start)
        // Rows 1...37 may be left out: the note counts those after the part's last.
        let last = Int(free.last!.dropFirst(4))!
        #expect(rows.contains { $0.plainText.contains("Rows below: \(37 - last).") && $0.plainText.contains("Press Enter") })
        start = next
      } else {
        #expect(free.last == "row 37")
        #expect(!rows.contains { $0.plainText.contains("Rows below") })
        break
      }
      if parts > 40 { break }
    }
    #expect(seen == Set((0..<40).map { "row \($0)" }), "no row is skipped")
    #expect(parts == [12: 9, 24: 3, 30: 2][terminalRows], "each part shows the rows after the last one's, with notes")
  }

  @Test(
    "in a very short or narrow window every Enter shows at least one new row: the notes never take all the room",
    arguments: [(6, 80, Language.ru), (10, 12, .en), (6, 20, .ru), (5, 40, .nl)])
  func tinyWindowParts(terminalRows: Int, width: Int, language: Language) throws {
    let context = RenderContext(
      localizer: Localizer(
        language: language,
        tables: [language: try ContentLibrary.readTable(language, localizationsDirectory: RepositoryPaths.localizations).get()]
          .merging([.en: try ShippedTables.english]) { own, _ in own }, builtInEnglish: { _ in nil }), width: width,
      ascii: false, accessible: false)
    let document = Self.document(30, pinnedTop: 1, pinnedBottom: 2)
    var start = 0
    var seen = Set<String>()
    for _ in 0..<40 {
      let (rows, next) = Viewport(terminalRows: terminalRows).part(document, from: start, context: context)
      let shown = rows.map(\.plainText).filter { $0.hasPrefix("row ") && !["row 0", "row 28", "row 29"].contains($0) }
      #expect(!shown.isEmpty, "a part with no row of the page: \(rows.map(\.plainText))")
      seen.formUnion(shown)
      guard let next else { break }
      #expect(next > start, "Enter must move on")
      start = next
    }
    #expect(seen == Set((1..<28).map { "row \($0)" }), "every row is reached")
  }

  @Test("a view that fits is shown as it is; a focus taller than the room is shown from its top and said so")
  func viewportEdges() throws {
    let context = try Self.context(width: 80)
    let short = Self.document(10)
    #expect(Viewport(terminalRows: 24).fit(short, context: context) == short)
    let shown = Viewport(terminalRows: 10).fit(
      Self.document(40, pinnedBottom: 3), focus: 5...30, focusName: "Units", context: context)
    let texts = shown.map(\.plainText)
    #expect(shown.count <= 8)
    #expect(texts.contains("row 5"))
    #expect(texts.contains { $0.contains("Units goes on for") })
  }

  @Test("in a very short window a page shows its first content: the header stays, the footer gives way")
  func viewportShortWindow() throws {
    let document: Document =
      [Line("header").pinning(), .blank, Line("title"), Line("description")] + (0..<10).map { Line("option \($0)") }
      + [.blank, Line("rule").pinning(), Line("commands").pinning()]
    let texts = try Viewport(terminalRows: 6).fit(document, context: Self.context(width: 80)).map(\.plainText)
    #expect(texts.count <= 4)
    #expect(Array(texts.prefix(3)) == ["header", "title", "description"], "\(texts)")
    #expect(texts.last?.contains("Rows below: 11") == true, "the note counts the rows it leaves out: \(texts)")
  }

  @Test("a cut focus's note counts the focus's own rows left out, not every row below it")
  func viewportFocusCount() throws {
    let shown = try Viewport(terminalRows: 10).fit(
      Self.document(40, pinnedBottom: 3), focus: 10...15, focusName: "Units", context: Self.context(width: 80))
    let texts = shown.map(\.plainText)
    let lastFocusShown = try #require((10...15).last { texts.contains("row \($0)") })
    let note = try #require(texts.first { $0.contains("Units goes on for") })
    #expect(note.contains("for \(15 - lastFocusShown) more rows"), "\(texts)")
  }

  @Test(
    "the terminal's size: COLUMNS wins everywhere and LINES at a terminal; capped width; unlimited rows in a script",
    arguments: [
      (["COLUMNS": "60"], 120 as Int?, true, 60, 120 as Int?),
      ([:], 120, true, 100, 120),
      ([:], nil, false, 80, nil),
      (["COLUMNS": "abc", "LINES": "30"], 50, true, 50, 30),
      (["COLUMNS": "0"], 45, true, 45, 45),
      (["LINES": "0"], 45, true, 45, 45),
      // A shell exports LINES to every child: a script or a pipe is still never cut.
      (["LINES": "10"], nil, false, 80, nil),
      (["COLUMNS": "60", "LINES": "10"], 30, false, 60, nil),
    ])
  func terminalSize(environment: [String: String], terminal: Int?, interactive: Bool, columns: Int, rows: Int?) {
    #expect(TerminalSize.columns(environment: environment, terminal: terminal) == columns)
    #expect(TerminalSize.rows(environment: environment, terminal: terminal, isInteractive: interactive) == rows)
  }

  @Test(
    "colour: NO_COLOR, TERM=dumb, a pipe and accessible mode turn auto off; always and never win",
    arguments: [
      (ColorChoice.auto, [String: String](), true, false, true),
      (.auto, ["NO_COLOR": "1"], true, false, false),
      (.auto, ["NO_COLOR": ""], true, false, true),
      (.auto, ["TERM": "dumb"], true, false, false),
      (.auto, [:], false, false, false),
      (.auto, [:], true, true, false),
      (.always, ["NO_COLOR": "1"], false, false, true),
      (.never, [:], true, false, false),
    ])
  func colorPolicy(choice: ColorChoice, environment: [String: String], interactive: Bool, accessible: Bool, colors: Bool) {
    #expect(
      choice.colors(environment: environment, isInteractive: interactive, accessible: accessible) == colors)
  }
}
