import Testing

@testable import WhatsNewCore

@Suite("Languages and localization")
struct LocalizationTests {
  @Test(
    "reads tags and locale names",
    arguments: [
      ("en", Language.en), ("en_US.UTF-8", .en), ("es", .es), ("es_MX", .es), ("es-419", .es), ("ES", .es), ("nl_NL.UTF-8", .nl),
      ("ru_RU.UTF-8", .ru), ("ru", .ru), ("pt-BR", .ptBR), ("pt_BR", .ptBR), ("pt-br", .ptBR), ("pt_BR.UTF-8", .ptBR),
      ("pt-Latn-BR", .ptBR), ("de_DE.UTF-8@euro", nil), ("C", nil), ("POSIX", nil), ("fr_FR", nil), ("", nil), ("_", nil),
      // Any region of a translated language falls back to it; Portuguese of any region is pt-BR.
      ("pt", .ptBR), ("pt_PT", .ptBR), ("pt_PT.UTF-8", .ptBR), ("pt-AO", .ptBR), ("es_AR.UTF-8", .es), ("nl_BE", .nl),
      ("nl-BE", .nl), ("en_GB.UTF-8", .en), ("ru_UA", .ru),
    ] as [(String, Language?)])
  func tags(tag: String, expected: Language?) {
    #expect(Language(tag: tag) == expected)
  }

  @Test(
    "resolves flag, then LANGUAGE within a real locale, then LC_ALL, LC_MESSAGES, LANG",
    arguments: [
      ("nl", ["LANG": "ru_RU.UTF-8"], Language.nl),
      ("xx", ["LANG": "ru_RU.UTF-8"], .ru),
      (nil, ["LC_ALL": "es_MX", "LC_MESSAGES": "nl_NL", "LANG": "ru_RU"], .es),
      (nil, ["LC_ALL": "", "LC_MESSAGES": "nl_NL", "LANG": "ru_RU"], .nl),
      (nil, ["LANG": "pt_BR.UTF-8"], .ptBR),
      (nil, ["LANG": "fr_FR.UTF-8"], .en),
      (nil, ["LANG": "C"], .en),
      (nil, ["LC_ALL": "POSIX", "LANG": "ru_RU"], .en),
      (nil, ["LANG": "C.UTF-8", "LANGUAGE": "ru"], .en),
      (nil, ["LANGUAGE": "fr:es", "LANG": "fr_FR.UTF-8"], .es),
      (nil, ["LANGUAGE": "nl", "LANG": "ru_RU.UTF-8"], .nl),
      (nil, ["LANGUAGE": "ru"], .en),
      (nil, [:], .en),
      (nil, ["LANG": "pt_PT.UTF-8"], .ptBR),
      (nil, ["LANG": "es_MX.UTF-8"], .es),
      (nil, ["LC_MESSAGES": "nl_BE.UTF-8", "LANG": "en_US.UTF-8"], .nl),
      (nil, ["LC_ALL": "C", "LANG": "pt_PT.UTF-8"], .en),
      (nil, ["LC_ALL": "C", "LANGUAGE": "pt_PT", "LANG": "ru_RU.UTF-8"], .en),
      (nil, ["LANGUAGE": "pt_PT:en", "LANG": "fr_FR.UTF-8"], .ptBR),
      (nil, ["LANGUAGE": "fr:de", "LANG": "nl_BE.UTF-8"], .nl),
      ("pt_PT", ["LANG": "ru_RU.UTF-8"], .ptBR),
    ] as [(String?, [String: String], Language)])
  func resolution(flag: String?, environment: [String: String], expected: Language) {
    #expect(Language.resolve(flag: flag, environment: environment) == expected)
  }

  @Test("directory and native names")
  func names() {
    #expect(Language.allCases.map(\.directoryName) == ["en.lproj", "es.lproj", "nl.lproj", "pt-BR.lproj", "ru.lproj"])
    #expect(Language.allCases.map(\.nativeName) == ["English", "Español", "Nederlands", "Português (Brasil)", "Русский"])
  }

  static let localizer = Localizer(
    language: .es,
    tables: [
      .es: ["only.es": "solo", "both": "ambos %@", "blank": "  "],
      .en: ["both": "both %@", "only.en": "english", "blank": "blank in English"],
    ],
    builtInEnglish: { ["only.builtin": "built in", "both": "built-in both"][$0] })

