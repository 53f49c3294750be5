import Foundation
import Glibc
import TestSupport
import Testing

@Suite("SIGTERM ends a piped script the way quit does")
struct ScriptTerminationTests {
  @Test("SIGTERM while a script waits for its next line: leaves at once with 143, runs no more lines")
  func sigtermWhileWaitingForInput() throws {
    let directory = try TemporaryDirectory()
    var environment = ProcessInfo.processInfo.environment
    for key in ["NO_COLOR", "WHATSNEW_DB", "WHATSNEW_FAULTS", "LC_ALL"] { environment[key] = nil }
    environment["LANG"] = "C.UTF-8"
    environment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
    let child = try PipedProcess(
      RepositoryPaths.executable, ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.12.0"],
      environment: environment)
    defer { if child.process.isRunning { kill(child.process.processIdentifier, SIGKILL) } }
    try child.input.write(contentsOf: Data("choose 2\nstate\n".utf8))
    // Wait for the state line: the script has run up to the end of what it was given, and
    // now waits for more, stdin still open.
    var output = Data()
    let started = Date()
    while !String(decoding: output, as: UTF8.self).contains(#""workoutView":"inline""#),
      Date().timeIntervalSince(started) < 20
    {
      var poller = pollfd(fd: child.output.fileDescriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) >= 0 else { break }
      guard poller.revents != 0 else { continue }
      let chunk = child.output.availableData
      guard !chunk.isEmpty else { break }
      output.append(chunk)
    }
    #expect(child.process.isRunning, "the script waits for its next line")
    kill(child.process.processIdentifier, SIGTERM)
    let deadline = Date().addingTimeInterval(10)
    while child.process.isRunning && Date() < deadline { usleep(10_000) }
    guard !child.process.isRunning else {
      Issue.record("the script did not stop")
      return
    }
    #expect(child.process.terminationReason == .exit, "it left by itself, not killed by the signal")
    #expect(child.process.terminationStatus == 143)
    let state = try runWhatsNew(["--db", directory.path("x.sqlite")], input: "state\n").output
    #expect(state.contains(#""workoutView":"inline""#))
  }
}
