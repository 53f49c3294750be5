import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// One name per concept per language (issue 22): the words for the tour, a guide and a
/// popover, and the option labels a text quotes, held to a short glossary.
@Suite("Each language's glossary")
struct GlossaryTests {
  /// A concept's one word in a language, the keys that name the concept (each must use the
  /// word), and synonyms that must appear nowhere in the language's table.
  struct Term: Sendable, CustomTestStringConvertible {
    var language: Language
    var concept: String
    var word: String
    var keys: [String]
    var forbidden: [String]
    var testDescription: String { "\(language.rawValue): \(concept) is '\(word)'" }
  }

  static let guideKeys = [
    "ui.guidance.list.title", "ui.guidance.reset.all", "ui.guidance.command.skip", "ui.guidance.ended",
    "ui.error.unknown.guide", "ui.help.tour",
  ]
  static let popoverKeys = ["ui.guidance.list.info", "ui.error.unknown.popover", "ui.help.info", "ui.guidance.isTour"]
  static let tourKeys = ["ui.layer.tour", "ui.tour.noneToResume", "ui.help.close"]

  static let terms: [Term] = [
    Term(language: .en, concept: "guide", word: "guide", keys: guideKeys, forbidden: ["walkthrough"]),
    Term(language: .en, concept: "popover", word: "popover", keys: popoverKeys, forbidden: ["tooltip"]),
    Term(language: .en, concept: "tour", word: "tour", keys: tourKeys, forbidden: []),
    Term(language: .es, concept: "guide", word: "guía", keys: guideKeys, forbidden: ["tutorial"]),
    Term(language: .es, concept: "popover", word: "ventana de información", keys: popoverKeys, forbidden: ["globo"]),
    Term(language: .es, concept: "tour", word: "recorrido", keys: tourKeys, forbidden: []),
    Term(language: .nl, concept: "guide", word: "uitleg", keys: guideKeys, forbidden: []),
    Term(language: .nl, concept: "popover", word: "infovenster", keys: popoverKeys, forbidden: ["infoballon"]),
    Term(language: .nl, concept: "tour", word: "rondleiding", keys: tourKeys, forbidden: []),
    Term(language: .ptBR, concept: "guide", word: "guia", keys: guideKeys, forbidden: []),
    Term(
      language: .ptBR, concept: "popover", word: "balão de informações", keys: popoverKeys,
      forbidden: ["janela de informações"]),
    Term(language: .ptBR, concept: "tour", word: "tour", keys: tourKeys, forbidden: []),
    Term(language: .ru, concept: "guide", word: "гид", keys: guideKeys, forbidden: ["руководств"]),
    Term(language: .ru, concept: "popover", word: "подсказк", keys: popoverKeys, forbidden: []),
    Term(language: .ru, concept: "tour", word: "рассказ", keys: tourKeys, forbidden: ["обзор новинок"]),
  ]

  static func table(_ language: Language) throws -> [String: String] {
    let path = RepositoryPaths.localizations + "/\(language.rawValue).lproj/Localizable.strings"
    return try StringsTable.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test("every key that names the concept uses the language's one word, and no synonym appears", arguments: terms)
  func term(_ term: Term) throws {
    let table = try Self.table(term.language)
    for key in term.keys {
      let text = try #require(table[key], "\(key) is translated").lowercased()
      #expect(text.contains(term.word), "\(key): '\(text)' does not say '\(term.word)'")
    }
    for (key, text) in table {
      for synonym in term.forbidden {
        #expect(!text.lowercased().contains(synonym), "\(key) says '\(synonym)', not '\(term.word)': \(text)")
      }
    }
  }

  @Test("a guide's name says guide in every language", arguments: Language.allCases)
  func guideNames(language: Language) throws {
    let table = try Self.table(language)
    let word = try #require(Self.terms.first { $0.language == language && $0.concept == "guide" }).word
    for id in ["workouts_intro", "cardio_intro", "review_intro", "settings_intro"] {
      let name = try #require(table["guidance.\(id).name"]).lowercased()
      #expect(name.contains(word), "guidance.\(id).name: \(name)")
    }
  }

  @Test(
    "a label a guide or a release quotes is the label the app shows for it, word for word", arguments: Language.allCases)
  func quotedLabels(language: Language) throws {
    let table = try Self.table(language)
    let names = Set(table.values)
    let quoted = /«([^»]+)»|“([^”]+)”/
    for (key, text) in table where key.hasPrefix("guidance.") || key.hasPrefix("whatsNew.") || key.hasPrefix("onboarding.") {
      for match in text.matches(of: quoted) {
        let phrase = String(match.output.1 ?? match.output.2 ?? "")
        #expect(names.contains(phrase), "\(key) quotes «\(phrase)», which is no label the app shows")
      }
    }
  }
}
