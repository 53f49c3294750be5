import Foundation
import Glibc
import TestSupport
import Testing

/// A start can get stuck where no code of the app runs: the C library reading a `TZ` file, a
/// wait for another program's lock. A `TZ` file is checked before anything reads it, and
/// SIGTERM ends a start that is stuck all the same.
@Suite("A stuck start")
struct StuckStartTests {
  static let content = ClosedDescriptorTests.content

  @Test("TZ naming a FIFO is refused once on stderr, and times are in UTC; the session runs to its end")
  func timeZoneFIFO() throws {
    let directory = try TemporaryDirectory()
    let fifo = directory.path("zone")
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = try SpawnedRun.run(
      Self.content + ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0"],
      input: .text("go review\nstate\nquit\n"), environment: ["TZ": ":" + fifo], timeout: 20)
    #expect(!run.timedOut, "still running after \(run.seconds) s: stuck in tzset on the FIFO")
    #expect(run.status == 0, "\(run.errors)")
    let notice = "the time zone file \(fifo) (named by TZ) was not read"
    #expect(run.errors.components(separatedBy: notice).count == 2, "said once: \(run.errors)")
    #expect(run.output.contains(#"T18:00:00Z""#), "the reminder in UTC: \(run.output)")
  }

  @Test("SIGTERM while the start waits for another program's lock ends it at once with 143")
  func sigtermDuringLockWait() throws {
    let directory = try TemporaryDirectory()
    let store = directory.path("x.sqlite")
    _ = try runWhatsNew(["--db", store], input: "quit\n")
    let holder = try SQLiteLockHolder(store)
    defer { holder.release() }
    let run = try SpawnedRun.run(
      Self.content + ["--db", store, "--lock-wait", "60"], input: .text("state\n"), timeout: 30,
      signal: (after: "is in use by another program", number: SIGTERM))
    #expect(!run.timedOut, "still waiting for the lock after \(run.seconds) s")
    #expect(run.status == 143, "\(run.errors)")
    #expect((run.signalledAfter ?? 99) < 5, "ended \(run.signalledAfter ?? -1) s after SIGTERM")
  }
}
