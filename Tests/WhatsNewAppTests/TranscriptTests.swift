import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore

/// Golden transcripts: a script in, the scripted-mode output compared with a file under
/// Transcripts/. Re-record with `WHATSNEW_RECORD=1 swift test`.
@Suite("Scripted transcripts")
@MainActor
struct TranscriptTests {
  nonisolated static let cases: [(name: String, arguments: [String], script: [String])] =
    [
      (
        "tour-every-block-kind", ["--upgrade-from", "2.11.0"],
        [
          "state", "next", "next", "next", "next", "next", "open 1", "state", "tour cardio_intro", "state", "choose 2",
          "back", "tour cardio_intro", "next", "tour", "done",
        ]
      ),
      (
        "tour-cyrillic", ["--upgrade-from", "2.12.0", "--locale", "ru"],
        ["next", "choose autonomy.2", "next", "next", "choose 5", "lang en", "show", "skip"]
      ),
      (
        "onboarding", [],
        // first_run paces the next display: a day on, the intro starts by itself.
        [
          "next", "choose 2", "next", "finish", "state", "tour first_run", "skip", "go workouts", "qa clock +1d", "home",
          "go workouts", "quit",
        ]
      ),
      (
        "widget-launch-stays-quiet", ["--upgrade-from", "2.11.0", "--launch-source", "widget:scan-food"],
        ["state", "home", "state"]
      ),
      (
        "qa-commands", ["--upgrade-from", "2.13.1"],
        [
          "qa faults", "qa fail write workoutView", "qa delay read 20", "qa hold schedule", "qa faults", "close", "qa clock +1d",
          "go workouts", "skip",
          "set workoutView inline", "check", "qa clear", "set reviewWeekday friday", "state", "qa hold schedule",
          "set reviewWeekday monday", "wait", "state", "qa release schedule", "wait", "check", "notifications",
          "qa fail schedule always", "set reviewWeekday tuesday", "check", "qa fial", "qa fail write thme",
          "qa write:theme=fail:2 seen-write=hold", "qa faults", "qa release seen-write", "qa write:thme=fail", "qa clear",
        ]
      ),
      (
        "debug-and-news", ["--upgrade-from", "2.13.1"],
        [
          "skip", "debug seen", "news", "news 2.14.0", "close", "state", "debug seen set 2.12.0", "qa clock +1d", "go settings",
          "skip", "home",
          "state", "close",
          "debug preview 2.15.0", "state", "close", "debug seen clear", "home", "state",
        ]
      ),
      (
        "unknown-commands-and-help", ["--upgrade-from", "2.14.0"],
        [
          "nxet", "help", "help choose", "go nowhere", "set theme purple", "set units imperial", "go cardio", "skip",
          "set units imperial",
        ]
      ),
      (
        "words-follow-the-page", ["--upgrade-from", "2.12.0"],
        [
          "chose 2", "cloose 2", "choose 7", "choose inl", "next", "choose 3", "choose mode.7", "choose follow the plan",
          "choose first", "choose workoutAutonomy sug", "choose theme dark", "open 1", "next", "open 2", "choose on",
          "choose HAPTICS.2", "set reviewWeekday fri",
          "set reviewWeekday t", "set units lb", "set units m", "set workoutView GUIDED", "lang nl", "set restTimerHaptics aan",
          "set theme don", "set units metrisch", "lang ru", "choose выкл.", "set units фунт", "lang en", "help set", "help qa",
          "skip", "go settings",
        ]
      ),
    ]
    + whyCases

  /// `why` in every language, at 40 and 80 columns: the tour shown at the start, seen after
  /// `skip`, due after `debug seen`, off by the setting; a guide before its screen, a popover
  /// waiting in its ordered group, then for its rule; home's news line paced, then free.
  nonisolated static let whyCases: [(name: String, arguments: [String], script: [String])] =
    Language.allCases.flatMap { language -> [(name: String, arguments: [String], script: [String])] in
      [40, 80].map { width in
        (
          name: "why-tour-\(language.rawValue)-\(width)",
          arguments: ["--upgrade-from", "2.13.1", "--locale", language.rawValue],
          script: [
            "why tour", "skip", "why tour", "debug seen set 2.12.0", "why tour", "set showWhatsNew off", "why tour",
            "why guide review_intro", "why popover review.weekday_info", "why reminder", "why news 2.14.0",
            "why news 2.12.0", "why news", "go review", "home", "go review", "why popover review.weekday_info",
            "why guide workouts_intro", "qa clock +1d", "why news --json", "home", "why news",
          ]
        )
      }
    }

  @Test("each transcript matches its golden file", arguments: cases.map(\.name))
  func transcript(name: String) async throws {
    let testCase = Self.cases.first { $0.name == name }!
    let width = name.hasSuffix("-40") ? 40 : 80
    let harness = try await SessionHarness(arguments: testCase.arguments, width: width)
    let transcript = await harness.transcript(of: testCase.script)
    let mismatch = GoldenFile.compare(transcript, named: name + ".txt", in: "WhatsNewAppTests")
    #expect(mismatch == nil, "\(mismatch ?? "")")
    #expect(!transcript.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control characters in scripted output")
  }

  /// `whatsnew` runs a script with the store on the main actor's executor, where operations
  /// nothing holds finish inside their command: the output must not change with that.
  @Test(
    "each transcript is the same with the store on the main actor's executor, as whatsnew runs scripts",
    arguments: cases.map(\.name))
  func transcriptSharingMainActor(name: String) async throws {
    let testCase = Self.cases.first { $0.name == name }!
    let harness = try await SessionHarness(
      arguments: testCase.arguments, width: name.hasSuffix("-40") ? 40 : 80,
      placement: .sharing(MainActor.sharedUnownedExecutor))
    let transcript = await harness.transcript(of: testCase.script)
    let mismatch = GoldenFile.compare(transcript, named: name + ".txt", in: "WhatsNewAppTests", recording: false)
    #expect(mismatch == nil, "\(mismatch ?? "")")
  }
}
