import TestSupport
import Testing

@testable import WhatsNewApp
@testable import WhatsNewCore

@Suite("flow: newer releases and the validator's diagnostics")
struct FlowReportTests {
  static func release(_ version: String) -> Release {
    let info = Block(id: "intro", supersededIn: nil, content: .info(InfoBlock(titleKey: "t", descriptionKey: nil, icon: nil)))
    return Release(version: Version(version)!, pages: [Page(id: "p\(version)", blocks: [info])])
  }

  static let releases = ["2.13.1", "2.14.0", "2.15.0", "2.16.0"].map(release)

  @Test(
    "releases newer than the app version are named, with the --app-version that includes them",
    arguments: [
      (
        "2.14.0",
        "2 releases newer than the app version 2.14.0 are not shown (2.15.0, 2.16.0): pass --app-version 2.16.0 to include them."
      ),
      ("2.15.0", "1 release newer than the app version 2.15.0 is not shown (2.16.0): pass --app-version 2.16.0 to include it."),
      ("2.16.0", nil),
    ] as [(String, String?)])
  func newer(appVersion: String, expected: String?) {
    let text = FlowReport.render(releases: Self.releases, seen: Version("2.13.1"), current: Version(appVersion)!, json: false)
    let lines = text.split(separator: "\n").map(String.init)
    if let expected {
      #expect(lines.last == expected, "\(text)")
    } else {
      #expect(!text.contains("newer than"), "\(text)")
    }
  }

  @Test("the note is there when nothing is shown too")
  func newerWhenNothingShown() {
    let text = FlowReport.render(releases: Self.releases, seen: Version("2.14.0"), current: Version("2.14.0")!, json: false)
    #expect(text.hasPrefix("A user on 2.14.0 who has seen through 2.14.0 is shown nothing.\n2 releases newer"), "\(text)")
  }

  @Test("JSON keeps its pages first and adds newerReleases; diagnostics only with --dev")
  func json() {
    let plain = FlowReport.render(releases: Self.releases, seen: Version("2.13.1"), current: Version("2.14.0")!, json: true)
    #expect(
      plain
        == #"{"pages":[{"release":"2.14.0","page":"p2.14.0","blocks":["intro"]}],"newerReleases":["2.15.0","2.16.0"],"leftOut":[]}"#
        + "\n")
    let dev = FlowReport.render(
      releases: Self.releases, seen: Version("2.13.1"), current: Version("2.14.0")!, json: true,
      diagnostics: [Self.diagnostic("Releases/2.14.0.json", "bad\u{1B}[31m")])
    #expect(dev.hasSuffix(#","diagnostics":["Releases/2.14.0.json: pages[0]: bad; block dropped"]}"# + "\n"), "\(dev)")
  }

  /// 2.15.0 changes the home card's default; its page holds an info block and the card's choice.
  static let changing = Release(
    version: Version("2.15.0")!,
    pages: [
      Page(
        id: "streak",
        blocks: [
          Block(id: "cardio", content: .info(InfoBlock(titleKey: "t"))),
          Block(
            id: "homeCard",
            content: .choice(
              ChoiceBlock(
                setting: .homeSummaryCard, titleKey: "t",
                options: ["daily_summary", "weekly_streak"].map { ChoiceOption(value: $0, labelKey: nil) }))),
        ])
    ],
    defaultChanges: [DefaultChange(setting: .homeSummaryCard, from: "daily_summary", to: "weekly_streak")])

  @Test("a changed default's choice is named with its new default for who never chose it, and left out for who did")
  func defaultChanges() {
    let render = { (decided: Set<Setting>, json: Bool) in
      FlowReport.render(
        releases: [Self.changing], seen: Version("2.14.0"), current: Version("2.15.0")!, json: json, decided: decided)
    }
    #expect(
      render([], false)
        == "A user on 2.15.0 who has seen through 2.14.0 is shown 1 page (cap 6):\n"
        + "  1. 2.15.0  streak  cardio, homeCard (default becomes weekly_streak unless chosen)\n")
    #expect(
      render([.homeSummaryCard], false)
        == "A user on 2.15.0 who has seen through 2.14.0 is shown 1 page (cap 6):\n  1. 2.15.0  streak  cardio\n")
    #expect(
      render([], true)
        == #"{"pages":[{"release":"2.15.0","page":"streak","blocks":["cardio","homeCard"],"newDefaults":{"homeCard":"weekly_streak"}}],"#
        + #""newerReleases":[],"leftOut":[]}"# + "\n")
    #expect(render([.homeSummaryCard], true).hasPrefix(#"{"pages":[{"release":"2.15.0","page":"streak","blocks":["cardio"]}],"#))
  }

  static func diagnostic(_ file: String, _ message: String = "x") -> ReleaseDiagnostic {
    ReleaseDiagnostic(file: file, path: "pages[0]", message: message + "; block dropped", severity: .dropped)
  }

  @Test(
    "the diagnostics kept are the manifest's and those of files in the window (seen, current]",
    arguments: [
      ("Releases/2.13.1.json", false), ("Releases/2.14.0.json", true), ("Releases/2.15.0.json", false),
      ("Releases/manifest.json", true), ("/abs/dir/2.14.0.json", true), ("Releases/notes.json", true),
      ("Releases/2.12.0.json", false),
    ])
  func relevant(file: String, kept: Bool) {
    let result = FlowReport.relevantDiagnostics(
      [Self.diagnostic(file)], seen: Version("2.13.1"), current: Version("2.14.0")!)
    #expect(result.count == (kept ? 1 : 0))
  }

  @Test("with --dev the text lists the diagnostics sanitized, or says there are none")
  func devText() {
    let with = FlowReport.render(
      releases: Self.releases, seen: Version("2.13.1"), current: Version("2.16.0")!, json: false,
      diagnostics: [
        Self.diagnostic("Releases/2.15.0.json", "unknown setting 'x\u{1B}]0;t\u{07}'"), Self.diagnostic("Releases/2.11.0.json"),
      ])
    #expect(with.contains("The validator's diagnostics for these releases:\n  - Releases/2.15.0.json: pages[0]: unknown setting"))
    #expect(!with.contains("2.11.0.json"))
    #expect(!with.contains("\u{1B}") && !with.contains("\u{07}"))
    let without = FlowReport.render(
      releases: Self.releases, seen: Version("2.13.1"), current: Version("2.16.0")!, json: false, diagnostics: [])
    #expect(without.hasSuffix("The validator dropped nothing from these releases.\n"))
  }
}
