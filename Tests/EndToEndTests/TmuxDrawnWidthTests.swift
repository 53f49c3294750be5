import Foundation
import TestSupport
import Testing
import WhatsNewCore

/// Text whose width terminals count code point by code point, inside grapheme clusters (issue
/// 22): a skin-tone modifier after a letter, Indic spacing vowel signs and conjuncts, the Arabic
/// number signs, halfwidth voiced sound marks, Thai and Lao AM. The English tour and guides are
/// rewritten with them into a copy of the translations, walked at a real terminal (tmux), and
/// the rows tmux itself wrapped are counted: a row is wrapped only when what the app printed on
/// it was wider than the window, as tmux drew it (not as the app's own width code says).
@Suite("Text tmux draws wider than its graphemes fits the window", .serialized)
struct TmuxDrawnWidthTests {
  /// Each is one grapheme cluster (two for the Arabic) that tmux 3.3a and glibc's wcwidth draw
  /// wider than its first code point: 3, 2, 3, 3, 2, 2, 2, 4 and 4 columns.
  static let tokens = [
    "a\u{1F3FB}", "\u{0915}\u{093E}", "\u{0915}\u{094D}\u{0937}\u{093E}", "\u{0600}\u{0661}\u{0662}",
    "\u{FF76}\u{FF9E}", "\u{0E01}\u{0E33}", "\u{0E81}\u{0EB3}", "\u{1F44D}\u{1F3FD}", "\u{0995}\u{09BE}\u{0995}\u{09BE}",
  ]

  /// `text` with a token after every other word: the same text always gives the same result,
  /// so an option's label and its `ui.value` key still agree.
  static func sprinkle(_ text: String) -> String {
    var index = text.unicodeScalars.reduce(0) { ($0 &+ Int($1.value)) % 997 }
    return text.split(separator: " ", omittingEmptySubsequences: false).enumerated().map { position, word in
      guard position % 2 == 1, !word.contains("%") else { return String(word) }
      index += 1
      return word + tokens[index % tokens.count]
    }.joined(separator: " ")
  }

  /// A copy of the bundled translations, the English tour, guidance and option labels sprinkled.
  static func sprinkledLocalizations(in directory: TemporaryDirectory) throws -> String {
    let root = directory.path("Localizations")
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: root)
    let path = root + "/en.lproj/Localizable.strings"
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let table = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
    let escaped = { (text: String) in
      text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
    let lines = table.keys.sorted().map { key -> String in
      let value = table[key]!
      let sprinkled = ["whatsNew.", "guidance.", "ui.value."].contains { key.hasPrefix($0) } ? sprinkle(value) : value
      return "\"\(key)\" = \"\(escaped(sprinkled))\";"
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    return root
  }

  @Test("at 40 and 80 columns, tmux wraps no row of the sprinkled tour and guides", arguments: [40, 80])
  func noRowWraps(width: Int) throws {
    let directory = try TemporaryDirectory()
    let localizations = try Self.sprinkledLocalizations(in: directory)
    let tmux = try TmuxSession.start(
      width: width, height: 30,
      command: [
        RepositoryPaths.executable, "--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0", "--locale", "en",
        "--releases", RepositoryPaths.releases, "--localizations", localizations,
      ],
      environment: [
        "TERM": "screen", "LANG": "C.UTF-8", "TZ": "UTC", "HOME": directory.path,
        "XDG_STATE_HOME": directory.path("state"), "XDG_CACHE_HOME": directory.path("cache"), "SWIFT_BACKTRACE": "enable=no",
      ], namePrefix: "drawn")
    defer { tmux.kill() }
    let walker = TmuxWidthTests()
    try walker.waitForPrompt(tmux)
    for command in TmuxWidthTests.walk {
      let before = try TmuxWidthTests.promptLines(ending: command, in: tmux.capture(history: true))
      try tmux.sendLiteral(command)
      try tmux.sendKeys("Enter")
      try walker.waitForPrompt(tmux, after: command, moreThan: before)
    }
    let (rows, wrapped) = try tmux.wrappedRows()
    #expect(rows > 200, "the walk printed the views (\(rows) rows)")
    #expect(wrapped == 0, "\(wrapped) of \(rows) rows were wider than \(width) columns as tmux drew them")
  }
}
