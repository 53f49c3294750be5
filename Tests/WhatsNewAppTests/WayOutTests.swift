import Foundation
import TestSupport
import Testing
import WhatsNewStore

@testable import WhatsNewApp
@testable import WhatsNewCore

/// The session as one model: resuming an unfinished tour, the preview's sandbox, other
/// programs' changes, promises that hold, and refusals that name the way out.
@Suite("Every state has a way out")
@MainActor
struct WayOutTests {
  nonisolated static let upgrader = ["--upgrade-from", "2.11.0"]

  @Test("quit on page 3 says the tour comes back there, and the next start opens it on page 3 with nothing recorded")
  func resumeAfterQuit() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("settings.sqlite")
    let first = try await SessionHarness(arguments: Self.upgrader, databasePath: path)
    await first.boot()
    _ = await first.output(of: "next")
    _ = await first.output(of: "next")
    _ = first.takeOutput()
    await ExitSaver(session: first.session).run()
    #expect(first.takeOutput() == "The tour comes back next time, on page 3.\n")
    #expect(try await first.store.seenThrough() == .version(Version("2.11.0")!), "quitting records nothing")

    let second = try await SessionHarness(arguments: Self.upgrader, databasePath: path)
    await second.boot()
    #expect(second.session.state.tour?.index == 2)
    #expect(second.session.state.tour?.mode == .automatic)
  }

  @Test("Done, Skip and Close forget the page with the record, in one transaction", arguments: ["skip", "close"])
  func dismissalForgetsThePage(_ command: String) async throws {
    let harness = try await SessionHarness(arguments: Self.upgrader)
    await harness.boot()
    _ = await harness.output(of: "next")
    #expect(try await harness.store.tourPosition() != nil)
    _ = await harness.output(of: command)
    #expect(try await harness.store.tourPosition() == nil)
    #expect(try await harness.store.seenThrough() == .version(Version("2.14.0")!))
  }

  @Test("a stored page the flow no longer has: the tour goes on from that release's first page, and says so")
  func vanishedPage() async throws {
    let harness = try await SessionHarness(
      arguments: Self.upgrader,
      prepare: { store in
        try await store.setTourPosition(TourPosition(release: Version("2.14.0")!, pageID: "noSuchPage"))
      })
    await harness.boot()
    // 2.13.1's pages came before the page left: they were shown, and the tour goes on past them.
    let tour = try #require(harness.session.state.tour)
    #expect(tour.currentPage.release == Version("2.14.0")!)
    #expect(tour.pages[..<tour.index].allSatisfy { $0.release == Version("2.13.1")! })
    #expect(
      harness.takeOutput().contains("The page you left the tour on is no longer in it: it goes on from page \(tour.index + 1) of")
    )
  }

  @Test("a choice in a preview changes the preview's copy, never the real settings, and the prompt says preview")
  func previewIsASandbox() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    let before = try await harness.store.allSettings()
    let opened = await harness.output(of: "debug preview 2.13.1")
    #expect(opened.contains("private copy"))
    #expect(harness.session.prompt.hasPrefix("whatsnew:preview 2.13.1 1/"))
    let setting = try #require(
      harness.session.state.visiblePage.flatMap { PageShortcuts(page: $0, numbering: .perChoice).settings.first })
    _ = await harness.output(of: "choose 2")
    let inside = try await harness.session.runner.backends.store.allSettings()
    #expect(inside[setting] != before[setting], "the copy took the choice")
    #expect(try await harness.store.allSettings() == before, "the real store did not")
    // The record is not changed inside the copy, where it would not be the real one.
    let refused = await harness.output(of: "debug seen clear").split(separator: "\n").joined(separator: " ")
    #expect(refused.contains("Open now: the preview of 2.13.1"), "\(refused)")
    #expect(refused.contains("Type close."))
    _ = await harness.output(of: "close")
    #expect(!harness.session.runner.isInSandbox)
    #expect(try await harness.session.runner.backends.store.allSettings() == before)
  }

  @Test("another program's change is noticed at the next command and named")
  func outsideChange() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    _ = await harness.output(of: "go settings")
    _ = await harness.output(of: "close")
    let other = try SettingsStore(path: harness.databasePath)
    try await other.setSetting(.theme, to: "dark")
    let output = await harness.output(of: "show")
    #expect(output.contains("Theme was changed by another program: Dark."), "\(output)")
    #expect(harness.session.state.choices.state(of: .theme).confirmed == "dark")
    // Its own writes are not another program's.
    _ = await harness.output(of: "set theme light")
    #expect(!(await harness.output(of: "show")).contains("another program"))
  }

  @Test("debug seen clear promises a tour only when one will come", arguments: [true, false])
  func promiseHolds(_ tourOn: Bool) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    if !tourOn { _ = await harness.output(of: "set showWhatsNew off") }
    let said = await harness.output(of: "debug seen clear")
    #expect(said.contains("showWhatsNew is off") == !tourOn, "\(said)")
    _ = await harness.output(of: "home")
    #expect((harness.session.state.tour != nil) == tourOn, "the promise held")
  }

  @Test("a user's Settings screen has no Debug section; --dev shows it", arguments: [false, true])
  func debugSectionIsForDevelopers(_ developer: Bool) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"] + (developer ? ["--dev"] : []))
    await harness.boot()
    _ = await harness.output(of: "go settings")
    _ = await harness.output(of: "close")
    let screen = harness.session.renderCurrentView().map(\.plainText)
    #expect(screen.contains("Debug") == developer, "\(screen)")
  }

  @Test("back on the tour's first page leaves it waiting under home, whose footer offers tour, not news")
  func homeOffersTheWaitingTour() async throws {
    let harness = try await SessionHarness(arguments: Self.upgrader)
    await harness.boot()
    let said = await harness.output(of: "back")
    #expect(said.contains("The tour waits on page 1 of 6"))
    #expect(harness.session.state.openStack.top == .home)
    let footer = harness.session.renderCurrentView().last?.plainText ?? ""
    #expect(footer == "go <screen> · tour · help")
    _ = await harness.output(of: "back")
    #expect(harness.session.state.overlay == .whatsNew, "back at home gives the waiting tour back")
  }

  @Test("the first skip while the seen-write is held says it is saving")
  func heldSkipSpeaks() async throws {
    let harness = try await SessionHarness(arguments: Self.upgrader)
    await harness.boot()
    _ = await harness.output(of: "qa hold seen-write")
    let said = await harness.output(of: "skip")
    #expect(said.contains("Saving that you have seen this tour"), "\(said)")
    #expect(harness.session.state.tour?.isDismissing == true)
    harness.faults.clear()
    await harness.settle()
  }

  /// Lines that set a state up, a command it cannot take, and what the refusal must name.
  nonisolated static let refusals: [(setup: [String], arguments: [String], command: String, names: String)] = [
    ([], [], "tour", "Open now: setting up, page 1 of"),
    ([], [], "home", "Type finish."),
    (["skip"], upgrader, "close", "Open now: Home. Type news <version>, go <screen>, or quit."),
    (["next", "next", "open 1"], upgrader, "news 2.12.0", "Type tour, back, or home."),
    (["go cardio", "tour cardio_intro"], upgrader, "news 2.12.0", "Cardio log guide, step 1 of 3. Type close or tour."),
  ]

  @Test("a refusal names what is open and the commands that leave it", arguments: refusals.indices)
  func refusalNamesTheWay(_ index: Int) async throws {
    let row = Self.refusals[index]
    let harness = try await SessionHarness(arguments: row.arguments)
    await harness.boot()
    for line in row.setup { _ = await harness.output(of: line) }
    let said = await harness.output(of: row.command).split(separator: "\n").joined(separator: " ")
    #expect(said.contains(row.names), "\(said)")
    #expect(harness.lastOutcome.refusal?.waysOut.isEmpty == false)
  }
}

