import Foundation
import Glibc
import TestSupport
import Testing

/// Started by cron or a supervisor, the app may get no standard input at all (`whatsnew <&-`).
@Suite("Started with a standard descriptor closed")
struct ClosedDescriptorTests {
  static let content = [
    "--releases", RepositoryPaths.releases, "--localizations", RepositoryPaths.localizations, "--color", "never",
  ]

  @Test("with standard input closed, the session reads an empty script and leaves as quit does")
  func closedStandardInput() throws {
    let directory = try TemporaryDirectory()
    let run = try SpawnedRun.run(
      Self.content + ["--db", directory.path("x.sqlite")], input: .closed, timeout: 20)
    #expect(!run.timedOut, "still running after \(run.seconds) s: it read its own signal pipe as standard input")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("Setting up comes back next time"), "\(run.output)")
    #expect(run.errors.isEmpty, "\(run.errors)")
  }
}
