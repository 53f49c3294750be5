import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore

/// The 2.15.0 tour of a person upgrading from 2.14.0, which changes the home card's default:
/// one who never chose the card is told, with the choice on the page; one who chose it is not,
/// and its page keeps only what else it holds. Golden files under Transcripts/default-change/,
/// at 40 and 80 columns in every language. Re-record with `WHATSNEW_RECORD=1 swift test`.
@Suite("Default changes in the tour")
@MainActor
struct DefaultChangeTranscriptTests {
  nonisolated static let cases: [(language: Language, width: Int, chose: Bool)] = Language.allCases.flatMap { language in
    [40, 80].flatMap { width in [false, true].map { (language, width, $0) } }
  }

  @Test(
    "the changed default is said to who never chose it, with its choice, and left out for who did",
    arguments: cases.indices)
  func transcript(index: Int) async throws {
    let (language, width, chose) = Self.cases[index]
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.14.0", "--app-version", "2.15.0", "--locale", language.rawValue], width: width,
      prepare: chose ? { try await $0.setSetting(.homeSummaryCard, to: "daily_summary") } : nil)
    let transcript = await harness.transcript(of: ["next", "done"])
    let name = "default-change/\(language.rawValue)-\(width)-\(chose ? "chose" : "never-chose").txt"
    let mismatch = GoldenFile.compare(transcript, named: name, in: "WhatsNewAppTests")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    if language == .en {
      // The sentence is there exactly for who never chose (wrapped at 40 columns: its first words).
      #expect(transcript.contains("Your home card becomes") == !chose, "\(transcript)")
    }
  }
}