@Suite("Goldens that cannot pass by accident")
struct GoldenRecordingTests {
  @Test("recording writes the golden and fails; the next run compares against what was written")
  func recordingFails() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("Transcripts/x.txt")
    let recorded = GoldenFile.compare("one\ntwo\n", atPath: path, record: true, name: "x.txt")
    #expect(recorded?.hasPrefix("recorded ") == true)
    #expect(FileManager.default.contents(atPath: path) == Data("one\ntwo\n".utf8))
    #expect(GoldenFile.compare("one\ntwo\n", atPath: path, record: false, name: "x.txt") == nil)
    let changed = GoldenFile.compare("one\n2\n", atPath: path, record: false, name: "x.txt")
    #expect(changed?.contains("- two") == true)
    #expect(changed?.contains("+ 2") == true)
  }
}

/// A redraw follows a change of what is shown (issue 20): no flag decides it.
@Suite("The view is drawn again when what it shows changed, and only then")
@MainActor
struct RedrawFollowsStateTests {
  /// What was printed after the last command line of `lines`.
  func afterLast(_ lines: [String]) async throws -> String {
    let transcript = try await SessionHarness.transcript(of: lines, arguments: WayOutTests.upgrader)
    let marker = "whatsnew:tour 3/6> " + lines.last!
    let range = try #require(transcript.range(of: marker, options: .backwards), "\(transcript)")
    return String(transcript[range.upperBound...])
  }

