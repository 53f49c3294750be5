import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// `qa explore` stays in its sandbox (issue 21): no run reaches outside its own store, an
/// exploration never starts another, its bounds are stated, and what a dead one left goes.
@Suite("qa explore stays in its sandbox")
@MainActor
struct ExplorationSandboxTests {
  /// The transcript with wrapped rows (and wrapped `#` comments) joined again.
  func flat(_ transcript: String) -> String {
    transcript.replacingOccurrences(of: "\n#   ", with: " ").replacingOccurrences(of: "\n", with: " ")
  }

  @Test("a script's backup, restore and qa explore lines are left out of every run, and named with their line numbers")
  func outsideLinesSkipped() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("script.txt")
    let outside = directory.path("outside.sqlite")
    try "next\nbackup \(outside)\nqa explore \(script)\n# a comment\nrestore \(outside)\nchoose 2\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    let transcript = flat(
      try await SessionHarness.transcript(of: ["qa explore \(script)"], arguments: ["--upgrade-from", "2.11.0"]))
    #expect(!FileManager.default.fileExists(atPath: outside), "no run wrote outside its directory")
    #expect(transcript.contains("Left out of every run, because they reach outside it"), "\(transcript)")
    #expect(transcript.contains("2 (backup \(outside))"), "\(transcript)")
    #expect(transcript.contains("3 (qa explore \(script))"), "\(transcript)")
    #expect(transcript.contains("5 (restore \(outside))"), "\(transcript)")
    #expect(transcript.contains("over the choices the script makes (1): no counterexample."), "\(transcript)")
  }

  @Test(
    "a session inside an exploration refuses what reaches outside it",
    arguments: ["backup x.sqlite", "restore x.sqlite", "qa explore", "QA Explore --navigation"])
  func insideRefuses(_ line: String) async throws {
    #expect(CommandTable.traits(ofLine: line).contains(.reachesOutside))
  }

  @Test(
    "commands that stay in the run are not taken for ones that reach outside",
    arguments: ["qa faults", "set theme dark", "backupx", "state"])
  func staysInside(_ line: String) async throws {
    #expect(!CommandTable.traits(ofLine: line).contains(.reachesOutside))
  }

  @Test("an exploration that would take more runs than its bound says so, and how to raise it")
  func boundedRuns() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("script.txt")
    try "next\nnext\nnext\nchoose reviewWeekday monday\n".write(toFile: script, atomically: true, encoding: .utf8)
    let transcript = flat(
      try await SessionHarness.transcript(of: ["qa explore --max-runs 3 \(script)"], arguments: ["--upgrade-from", "2.11.0"]))
    #expect(transcript.contains("more than the limit of 3; raise it with qa explore --max-runs <n>"), "\(transcript)")
    #expect(!transcript.contains("Runs explored"))
  }

  @Test("a script of more command lines than qa explore takes is refused, saying to split it")
  func boundedLines() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("long.txt")
    try String(repeating: "state\n", count: Explorer.maximumScriptLines + 1).write(
      toFile: script, atomically: true, encoding: .utf8)
    let transcript = flat(
      try await SessionHarness.transcript(of: ["qa explore \(script)"], arguments: ["--upgrade-from", "2.11.0"]))
    #expect(transcript.contains("The script has 2,001 command lines, more than the 2,000 qa explore takes"), "\(transcript)")
  }

  @Test("what an exploration of ours that died left is removed by the next; a live one's, or another name, is kept")
  func deadExplorationsCleaned() throws {
    let base = try TemporaryDirectory()
    let pidMax = Int32(
      (try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines))!
    let dead = base.path("whatsnew-explore.\(pidMax + 1).abc123")
    let live = base.path("whatsnew-explore.\(getpid()).def456")
    let other = base.path("something-else.\(pidMax + 1).x")
    for path in [dead, live, other] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }
    #expect(FileManager.default.createFile(atPath: dead + "/run-1.sqlite", contents: Data("x".utf8)))
    #expect(ExplorationDirectory.removeLeftovers(in: base.path) == 1)
    #expect(!FileManager.default.fileExists(atPath: dead))
    #expect(FileManager.default.fileExists(atPath: live))
    #expect(FileManager.default.fileExists(atPath: other))
  }

  @Test("a stop asked for (SIGTERM, SIGHUP) ends the exploration between runs, saying how far it got")
  func stops() async throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("script.txt")
    try "next\nnext\nnext\nchoose reviewWeekday monday\n".write(toFile: script, atomically: true, encoding: .utf8)
    let asked = StopAfter(runs: 2)
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"], stopRequested: { asked.ask() })
    let transcript = flat(await harness.transcript(of: ["qa explore \(script)"]))
    #expect(transcript.contains("Stopped, as asked, after 2 runs: no counterexample among them."), "\(transcript)")
  }
}

/// Says "stop" from the `runs + 1`-th time it is asked (once per run, before it).
final class StopAfter: Sendable {
  let runs: Int
  let asked = Mutex(0)
  init(runs: Int) { self.runs = runs }
  func ask() -> Bool {
    asked.withLock { count in
      count += 1
      return count > runs
    }
  }
}
