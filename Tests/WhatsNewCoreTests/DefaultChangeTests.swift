import Testing

@testable import WhatsNewCore

/// A release's `defaultChanges`: lint holds them to the vocabulary, and the flow shows a changed
/// default's choice to exactly the people it changes something for.
@Suite("Default changes")
struct DefaultChangeTests {
  static let homeCard = #"{"setting": "homeSummaryCard", "from": "daily_summary", "to": "weekly_streak"}"#

  /// A release file on one line: `changes` is the `defaultChanges` member's JSON, or `nil` for none.
  static func releaseText(_ version: String, changes: String?) -> String {
    let prefix = "whatsNew.v\(version.replacingOccurrences(of: ".", with: "_")).p.c"
    return #"{"version": "\#(version)", "#
      + (changes.map { #""defaultChanges": [\#($0)], "# } ?? "")
      + #""pages": [{"id": "p", "blocks": [{"id": "c", "type": "choice", "setting": "homeSummaryCard", "titleKey": "\#(prefix).t", "#
      + #""options": [{"value": "daily_summary", "labelKey": "\#(prefix).d"}, {"value": "weekly_streak", "labelKey": "\#(prefix).w"}]}]}]}"#
  }

  /// The `undeclared-default-change` problems of content made of `files` (version → `defaultChanges`),
  /// compiler style.
  static func problems(_ files: [String: String?]) -> [String] {
    let texts = Dictionary(uniqueKeysWithValues: files.map { ($0.key, releaseText($0.key, changes: $0.value)) })
    let manifest = #"{"releases": [\#(files.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))]}"#
    return ContentLinter.lint(
      manifest: Array(manifest.utf8),
      releaseFiles: Dictionary(uniqueKeysWithValues: files.keys.map { ("\($0).json", Array(texts[$0]!.utf8)) }),
      releasesDisplayDirectory: "Releases", tables: [:], missingTables: [:], requiredUIKeys: [],
      localizationsDisplayDirectory: "Localizations"
    ).filter { $0.rule == .undeclaredDefaultChange }.map(\.compilerStyle)
  }

  /// The 1-based column of `fragment`'s first character in the one-line release file.
  static func column(of fragment: String, in version: String, changes: String) -> Int {
    let text = releaseText(version, changes: changes)
    return text.distance(from: text.startIndex, to: text.range(of: fragment)!.lowerBound) + 1
  }

  @Test("the vocabulary records the home card's new default in 2.15.0")
  func recorded() {
    #expect(
      DefaultChange.recorded.map { "\($0.change.setting.rawValue) \($0.change.from) → \($0.change.to) in \($0.release)" } == [
        "homeSummaryCard daily_summary → weekly_streak in 2.15.0"
      ])
    // Who never chose has the default of the app's version; the first one without a version.
    #expect(Setting.homeSummaryCard.defaultValue(at: v("2.15.0-beta.1")) == "daily_summary")
    #expect(Setting.homeSummaryCard.defaultValue(at: v("2.15.0")) == "weekly_streak")
    #expect(Setting.homeSummaryCard.defaultValue(at: v("3.0.0")) == "weekly_streak")
    #expect(Setting.homeSummaryCard.defaultValue(at: nil) == "daily_summary")
    #expect(Setting.units.defaultValue(at: v("3.0.0")) == "metric")
  }

  @Test("a declared change is clean; content not yet at the change's release owes nothing")
  func declared() {
    #expect(Self.problems(["2.15.0": Self.homeCard]) == [])
    #expect(Self.problems(["2.14.0": nil]) == [])
  }

  @Test("lint fails on a change of default no release declares, at the release that should")
  func undeclared() {
    #expect(
      Self.problems(["2.14.0": nil, "2.15.0": nil]) == [
        "Releases/2.15.0.json:1:1: error: defaultChanges: Vocabulary.swift changes the default of homeSummaryCard from "
          + "daily_summary to weekly_streak in 2.15.0, and no release says so; add {\"setting\": \"homeSummaryCard\", "
          + "\"from\": \"daily_summary\", \"to\": \"weekly_streak\"} to the defaultChanges of 2.15.0"
      ])
  }

