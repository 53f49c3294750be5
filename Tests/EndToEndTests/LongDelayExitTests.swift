import Foundation
import TestSupport
import Testing

/// A QA delay of ten minutes, for real: the built binary leaves within the way out's 5 s.
@Suite("A long delay never keeps the process alive past quit")
struct LongDelayExitTests {
  static let content = ClosedDescriptorTests.content

  @Test(
    "a script with a write or reads delayed 600 s exits within a few seconds of quit",
    arguments: [
      (["--upgrade-from", "2.14.0"], "qa write=delay:600000\nset theme dark\nquit\n", "Not saved: Theme"),
      (["--upgrade-from", "2.14.0", "--fault", "read=delay:600000"], "state\ncheck\nquit\n", "Not known to agree"),
    ])
  func exitsSoon(arguments: [String], script: String, says: String) throws {
    let directory = try TemporaryDirectory()
    let run = try SpawnedRun.run(
      Self.content + ["--db", directory.path("x.sqlite")] + arguments, input: .text(script), timeout: 30)
    #expect(!run.timedOut, "still running after \(run.seconds) s")
    #expect(run.seconds < 10, "took \(run.seconds) s")
    #expect(run.output.contains(says), "\(run.output)")
  }
}