  @Test(
    "lookup falls back from the language to English to built-in English to the key",
    arguments: [
      ("only.es", "solo"), ("both", "ambos X"), ("only.en", "english"), ("only.builtin", "built in"), ("nowhere", "nowhere"),
      ("blank", "blank in English"),
    ])
  func fallback(key: String, expected: String) {
    #expect(Self.localizer.text(key, "X") == expected)
  }

  @Test("setting the language switches tables")
  func switching() {
    var english = Self.localizer
    english.language = .en
    #expect(english.language == .en)
    #expect(english.text("both", "X") == "both X")
  }

  @Test(
    "formats placeholders",
    arguments: [
      ("%@ and %@", ["a", "b"], "a and b"),
      ("%2$@ before %1$@", ["a", "b"], "b before a"),
      ("%d sets, %@", ["3", "ok"], "3 sets, ok"),
      ("100%%", [], "100%"),
      ("%@ %@ %@", ["only"], "only  "),
      ("%3$@!", ["a"], "!"),
      ("50% off", [], "50% off"),
      ("%", [], "%"),
      ("%1$", ["a"], "%1$"),
      ("%0$@x", ["a"], "x"),
      ("%999999999999$@", ["a"], ""),
      ("%ld items", ["4"], "4 items"),
      ("Привет, %@!", ["Ана"], "Привет, Ана!"),
      ("Сейчас: %@.", ["Выкл."], "Сейчас: Выкл."),
      ("%@. Next", ["Off."], "Off. Next"),
      ("Wait %@...", ["a."], "Wait a...."),
      ("%@.", ["Off"], "Off."),
    ] as [(String, [String], String)])
  func formatting(template: String, arguments: [String], expected: String) {
    let localizer = Localizer(language: .en, tables: [.en: ["k": template]], builtInEnglish: { _ in nil })
    #expect(localizer.text("k", arguments: arguments) == expected)
  }

  @Test("parses .strings tables with comments, escapes and unquoted keys")
  func stringsTable() throws {
    let text = """
      /* A comment */
      "ui.done" = "Done";
      // another
      "ui.quote" = "say \\"hi\\"\\n";
      ui.bare = "bare";
      """
    let table = try StringsTable.parse(Array(text.utf8))
    #expect(table == ["ui.done": "Done", "ui.quote": "say \"hi\"\n", "ui.bare": "bare"])
    #expect(try StringsTable.parse([UInt8]()) == [:])
    #expect(try StringsTable.parse(Array("/* nothing */".utf8)) == [:])
  }

  @Test(
    "refuses data that is not a strings table",
    arguments: [
      (#""a" = "b" "c""#, "not a valid .strings file"),
      (#""a" = { b = c; };"#, "not a table of strings: the value of 'a' is a dictionary"),
      (#"("a", "b")"#, "not a table of strings: the file holds an array"),
    ])
  func badStrings(text: String, fragment: String) {
    #expect {
      try StringsTable.parse(Array(text.utf8))
    } throws: { error in
      (error as? LocalizationError)?.description.contains(fragment) == true
    }
  }
}

@Suite("Suggestions")
struct SuggestionTests {
  static let settings = Setting.allCases.map(\.rawValue)

  @Test(
    "suggests the closest name within the threshold",
    arguments: [
      ("workoutVeiw", "workoutView"), ("WORKOUTVIEW", "workoutView"), ("them", "theme"), ("unit", "units"),
      ("progresionMode", "progressionMode"),
      ("banana", nil), ("", nil), ("x", nil),
    ] as [(String, String?)])
  func closest(word: String, expected: String?) {
    #expect(Suggestion.closest(to: word, in: Self.settings) == expected)
  }

  @Test("ties go to the earlier candidate; maxDistance overrides the default")
  func ties() {
    #expect(Suggestion.closest(to: "cat", in: ["bat", "cut"]) == "bat")
    #expect(Suggestion.closest(to: "cat", in: ["cut", "bat"]) == "cut")
    #expect(Suggestion.closest(to: "abcdef", in: ["uvwxyz"]) == nil)
    #expect(Suggestion.closest(to: "abcdef", in: ["uvwxyz"], maxDistance: 6) == "uvwxyz")
    #expect(Suggestion.closest(to: "cat", in: ["dog"], maxDistance: 0) == nil)
  }

  @Test(
    "distance counts a swap of neighbours as one",
    arguments: [("ab", "ba", 1), ("abc", "acb", 1), ("kitten", "sitting", 3), ("", "abc", 3), ("Ab", "aB", 0)])
  func distance(a: String, b: String, expected: Int) {
    // Case-insensitive, as closest(to:in:) compares.
    #expect(Suggestion.distance(Array(a.lowercased()), Array(b.lowercased())) == expected)
  }
}
