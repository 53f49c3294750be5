import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// A new case of `Setting` does not pass the tests until its name and every value have
/// text in all five shipped tables and the screen it declares lists it.
@Suite("Every setting is shown, in words, on its screen")
@MainActor
struct EverySettingShownTests {
  @Test("every setting of the vocabulary has its texts in all five tables and its screen lists it")
  func everySetting() async throws {
    let content = try ContentLibrary.load(
      releasesDirectory: RepositoryPaths.releases, localizationsDirectory: RepositoryPaths.localizations)
    var tables: [Language: TranslationTable] = [:]
    for language in Language.allCases {
      tables[language] = try ContentLibrary.readTable(language, localizationsDirectory: RepositoryPaths.localizations).get()
    }
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"], width: 400)
    await harness.boot()
    let screens = Dictionary(
      uniqueKeysWithValues: Screen.allCases.map { screen in
        (
          screen,
          Styler(colors: false).render(
            AppView.screen(screen, harness.session.state, harness.session.runner.renderContext, harness.session.viewInputs))
        )
      })
    #expect(!content.releases.isEmpty)
    #expect(
      SettingCoverage.problems(entries: SettingCoverage.entries(for: Setting.allCases), tables: tables, screens: screens) == [])
  }

  @Test("the English table, the one source of English, has every setting's name and value names")
  func englishHasTheVocabulary() throws {
    let english = try ShippedTables.english
    for key in SettingTexts.keys.sorted() {
      #expect(!(english[key] ?? "").trimmingCharacters(in: .whitespaces).isEmpty, "\(key)")
    }
  }

  @Test("lint requires every setting's name and value names, whether or not the English table has them")
  func lintRequiresTheVocabulary() throws {
    for english in [try ShippedTables.english, [:]] as [TranslationTable] {
      let required = EnglishTable.requiredKeys(english: english)
      for setting in Setting.allCases {
        #expect(required.contains(setting.titleKey), "\(setting)")
        for value in setting.kind.values {
          #expect(required.contains(setting.valueKey(value)), "\(setting).\(value)")
        }
      }
    }
  }

  @Test(
    "a setting's name or value no table has reads as words, never as its key",
    arguments: [
      ("ui.setting.restTimerSound.title", "Rest timer sound"), ("ui.value.restTimerSound.soft_beep", "Soft beep"),
      ("ui.value.restTimerSound.beep", "Beep"), ("ui.value.restTimerSound.true", "On"),
      ("ui.value.restTimerSound.false", "Off"), ("ui.help.nothing", nil), ("ui.setting.x.description", nil),
    ] as [(String, String?)])
  func fallback(key: String, expected: String?) {
    #expect(SettingTexts.readableFallback(for: key) == expected)
  }

  @Test("the session's localizer shows the fallback for a missing setting key, in any language")
  func sessionFallback() async throws {
    let harness = try await SessionHarness(arguments: ["--locale", "ru"])
    #expect(harness.session.runner.localizer.text("ui.setting.restTimerSound.title") == "Rest timer sound")
    #expect(harness.session.runner.localizer.text("ui.value.restTimerSound.beep") == "Beep")
    #expect(harness.session.runner.localizer.text("ui.setting.theme.title") != "ui.setting.theme.title")
  }

  @Test("with no text at all for settings, every screen still names each setting and value in words, never by key")
  func noRawKeysOnScreens() throws {
    // English for everything but the vocabulary, which only the fallback can name.
    let english = try ShippedTables.english.removing(SettingTexts.keys)
    let localizer = Localizer(language: .es, tables: [.en: english], builtInEnglish: EnglishTable.builtIn)
    let renderer = ScreenRenderer(
      context: RenderContext(localizer: localizer, width: 200, ascii: false, accessible: false))
    let facts = ScreenFacts(
      nextReview: nil, seenThrough: "none", appVersion: Options.defaultAppVersion, language: .es, units: "metric",
      infoAnchors: [:])
    var controls: [Setting: ChoiceMachine.ControlState] = [:]
    for setting in Setting.allCases {
      var control = ChoiceMachine.ControlState()
      control.shown = setting.defaultValue
      controls[setting] = control
    }
    for screen in Screen.allCases {
      let text = Styler(colors: false).render(renderer.render(screen, controls: controls, facts: facts))
      #expect(!text.contains("ui.setting.") && !text.contains("ui.value."), "\(screen): \(text)")
    }
    let settings = Styler(colors: false).render(renderer.render(.settings, controls: controls, facts: facts))
    #expect(settings.contains("Show whats new: On"), "\(settings)")
    #expect(settings.contains("Progression mode: Reps first"))
  }
}