  @Test(
    "on tour page 3, a change the page shows draws it again; one it does not show only says it was saved",
    arguments: [
      ("set restTimerHaptics false", true), ("choose haptics.2", true), ("set theme dark", false),
      ("set reviewWeekday friday", false), ("help", false), ("show", true), ("tour", true),
    ])
  func redrawOnlyWhenShown(command: String, redraws: Bool) async throws {
    let output = try await afterLast(["next", "next", command])
    #expect(output.contains("page 3 of 6") == redraws, "\(output)")
    if command.hasPrefix("set restTimerHaptics") || command.hasPrefix("choose") {
      #expect(output.contains("(●) ☾ Off"), "the page shows the value now stored: \(output)")
    }
  }
}

/// Accessible mode reads a page as one numbered menu, and accepts its own numbers (issue 20).
@Suite("The accessible page is one numbered menu")
@MainActor
struct AccessibleMenuTests {
  @Test(
    "on page 2 (two choices), each number the menu reads picks its option, as does the block's own name",
    arguments: [
      ("2", "workoutAutonomy", "manual"), ("4", "progressionMode", "weight_first"),
      ("choose 4", "progressionMode", "weight_first"), ("choose mode.2", "progressionMode", "weight_first"),
    ])
  func numbersPick(line: String, setting: String, value: String) async throws {
    let harness = try await SessionHarness(arguments: WayOutTests.upgrader + ["--accessible"])
    let transcript = await harness.transcript(of: ["next", line])
    #expect(transcript.contains("    3) (x) Reps first  (current)"), "the menu numbers across the page: \(transcript)")
    #expect(transcript.contains("    4) ( ) Weight first  [choose 4]"))
    #expect(try await harness.store.setting(Setting(rawValue: setting)!) == value)
  }

  @Test("a number past the menu names the numbers it has; the current option says it is already chosen")
  func outOfRangeAndCurrent() async throws {
    let harness = try await SessionHarness(arguments: WayOutTests.upgrader + ["--accessible"])
    let transcript = await harness.transcript(of: ["next", "5", "3"])
    #expect(transcript.contains("No option '5' on this page; choose 1, 2, 3, or 4."), "\(transcript)")
    #expect(transcript.contains("Progression is already Reps first."), "\(transcript)")
    #expect(try await harness.store.setting(.progressionMode) == "reps_first")
  }

  @Test("without accessible mode the page keeps each choice's own numbers")
  func perChoiceByDefault() async throws {
    let transcript = try await SessionHarness.transcript(of: ["next"], arguments: WayOutTests.upgrader)
    #expect(transcript.contains("1) (●) ↑ Reps first  [choose mode.1]"), "\(transcript)")
  }
}

/// A choice's block name with a number picks on every page: page 2 hints `choose mode.2`, so a
/// person who learned it there types `choose view.2` on page 1, whose one choice hints bare numbers.
@Suite("choose <block>.<n> on a page of one choice")
@MainActor
struct BlockNumberTests {
  @Test(
    "the block's name and a number of its options picks that option; past its options names the numbers",
    arguments: [
      ("choose view.2", "inline", nil), ("choose VIEW.2", "inline", nil),
      ("choose view.3", "guided", "No option 'view.3' on this page; choose 1 or 2."),
      ("choose view.0", "guided", "No option 'view.0' on this page; choose 1 or 2."),
    ] as [(String, String, String?)])
  func picks(line: String, stored: String, refusal: String?) async throws {
    let harness = try await SessionHarness(arguments: WayOutTests.upgrader)
    let transcript = await harness.transcript(of: [line])
    #expect(try await harness.store.setting(.workoutView) == stored, "\(transcript)")
    if let refusal { #expect(transcript.contains(refusal), "\(transcript)") }
  }
}

/// Every write of the session passes one door, the effect runner: tracked and gated (issue 20).
@Suite("Every write passes the effect runner")
@MainActor
struct EveryWriteGatedTests {
  @Test(
    "a write a command makes itself fails under QA's fault, says so, and leaves the store as it was",
    arguments: [
      ("qa fail seen-write", "debug seen set 2.12.0", "Couldn't change the record"),
      ("qa fail write", "guidance reset", "Couldn't reset the guides"),
    ])
  func commandWritesAreGated(fault: String, line: String, says: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    _ = await harness.output(of: "close")
    let seenBefore = try await harness.store.seenThrough()
    let guidanceBefore = try await harness.store.guidanceSeenIDs()
    _ = await harness.output(of: fault)
    let output = await harness.output(of: line)
    #expect(output.contains(says), "\(output)")
    #expect(output.contains("injected failure"), "\(output)")
    #expect(try await harness.store.seenThrough() == seenBefore)
    #expect(try await harness.store.guidanceSeenIDs() == guidanceBefore)
  }
}
