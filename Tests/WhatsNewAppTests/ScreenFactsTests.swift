import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// What the screens show from the store besides the controls (the reminder, the seen
/// record, the units): read when a screen opens, and kept current by the session's own
/// confirmed writes, never by reading the store back after a write.
@Suite("Screen facts")
@MainActor
struct ScreenFactsTests {
  func screenText(_ harness: SessionHarness) -> String {
    Styler(colors: false).render(harness.session.renderCurrentView())
  }

  /// The session on `screen`, as a developer (`--dev`: the settings screen shows the seen record).
  func onScreen(_ screen: String) async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--dev"])
    await harness.boot()
    await harness.send("go " + screen)
    await harness.settle()
    return harness
  }

  @Test("a saved review weekday shows its reminder on the review screen at once")
  func rescheduledReminder() async throws {
    let harness = try await onScreen("review")
    #expect(screenText(harness).contains("Sunday, December\u{A0}6 at 6:00\u{202F}PM (UTC)"))
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    #expect(screenText(harness).contains("Friday, December\u{A0}4 at 6:00\u{202F}PM (UTC)"))
    #expect(try await harness.store.notification(id: WeeklyReview.notificationID)?.weekday == "friday")
  }

  @Test("an undone rescheduling leaves the old reminder on screen, as in the schedule")
  func undoneReminder() async throws {
    let harness = try await onScreen("review")
    harness.faults.add(FaultSpec(operation: .schedule, target: nil, kind: .fail(remaining: 1)))
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    #expect(screenText(harness).contains("Sunday, December\u{A0}6 at 6:00\u{202F}PM (UTC)"))
  }

  @Test("an undone rescheduling shows the old reminder again, even when the screen was drawn while it was gone")
  func undoneReminderSeenMidway() async throws {
    let harness = try await onScreen("review")
    harness.faults.add(FaultSpec(operation: .schedule, target: nil, kind: .hold))
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    // The old reminder is cancelled, the new one not yet scheduled: `show` reads that.
    await harness.send("show")
    await harness.settle()
    #expect(screenText(harness).contains("No reminder is scheduled."))
    harness.faults.add(FaultSpec(operation: .schedule, target: nil, kind: .fail(remaining: 1)))
    harness.faults.release(.schedule, target: nil)
    await harness.settle()
    #expect(try await harness.store.notification(id: WeeklyReview.notificationID)?.weekday == "sunday")
    #expect(screenText(harness).contains("Sunday, December\u{A0}6 at 6:00\u{202F}PM (UTC)"))
  }

  @Test("a failed repair shows the schedule as it is: none")
  func failedRepairReminder() async throws {
    let harness = try await onScreen("review")
    harness.faults.add(FaultSpec(operation: .schedule, target: nil, kind: .fail(remaining: nil)))
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    #expect(screenText(harness).contains("No reminder is scheduled."))
  }

  @Test("debug seen set shows the new record on the settings screen")
  func seenRecord() async throws {
    let harness = try await onScreen("settings")
    await harness.send("debug seen set 2.12.0")
    await harness.settle()
    #expect(screenText(harness).contains("Seen through: 2.12.0"))
  }

  @Test("units set elsewhere show on the workouts screen, from the choice machine")
  func units() async throws {
    let harness = try await onScreen("workouts")
    await harness.send("skip")  // the workouts intro
    #expect(screenText(harness).contains("60\u{A0}kg"))
    await harness.send("set units imperial")
    await harness.settle()
    #expect(screenText(harness).contains("135\u{A0}lb"))
  }

  @Test("a change behind the session's back shows when the screen is opened again, or on show")
  func readWhenOpened() async throws {
    let harness = try await onScreen("settings")
    await harness.send("skip")  // the settings intro
    try await harness.store.overwriteSeenThrough(Version(major: 2, minor: 12, patch: 0))
    #expect(screenText(harness).contains("Seen through: 2.14.0"), "not re-read after a write of its own")
    await harness.send("go settings")
    await harness.settle()
    #expect(screenText(harness).contains("Seen through: 2.12.0"))
    try await harness.store.overwriteSeenThrough(Version(major: 2, minor: 13, patch: 1))
    await harness.send("show")
    await harness.settle()
    #expect(screenText(harness).contains("Seen through: 2.13.1"))
  }
}
