package import WhatsNewCore

/// Whether every setting of the vocabulary can be shown to a person: its name and each of
/// its values have text in every language, and the screen it declares lists it. Only tests
/// ask, so it lives here, not in the app.
///
/// Pure: the vocabulary, the tables and what each screen draws come in as values, so a
/// test can hand it a setting that does not exist or a table that lacks a key
/// (`SettingCoverageTests`), and the app's own test hands it the real ones.
///
/// ```swift
/// let problems = SettingCoverage.problems(
///   entries: SettingCoverage.entries(for: Setting.allCases), tables: tables, screens: renderedText)
/// // ["ru: ui.value.units.imperial is missing (the value imperial of units)", …]
/// ```
package enum SettingCoverage {
  /// What a setting needs to be shown: its name, the keys of its title and values, and the
  /// screen that should list it.
  package struct Entry: Sendable {
    package var name: String
    package var titleKey: String
    /// Each value, with its key.
    package var values: [(value: String, key: String)]
    package var screen: Screen

    package init(name: String, titleKey: String, values: [(value: String, key: String)], screen: Screen) {
      self.name = name
      self.titleKey = titleKey
      self.values = values
      self.screen = screen
    }
  }

  /// The entries of real settings.
  package static func entries(for settings: [Setting]) -> [Entry] {
    settings.map { setting in
      Entry(
        name: setting.rawValue, titleKey: setting.titleKey, values: setting.kind.values.map { ($0, setting.valueKey($0)) },
        screen: setting.spec.screen)
    }
  }

  /// The line a screen draws under a setting's row, by which a setting is found on it.
  package static func commandLine(for entry: Entry) -> String {
    "set \(entry.name) " + entry.values.map(\.value).joined(separator: "|")
  }

  /// Every problem, one a line, in entry order then language order: a key missing or blank
  /// in a table (or a table missing), and a setting its screen does not list.
  ///
  /// A language of ``Language/allCases`` without a table is a problem; `screens` is each
  /// screen's text as drawn (plain, wide enough that nothing wraps).
  package static func problems(entries: [Entry], tables: [Language: TranslationTable], screens: [Screen: String]) -> [String] {
    var problems: [String] = []
    for language in Language.allCases where tables[language] == nil {
      problems.append("\(language.rawValue): there is no table")
    }
    for entry in entries {
      let keys =
        [(entry.titleKey, "the name of \(entry.name)")] + entry.values.map { ($0.key, "the value \($0.value) of \(entry.name)") }
      for language in Language.allCases {
        guard let table = tables[language] else { continue }
        for (key, what) in keys {
          guard let text = table[key] else {
            problems.append("\(language.rawValue): \(key) is missing (\(what))")
            continue
          }
          if text.trimmingWhitespace().isEmpty { problems.append("\(language.rawValue): \(key) is blank (\(what))") }
        }
      }
      let line = commandLine(for: entry)
      let lines = (screens[entry.screen] ?? "").split(separator: "\n").map { String($0).trimmingWhitespace() }
      if !lines.contains(line) {
        problems.append(
          "\(entry.screen.rawValue): the screen \(entry.name) declares does not list it (no row with '\(line)')")
      }
    }
    return problems
  }
}
