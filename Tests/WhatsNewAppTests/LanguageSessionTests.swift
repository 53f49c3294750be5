import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// The language as a person meets it: remembered from one start to the next, `--locale` for
/// one run, the environment last; restored with a backup; and the reminder's time written
/// the same way in the tour, on the review screen and in `notifications`.
@Suite("Languages in a session")
@MainActor
struct LanguageSessionTests {
  func screenText(_ harness: SessionHarness) -> String {
    Styler(colors: false).render(harness.session.renderCurrentView())
  }

  /// A booted session on `databasePath` (a new one in its own directory when `nil`).
  func start(
    _ arguments: [String] = [], databasePath: String? = nil, environment: [String: String] = [:]
  ) async throws -> SessionHarness {
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.14.0"] + arguments, databasePath: databasePath, environment: environment)
    await harness.boot()
    return harness
  }

  @Test("lang is remembered at the next start", arguments: Language.allCases)
  func remembered(language: Language) async throws {
    let first = try await start()
    await first.send("lang " + language.rawValue)
    await first.settle()
    #expect(try await first.store.languagePreference() == language)
    let next = try await start(databasePath: first.databasePath)
    #expect(next.session.state.language == language)
    #expect(next.session.state.languageChoice.source == .stored)
  }

  @Test(
    "--locale wins for one run and is not stored; then the stored choice; then the environment",
    arguments: [
      (["--locale", "nl"], Language.ru, ["LANG": "es_ES.UTF-8"], Language.nl),
      ([], .ru, ["LANG": "es_ES.UTF-8"], .ru),
      ([], nil, ["LANG": "es_ES.UTF-8"], .es),
      ([], nil, ["LANG": "pt_PT.UTF-8"], .ptBR),
      ([], nil, ["LC_ALL": "C", "LANG": "ru_RU.UTF-8"], .en),
      (["--locale", "pt_PT"], nil, [:], .ptBR),
    ] as [([String], Language?, [String: String], Language)])
  func precedence(arguments: [String], stored: Language?, environment: [String: String], expected: Language) async throws {
    let seeded = try await start()
    try await seeded.store.setLanguagePreference(stored)
    let harness = try await start(arguments, databasePath: seeded.databasePath, environment: environment)
    #expect(harness.session.state.language == expected)
    #expect(try await harness.store.languagePreference() == stored, "a start never writes the choice")
  }

  @Test("lang system forgets the choice and follows the environment again, flag or not", arguments: [[], ["--locale", "ru"]])
  func system(arguments: [String]) async throws {
    let harness = try await start(arguments, environment: ["LANG": "nl_BE.UTF-8"])
    await harness.send("lang es")
    await harness.settle()
    #expect(try await harness.store.languagePreference() == .es)
    await harness.send("lang system")
    await harness.settle()
    #expect(harness.session.state.language == .nl)
    #expect(try await harness.store.languagePreference() == nil)
    #expect(harness.takeOutput().contains("Volgens de taalinstellingen van je systeem."))
  }

  @Test("a restore brings back the backup's language")
  func restore() async throws {
    let harness = try await start()
    await harness.send("lang ru")
    await harness.settle()
    let backup = harness.directory.path("backup.sqlite")
    await harness.send("backup " + backup)
    await harness.send("lang es")
    await harness.settle()
    await harness.send("restore " + backup)
    await harness.settle()
    #expect(harness.session.state.language == .ru)
    #expect(harness.takeOutput().contains("Данные восстановлены из \(backup)."))
    #expect(screenText(harness).contains("── Главная"))
  }

  @Test("a choice that cannot be stored still switches, and says it is not remembered")
  func failedWrite() async throws {
    let harness = try await start()
    harness.faults.add(FaultSpec(operation: .write, target: nil, kind: .fail(remaining: 1)))
    await harness.send("lang nl")
    await harness.settle()
    #expect(harness.session.state.language == .nl)
    // The console wraps messages to the width: compare the words.
    let output = harness.takeOutput().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(output.contains("Kon de taal niet onthouden voor de volgende keer: injected failure (write language)."))
    #expect(try await harness.store.languagePreference() == nil)
  }

