import TestSupport
import Testing
import WhatsNewApp
import WhatsNewStore

@testable import WhatsNewCore

/// The choice controller against the real store, with operations held and released by
/// the test: every race is built by hand, nothing sleeps.
@Suite("Choices that don't lie")
@MainActor
struct ChoiceControllerTests {
  /// A session past the tour, on the settings screen (theme, units, showWhatsNew).
  func settingsScreen(arguments: [String] = []) async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"] + arguments)
    await harness.boot()
    await harness.send("go settings")
    await harness.settle()
    return harness
  }

  /// Settings screen, then `set theme light` and `set theme dark` with writes held: the
  /// first waits at the gate, the second waits behind it (both count as held).
  func twoHeldTaps() async throws -> SessionHarness {
    let harness = try await settingsScreen()
    harness.faults.add(FaultSpec(operation: .write, target: "theme", kind: .hold))
    await harness.send("set theme light")
    await harness.send("set theme dark")
    await harness.settle()
    #expect(harness.session.runner.backends.tracker.entries.map(\.isHeld) == [true, true])
    return harness
  }

  static let consistent = "Consistent: screen, store and schedule agree."

  func check(_ harness: SessionHarness) async -> String {
    _ = harness.takeOutput()
    await harness.send("check")
    await harness.settle()
    return harness.takeOutput().trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test("a slow read finishing after a tap never overwrites the tap")
  func slowReadAfterTap() async throws {
    let harness = try await settingsScreen()
    harness.faults.add(FaultSpec(operation: .read, target: "theme", kind: .hold))
    await harness.send("home")
    await harness.send("go settings")  // the read of theme is held; it already saw "system"
    await harness.settle()
    #expect(harness.session.state.choices.state(of: .theme).isLoading)
    await harness.send("set theme dark")
    #expect(harness.session.state.choices.state(of: .theme).shown == "dark", "shown at once")
    await harness.settle()
    harness.faults.release(.read, target: "theme")
    await harness.settle()
    let state = harness.session.state.choices.state(of: .theme)
    #expect(state.shown == "dark")
    #expect(state.error == nil)
    #expect(try await harness.store.setting(.theme) == "dark")
    #expect(await check(harness) == Self.consistent)
  }

  @Test("two taps, the first write fails: the newer intent stands")
  func firstOfTwoFails() async throws {
    let harness = try await twoHeldTaps()
    harness.faults.add(FaultSpec(operation: .write, target: "theme", kind: .fail(remaining: 1)))
    harness.faults.release(.write, target: "theme")
    await harness.settle()
    let state = harness.session.state.choices.state(of: .theme)
    #expect(state.shown == "dark")
    #expect(state.error == nil)
    #expect(try await harness.store.setting(.theme) == "dark")
    #expect(await check(harness) == Self.consistent)
  }

  @Test("two taps, the second write fails: back to the first, with an error")
  func secondOfTwoFails() async throws {
    let harness = try await twoHeldTaps()
    // Let the first write through, and hold the second at the gate again.
    harness.faults.release(.write, target: "theme")
    harness.faults.add(FaultSpec(operation: .write, target: "theme", kind: .hold))
    await harness.settle()
    #expect(try await harness.store.setting(.theme) == "light")
    harness.faults.add(FaultSpec(operation: .write, target: "theme", kind: .fail(remaining: 1)))
    harness.faults.release(.write, target: "theme")
    await harness.settle()
    let state = harness.session.state.choices.state(of: .theme)
    #expect(state.shown == "light")
    #expect(state.error == .writeFailed(reason: "injected failure (write theme)", restored: "light"))
    #expect(try await harness.store.setting(.theme) == "light")
    #expect(await check(harness) == Self.consistent)
  }

  @Test("a page left while its read is pending, then reopened, takes only the new read")
  func leftAndReopened() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.12.0"])
    harness.faults.add(FaultSpec(operation: .read, target: "workoutView", kind: .hold))
    await harness.boot()  // the tour opens on 2.13.1's workoutView page; its read is held
    #expect(harness.session.state.choices.state(of: .workoutView).isLoading)
    await harness.send("next")
    #expect(!harness.session.state.choices.state(of: .workoutView).isLoading, "leaving stops the loading state")
    try await harness.store.setSetting(.workoutView, to: "inline")  // changed elsewhere meanwhile
    await harness.send("back")  // a second read, also held, sees "inline"
    harness.faults.release(.read, target: "workoutView")
    await harness.settle()
    let state = harness.session.state.choices.state(of: .workoutView)
    #expect(state.shown == "inline", "the stale first read (guided) was thrown away")
    #expect(state.confirmed == "inline")
  }

  @Test("an untouched page writes nothing, and choosing the confirmed value writes nothing")
  func untouchedWritesNothing() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    for command in ["next", "next", "next", "back", "back", "back", "choose 1"] { await harness.send(command) }
    await harness.settle()
    #expect(harness.faults.attempts(of: .write) == 0)
    #expect(harness.faults.attempts(of: .read) > 0)
    await harness.send("choose 2")
    await harness.settle()
    #expect(harness.faults.attempts(of: .write) == 1)
  }

  @Test("a failed rescheduling puts the old weekday back in the store, the schedule and on screen")
  func weekdayScheduleFailure() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    await harness.send("go review")
    await harness.settle()
    harness.faults.add(FaultSpec(operation: .schedule, target: nil, kind: .fail(remaining: 1)))
    await harness.send("set reviewWeekday friday")
    #expect(harness.session.state.choices.state(of: .reviewWeekday).shown == "friday", "optimistic")
    await harness.settle()
    let state = harness.session.state.choices.state(of: .reviewWeekday)
    #expect(state.shown == "sunday")
    #expect(
      state.error
        == .reminderFailed(
          ReminderFailure(
            step: .schedule, reason: "injected failure (schedule)", saved: "friday", previous: "sunday",
            previousReminder: "sunday", stored: "sunday")))
    #expect(try await harness.store.setting(.reviewWeekday) == "sunday")
    #expect(try await harness.store.notification(id: WeeklyReview.notificationID)?.weekday == "sunday")
    #expect(await check(harness) == Self.consistent)
  }

  @Test("a failed repair is reported, and the next boot reconciles the schedule")
  func repairFailureReconciledAtBoot() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    await harness.send("go review")
    await harness.settle()
    harness.faults.add(FaultSpec(operation: .schedule, target: nil, kind: .fail(remaining: nil)))
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    guard case .reminderFailed(let failure)? = harness.session.state.choices.state(of: .reviewWeekday).error else {
      Issue.record("expected a repair failure")
      return
    }
    #expect(failure.stored == "sunday")
    #expect(failure.settingRestoreFailure == nil)
    #expect(failure.reminderRestoreFailure == "injected failure (schedule)")
    // The disagreement, and that the app reported it when it happened (the next start mends it).
    let checked = await check(harness)
    #expect(checked.hasPrefix("reviewWeekday: the store has sunday, no reminder is scheduled.\n"))
    #expect(
      checked.split(whereSeparator: \.isWhitespace).joined(separator: " ").hasSuffix(
        "The app said so when the weekday's change failed: the reminder could not be put right then, and the next start sets it to match the store."
      ))

    let restarted = try await SessionHarness(arguments: [], databasePath: harness.databasePath)
    await restarted.boot()
    #expect(try await restarted.store.notification(id: WeeklyReview.notificationID)?.weekday == "sunday")
    #expect(await check(restarted) == Self.consistent)
  }
}
