import Testing
import WhatsNewCore

func v(_ text: String) -> Version { Version(text)! }

func info(_ id: String, supersededIn: String? = nil) -> Block {
  Block(id: id, supersededIn: supersededIn.map(v), content: .info(InfoBlock(titleKey: "k.\(id)")))
}

/// A release whose pages are named `<version>/<n>`, each with one block.
func release(_ version: String, pages: Int) -> Release {
  Release(version: v(version), pages: (0..<pages).map { Page(id: "\(version)/\($0)", blocks: [info("b\($0)")]) })
}

func ids(_ flow: [FlowPage]) -> [String] { flow.map(\.page.id) }

@Suite("Flow selection")
struct FlowTests {
  static let library = [
    release("2.11.0", pages: 1), release("2.12.0", pages: 1), release("2.13.1", pages: 1), release("2.14.0", pages: 1),
  ]

  @Test(
    "the window is seenThrough exclusive and current inclusive",
    arguments: [
      ("2.11.0", "2.13.1", ["2.12.0/0", "2.13.1/0"]),
      ("2.12.0", "2.12.0", []),
      ("2.11.5", "2.14.0", ["2.12.0/0", "2.13.1/0", "2.14.0/0"]),
      ("2.10.0", "2.11.0", ["2.11.0/0"]),
      ("2.14.0", "2.15.0", []),
    ])
  func window(seen: String, current: String, expected: [String]) {
    #expect(ids(selectFlow(releases: Self.library, seenThrough: v(seen), current: v(current))) == expected)
  }

  static let betas = [
    release("2.14.0", pages: 1), release("2.15.0-beta.1", pages: 1), release("2.15.0-beta.2", pages: 1),
    release("2.15.0", pages: 1),
  ]

  @Test(
    "pre-releases: a beta user sees the betas up to their own, not the release; a release user has seen the betas' window",
    arguments: [
      ("2.14.0", "2.15.0-beta.1", ["2.15.0-beta.1/0"]),
      ("2.14.0", "2.15.0-beta.2", ["2.15.0-beta.1/0", "2.15.0-beta.2/0"]),
      ("2.15.0-beta.1", "2.15.0-beta.2", ["2.15.0-beta.2/0"]),
      ("2.15.0-beta.2", "2.15.0", ["2.15.0/0"]),
      ("2.15.0-beta.2", "2.15.0-beta.2+build.9", []),
      ("2.14.0", "2.14.1-rc.1", []),
      ("2.15.0", "2.15.0-beta.2", []),
    ])
  func preReleases(seen: String, current: String, expected: [String]) {
    #expect(ids(selectFlow(releases: Self.betas, seenThrough: v(seen), current: v(current))) == expected)
  }

