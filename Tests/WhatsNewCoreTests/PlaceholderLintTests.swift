import Testing
import WhatsNewCore

/// Every translation fills in the arguments English does: a release's `%@` (the reminder's
/// time) can then never be a time a translator wrote out by hand.
@Suite("Placeholders in translations")
struct PlaceholderLintTests {
  @Test(
    "the arguments a text uses",
    arguments: [
      ("no placeholder", [] as Set<Int>), ("at %@ on your day", [1]), ("%@ of %@", [1, 2]), ("%2$@, %1$@", [1, 2]),
      ("%2$@ only", [2]), ("100%% sure", []), ("%d left", [1]), ("%ld and %lld", [1, 2]), ("% s", []), ("%", []),
    ] as [(String, Set<Int>)])
  func argumentsUsed(template: String, expected: Set<Int>) {
    #expect(Localizer.argumentsUsed(by: template) == expected)
  }

  @Test("a translation that writes out what English fills in, or drops an argument, is a problem")
  func mismatch() {
    var tables = LinterTests.completeTables()
    tables[.en]?["whatsNew.v2_13_1.p.b.description"] = "A nudge at %@."
    tables[.es]?["whatsNew.v2_13_1.p.b.description"] = "Un aviso a las %1$@."
    tables[.nl]?["whatsNew.v2_13_1.p.b.description"] = "Een seintje om %@."
    tables[.ptBR]?["whatsNew.v2_13_1.p.b.description"] = "Um aviso às %@."
    tables[.ru]?["whatsNew.v2_13_1.p.b.description"] = "Напомним в 18:00."
    tables[.en]?["ui.done"] = "%@ of %@"
    tables[.nl]?["ui.done"] = "%2$@ van %1$@"
    tables[.es]?["ui.done"] = "%@ de"
    tables[.ptBR]?["ui.done"] = "%@ de %@"
    tables[.ru]?["ui.done"] = "%1$@ из %2$@"
    #expect(
      LinterTests.lint(tables: tables) == [
        "Localizations/es.lproj/Localizable.strings: ui.done: the Español translation fills in arguments 1, English 1, 2; "
          + "use the same placeholders (%@, or %1$@, %2$@ in another order)",
        "Localizations/ru.lproj/2.13.1.strings: whatsNew.v2_13_1.p.b.description: the Русский translation fills in "
          + "arguments none, English 1; use the same placeholders (%@, or %1$@, %2$@ in another order)",
      ])
  }
}
