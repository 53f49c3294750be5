import Synchronization
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// A deadline the test opens by hand. Like the app's (a sleep), it also returns as soon as
/// its task is cancelled.
final class ManualDeadline: Sendable {
  private struct State {
    var isOpen = false
    var calls = 0
    var nextID = 0
    var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
  }

  private let state = Mutex(State())

  /// How many times the deadline was waited for.
  var calls: Int { state.withLock { $0.calls } }

  /// Waits until ``open()``, or until the task is cancelled.
  @Sendable func wait() async {
    let id = state.withLock { state in
      state.calls += 1
      state.nextID += 1
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let goOn = state.withLock { state -> Bool in
          if state.isOpen || Task.isCancelled { return true }
          state.waiting[id] = continuation
          return false
        }
        if goOn { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiting.removeValue(forKey: id) }?.resume()
    }
  }

  /// Time is up: every wait returns.
  func open() {
    let waiting = state.withLock { state in
      state.isOpen = true
      defer { state.waiting = [:] }
      return Array(state.waiting.values)
    }
    for continuation in waiting { continuation.resume() }
  }
}

@Suite("Leaving never loses a choice in silence")
@MainActor
struct ExitSaverTests {
  /// A user upgrading from 2.12.0: the tour's first page has one choice, the workout view.
  static let arguments = ["--upgrade-from", "2.12.0"]

