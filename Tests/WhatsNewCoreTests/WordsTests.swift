import Foundation
import Testing
import WhatsNewCore

@Suite("Option words")
struct OptionMatcherTests {
  static let units = [("metric", "Metric (kg, km)"), ("imperial", "Imperial (lb, mi)")]
  static let weekdays = Weekday.allCases.map { ($0.rawValue, $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst()) }
  static let autonomy = [("suggest", "Suggest weights"), ("manual", "Follow the plan")]
  static let progression = [("reps_first", "Reps first"), ("weight_first", "Weight first")]
  static let spanishUnits = [("metric", "Métrico (kg, km)"), ("imperial", "Imperial (lb, mi)")]
  static let dutchSwitch = [("true", "Aan"), ("false", "Uit")]
  static let russianTheme = [("system", "Как в системе"), ("light", "Светлая"), ("dark", "Тёмная")]

  static func match(_ typed: String, _ options: [(String, String)], locale: String = "en") -> OptionMatcher.Match {
    OptionMatcher(options: options.map { .init(value: $0.0, label: $0.1) }, locale: Locale(identifier: locale)).match(typed)
  }

  @Test(
    "a value, a label, a word of it or an unambiguous prefix names one option",
    arguments: [
      ("imperial", units, "en", OptionMatcher.Match.option(1)),
      ("IMPERIAL (lb, mi)", units, "en", .option(1)),
      ("lb", units, "en", .option(1)),
      ("kg", units, "en", .option(0)),
      ("k", units, "en", .option(0)),
      ("imp", units, "en", .option(1)),
      ("m", units, "en", .ambiguous([0, 1])),
      ("me", units, "en", .option(0)),
      ("fri", weekdays, "en", .option(4)),
      ("t", weekdays, "en", .ambiguous([1, 3])),
      ("s", weekdays, "en", .ambiguous([5, 6])),
      ("su", weekdays, "en", .option(6)),
      ("follow the plan", autonomy, "en", .option(1)),
      ("follow   THE plan", autonomy, "en", .option(1)),
      ("plan", autonomy, "en", .option(1)),
      ("weights", autonomy, "en", .option(0)),
      ("first", progression, "en", .ambiguous([0, 1])),
      ("reps", progression, "en", .option(0)),
      ("metrico", spanishUnits, "es", .option(0)),
      ("uit", dutchSwitch, "nl", .option(1)),
      ("тем", russianTheme, "ru", .option(2)),
      ("banana", units, "en", .none),
      ("", units, "en", .none),
      ("   ", units, "en", .none),
    ] as [(String, [(String, String)], String, OptionMatcher.Match)])
  func matches(typed: String, options: [(String, String)], locale: String, expected: OptionMatcher.Match) {
    #expect(Self.match(typed, options, locale: locale) == expected)
  }

  @Test("a whole name beats a prefix of another: 'on' is On, not a prefix of Once")
  func wholeNameFirst() {
    #expect(Self.match("on", [("true", "On"), ("once", "Once a week")]) == .option(0))
    #expect(Self.match("mi", Self.units) == .option(1), "a whole word beats the prefix of 'metric'")
  }
}

@Suite("Page shortcuts")
struct PageShortcutsTests {
  static func choice(_ id: String, _ setting: Setting) -> Block {
    Block(
      id: id,
      content: .choice(
        ChoiceBlock(
          setting: setting, titleKey: "t", descriptionKey: nil,
          options: setting.kind.values.map { ChoiceOption(value: $0, labelKey: nil) })))
  }
  static let action = Block(id: "a", content: .action(ActionBlock(action: .openSettings, labelKey: "l")))
  static let features = Block(
    id: "f",
    content: .featureList(
      FeatureListBlock(
        titleKey: nil,
        items: [
          FeatureItem(id: "x", titleKey: "x", action: .openCardioLog), FeatureItem(id: "y", titleKey: "y"),
          FeatureItem(id: "z", titleKey: "z", action: .openWeeklyReview),
        ])))
  static let info = Block(id: "i", content: .info(InfoBlock(titleKey: "i", descriptionKey: nil, icon: nil)))

  @Test(
    "one choice is numbered 1, 2…; several are named block.n; open numbers run across the page",
    arguments: [
      ([info], [String](), [Setting](), [Action]()),
      ([choice("view", .workoutView)], ["1", "2"], [.workoutView], []),
      (
        [choice("units", .units), choice("theme", .theme)], ["units.1", "units.2", "theme.1", "theme.2", "theme.3"],
        [.units, .theme], []
      ),
      ([action, info, features], [], [], [.openSettings, .openCardioLog, .openWeeklyReview]),
      (
        [features, choice("view", .workoutView), action], ["1", "2"], [.workoutView],
        [.openCardioLog, .openWeeklyReview, .openSettings]
      ),
    ] as [([Block], [String], [Setting], [Action])])
  func shortcuts(blocks: [Block], choose: [String], settings: [Setting], open: [Action]) {
    let shortcuts = PageShortcuts(page: Page(id: "p", blocks: blocks), numbering: .perChoice)
    #expect(shortcuts.chooseTokens == choose)
    #expect(shortcuts.settings == settings)
    #expect(shortcuts.openTargets == open)
    #expect(shortcuts.openTokens == open.indices.map { String($0 + 1) })
  }
}

@Suite("Suggestions that avoid final commands")
struct SuggestionAvoidingTests {
  static let commands = ["help", "close", "choose", "done", "home", "skip", "restore", "next"]

  @Test(
    "a name to avoid gives way only to one as close",
    arguments: [
      ("chose", "choose"), ("cloose", "choose"), ("dome", "home"), ("clos", "close"), ("skp", "skip"), ("restor", "restore"),
      ("nxet", "next"),
    ])
  func avoiding(word: String, expected: String) {
    #expect(Suggestion.closest(to: word, in: Self.commands, avoiding: ["close", "done", "skip", "restore"]) == expected)
  }

  @Test("without names to avoid, the earlier candidate wins a tie")
  func withoutAvoiding() {
    #expect(Suggestion.closest(to: "chose", in: Self.commands) == "close")
  }
}
