import Testing

@testable import WhatsNewCore

/// Issue 36, part 2: rules in content are read with their place, and a rule that could never
/// hold is a `never-shows` problem lint reports, naming where.
@Suite("Rules in content: read, placed, and refused when they could never hold")
struct RuleValidationTests {
  static func manifest(_ guidance: String) -> [UInt8] {
    Array(#"{"releases": ["2.15.0"], "guidance": {"review.weekday_info": \#(guidance)}}"#.utf8)
  }

  @Test("the shipped kinds of rule read as written")
  func reads() {
    let rules = ReleaseValidator.attention(
      Self.manifest(
        #"{"when": [{"event": "visited:review", "atLeast": 2, "withinDays": 14}, {"setting": "units", "is": "imperial"}, {"language": "nl"}, {"seenThrough": "2.14.0"}, {"onboarding": "complete"}], "maxDisplayCount": 2, "invalidatedBy": ["changed:reviewWeekday"]}"#
      )
    ).rules
    #expect(
      rules["review.weekday_info"]
        == GuidanceRules(
          when: [
            .event(.visited(.review), atLeast: 2, withinDays: 14), .setting(.units, is: "imperial"), .language(.nl),
            .seenThrough(Version("2.14.0")!), .onboarding(complete: true),
          ], maxDisplayCount: 2, invalidatedBy: [.changed(.reviewWeekday)]))
  }