  @Test("the end of a script reports a write held by qa hold as not saved, and the store keeps the old value")
  func heldWriteAtTheEndOfAScript() async throws {
    let harness = try await SessionHarness(arguments: Self.arguments)
    let transcript = await harness.transcript(of: ["qa hold write workoutView", "choose 2"])
    #expect(
      transcript.hasSuffix("Not saved: Workout view (held by qa hold).\nThe tour comes back next time, on page 1.\n"),
      "\(transcript)")
    #expect(try await harness.store.setting(.workoutView) == "guided")
    harness.faults.clear()
    await harness.settle()
  }

  @Test("a held write is reported at once, never waited for")
  func heldWriteIsNotWaitedFor() async throws {
    let harness = try await SessionHarness(arguments: Self.arguments)
    await harness.boot()
    await harness.send("qa hold write workoutView")
    await harness.send("choose 2")
    _ = harness.takeOutput()
    let deadline = ManualDeadline()
    deadline.open()  // were the held write waited for, the wait would end at once, not hang
    let outcome = await ExitSaver(session: harness.session, deadline: deadline.wait).run()
    #expect(outcome.held == ["Workout view"])
    #expect(outcome.timedOut.isEmpty)
    #expect(deadline.calls == 0, "nothing was waited for")
    let output = harness.takeOutput()
    #expect(!output.contains("Saving"), "\(output)")
    #expect(output.contains("Not saved: Workout view (held by qa hold)."))
    harness.faults.clear()
    await harness.settle()
  }

  @Test("a write in flight is waited for, with what is saving shown first, and lands in the store")
  func writeInFlightIsWaitedFor() async throws {
    let clock = TestClock(holdingSleeps: true)
    let harness = try await SessionHarness(arguments: Self.arguments, clock: clock)
    await harness.boot()
    await harness.send("qa delay write workoutView 1500")
    await harness.send("choose 2")
    // The write waits out its delay (the clock's sleep runs off the main actor): in
    // flight, not held. (Each command's look for other programs' changes is a read that may
    // still be on the store's queue: only the writes count here.)
    while clock.sleeperCount < 1 { await Task.yield() }
    #expect(harness.session.runner.backends.tracker.entries.filter { $0.operation == .write }.map(\.isHeld) == [false])
    _ = harness.takeOutput()

    let deadline = ManualDeadline()
    let leaving = Task.immediate { await ExitSaver(session: harness.session, deadline: deadline.wait).run() }
    // Before the write can finish, the user is told what is saving.
    #expect(harness.takeOutput() == "Saving Workout view…\n")
    clock.wakeSleepers()
    let outcome = await leaving.value
    #expect(outcome.savedEverything)
    #expect(harness.takeOutput().contains("Saved: Workout view is now Inline."))
    #expect(try await harness.store.setting(.workoutView) == "inline")
  }

  @Test("a write still in flight at the deadline is reported as not saved")
  func writeStillInFlightAtTheDeadline() async throws {
    let clock = TestClock(holdingSleeps: true)
    let harness = try await SessionHarness(arguments: Self.arguments + ["--locale", "nl"], clock: clock)
    await harness.boot()
    await harness.send("qa delay write workoutView 60000")
    await harness.send("choose 2")
    while clock.sleeperCount < 1 { await Task.yield() }
    _ = harness.takeOutput()

    let deadline = ManualDeadline()
    let leaving = Task.immediate { await ExitSaver(session: harness.session, deadline: deadline.wait).run() }
    #expect(harness.takeOutput().hasPrefix("Bezig met opslaan: "), "in the session's language")
    deadline.open()
    let outcome = await leaving.value
    #expect(outcome.timedOut.count == 1)
    #expect(outcome.held.isEmpty)
    let output = harness.takeOutput()
    #expect(output.contains("Niet opgeslagen: "), "\(output)")
    #expect(output.contains("na 5 seconden"), "\(output)")
    clock.wakeSleepers()
    await harness.settle()
  }

  @Test("nothing in flight: leaving waits for nothing and says only that the unfinished tour comes back")
  func nothingInFlight() async throws {
    let harness = try await SessionHarness(arguments: Self.arguments)
    await harness.boot()
    await harness.send("choose 2")
    await harness.settle()
    _ = harness.takeOutput()
    let deadline = ManualDeadline()
    let outcome = await ExitSaver(session: harness.session, deadline: deadline.wait).run()
    #expect(outcome.savedEverything)
    #expect(deadline.calls == 0)
    #expect(harness.takeOutput() == "The tour comes back next time, on page 1.\n")
  }

  @Test("the tour's record and the weekday's reminder are named as what they save")
  func namesOfOtherWrites() async throws {
    let harness = try await SessionHarness(arguments: Self.arguments)
    await harness.boot()
    await harness.send("qa hold seen-write")
    await harness.send("skip")
    let outcome = await ExitSaver(session: harness.session, deadline: ManualDeadline().wait).run()
    #expect(outcome.held == ["your progress through the tour"])
    harness.faults.clear()
    await harness.settle()
  }

  @Test("the language a person chose is named in their words, never by its internal id", arguments: [Language.en, .nl])
  func languageWrite(language: Language) async throws {
    let harness = try await SessionHarness(arguments: Self.arguments + ["--locale", language.rawValue])
    await harness.boot()
    await harness.send("qa hold write language")
    await harness.send("lang \(language.rawValue)")
    let outcome = await ExitSaver(session: harness.session, deadline: ManualDeadline().wait).run()
    #expect(outcome.held == [harness.session.runner.text("ui.exit.language")])
    #expect(outcome.held != ["language"])
    harness.faults.clear()
    await harness.settle()
  }
}

@Suite("Tracking operations: waiting for some of them")
struct OperationTrackerWaitTests {
  @Test("waiting for writes returns when the writes are done, while a read is still in flight")
  func waitsForTheOperationsItPicks() async {
    let tracker = OperationTracker()
    let read = tracker.begin(.read, target: "theme")
    let write = tracker.begin(.write, target: "theme")
    let waiting = Task { await tracker.waitUntilSettled { $0.operation == .write } }
    tracker.end(write)
    await waiting.value
    #expect(tracker.entries.map(\.id) == [read], "the read is still in flight")
    #expect(!tracker.isSettled)
    tracker.end(read)
  }

  @Test("a cancelled wait returns although the write is still in flight")
  func cancelledWaitReturns() async {
    let tracker = OperationTracker()
    let write = tracker.begin(.write, target: "theme")
    let waiting = Task { await tracker.waitUntilSettled { $0.operation == .write } }
    waiting.cancel()
    await waiting.value
    #expect(tracker.entries.map(\.id) == [write])
    tracker.end(write)
  }
}
