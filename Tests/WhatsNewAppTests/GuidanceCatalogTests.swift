import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

@Suite("Guidance catalog")
struct GuidanceCatalogTests {
  @Test("ids are unique and there is a first_run tour of at least five steps across every screen")
  func firstRun() throws {
    #expect(Set(GuidanceCatalog.all.map(\.id)).count == GuidanceCatalog.all.count)
    let firstRun = try #require(GuidanceCatalog.find("first_run"))
    #expect(firstRun.mode == .tour)
    #expect(firstRun.steps.count >= 5)
    #expect(Set(firstRun.steps.compactMap { firstRun.routeForAnchor[$0.targetAnchor] }) == Set(Screen.allCases))
  }

  @Test(
    "every feature intro is a 3-step tour: the whole screen, then two distinct parts of it",
    arguments: [Screen.workouts, .cardio, .review, .settings])
  func intro(_ screen: Screen) throws {
    let id = try #require(GuidanceCatalog.introID(for: screen))
    let intro = try #require(GuidanceCatalog.find(id))
    #expect(intro.mode == .tour)
    #expect(intro.steps.count == 3)
    #expect(intro.steps[0].targetAnchor == screen.rawValue)
    let parts = intro.steps.dropFirst().map(\.targetAnchor)
    #expect(Set(parts).count == 2)
    #expect(!parts.contains(screen.rawValue))
    #expect(intro.triggerOnce)
  }

  @Test("every tour anchor has a routeForAnchor entry and is drawn on that screen")
  func anchorsRoute() {
    for guide in GuidanceCatalog.all {
      for step in guide.steps {
        let route = guide.routeForAnchor[step.targetAnchor]
        #expect(route != nil, "\(guide.id) step \(step.id): no route for \(step.targetAnchor)")
        if let route {
          #expect(ScreenRenderer.anchors[route]?.contains(step.targetAnchor) == true, "\(step.targetAnchor) is not on \(route)")
        }
      }
    }
  }

  @Test("there are at least three info popovers, re-openable, in different placements")
  func infos() {
    let infos = GuidanceCatalog.all.filter { $0.mode == .info }
    #expect(infos.count >= 3)
    #expect(infos.allSatisfy { !$0.triggerOnce && $0.steps.count == 1 })
    #expect(Set(infos.map { $0.steps[0].placement }) == [.below, .above, .left, .right])
  }

  @Test("the (?) markers name every popover's anchor")
  @MainActor
  func markers() async throws {
    let scripted = try await SessionHarness()
    #expect(Set(scripted.session.state.infoAnchors.values) == Set(GuidanceCatalog.all.filter { $0.mode == .info }.map(\.id)))
  }

  /// Every guidance string and every anchor name, plus the overlay's own words.
  static var requiredKeys: [String] {
    get throws {
      GuidanceCatalog.stringKeys + ScreenRenderer.anchors.values.flatMap { $0.map { "guidance.anchor." + $0 } }
        + (try ShippedTables.english).keys.filter { $0.hasPrefix("ui.guidance.") }
    }
  }

  @Test("every guidance string is in English and required of translations")
  func inEnglish() throws {
    let english = try ShippedTables.english
    for key in try Self.requiredKeys {
      #expect(english[key] != nil, "\(key) is not in English")
      #expect(EnglishTable.requiredKeys(english: english).contains(key))
    }
  }

  @Test("every guidance string is in all five .strings files", arguments: Language.allCases)
  func translated(_ language: Language) throws {
    let path = RepositoryPaths.root + "/Localizations/\(language.directoryName)/Localizable.strings"
    let data = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
    let table = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String])
    let englishTable = try ShippedTables.english
    for key in try Self.requiredKeys {
      let value = table[key]
      #expect(value?.isEmpty == false, "\(language.rawValue) lacks \(key)")
      if let value, let english = englishTable[key] {
        #expect(
          value.filter { $0 == "%" }.count == english.filter { $0 == "%" }.count,
          "\(language.rawValue) \(key): placeholders differ")
      }
    }
  }
}
