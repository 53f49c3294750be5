import Foundation
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// Rules a planted defect could break with every other test still passing (issue 21): each
/// stated here, and watched from outside, as a person or a script would see it.
@Suite("The core rules, each held by a test")
@MainActor
struct CoreRuleTests {
  @Test("a widget launch starts no guide by itself and no onboarding, and writes nothing", arguments: [nil, "2.11.0"])
  func widgetLaunchIsQuiet(upgradeFrom: String?) async throws {
    let arguments = ["--launch-source", "widget:camera"] + (upgradeFrom.map { ["--upgrade-from", $0] } ?? [])
    let harness = try await SessionHarness(arguments: arguments)
    await harness.boot()
    #expect(harness.session.state.onboarding == nil, "no onboarding over a widget")
    #expect(harness.session.state.tour == nil, "no tour over a widget")
    for line in ["go workouts", "go review", "go settings", "home"] {
      _ = await harness.output(of: line)
      #expect(harness.session.state.overlay == nil, "\(line): nothing opened by itself")
    }
    #expect(harness.faults.attempts(of: .write) == 0, "no write")
    #expect(harness.faults.attempts(of: .seenWrite) == 0, "no record, position or onboarding written")
    #expect(try await harness.store.guidanceSeenIDs().isEmpty || upgradeFrom != nil)
  }

  @Test("the tour never opens before a successful boot: a failed boot shows no tour, however the person moves")
  func noTourBeforeBoot() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--fault", "boot=fail"])
    await harness.boot()
    #expect(!harness.session.state.isBooted)
    for line in ["home", "go workouts", "home", "tour", "news", "news 2.14.0"] {
      _ = await harness.output(of: line)
      #expect(harness.session.showingTourForTest == false, "\(line) opened the tour over a store that never opened")
    }
  }

  @Test("restore after a failed boot is refused, saying why, and the store keeps its data")
  func restoreAfterFailedBoot() async throws {
    let directory = try TemporaryDirectory()
    let backup = directory.path("backup.sqlite")
    let source = try SettingsStore(path: directory.path("source.sqlite"))
    try await source.setSetting(.theme, to: "dark")
    try await source.backup(to: backup)
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--fault", "boot=fail"])
    await harness.boot()
    let output = await harness.output(of: "restore \(backup)")
    #expect(output.contains("injected failure"), "the refusal names why the session is down: \(output)")
    #expect(!output.contains("Restored"), "\(output)")
    #expect(try await harness.store.setting(.theme) == "system")
  }

  @Test("at boot a reminder at the wrong time of day is put back to the schedule's time, not only its day")
  func bootRepairsTheTime() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"]) { store in
      try await store.setSetting(.reviewWeekday, to: "sunday")
      try await store.saveNotification(StoredNotification(id: "weekly-review", weekday: "sunday", hour: 9, minute: 30))
    }
    await harness.boot()
    let reminder = try await harness.store.notification(id: "weekly-review")
    #expect(reminder?.weekday == "sunday")
    #expect(reminder?.hour == 18)
    #expect(reminder?.minute == 0)
  }

  @Test("check while the old reminder's cancel is held counts the schedule as in flight, and reports no disagreement")
  func checkWithACancelHeld() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    _ = await harness.output(of: "close")
    _ = await harness.output(of: "qa hold cancel")
    _ = await harness.output(of: "set reviewWeekday monday")
    let output = await harness.output(of: "check")
    #expect(output.contains("in flight: cancel (held)"), "\(output)")
    #expect(!output.contains("is scheduled for"), "no disagreement reported while the change is under way: \(output)")
    #expect(harness.lastOutcome.checkVerdict != .consistent)
  }

  @Test("the what's-new check runs once a session: a record moved back by another program brings no tour until the next start")
  func oncePerSession() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("settings.sqlite")
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"], databasePath: path)
    await harness.boot()
    #expect(harness.session.state.tour == nil, "up to date: no tour")
    // Another program moves the record back.
    let other = try SettingsStore(path: path)
    try await other.overwriteSeenThrough(Version("2.11.0")!)
    for line in ["go workouts", "home", "go settings", "home"] {
      let output = await harness.output(of: line)
      #expect(!output.contains("What's new in"), "\(line) brought the tour back in the same session: \(output)")
      #expect(harness.session.state.tour == nil)
    }
    // The next start, a day on (the intros shown here pace what follows), does show it.
    let next = try await SessionHarness(
      arguments: [], databasePath: path, clock: TestClock(now: Date(timeIntervalSince1970: 1_796_040_000 + 86_400)))
    await next.boot()
    #expect(next.session.state.tour != nil)
  }
}

extension Session {
  /// Whether the tour is on screen now.
  fileprivate var showingTourForTest: Bool { state.showingTour != nil }
}
