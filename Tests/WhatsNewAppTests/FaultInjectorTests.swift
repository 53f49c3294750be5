import Testing
import WhatsNewApp

@Suite("Holding and releasing operations")
struct FaultInjectorTests {
  @Test("a released operation stops counting as held at once, so waiting for it to settle waits for it")
  func releaseClearsHeldAtOnce() async throws {
    let tracker = OperationTracker()
    let faults = FaultInjector(tracker: tracker, clock: SystemClock())
    faults.add(try FaultSpec.parse("write=hold"))
    let id = tracker.begin(.write, target: "theme")
    let gated = Task {
      try await faults.gate(.write, target: "theme", id: id)
      tracker.end(id)
    }
    // Wait until the write sits at the gate.
    while tracker.entries.first?.isHeld != true { await Task.yield() }
    #expect(tracker.isSettled, "a held operation alone counts as settled")

    #expect(faults.release(.write, target: nil) == 1)
    // Before the released task has had any chance to run again:
    #expect(!tracker.isSettled, "released, the write is pending again, not held")
    await tracker.waitUntilSettled()
    #expect(tracker.entries.isEmpty)
    try await gated.value
  }

  @Test("clear releases everything held the same way")
  func clearClearsHeld() async throws {
    let tracker = OperationTracker()
    let faults = FaultInjector(tracker: tracker, clock: SystemClock())
    faults.add(try FaultSpec.parse("read=hold"))
    let ids = (0..<3).map { _ in tracker.begin(.read, target: "units") }
    let gated = ids.map { id in
      Task {
        try await faults.gate(.read, target: "units", id: id)
        tracker.end(id)
      }
    }
    while tracker.entries.filter(\.isHeld).count < 3 { await Task.yield() }
    faults.clear()
    #expect(!tracker.isSettled)
    await tracker.waitUntilSettled()
    #expect(tracker.entries.isEmpty)
    for task in gated { try await task.value }
  }
}