  @Test(
    "a declaration the vocabulary does not record is refused where it is wrong",
    arguments: [
      (
        #"{"setting": "homeSumaryCard", "from": "daily_summary", "to": "weekly_streak"}"#, #""homeSumaryCard""#,
        "defaultChanges[0].setting: unknown setting 'homeSumaryCard' (did you mean 'homeSummaryCard'?)"
      ),
      (
        #"{"setting": "homeSummaryCard", "from": "daily_summary", "to": "weekly"}"#, #""weekly""#,
        "defaultChanges[0].to: homeSummaryCard does not take 'weekly'; it takes daily_summary, weekly_streak"
      ),
      (
        #"{"setting": "homeSummaryCard", "from": "weekly_streak", "to": "daily_summary"}"#, #"{"setting""#,
        "defaultChanges[0]: Vocabulary.swift records no change of homeSummaryCard from weekly_streak to daily_summary "
          + "in 2.15.0 (it records homeSummaryCard daily_summary → weekly_streak); make the two agree"
      ),
      (
        #"{"setting": "units", "from": "metric", "to": "imperial"}"#, #"{"setting""#,
        "defaultChanges[0]: Vocabulary.swift records no change of units from metric to imperial in 2.15.0 "
          + "(it records homeSummaryCard daily_summary → weekly_streak); make the two agree"
      ),
    ])
  func mismatch(change: String, at fragment: String, message: String) {
    let column = Self.column(of: fragment, in: "2.15.0", changes: change)
    #expect(
      Self.problems(["2.15.0": change]) == [
        "Releases/2.15.0.json:1:1: error: defaultChanges: Vocabulary.swift changes the default of homeSummaryCard from "
          + "daily_summary to weekly_streak in 2.15.0, and no release says so; add {\"setting\": \"homeSummaryCard\", "
          + "\"from\": \"daily_summary\", \"to\": \"weekly_streak\"} to the defaultChanges of 2.15.0",
        "Releases/2.15.0.json:1:\(column): error: \(message); defaultChanges dropped, release kept",
      ])
  }

  @Test("a change declared by another release than the vocabulary's is refused there, and owed by its own")
  func wrongRelease() {
    let problems = Self.problems(["2.14.0": Self.homeCard, "2.15.0": nil])
    #expect(problems.count == 2)
    let column = Self.column(of: #"{"setting""#, in: "2.14.0", changes: Self.homeCard)
    #expect(
      problems.first?.hasPrefix("Releases/2.14.0.json:1:\(column): error: defaultChanges[0]: Vocabulary.swift records no change")
        == true)
    #expect(problems.last?.hasPrefix("Releases/2.15.0.json:1:1: error: defaultChanges: ") == true)
  }

  // MARK: The flow

  static let settings: [Setting] = [.homeSummaryCard, .units, .theme]

  /// Release 2.15.0 changes the defaults of `settings`: page `only-<setting>` holds just the
  /// setting's choice, page `mixed` an info block and the first setting's choice, page `other`
  /// a choice of a setting no change names.
  static let changing: Release = {
    func choice(_ setting: Setting) -> Block {
      let values = setting.kind.values
      return Block(
        id: setting.rawValue,
        content: .choice(
          ChoiceBlock(
            setting: setting, titleKey: "t", options: values.map { ChoiceOption(value: $0, labelKey: nil) })))
    }
    let pages =
      settings.map { Page(id: "only-\($0.rawValue)", blocks: [choice($0)]) } + [
        Page(id: "mixed", blocks: [info("news"), choice(.homeSummaryCard)]),
        Page(id: "other", blocks: [choice(.workoutView)]),
      ]
    let changes = settings.map { DefaultChange(setting: $0, from: $0.kind.values[0], to: $0.kind.values[1]) }
    return Release(version: v("2.15.0"), pages: pages, defaultChanges: changes)
  }()

  /// Every store: each declared setting decided (a row) or not.
  static let stores: [Set<Setting>] = (0..<(1 << settings.count)).map { bits in
    Set(settings.indices.filter { bits & (1 << $0) != 0 }.map { settings[$0] })
  }

  @Test("the pages and blocks shown are exactly those whose effective value changes for the store", arguments: stores)
  func shownExactlyWhatChanges(decided: Set<Setting>) {
    let flow = selectFlow(releases: [Self.changing], seenThrough: v("2.14.0"), current: v("2.15.0"), cap: .max, decided: decided)
    let changed = Set(Self.settings).subtracting(decided)  // an undecided person's value follows the default
    let shownChoices = flow.flatMap(\.page.blocks).compactMap(\.choice)
    #expect(Set(shownChoices.map(\.setting)).subtracting([.workoutView]) == changed)
    #expect(ids(flow) == Self.settings.filter(changed.contains).map { "only-\($0.rawValue)" } + ["mixed", "other"])
    for choice in shownChoices {
      // Each changed choice says its new default; the unchanged one says nothing.
      #expect(choice.newDefault == (choice.setting == .workoutView ? nil : choice.setting.kind.values[1]))
    }
    #expect(
      flow.first { $0.page.id == "mixed" }?.page.blocks.map(\.id) == ["news"]
        + (changed.contains(.homeSummaryCard) ? ["homeSummaryCard"] : []))
  }

  @Test("a page left empty for the store costs nothing against the cap", arguments: stores)
  func cap(decided: Set<Setting>) {
    let (seen, current) = (v("2.14.0"), v("2.15.0"))
    let shown = selectFlow(releases: [Self.changing], seenThrough: seen, current: current, cap: 3, decided: decided)
    let leftOut = pagesLeftOut(releases: [Self.changing], seenThrough: seen, current: current, shown: shown, decided: decided)
    let visible = Self.changing.pages.count - decided.count  // each decided setting empties its own page
    #expect(shown.count == min(3, visible))
    #expect(leftOut.count == max(0, visible - 3))
  }

  @Test("a release that changes no default is shown the same to everyone")
  func noChanges() {
    var plain = Self.changing
    plain.defaultChanges = []
    let flow = selectFlow(releases: [plain], seenThrough: nil, current: v("2.15.0"), cap: .max, decided: Set(Self.settings))
    #expect(flow.count == plain.pages.count)
    #expect(flow.flatMap(\.page.blocks).allSatisfy { $0.choice?.newDefault == nil })
  }
}
