import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// What the page cap leaves out is never lost (issue 23, part 2): the tour's last page names
/// each release it cut and the `news <version>` that shows it; `flow` and `flow --json` say the same.
@Suite("What the page cap leaves out")
@MainActor
struct CappedReleasesTests {
  @Test(
    "an upgrader from 2.11.0 is told on the last page that 2.12.0's two pages were left out, in every language",
    arguments: Language.allCases)
  func lastPageNamesIt(language: Language) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--locale", language.rawValue])
    let transcript = await harness.transcript(of: ["next", "next", "next", "next", "next"])
    let note = harness.session.runner.text("ui.tour.capped", harness.session.runner.renderContext.formats.number(2), "2.12.0")
    let pages = transcript.components(separatedBy: "whatsnew:tour ")
    let flattened = { (text: String) in
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
    #expect(flattened(pages.last ?? "").contains(note), "the last page says: \(pages.last ?? "")")
    for page in pages.dropLast() { #expect(!flattened(page).contains(note), "only the last page says it") }
    // The command it names works, and shows exactly those pages.
    _ = await harness.output(of: "skip")
    _ = await harness.output(of: "news 2.12.0")
    #expect(harness.session.state.tour?.pages.map(\.page.id) == ["cardioLog", "appearance"])
  }

  @Test("a flow the cap does not cut has no note")
  func noCapNoNote() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    let transcript = await harness.transcript(of: ["next"])
    #expect(!transcript.contains("left out"))
  }

  @Test(
    "the releases cut, oldest first, with their page counts",
    arguments: [("2.11.0", ["2.12.0": 2]), ("2.12.0", [:]), ("2.13.1", [:])])
  func capped(seen: String, expected: [String: Int]) throws {
    let releases = try ContentLibrary.load(
      releasesDirectory: RepositoryPaths.releases, localizationsDirectory: RepositoryPaths.localizations
    ).releases
    let current = Version("2.14.0")!
    let capped = TourSelection(window: releases, seenThrough: Version(seen), current: current).capped
    #expect(Dictionary(uniqueKeysWithValues: capped.map { ($0.release.description, $0.pages) }) == expected)
  }

  @Test("flow and flow --json name the command a person uses to see what was cut")
  func flowSaysSo() throws {
    let releases = try ContentLibrary.load(
      releasesDirectory: RepositoryPaths.releases, localizationsDirectory: RepositoryPaths.localizations
    ).releases
    let text = FlowReport.render(releases: releases, seen: Version("2.11.0"), current: Version("2.14.0")!, json: false)
    #expect(text.contains("A person sees them with news 2.12.0."), "\(text)")
    let json = FlowReport.render(releases: releases, seen: Version("2.11.0"), current: Version("2.14.0")!, json: true)
    #expect(json.contains(#""leftOut":[{"release":"2.12.0","pages":2,"command":"news 2.12.0"}]"#), "\(json)")
  }

  @Test("over a long history the last page says once what the cap left out, and news tells the tour's releases from the cut ones")
  func longHistory() async throws {
    let history = try HistoryIndependentStartTests.history()
    let content = ["--releases", history.path("Releases"), "--localizations", history.path("Localizations")]
    // 39 releases newer than the record, one page each: the tour shows the newest six.
    let harness = try await SessionHarness(arguments: content + ["--upgrade-from", "5.0.960", "--app-version", "5.0.999"])
    await harness.boot()
    let list = await harness.output(of: "news")
    for index in 994...999 { #expect(list.contains("5.0.\(index)  in the tour open now"), "\(list)") }
    for index in [961, 975, 993] { #expect(list.contains("5.0.\(index)  left out of the tour by the page cap"), "\(list)") }
    let last =
      await harness.transcript(of: ["next", "next", "next", "next", "next"]).components(separatedBy: "page 6 of 6").last ?? ""
    let flattened = last.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(
      flattened.contains(
        "33 pages of 33 earlier releases (5.0.961 to 5.0.993) were left out to keep this short: type news to list them."),
      "\(last)")
    #expect(!flattened.contains("news 5.0.961"), "one line for them all, not one a release")
  }
}