  /// Each row: a guidance entry, the path named, whether lint calls it `never-shows`.
  static let refused: [(entry: String, path: String, neverShows: Bool)] = [
    (#"{"when": [{"setting": "units", "is": "furlongs"}]}"#, "guidance.review.weekday_info.when[0].is", true),
    (
      #"{"when": [{"setting": "units", "is": "metric"}, {"setting": "units", "is": "imperial"}]}"#,
      "guidance.review.weekday_info.when[1]", true
    ),
    (
      #"{"when": [{"event": "visited:review"}], "invalidatedBy": ["visited:review"]}"#, "guidance.review.weekday_info",
      true
    ),
    (#"{"when": [{"onboarding": "incomplete"}]}"#, "guidance.review.weekday_info", true),
    (#"{"when": [{"event": "visited:attic"}]}"#, "guidance.review.weekday_info.when[0].event", false),
    (#"{"when": [{"event": "visited:review", "atLeast": 201}]}"#, "guidance.review.weekday_info.when[0].atLeast", false),
    (#"{"when": [{"event": "visited:review", "atLeast": 0}]}"#, "guidance.review.weekday_info.when[0].atLeast", false),
    (#"{"when": [{"language": "tlh"}]}"#, "guidance.review.weekday_info.when[0].language", false),
    (#"{"when": [{"setting": "units", "language": "nl"}]}"#, "guidance.review.weekday_info.when[0]", false),
    (#"{"maxDisplayCount": 0}"#, "guidance.review.weekday_info.maxDisplayCount", false),
  ]

  @Test("a rule that cannot be read or could never hold drops its entry, naming where", arguments: refused.indices)
  func refuses(_ index: Int) {
    let row = Self.refused[index]
    let bytes = Self.manifest(row.entry)
    #expect(ReleaseValidator.attention(bytes).rules.isEmpty)
    let diagnostics = ReleaseValidator.manifestEntries(bytes, displayPath: "Releases/manifest.json").diagnostics
    #expect(diagnostics.map(\.path) == [row.path], "\(row.entry)")
    #expect(diagnostics.allSatisfy { $0.severity == .dropped })
    #expect((diagnostics.first?.rule == .neverShows) == row.neverShows, "\(row.entry)")
  }

  @Test("a guidance id no guide has is named with the nearest one")
  func unknownGuide() {
    let bytes = Array(#"{"releases": [], "guidance": {"review.weekday_inf": {}}}"#.utf8)
    let diagnostics = ReleaseValidator.manifestEntries(bytes, displayPath: "m.json").diagnostics
    #expect(diagnostics.first?.message.contains("did you mean 'review.weekday_info'") == true)
  }

  @Test("a block's rule is read onto its block; on a choice it is an unknown field, and a window is refused")
  func blockRules() {
    func release(_ when: String, type: String = "info") -> [UInt8] {
      let body =
        type == "info"
        ? #""type": "info", "titleKey": "whatsNew.v2_15_0.p.b.title""#
        : #""type": "action", "action": "openSettings", "labelKey": "whatsNew.v2_15_0.p.b.label""#
      return Array(
        #"{"version": "2.15.0", "pages": [{"id": "p", "blocks": [{"id": "a", "type": "info", "titleKey": "whatsNew.v2_15_0.p.a.title"}, {"id": "b", \#(body), "when": \#(when)}]}]}"#
          .utf8)
    }
    let read = ReleaseValidator.validate(
      release(#"[{"setting": "units", "is": "imperial"}]"#), fileName: "2.15.0.json", displayPath: "2.15.0.json",
      englishKeys: nil)
    #expect(read.release?.pages.first?.blocks.last?.when == [.setting(.units, is: "imperial")])
    #expect(read.diagnostics.isEmpty)
    let windowed = ReleaseValidator.validate(
      release(#"[{"event": "visited:review", "withinDays": 3}]"#), fileName: "2.15.0.json", displayPath: "2.15.0.json",
      englishKeys: nil)
    #expect(windowed.release?.pages.first?.blocks.count == 1, "the block is dropped")
    #expect(windowed.diagnostics.map(\.path) == ["pages[0].blocks[1].when[0].withinDays"])
    let onAction = ReleaseValidator.validate(
      release(#"[{"setting": "units", "is": "imperial"}]"#, type: "action"), fileName: "2.15.0.json",
      displayPath: "2.15.0.json", englishKeys: nil)
    #expect(onAction.diagnostics.map(\.path) == ["pages[0].blocks[1].when"])
  }

  static func grouped(_ guidance: String, _ groups: String) -> [UInt8] {
    Array(#"{"releases": [], "guidance": \#(guidance), "orderedGroups": \#(groups)}"#.utf8)
  }

  @Test("an ordered group gives each member its group and the members before it; a popover in one starts by itself")
  func orderedGroup() {
    let rules = ReleaseValidator.attention(
      Self.grouped("{}", #"{"review": ["review_intro", "review.weekday_info", "cardio.log_info"]}"#)
    ).rules
    #expect(rules["review_intro"] == GuidanceRules(group: "review"))
    #expect(rules["cardio.log_info"] == GuidanceRules(group: "review", after: ["review_intro", "review.weekday_info"]))
  }

  /// Each row: the manifest's `guidance` and `orderedGroups`, the paths named, whether lint calls it `never-shows`.
  static let refusedGroups: [(guidance: String, groups: String, paths: [String], neverShows: Bool, kept: Set<String>)] = [
    // Behind a member that can never show, the rest of the group would wait forever.
    (
      #"{"review_intro": {"when": [{"onboarding": "incomplete"}]}}"#, #"{"g": ["review_intro", "cardio_intro"]}"#,
      ["guidance.review_intro", "orderedGroups.g[1]"], true, []
    ),
    ("{}", #"{"g": ["review_intro", "first_run"]}"#, ["orderedGroups.g[1]"], false, []),
    ("{}", #"{"g": ["review_intro", "review_intr"]}"#, ["orderedGroups.g[1]"], false, []),
    ("{}", #"{"g": ["review_intro", "review_intro"]}"#, ["orderedGroups.g[1]"], false, []),
    (
      "{}", #"{"g": ["review_intro", "cardio_intro"], "h": ["cardio_intro", "workouts_intro"]}"#, ["orderedGroups.h[0]"],
      false, ["g"]
    ),
    ("{}", #"{"g": ["review_intro"]}"#, ["orderedGroups.g"], false, []),
  ]

  @Test(
    "a group that names no guide, repeats one, holds one only asked for, or waits behind one that can never show is dropped",
    arguments: refusedGroups.indices)
  func refusedGroup(_ index: Int) {
    let row = Self.refusedGroups[index]
    let bytes = Self.grouped(row.guidance, row.groups)
    let diagnostics = ReleaseValidator.manifestEntries(bytes, displayPath: "Releases/manifest.json").diagnostics
    #expect(diagnostics.map(\.path) == row.paths, "\(row.groups)")
    #expect((diagnostics.last?.rule == .neverShows) == row.neverShows)
    #expect(Set(ReleaseValidator.attention(bytes).rules.values.compactMap(\.group)) == row.kept)
  }

  @Test("a seenThrough newer than every release warns where it is written, and names what waits for it in its group")
  func seenThroughNoReleaseReaches() {
    let bytes = Array(
      #"{"releases": ["2.15.0"], "guidance": {"cardio.log_info": {"when": [{"seenThrough": "9.0.0"}]}}, "orderedGroups": {"g": ["cardio.log_info", "cardio_intro"]}}"#
        .utf8)
    let diagnostics = ReleaseValidator.manifestEntries(bytes, displayPath: "m.json").diagnostics
    #expect(diagnostics.map(\.path) == ["guidance.cardio.log_info.when[0].seenThrough"])
    #expect(diagnostics.first?.severity == .warning)
    #expect(diagnostics.first?.rule == .neverShows)
    #expect(diagnostics.first?.message.hasSuffix("nor does what waits for it in its group (cardio_intro)") == true)
    #expect(ReleaseValidator.attention(bytes).rules["cardio_intro"]?.after == ["cardio.log_info"], "a warning keeps it all")
  }

  @Test(
    "the pace content sets, in whole hours up to 30 days; a day without it, and a bad one is dropped for a day",
    arguments: [
      ("", 24.0, nil), (#", "paceHours": 48"#, 48, nil), (#", "paceHours": 0"#, 24, "paceHours"),
      (#", "paceHours": 1.5"#, 24, "paceHours"),
    ]
      as [(String, Double, String?)])
  func pace(field: String, hours: Double, named: String?) {
    let bytes = Array(#"{"releases": ["2.15.0"]\#(field)}"#.utf8)
    #expect(ReleaseValidator.attention(bytes).interval == hours * 3600)
    #expect(ReleaseValidator.manifestEntries(bytes, displayPath: "m.json").diagnostics.map(\.path) == (named.map { [$0] } ?? []))
  }
}
