import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// Icons are decorative: a screen reader is not made to read them, nor an ASCII terminal
/// shown a letter for them (issue 22).
@Suite("Icons in accessible and ASCII mode")
@MainActor
struct PlainIconsTests {
  static let walk = ["next", "next", "next", "next", "next", "go workouts", "set workoutView inline", "go review"]

  @Test(
    "no icon glyph and no ASCII stand-in letter is printed; a logged set says done in words",
    arguments: ["--accessible", "--ascii"])
  func noIcons(flag: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", flag])
    let transcript = await harness.transcript(of: Self.walk)
    for icon in Icon.allCases {
      #expect(!transcript.contains(icon.glyph), "\(icon) drawn in \(flag)")
    }
    #expect(transcript.contains("(x) Guided"), "a label follows its marker directly: \(transcript)")
    #expect(!transcript.contains("(x) D ") && !transcript.contains(") ) "), "no letter stands for an icon")
    #expect(transcript.contains("    done"), "the inline preview's logged set is marked with a word")
  }

  @Test("with glyphs, the same walk shows them (the test above can fail)")
  func iconsWhereTheyCanBeShown() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    let transcript = await harness.transcript(of: Self.walk)
    #expect(transcript.contains(Icon.dumbbell.glyph))
    #expect(transcript.contains("✓"))
  }

  @Test("an accessible page heading is a sentence a screen reader reads as one", arguments: Language.allCases)
  func headingSentence(language: Language) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--accessible", "--locale", language.rawValue])
    let transcript = await harness.transcript(of: [])
    let first = try #require(transcript.split(separator: "\n").first.map(String.init))
    let heading = harness.session.runner.text("ui.tour.heading", "2.13.1")
    #expect(first == harness.session.runner.text("ui.tour.pageSentence", heading, "1", "6"))
    #expect(first.hasSuffix(" 1 " + first.split(separator: " ").dropLast().last! + " 6."), "\(first)")
    let pagePart = first.split(separator: ". ").last!
    #expect(pagePart.first?.isUppercase == true, "the page part is a sentence of its own: \(first)")
  }
}
