import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// A QA delay longer than the way out would wait never keeps a script, or its `quit`, waiting:
/// the script goes on with the operation in flight, and leaving waits for it no longer than
/// for any write (5 s), then says what was not saved.
@Suite("A long QA delay never keeps the session from leaving")
@MainActor
struct LongDelayTests {
  @Test(
    "a script waits after a command for a delay up to the way out's 5 s, not for a longer one",
    arguments: [(5000, true), (5001, false), (600_000, false)])
  func waitsForShortDelaysOnly(milliseconds: Int, waitedFor: Bool) async throws {
    let (clock, tracker, gated) = try QuietPromptTests.delayedWrite(milliseconds: milliseconds)
    await tracker.waitUntilQuiet()  // the write now sleeps in its delay
    #expect(tracker.isSettledExceptLongDelays == !waitedFor, "the write and the one queued behind it")
    if !waitedFor {
      await tracker.waitUntilSettledExceptLongDelays()  // returns with both still in flight
      #expect(tracker.entries.count == 2)
    }
    clock.wakeSleepers()
    await tracker.waitUntilSettled()
    try await gated.value
  }

  /// The script as `whatsnew` runs it, the way out's deadline passed at once.
  func run(_ lines: [String], arguments: [String]) async throws -> String {
    let harness = try await SessionHarness(
      arguments: arguments, placement: .sharing(MainActor.sharedUnownedExecutor), clock: TestClock(holdingSleeps: true))
    let repl = REPL(
      session: harness.session, source: ArrayLineSource(lines), isInteractive: false, echoCommands: true,
      exitDeadline: {})
    await repl.run()
    return harness.takeOutput()
  }

  // The limits catch a session that never leaves (a held sleep is forever); they are generous
  // because in a full run the main actor these sessions share is busy with long walks.
  @Test("quit after a write delayed 600 s leaves, saying the write was not saved", .timeLimit(.minutes(5)))
  func delayedWriteThenQuit() async throws {
    let output = try await run(
      ["qa write=delay:600000", "set theme dark", "quit"], arguments: ["--upgrade-from", "2.14.0"])
    #expect(output.contains("whatsnew:home> quit"), "quit was read: \(output)")
    #expect(output.contains("Not saved: Theme (still saving after 5 seconds)."), "\(output)")
  }

  @Test("state, check and quit run with every read delayed 600 s", .timeLimit(.minutes(5)))
  func delayedReads() async throws {
    let output = try await run(
      ["state", "check", "quit"], arguments: ["--upgrade-from", "2.14.0", "--fault", "read=delay:600000"])
    #expect(output.contains(#""pending":[{"op":"read""#), "the read shows as in flight: \(output)")
    #expect(output.contains("Not known to agree while these are in flight"), "\(output)")
    #expect(output.contains("whatsnew:home> quit"), "\(output)")
  }
}
