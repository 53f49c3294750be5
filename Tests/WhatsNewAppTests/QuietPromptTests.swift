import Foundation
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewStore

/// The prompt at a terminal waits for the command's work itself, not for a timer: it comes
/// back once nothing left in flight will finish soon (issue 20, "no sleeps in the loop").
@Suite("The prompt waits on the work, not on a timer")
struct QuietPromptTests {
  /// A write of the theme slowed by `qa delay` for `milliseconds` on a clock that holds its
  /// sleeps, and a second write queued behind it; the task ends both once the delay is over.
  static func delayedWrite(milliseconds: Int) throws -> (
    clock: TestClock, tracker: OperationTracker, gated: Task<Void, any Error>
  ) {
    let clock = TestClock(holdingSleeps: true)
    let tracker = OperationTracker()
    let faults = FaultInjector(tracker: tracker, clock: clock)
    faults.add(try FaultSpec.parse("write=delay:\(milliseconds)"))
    let id = tracker.begin(.write, target: "theme")
    let behind = tracker.begin(.write, target: "theme", blockedBy: id)
    let gated = Task {
      try await faults.gate(.write, target: "theme", id: id)
      tracker.end(id)
      tracker.end(behind)
    }
    return (clock, tracker, gated)
  }

  @Test("an operation slowed by qa delay makes the tracker quiet but not settled, until it ends")
  func delayedIsQuiet() async throws {
    let (clock, tracker, gated) = try Self.delayedWrite(milliseconds: 5000)
    await tracker.waitUntilQuiet()
    #expect(tracker.entries.map(\.isDelayed) == [true, false], "the first is slowed; the second waits behind it")
    #expect(!tracker.isSettled, "a script would still wait for it")
    clock.wakeSleepers()
    await tracker.waitUntilSettled()
    #expect(tracker.entries.isEmpty)
    try await gated.value
  }

  @Test("an operation that runs normally is waited for: quiet means it has ended")
  func runningIsWaitedFor() async throws {
    let tracker = OperationTracker()
    let id = tracker.begin(.read, target: "units")
    let finisher = Task {
      await Task.yield()
      tracker.end(id)
    }
    await tracker.waitUntilQuiet()
    #expect(tracker.entries.isEmpty, "nothing stood in its way, so the prompt waited for it")
    await finisher.value
  }

  @Test("a write that waits on another program's lock makes the tracker quiet; it lands once the lock goes")
  func lockWaitIsQuiet() async throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-quiet")
    let path = directory.path("store.sqlite")
    let store = try SettingsStore(path: path)
    // A loaded machine may take a while to end the lock holder: the write waits long enough.
    await store.setLockTimeout(milliseconds: 60_000)
    let tracker = OperationTracker()
    let backends = Backends(
      store: store, faults: FaultInjector(tracker: tracker, clock: SystemClock()), tracker: tracker, clock: SystemClock(),
      timeZone: TimeZone(identifier: "UTC")!)
    let holder = try SQLiteLockHolder(path)
    let id = tracker.begin(.write, target: "theme")
    let write = Task {
      defer { tracker.end(id) }
      return try await backends.write(.theme, "dark", id: id)
    }
    await tracker.waitUntilQuiet()
    #expect(tracker.entries.count == 1, "the write is still waiting for the lock")
    holder.release()
    _ = try await write.value
    #expect(try await store.setting(.theme) == "dark")
  }
}
