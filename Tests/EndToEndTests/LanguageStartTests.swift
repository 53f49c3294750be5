import Foundation
import TestSupport
import Testing

/// The language across starts of the real binary, as a person meets it: the environment
/// (with its region falling back to the language), then the choice made with `lang`, with
/// `--locale` winning for one run without changing what is remembered.
@Suite("The language across starts")
struct LanguageStartTests {
  /// The `lang` line of a run that prints the language and quits.
  func language(_ database: String, _ arguments: [String] = [], environment: [String: String]) throws -> String {
    let result = try runWhatsNew(["--db", database] + arguments, input: "lang\nquit\n", environment: environment)
    #expect(result.status == 0)
    let lines = result.output.split(separator: "\n").map(String.init)
    let index = try #require(lines.firstIndex { $0.hasSuffix("> lang") })
    return lines[index + 1]
  }

  @Test("pt_PT falls back to Brazilian Portuguese; lang ru is remembered; --locale wins for one run")
  func acrossStarts() throws {
    let directory = try TemporaryDirectory()
    let database = directory.path("x.sqlite")
    let portuguese = ["LANG": "pt_PT.UTF-8"]
    _ = try runWhatsNew(["--db", database, "--upgrade-from", "2.14.0"], input: "quit\n", environment: portuguese)
    #expect(try language(database, environment: portuguese) == "Idioma: Português (Brasil) [pt-BR].")
    let chosen = try runWhatsNew(["--db", database], input: "lang ru\nquit\n", environment: portuguese)
    #expect(chosen.output.contains("Язык: Русский."))
    #expect(try language(database, environment: portuguese) == "Язык: Русский [ru].")
    #expect(try language(database, ["--locale", "nl"], environment: portuguese) == "Taal: Nederlands [nl].")
    #expect(try language(database, environment: ["LANG": "es_MX.UTF-8"]) == "Язык: Русский [ru].")
    _ = try runWhatsNew(["--db", database], input: "lang system\nquit\n", environment: portuguese)
    #expect(try language(database, environment: ["LANG": "nl_BE.UTF-8"]) == "Taal: Nederlands [nl].")
    #expect(try language(database, environment: ["LC_ALL": "C", "LANG": "ru_RU.UTF-8"]) == "Language: English [en].")
  }
}
