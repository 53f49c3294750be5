import Testing

@testable import WhatsNewCore

/// A release of `count` one-block pages, the last `superseded` of them superseded in 2.14.0.
private func release(_ version: String, pages count: Int = 2, superseded: Int = 0, date: String? = nil) -> Release {
  Release(
    version: Version(version)!,
    pages: (0..<count).map { index in
      Page(
        id: "p\(index)", blocks: [Block(id: "b", content: .info(InfoBlock(titleKey: "t")))],
        supersededIn: index >= count - superseded ? Version("2.14.0") : nil)
    }, date: date.flatMap(ReleaseDate.init))
}

private func version(_ text: String) -> Version { Version(text)! }

/// What `news` lists (issue 23's "a history that loses nothing"): each status decided by the
/// tour's record, the seen record and the content.
@Suite("Release history")
struct ReleaseHistoryTests {
  static let releases = [
    release("2.10.0"), release("2.11.0", date: "2026-06-02"), release("2.12.0"), release("2.13.1", pages: 4),
    release("2.14.0", pages: 2, superseded: 0), release("2.15.0"),
  ]

  /// Each row: what the store recorded for a release (or nothing), the seen record, and the
  /// status the list must give it on 2.14.0 for a person whose history starts at 2.11.0.
  static let rows: [(name: String, release: String, showing: ReleaseShowing?, seen: String?, status: ReleaseHistory.Status)] =
    [
      ("every page reached", "2.13.1", ReleaseShowing(release: version("2.13.1"), shown: 4), "2.14.0", .shown),
      (
        "some reached, the tour ended before the rest", "2.13.1",
        ReleaseShowing(release: version("2.13.1"), shown: 1, notReached: 3), "2.14.0",
        .partlyShown(shown: 1, pages: 4, notReached: 3, leftOut: 0)
      ),
      (
        "some reached, the cap cut the rest", "2.13.1", ReleaseShowing(release: version("2.13.1"), shown: 2, leftOut: 2),
        "2.14.0", .partlyShown(shown: 2, pages: 4, notReached: 0, leftOut: 2)
      ),
      ("the cap cut every page", "2.12.0", ReleaseShowing(release: version("2.12.0"), leftOut: 2), "2.14.0", .leftOut(pages: 2)),
      (
        "in the tour, none reached", "2.12.0", ReleaseShowing(release: version("2.12.0"), notReached: 2), "2.14.0",
        .notReached(pages: 2)
      ),
      ("newer than the seen record, no tour yet", "2.14.0", nil, "2.13.1", .upcoming),
      ("no seen record at all", "2.12.0", nil, nil, .upcoming),
      ("passed by the seen record without a tour", "2.12.0", nil, "2.14.0", .unrecorded),
      ("the first version, without a tour", "2.11.0", nil, "2.14.0", .firstVersion),
      (
        "the first version with a tour of its own says what the tour did", "2.11.0",
        ReleaseShowing(release: version("2.11.0"), shown: 2), "2.14.0", .shown
      ),
    ]

  @Test("each release's status", arguments: rows.indices)
  func status(_ index: Int) {
    let row = Self.rows[index]
    let entries = ReleaseHistory.entries(
      releases: Self.releases, showings: row.showing.map { [$0] } ?? [], firstVersion: version("2.11.0"),
      seenThrough: row.seen.map(version), current: version("2.14.0"))
    let entry = entries.first { $0.release == version(row.release) }
    #expect(entry?.status == row.status, "\(row.name)")
  }

  @Test("the list runs from the first version to the app's, newest first, with each date the content gives")
  func window() {
    let entries = ReleaseHistory.entries(
      releases: Self.releases.reversed(), showings: [], firstVersion: version("2.11.0"), seenThrough: version("2.14.0"),
      current: version("2.14.0"))
    #expect(entries.map(\.release.description) == ["2.14.0", "2.13.1", "2.12.0", "2.11.0"])
    #expect(entries.last?.date == ReleaseDate("2026-06-02"))
    #expect(entries.first?.date == nil)
  }

  @Test("without a first version every release up to the app's is listed")
  func unknownStart() {
    let entries = ReleaseHistory.entries(
      releases: Self.releases, showings: [], firstVersion: nil, seenThrough: version("2.14.0"), current: version("2.14.0"))
    #expect(entries.map(\.release.description) == ["2.14.0", "2.13.1", "2.12.0", "2.11.0", "2.10.0"])
    #expect(entries.allSatisfy { $0.status == .unrecorded })
  }

  @Test("a release whose pages are all superseded is listed as such and cannot be opened, whatever its record")
  func superseded() {
    let gone = release("2.12.0", pages: 2, superseded: 2)
    let entries = ReleaseHistory.entries(
      releases: [gone], showings: [ReleaseShowing(release: version("2.12.0"), shown: 2)], firstVersion: nil,
      seenThrough: version("2.14.0"), current: version("2.14.0"))
    #expect(entries.map(\.status) == [.superseded])
    #expect(entries.first?.canOpen == false)
  }

  @Test("what a tour records: the pages up to the furthest reached, the rest not reached, and what the cap cut")
  func showings() {
    let pages = [FlowPage]([
      FlowPage(release: version("2.13.1"), page: Page(id: "a", blocks: [])),
      FlowPage(release: version("2.13.1"), page: Page(id: "b", blocks: [])),
      FlowPage(release: version("2.14.0"), page: Page(id: "c", blocks: [])),
    ])
    var tour = TourState(mode: .automatic, pages: pages)
    tour.capped = [ReleaseShowing(release: version("2.12.0"), leftOut: 2)]
    tour.index = 1
    tour.index = 0  // back: page b stays reached
    #expect(
      tour.showings == [
        ReleaseShowing(release: version("2.12.0"), leftOut: 2), ReleaseShowing(release: version("2.13.1"), shown: 2),
        ReleaseShowing(release: version("2.14.0"), notReached: 1),
      ])
    // A tour resumed on its last page counts every page before it as reached.
    #expect(TourState(mode: .automatic, pages: pages, index: 2).showings.allSatisfy { $0.notReached == 0 })
  }

  @Test(
    "a release date is a day that exists, written YYYY-MM-DD",
    arguments: [
      ("2026-03-14", true), ("2024-02-29", true), ("2026-02-29", false), ("2026-13-01", false), ("2026-3-14", false),
      ("26-03-14", false), ("2026-03-14T00:00", false), ("２０２６-03-14", false), ("", false),
    ])
  func dates(text: String, valid: Bool) {
    #expect((ReleaseDate(text) != nil) == valid, "\(text)")
    if valid { #expect(ReleaseDate(text)?.description == text) }
  }

  // Russian joins the year and its "г." with a no-break space (CLDR: U+00A0 or, in newer data,
  // U+202F), so they never wrap apart; either is right.
  @Test(
    "a release's day in each language's words",
    arguments: [(Language.en, "November 3, 2026"), (.es, "3 de noviembre de 2026"), (.ru, "3 ноября 2026 г.")])
  func wordedDay(language: Language, expected: String) {
    let formats = LocalizedFormats(language: language, unitNames: [:])
    let day = formats.releaseDay(ReleaseDate("2026-11-03")!)
    #expect(
      day.replacing("\u{202F}", with: " ").replacing("\u{00A0}", with: " ") == expected, "\(day.unicodeScalars.map(\.value))")
  }
}
