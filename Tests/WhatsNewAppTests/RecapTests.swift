import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// The recap and `undo` (issue 23): what the tour's writes confirmed, listed after `done`;
/// each undo a choice like any other (optimistic, rolled back, the reminder moved and put
/// back), conditional on the store still holding the tour's value.
@Suite("The recap and undo")
@MainActor
struct RecapTests {
  /// Runs each line and waits for its work (writes land on the store's own queue).
  func run(_ lines: [String], on harness: SessionHarness) async {
    for line in lines { _ = await harness.output(of: line) }
  }

  /// The view the session draws now, as plain text.
  func screen(of harness: SessionHarness) -> String {
    harness.session.renderCurrentView().map(\.plainText).joined(separator: "\n")
  }

  /// An upgrader from 2.11.0, on the tour's first page (Workout view).
  func onTour(_ extra: [String] = []) async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"] + extra)
    await harness.boot()
    _ = harness.takeOutput()
    return harness
  }

  /// Every line of a tour that changes three settings (one on a screen the tour was left
  /// for), then ends it with `done`.
  static let tourLines = [
    "choose 2", "next", "next", "next", "choose reviewWeekday friday", "open 1", "set theme dark", "tour", "next", "next",
    "done",
  ]

  @Test("the recap equals the difference between the store at the tour's start and at its end")
  func equalsStoreDifference() async throws {
    let harness = try await onTour()
    let start = try await harness.store.allSettings()
    await run(Self.tourLines, on: harness)
    await harness.settle()
    let end = try await harness.store.allSettings()
    let difference = Setting.allCases.filter { start[$0] != end[$0] }.map { ($0, start[$0]!, end[$0]!) }
    let recap = harness.session.state.recap
    #expect(recap.entries.map { "\($0.setting)=\($0.before)>\($0.after)" } == difference.map { "\($0.0)=\($0.1)>\($0.2)" })
    #expect(recap.entries.count == 3)
    #expect(!recap.isRecording && recap.isListed)
  }

  @Test("a failed choice is not in the recap; the screen lists it after done, numbered")
  func failedChoiceLeftOut() async throws {
    let harness = try await onTour()
    await run(["qa fail write workoutView once", "choose 2", "next", "next", "next", "choose reviewWeekday friday"], on: harness)
    await run(["next", "next"], on: harness)
    _ = await harness.output(of: "done")
    let output = screen(of: harness)
    #expect(harness.session.state.recap.entries.map(\.setting) == [.reviewWeekday])
    #expect(
      output.contains("Changed in the tour\n  1. Weekly review day: Sunday → Friday\nType undo 1 to put it back."), "\(output)")
    #expect(!output.contains("Workout view: Guided → Inline"))
  }

  @Test("undo puts the value back through the store and moves the reminder back")
  func undoWeekday() async throws {
    let harness = try await onTour()
    await run(Self.tourLines, on: harness)
    _ = harness.takeOutput()
    let output = await harness.output(of: "undo 2")
    #expect(output.contains("Put back. Weekly review day: Sunday, as before the tour."), "\(output)")
    #expect(output.contains("Weekly review reminder moved to Sunday."))
    #expect(try await harness.store.setting(.reviewWeekday) == "sunday")
    #expect(try await harness.store.notification(id: WeeklyReview.notificationID)?.weekday == "sunday")
    #expect(harness.session.state.recap.entries[1].status == .undone)
    #expect(await harness.output(of: "check").contains("Consistent"))
  }

  @Test("undo all puts back every change, and says so for each")
  func undoAll() async throws {
    let harness = try await onTour()
    let start = try await harness.store.allSettings()
    await run(Self.tourLines, on: harness)
    let output = await harness.output(of: "undo all")
    #expect(output.components(separatedBy: "Put back.").count - 1 == 3, "\(output)")
    #expect(try await harness.store.allSettings() == start)
    #expect(await harness.output(of: "undo all").contains("Nothing left to undo"))
  }

  @Test("a failed undo rolls the control back and leaves the entry to try again")
  func failedUndo() async throws {
    let harness = try await onTour()
    await run(["choose 2", "next", "next", "next", "next", "next", "done", "qa fail write workoutView once"], on: harness)
    _ = harness.takeOutput()
    let output = await harness.output(of: "undo 1")
    #expect(output.contains("Not put back. Workout view: still Inline; type undo 1 to try again."), "\(output)")
    #expect(try await harness.store.setting(.workoutView) == "inline")
    #expect(harness.session.state.choices.state(of: .workoutView).shown == "inline")
    #expect(harness.session.state.recap.entries[0].status == .changed)
    #expect(await harness.output(of: "undo 1").contains("Put back."))
  }

  @Test("an undo whose reminder cannot follow puts the tour's weekday and reminder back, and says so")
  func undoScheduleFails() async throws {
    let harness = try await onTour()
    await run(Self.tourLines + ["qa fail schedule once"], on: harness)
    _ = harness.takeOutput()
    let output = await harness.output(of: "undo 2")
    #expect(output.contains("Not put back. Weekly review day: still Friday; type undo 2 to try again."), "\(output)")
    #expect(try await harness.store.setting(.reviewWeekday) == "friday")
    #expect(try await harness.store.notification(id: WeeklyReview.notificationID)?.weekday == "friday")
    #expect(await harness.output(of: "check").contains("Consistent"))
  }

  @Test("a setting another program changed since is named, and undo writes nothing")
  func changedByAnotherProgram() async throws {
    let harness = try await onTour()
    await run(Self.tourLines, on: harness)
    let other = try SettingsStore(path: harness.databasePath)
    _ = try await other.setSetting(.theme, to: "light")
    let recap = await harness.output(of: "recap")
    #expect(recap.contains("3. Theme: System → Dark (changed since: Light)"), "\(recap)")
    let output = await harness.output(of: "undo 3")
    #expect(output.contains("Theme: Light now. It changed after the tour, so undo left it as it is."), "\(output)")
    #expect(try await harness.store.setting(.theme) == "light")
  }

  @Test("a change landing while the undo waits is found in the undo's own transaction")
  func changedDuringTheUndo() async throws {
    let harness = try await onTour()
    await run(Self.tourLines + ["qa hold write theme", "undo 3"], on: harness)
    let other = try SettingsStore(path: harness.databasePath)
    _ = try await other.setSetting(.theme, to: "light")
    _ = harness.takeOutput()
    let output = await harness.output(of: "qa release write theme")
    #expect(output.contains("Theme: Light now."), "\(output)")
    #expect(try await harness.store.setting(.theme) == "light")
    #expect(harness.session.state.recap.entries[2].status == .changedSince(current: "light"))
  }

  @Test("skip with changes says how to see them; done with none says so in one line")
  func endings() async throws {
    let skipped = try await onTour()
    _ = await skipped.output(of: "choose 2")
    _ = skipped.takeOutput()
    let afterSkip = await skipped.output(of: "skip")
    #expect(afterSkip.contains("The tour changed a setting: recap shows it and undo puts it back."), "\(afterSkip)")
    let done = try await onTour()
    await run(Array(repeating: "next", count: 5), on: done)
    _ = await done.output(of: "done")
    let afterDone = screen(of: done)
    #expect(afterDone.contains("\nThe tour changed no settings.\n"), "\(afterDone)")
  }

  @Test("before any tour, recap says there was none; in a preview, undo is refused with the way out")
  func refusals() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    #expect(await harness.output(of: "recap").contains("No tour has been open in this session"))
    #expect(await harness.output(of: "undo 1").contains("No tour has been open in this session"))
    let tour = try await onTour()
    await run(Self.tourLines + ["debug preview 2.13.1"], on: tour)
    let refused = await tour.output(of: "undo 1")
    #expect(refused.contains("undo does nothing here") && refused.contains("close"), "\(refused)")
    #expect(tour.lastOutcome.refusal?.command == "undo")
    #expect(try await tour.store.setting(.workoutView) == "inline")
  }

  @Test("after a restart, recap and undo work on the last tour's changes, as the store left them, until the next tour")
  func keptAcrossARestart() async throws {
    let harness = try await onTour()
    await run(Self.tourLines + ["undo 1"], on: harness)
    await harness.settle()
    _ = try await harness.store.setSetting(.theme, to: "light")

    let restarted = try await SessionHarness(arguments: [], databasePath: harness.databasePath)
    await restarted.boot()
    let recap = await restarted.output(of: "recap")
    #expect(recap.contains("Changed in the last tour (kept until the next one)"), "\(recap)")
    #expect(recap.contains("1. Workout view: Guided → Inline (undone)"), "\(recap)")
    #expect(recap.contains("2. Weekly review day: Sunday → Friday\n"), "\(recap)")
    #expect(recap.contains("3. Theme: System → Dark (changed since: Light)"), "\(recap)")
    #expect(recap.contains("Type undo 2 to put it back."), "\(recap)")
    let undo = await restarted.output(of: "undo 2")
    #expect(undo.contains("Put back. Weekly review day: Sunday, as before the tour."), "\(undo)")
    await restarted.settle()
    #expect(try await restarted.store.notification(id: WeeklyReview.notificationID)?.weekday == "sunday")
    #expect(await restarted.output(of: "check").contains("Consistent"))

    // The next tour starts a new recap, and the store forgets the last one.
    _ = await restarted.output(of: "news 2.14.0")
    #expect(await restarted.output(of: "recap").contains("The tour has changed no settings so far."))
    await restarted.settle()
    #expect(try await restarted.store.snapshot(notificationID: WeeklyReview.notificationID).recap == nil)
  }

  @Test("a tour left unfinished keeps recording into its recap when the next start resumes it")
  func resumedTourContinues() async throws {
    let harness = try await onTour()
    await run(["choose 2", "next"], on: harness)
    await harness.settle()
    let restarted = try await SessionHarness(arguments: [], databasePath: harness.databasePath)
    await restarted.boot()
    await run(["next", "next", "choose reviewWeekday friday"], on: restarted)
    #expect(restarted.session.state.recap.entries.map(\.setting) == [.workoutView, .reviewWeekday])
  }

  @Test("qa explore's agreement check finds a recap that says undone while the store kept the tour's value")
  func explorationSeesTheRecap() async throws {
    let harness = try await onTour()
    await run(Self.tourLines, on: harness)
    let context = harness.session.runner.renderContext
    #expect(try await ExplorationRunner.disagreements(harness.session.state, in: context, store: harness.store) == [])
    // Planted: the entry marked put back with no write at all.
    var planted = harness.session.state
    _ = planted.recap.beginUndo(3)
    planted.recap.undoFinished(.theme, outcome: .saved)
    let problems = try await ExplorationRunner.disagreements(planted, in: context, store: harness.store)
    #expect(problems == ["recap entry 3: it says Theme is System, the store has Dark"])
  }

  @Test("Tab after undo offers the numbers that can be put back, then all")
  func completion() async throws {
    let harness = try await onTour()
    await run(Self.tourLines + ["undo 1"], on: harness)
    #expect(harness.session.runner.completionVocabulary.candidates(forLine: "undo ") == ["2", "3", "all"])
  }
}