  @Test("no record shows every release up to current")
  func noRecord() {
    #expect(
      ids(selectFlow(releases: Self.library, seenThrough: nil, current: v("2.13.1"))) == ["2.11.0/0", "2.12.0/0", "2.13.1/0"])
  }

  @Test("a downgrade shows nothing")
  func downgrade() {
    #expect(selectFlow(releases: Self.library, seenThrough: v("2.14.0"), current: v("2.12.0")).isEmpty)
  }

  @Test("versions compare numerically, not as text")
  func numericOrder() {
    let releases = [release("2.9.21", pages: 1), release("2.10.1", pages: 1)]
    #expect(ids(selectFlow(releases: releases, seenThrough: v("2.9.3"), current: v("2.10.1"))) == ["2.9.21/0", "2.10.1/0"])
    #expect(ids(selectFlow(releases: releases, seenThrough: v("2.9.21"), current: v("2.10.1"))) == ["2.10.1/0"])
    // Unsorted input gives the same answer.
    #expect(
      ids(selectFlow(releases: releases.reversed(), seenThrough: v("2.9.3"), current: v("2.10.1"))) == ["2.9.21/0", "2.10.1/0"])
  }

  @Test(
    "the cap is spent newest first across three skipped releases, shown oldest first",
    arguments: [
      (6, ["2.12.0/0", "2.13.0/0", "2.13.0/1", "2.14.0/0", "2.14.0/1", "2.14.0/2"]),
      (3, ["2.14.0/0", "2.14.0/1", "2.14.0/2"]),
      (4, ["2.13.0/0", "2.14.0/0", "2.14.0/1", "2.14.0/2"]),
      (20, ["2.12.0/0", "2.12.0/1", "2.12.0/2", "2.13.0/0", "2.13.0/1", "2.14.0/0", "2.14.0/1", "2.14.0/2"]),
      (0, []),
    ])
  func cap(cap: Int, expected: [String]) {
    let releases = [
      release("2.11.0", pages: 2), release("2.12.0", pages: 3), release("2.13.0", pages: 2), release("2.14.0", pages: 3),
    ]
    let flow = selectFlow(releases: releases, seenThrough: v("2.11.0"), current: v("2.14.0"), cap: cap)
    #expect(ids(flow) == expected)
  }

  @Test("a release cut short keeps its leading pages in file order")
  func cutShortKeepsFirstPages() {
    let releases = [release("2.12.0", pages: 5), release("2.13.0", pages: 4)]
    let flow = selectFlow(releases: releases, seenThrough: v("2.11.0"), current: v("2.13.0"), cap: 6)
    #expect(ids(flow) == ["2.12.0/0", "2.12.0/1", "2.13.0/0", "2.13.0/1", "2.13.0/2", "2.13.0/3"])
    #expect(flow.map(\.release) == [v("2.12.0"), v("2.12.0"), v("2.13.0"), v("2.13.0"), v("2.13.0"), v("2.13.0")])
  }

  @Test(
    "supersededIn removes a page at or below current, keeps it above",
    arguments: [
      ("2.14.0", false),  // below current
      ("2.15.0", false),  // at current
      ("2.16.0", true),  // above current
    ])
  func supersededPage(supersededIn: String, shown: Bool) {
    let releases = [
      Release(
        version: v("2.13.0"),
        pages: [
          Page(id: "old", blocks: [info("a")], supersededIn: v(supersededIn)),
          Page(id: "kept", blocks: [info("b")]),
        ])
    ]
    let flow = selectFlow(releases: releases, seenThrough: nil, current: v("2.15.0"))
    #expect(ids(flow) == (shown ? ["old", "kept"] : ["kept"]))
  }

  @Test(
    "supersededIn removes a block at or below current, keeps it above",
    arguments: [
      ("2.14.0", ["b"]), ("2.15.0", ["b"]), ("2.16.0", ["a", "b"]),
    ])
  func supersededBlock(supersededIn: String, blocks: [String]) {
    let releases = [
      Release(version: v("2.13.0"), pages: [Page(id: "p", blocks: [info("a", supersededIn: supersededIn), info("b")])])
    ]
    let flow = selectFlow(releases: releases, seenThrough: nil, current: v("2.15.0"))
    #expect(flow.first?.page.blocks.map(\.id) == blocks)
  }

  @Test("a page emptied by superseded blocks is removed and costs nothing against the cap")
  func emptiedPagesAreFree() {
    let releases = [
      release("2.12.0", pages: 2),
      Release(
        version: v("2.13.0"),
        pages: [
          Page(id: "empty1", blocks: [info("a", supersededIn: "2.14.0")]),
          Page(id: "empty2", blocks: [info("a", supersededIn: "2.13.5")]),
          Page(id: "gone", blocks: [info("a")], supersededIn: v("2.14.0")),
          Page(id: "real", blocks: [info("a")]),
        ]),
    ]
    let flow = selectFlow(releases: releases, seenThrough: nil, current: v("2.14.0"), cap: 3)
    #expect(ids(flow) == ["2.12.0/0", "2.12.0/1", "real"])
  }

  @Test("previewRelease applies supersededIn as of a version, with no cap")
  func preview() {
    let page = Page(id: "p", blocks: [info("a", supersededIn: "2.15.0"), info("b")])
    let many = Release(version: v("2.13.0"), pages: [page] + (0..<8).map { Page(id: "x\($0)", blocks: [info("c")]) })
    #expect(previewRelease(many, asOf: v("2.13.0")).count == 9)
    #expect(previewRelease(many, asOf: v("2.15.0")).first?.page.blocks.map(\.id) == ["b"])
    #expect(previewRelease(many, asOf: v("2.14.9")).first?.page.blocks.map(\.id) == ["a", "b"])
  }

  @Test("10,000 releases, sorted or not, select the newest six pages (timing lives in make bench)")
  func manyReleases() {
    let releases = (0..<10_000).map { index in
      Release(
        version: Version(major: 1 + index / 10_000, minor: (index / 100) % 100, patch: index % 100),
        pages: [
          Page(id: "p", blocks: [info("a")])
        ])
    }
    let flow = selectFlow(releases: releases, seenThrough: Version(major: 0, minor: 0, patch: 1), current: v("9.0.0"))
    #expect(flow.count == 6)
    #expect(flow.first?.release == v("1.99.94"))
    #expect(flow.last?.release == v("1.99.99"))
    let shuffled = releases.reversed() as [Release]
    #expect(selectFlow(releases: shuffled, seenThrough: nil, current: v("9.0.0")) == flow)
  }
}
