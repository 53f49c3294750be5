import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// Background operations start the moment the user acts (`Task.immediate`), so a script,
/// whose store shares the main actor's executor, finishes each one inside its command and
/// never needs a thread of the concurrency pool.
@Suite("Operations start at once")
@MainActor
struct ImmediateStartTests {
  /// A session as `whatsnew` runs a script: the store on the main actor's executor.
  func scripted(_ arguments: [String]) async throws -> SessionHarness {
    try await SessionHarness(arguments: arguments, placement: .sharing(MainActor.sharedUnownedExecutor))
  }

  @Test("in a script, boot has read the store, opened the tour and read its controls before it returns")
  func bootFinishesInline() async throws {
    let harness = try await scripted(["--upgrade-from", "2.11.0"])
    harness.session.runner.boot()  // no wait of any kind
    #expect(harness.session.state.isBooted)
    #expect(harness.session.state.overlay == .whatsNew)
    #expect(harness.session.runner.backends.tracker.entries.isEmpty)
    #expect(harness.session.runner.backends.tracker.isSettled)
  }

  @Test("in a script, a tap is written before the command returns")
  func writesFinishInline() async throws {
    let harness = try await scripted(["--upgrade-from", "2.14.0"])
    harness.session.runner.boot()
    await harness.send("go settings")
    #expect(harness.session.state.choices.state(of: .theme).shown == "system", "the read is done, not loading")
    await harness.send("set theme dark")
    #expect(harness.session.runner.backends.tracker.entries.isEmpty)
    #expect(harness.session.state.choices.state(of: .theme).pendingWrites == 0)
    #expect(try await harness.store.setting(.theme) == "dark")
    #expect(harness.takeOutput().contains("Saved:"))
  }

  @Test("in a script, dismissing the tour records the version before the command returns")
  func dismissalFinishesInline() async throws {
    let harness = try await scripted(["--upgrade-from", "2.11.0"])
    harness.session.runner.boot()
    await harness.send("skip")
    #expect(harness.session.state.tour == nil)
    #expect(try await harness.store.seenThrough() == .version(Options.defaultAppVersion))
  }

  @Test("a held operation still waits: boot returns with it in flight, and release finishes it")
  func heldOperationWaits() async throws {
    let harness = try await scripted(["--upgrade-from", "2.11.0", "--fault", "boot=hold"])
    harness.session.runner.boot()
    #expect(!harness.session.state.isBooted)
    #expect(harness.session.runner.backends.tracker.entries.map(\.operation) == [.boot])
    harness.faults.release(.boot, target: nil)
    await harness.settle()
    #expect(harness.session.state.isBooted)
    #expect(harness.session.state.overlay == .whatsNew)
  }

  @Test("with the store on its own queue (a terminal), boot returns at once and finishes there")
  func ownQueueReturnsFirst() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"], placement: .ownQueue)
    harness.session.runner.boot()
    #expect(!harness.session.state.isBooted, "the store's answer cannot arrive while boot still runs on the main actor")
    #expect(harness.session.runner.backends.tracker.entries.map(\.operation) == [.boot])
    await harness.settle()
    #expect(harness.session.state.isBooted)
    #expect(harness.session.state.overlay == .whatsNew)
  }
}
