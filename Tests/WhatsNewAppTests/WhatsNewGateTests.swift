import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// When the tour may appear, and how it is dismissed, against the real store.
@Suite("Gates and dismissal")
@MainActor
struct WhatsNewGateTests {
  @Test("the boot gate: a held boot shows nothing; released, the tour opens")
  func bootGate() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--fault", "boot=hold"])
    await harness.boot()
    #expect(!harness.session.state.isBooted)
    #expect(harness.session.state.overlay == nil)
    harness.faults.release(.boot, target: nil)
    await harness.settle()
    #expect(harness.session.state.isBooted)
    #expect(harness.session.state.overlay == .whatsNew)
  }

  @Test("a failed boot keeps the tour away and writes nothing")
  func failedBoot() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--fault", "boot=fail"])
    await harness.boot()
    #expect(!harness.session.state.isBooted)
    #expect(harness.session.state.tour == nil)
    #expect(try await harness.store.seenThrough() == .none)
  }

  @Test("a user away from home gets the tour on coming home, once")
  func homeFocus() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--fault", "boot=hold"])
    await harness.boot()
    await harness.send("go cardio")
    await harness.send("skip")  // the cardio intro
    harness.faults.release(.boot, target: nil)
    await harness.settle()
    #expect(harness.session.state.isBooted)
    #expect(harness.session.state.tour == nil, "not on home: the check waits")
    #expect(!harness.session.state.hasCheckedWhatsNew)
    await harness.send("home")
    await harness.settle()
    #expect(harness.session.state.overlay == .whatsNew)
    #expect(harness.session.state.hasCheckedWhatsNew)
  }

  @Test("an empty flow moves the record to the current version at once")
  func emptyFlowAdvances() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--app-version", "2.14.2"])
    await harness.boot()
    #expect(harness.session.state.tour == nil)
    #expect(try await harness.store.seenThrough() == .version(Version("2.14.2")!))
  }

  @Test("a user who turned the tour off only has the record moved forward")
  func tourTurnedOff() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"]) { store in
      try await store.setSetting(.showWhatsNew, to: "false")
    }
    await harness.boot()
    #expect(harness.session.state.tour == nil)
    #expect(try await harness.store.seenThrough() == .version(Options.defaultAppVersion))
  }

  @Test("a failed dismissal keeps the tour open on the same page with an error; trying again works")
  func failedDismissal() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    await harness.send("next")
    harness.faults.add(FaultSpec(operation: .seenWrite, target: nil, kind: .fail(remaining: 1)))
    await harness.send("skip")
    await harness.settle()
    #expect(harness.session.state.overlay == .whatsNew)
    #expect(harness.session.state.tour?.index == 1)
    #expect(harness.session.state.tour?.failure?.contains("injected failure (seen-write)") == true)
    #expect(try await harness.store.seenThrough() == .version(Version("2.11.0")!))
    await harness.send("close")
    await harness.settle()
    #expect(harness.session.state.tour == nil)
    #expect(try await harness.store.seenThrough() == .version(Options.defaultAppVersion))
  }

  @Test("a slow dismissal is serialised: a second Done while it writes starts no second write")
  func slowDismissal() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    await harness.boot()
    harness.faults.add(FaultSpec(operation: .seenWrite, target: nil, kind: .hold))
    await harness.send("skip")
    await harness.settle()
    await harness.send("close")
    await harness.send("skip")
    await harness.settle()
    #expect(harness.faults.attempts(of: .seenWrite) == 1)
    #expect(harness.session.state.tour?.isDismissing == true)
    harness.faults.release(.seenWrite, target: nil)
    await harness.settle()
    #expect(harness.session.state.tour == nil)
    #expect(harness.faults.attempts(of: .seenWrite) == 1)
    #expect(try await harness.store.seenThrough() == .version(Options.defaultAppVersion))
  }

  @Test("quitting mid-tour records nothing, so the tour returns next launch")
  func quitMidTour() async throws {
    let first = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    _ = await first.transcript(of: ["next", "quit"])
    #expect(try await first.store.seenThrough() == .version(Version("2.11.0")!))
    let second = try await SessionHarness(arguments: [], databasePath: first.databasePath)
    await second.boot()
    #expect(second.session.state.overlay == .whatsNew)
  }

  @Test("a fresh store starts onboarding; finish writes onboarding and the record together, so no tour follows")
  func onboardingThenNoTour() async throws {
    let harness = try await SessionHarness()
    await harness.boot()
    #expect(harness.session.state.overlay == .onboarding)
    await harness.send("finish")
    await harness.settle()
    #expect(try await harness.store.isOnboardingComplete())
    #expect(try await harness.store.seenThrough() == .version(Options.defaultAppVersion))
    #expect(harness.session.state.tour == nil)
  }

  @Test("restoring a backup from before the record existed brings the tour back")
  func preFeatureRestore() async throws {
    let old = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await old.boot()
    try await old.store.overwriteSeenThrough(nil)
    let backup = old.directory.path("backup.sqlite")
    try await old.store.backup(to: backup)
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    #expect(harness.session.state.tour == nil)
    await harness.send("restore \(backup)")
    await harness.settle()
    #expect(harness.session.state.overlay == .whatsNew, "no record: everything up to current, capped")
    #expect(harness.session.state.tour?.pages.count == 6)
  }
}
