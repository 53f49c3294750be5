import TestSupport
import Testing
import WhatsNewCore

/// The check that a setting can be shown, fed made-up vocabularies and tables: it must
/// catch each way a new setting can be half added.
/// Made-up settings and tables.
enum Coverage {
  static let sound = SettingCoverage.Entry(
    name: "restTimerSound", titleKey: "ui.setting.restTimerSound.title",
    values: [("beep", "ui.value.restTimerSound.beep"), ("off", "ui.value.restTimerSound.off")], screen: .workouts)

  static let complete: TranslationTable = [
    "ui.setting.restTimerSound.title": "Rest timer sound", "ui.value.restTimerSound.beep": "Beep",
    "ui.value.restTimerSound.off": "Silent",
  ]

  static func tables(_ table: TranslationTable, except language: Language? = nil, with other: TranslationTable = [:])
    -> [Language: TranslationTable]
  {
    Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, $0 == language ? other : table) })
  }

  static let workoutsWithSound = "  Rest timer sound: Beep\n    set restTimerSound beep|off\n"
}

@Suite("Setting coverage: a setting's texts and its screen")
struct SettingCoverageTests {
  @Test("a setting with every text in every table, listed on its screen, has no problem")
  func completeSetting() {
    #expect(
      SettingCoverage.problems(
        entries: [Coverage.sound], tables: Coverage.tables(Coverage.complete), screens: [.workouts: Coverage.workoutsWithSound])
        == [])
  }

  @Test(
    "each half-added setting is reported, naming the language, the key and the setting",
    arguments: [
      (
        Coverage.tables(
          Coverage.complete, except: .ru,
          with: ["ui.setting.restTimerSound.title": "Звук таймера", "ui.value.restTimerSound.beep": "Сигнал"]),
        [Screen.workouts: Coverage.workoutsWithSound],
        ["ru: ui.value.restTimerSound.off is missing (the value off of restTimerSound)"]
      ),
      (
        Coverage.tables(
          Coverage.complete, except: .es,
          with: [
            "ui.setting.restTimerSound.title": "  ", "ui.value.restTimerSound.beep": "Pitido",
            "ui.value.restTimerSound.off": "Sin sonido",
          ]),
        [.workouts: Coverage.workoutsWithSound],
        ["es: ui.setting.restTimerSound.title is blank (the name of restTimerSound)"]
      ),
      (
        Coverage.tables(Coverage.complete), [.settings: Coverage.workoutsWithSound, .workouts: "  Workout view: Guided\n"],
        ["workouts: the screen restTimerSound declares does not list it (no row with 'set restTimerSound beep|off')"]
      ),
      (
        Coverage.tables([:]), [.workouts: Coverage.workoutsWithSound],
        Language.allCases.flatMap { language in
          [
            "\(language.rawValue): ui.setting.restTimerSound.title is missing (the name of restTimerSound)",
            "\(language.rawValue): ui.value.restTimerSound.beep is missing (the value beep of restTimerSound)",
            "\(language.rawValue): ui.value.restTimerSound.off is missing (the value off of restTimerSound)",
          ]
        }
      ),
    ] as [([Language: TranslationTable], [Screen: String], [String])])
  func problems(tables: [Language: TranslationTable], screens: [Screen: String], expected: [String]) {
    #expect(SettingCoverage.problems(entries: [Coverage.sound], tables: tables, screens: screens) == expected)
  }

  @Test("a language without a table is a problem of its own")
  func missingTable() {
    var tables = Coverage.tables(Coverage.complete)
    tables[.nl] = nil
    #expect(
      SettingCoverage.problems(entries: [Coverage.sound], tables: tables, screens: [.workouts: Coverage.workoutsWithSound])
        == ["nl: there is no table"])
  }

  @Test("real settings become entries with their real keys, values and screens")
  func realEntries() {
    let entries = SettingCoverage.entries(for: [.units, .restTimerHaptics])
    #expect(entries.map(\.name) == ["units", "restTimerHaptics"])
    #expect(entries[0].titleKey == "ui.setting.units.title")
    #expect(entries[0].values.map(\.key) == ["ui.value.units.metric", "ui.value.units.imperial"])
    #expect(entries[1].values.map(\.value) == ["true", "false"])
    #expect(entries.map(\.screen) == [.settings, .workouts])
    #expect(SettingCoverage.commandLine(for: entries[0]) == "set units metric|imperial")
  }
}