  @Test("a lang typed while the store is still starting is not undone by the stored choice")
  func beforeBoot() async throws {
    let seeded = try await start()
    try await seeded.store.setLanguagePreference(.ru)
    let harness = try await SessionHarness(arguments: ["--fault", "boot=hold"], databasePath: seeded.databasePath)
    harness.session.runner.boot()
    await harness.send("lang es")
    #expect(harness.takeOutput().contains("El almacén de ajustes no está disponible"))
    harness.faults.release(.boot, target: nil)
    await harness.settle()
    #expect(harness.session.state.isBooted)
    #expect(harness.session.state.language == .es)
  }

  @Test("writes of the choice land in the order typed, even when the first is held")
  func ordered() async throws {
    let harness = try await start()
    harness.faults.add(FaultSpec(operation: .write, target: nil, kind: .hold))
    await harness.send("lang ru")
    harness.faults.clear()
    await harness.send("lang es")
    await harness.settle()
    #expect(try await harness.store.languagePreference() == .es)
  }

  @Test(
    "the settings screen says where the language comes from",
    arguments: [
      (["--locale", "en"], false, "Set with --locale for this run; not remembered."),
      ([], true, "Your choice, remembered for next time."),
      ([], false, "From your system's language settings."),
    ])
  func settingsScreen(arguments: [String], choose: Bool, expected: String) async throws {
    let harness = try await start(arguments)
    if choose { await harness.send("lang en") }
    await harness.send("go settings")
    await harness.send("skip")  // the settings intro
    await harness.settle()
    let text = screenText(harness)
    #expect(text.contains("Language: English"))
    #expect(text.contains(expected))
    #expect(text.contains("lang en|es|nl|pt-BR|ru|system"))
  }

  /// The reminder's time as each language writes it (U+202F before PM), and its day and time
  /// (a no-break space inside the day and its month).
  @Test(
    "the reminder's time reads the same in the tour, on the review screen and in notifications",
    arguments: [
      (Language.en, "6:00\u{202F}PM", "Sunday, December\u{A0}6 at 6:00\u{202F}PM (UTC)"),
      (.es, "18:00", "domingo, 6\u{A0}de\u{A0}diciembre, 18:00 (UTC)"),
      (.nl, "18:00", "zondag 6\u{A0}december om 18:00 (UTC)"),
      (.ptBR, "18:00", "domingo, 6\u{A0}de\u{A0}dezembro às 18:00 (UTC)"),
      (.ru, "18:00", "воскресенье, 6\u{A0}декабря в 18:00 (UTC)"),
    ])
  func reminderTime(language: Language, time: String, next: String) async throws {
    let harness = try await start(["--locale", language.rawValue])
    let tourText = harness.session.runner.renderContext.text("whatsNew.v2_13_1.weeklyReview.reminderNote.description")
    #expect(tourText.contains(time))
    #expect(!tourText.contains("%@"))
    await harness.send("go review")
    await harness.settle()
    #expect(screenText(harness).contains(next))
    _ = harness.takeOutput()
    await harness.send("notifications")
    await harness.settle()
    #expect(harness.takeOutput().contains("  " + next + "\n"))
  }

  @Test(
    "the review screen's numbers and units are the language's",
    arguments: [
      (Language.en, "18,450\u{A0}kg", "27.2\u{A0}km"),
      (.es, "18.450\u{A0}kg", "27,2\u{A0}km"),
      (.nl, "18.450\u{A0}kg", "27,2\u{A0}km"),
      (.ptBR, "18.450\u{A0}kg", "27,2\u{A0}km"),
      (.ru, "18\u{A0}450\u{A0}кг", "27,2\u{A0}км"),
    ])
  func reviewNumbers(language: Language, lifted: String, cardio: String) async throws {
    let harness = try await start(["--locale", language.rawValue])
    await harness.send("go review")
    await harness.settle()
    let text = screenText(harness)
    #expect(text.contains(lifted))
    #expect(text.contains(cardio))
  }
}
