import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// Words a person reads (issue 22): values in the session's language, CLDR's short weekday
/// names accepted, figures that agree between screens, headings not repeated.
@Suite("Words a person reads")
@MainActor
struct WordsPeopleReadTests {
  func harness(_ language: Language) async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--locale", language.rawValue])
    await harness.boot()
    _ = harness.takeOutput()
    return harness
  }

  @Test(
    "a weekday's short name (CLDR's abbreviation, its period optional) is accepted",
    arguments: [
      (Language.ru, "пт", "friday"), (.ru, "пн", "monday"), (.ptBR, "seg.", "monday"), (.ptBR, "seg", "monday"),
      (.ptBR, "sáb.", "saturday"), (.nl, "vr", "friday"), (.nl, "zo", "sunday"), (.es, "mié", "wednesday"),
      (.en, "Thu", "thursday"),
    ])
  func shortWeekdays(language: Language, typed: String, value: String) async throws {
    let harness = try await harness(language)
    let output = await harness.output(of: "set reviewWeekday \(typed)")
    #expect(try await harness.store.setting(.reviewWeekday) == value, "\(output)")
  }

  @Test("a value that is none lists the values as the session's language names them", arguments: Language.allCases)
  func valuesInTheLanguage(language: Language) async throws {
    let harness = try await harness(language)
    let output = await harness.output(of: "set reviewWeekday xyz").replacingOccurrences(of: "\n", with: " ")
    let monday = harness.session.runner.text("ui.value.reviewWeekday.monday")
    let sunday = harness.session.runner.text("ui.value.reviewWeekday.sunday")
    #expect(output.contains(monday) && output.contains(sunday), "\(output)")
    if language != .en { #expect(!output.contains("monday"), "no stored value in a \(language) message: \(output)") }
  }

  @Test("the review's cardio figure is the cardio log's total, in both units", arguments: ["metric", "imperial"])
  func cardioAgrees(units: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    let transcript = await harness.transcript(of: ["set units \(units)", "go cardio", "skip", "go review"])
      .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "│", with: " ")
      .replacingOccurrences(of: "  ", with: " ").replacingOccurrences(of: "  ", with: " ")
    let total = try #require(transcript.firstMatch(of: /Total: ([0-9.,]+.(km|mi))/)?.output.1)
    #expect(transcript.contains(", \(total) of cardio"), "\(total) in \(transcript)")
  }

  @Test(
    "a card's heading is not repeated as the start of its first line", arguments: [("go review", "review"), ("home", "home")])
  func headingNotRepeated(line: String, screen: String) async throws {
    for language in Language.allCases {
      let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--locale", language.rawValue])
      let output = await harness.transcript(of: [line])
      let rows = output.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet.whitespaces.union(["│"])) }
      for (index, row) in rows.enumerated().dropLast() where !row.isEmpty && !row.contains(" ") || row.count < 20 {
        guard !row.isEmpty else { continue }
        #expect(!rows[index + 1].hasPrefix(row + ":"), "\(language): '\(row)' then '\(rows[index + 1])'")
      }
    }
  }

  @Test(
    "a qa line that cannot be used is refused in the session's language, not in English",
    arguments: [
      "qa fail write thme", "qa write:thme=fail", "qa hold nothing", "qa hold boot theme", "qa delay read 9999999",
      "qa fail write theme sometimes", "qa hold", "qa boot=hold:3", "qa boot:theme=fail",
    ])
  func qaErrorsInTheLanguage(line: String) async throws {
    for language in [Language.ru, .es] {
      let harness = try await harness(language)
      let output = await harness.output(of: line)
      #expect(!output.isEmpty)
      for english in ["expected", "usage", "unknown", "unexpected", "as the target", "did you mean"] {
        #expect(!output.lowercased().contains(english), "\(language): \(output)")
      }
    }
  }

  @Test("a backup or restore that fails says why in the session's language", arguments: [Language.ru, .es, .nl, .ptBR])
  func storeErrorsInTheLanguage(language: Language) async throws {
    let harness = try await harness(language)
    let directory = try TemporaryDirectory()
    let backup = directory.path("b.sqlite")
    _ = await harness.output(of: "backup \(backup)")
    for line in ["backup \(backup)", "backup \(directory.path("none/b.sqlite"))", "restore \(directory.path("missing.sqlite"))"] {
      let output = await harness.output(of: line).replacingOccurrences(of: "\n", with: " ")
      #expect(!output.isEmpty)
      for english in ["already exists", "does not exist", "choose a new file", "nothing was restored"] {
        #expect(!output.contains(english), "\(language), \(line): \(output)")
      }
    }
  }

  @Test("a store message's English is its description, so the command line and an English session read the same")
  func storeMessageEnglish() async throws {
    let directory = try TemporaryDirectory()
    let store = try SettingsStore(path: directory.path("s.sqlite"))
    try await store.backup(to: directory.path("b.sqlite"))
    do {
      try await store.backup(to: directory.path("b.sqlite"))
      Issue.record("a second backup to the same file was written")
    } catch {
      let message = try #require(error.message)
      #expect(message.key == "store.backup.exists")
      let session = try await SessionHarness(arguments: ["--locale", "en"]).session
      #expect(session.runner.localizer.text(message.key, arguments: message.arguments) == error.description)
      #expect(try ShippedTables.english[message.key] == nil, "the store's English is written once, in the store")
    }
  }
}
