import Foundation
import Glibc
import TestSupport
import Testing

/// The line history is written at exit through a temporary file and a rename: a write that
/// fails keeps the old history, a history the next start would refuse is never written, and
/// one that was refused is kept aside, never overwritten.
@Suite("The line history is never lost", .serialized)
struct HistorySafetyTests {
  let directory: TemporaryDirectory
  var historyPath: String { directory.path("state/whatsnew/history") }

  init() throws {
    directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.path("state/whatsnew"), withIntermediateDirectories: true)
  }

  /// The app on a pseudo-terminal (a user upgrading from 2.13.1); `limit` caps the size of
  /// any file it writes (RLIMIT_FSIZE, SIGXFSZ ignored: a write past it fails with EFBIG,
  /// as one on a full disk fails with ENOSPC).
  func start(fileSizeLimit limit: Int? = nil) throws -> PseudoTerminal {
    let environment = InteractiveTerminalTests.environment(in: directory)
    let arguments = [
      "--db", directory.path("x.sqlite"), "--upgrade-from", "2.13.1", "--color", "never", "--releases",
      RepositoryPaths.releases, "--localizations", RepositoryPaths.localizations,
    ]
    guard let limit else {
      return try PseudoTerminal(executable: RepositoryPaths.executable, arguments: arguments, environment: environment)
    }
    return try PseudoTerminal(
      executable: "/bin/sh",
      arguments: ["-c", "trap '' XFSZ; exec prlimit --fsize=\(limit) \"$0\" \"$@\"", RepositoryPaths.executable]
        + arguments,
      environment: environment)
  }

  /// A history file as libedit writes it: its header, then one escaped line per entry.
  func plantHistory(_ lines: [String]) throws -> Data {
    let data = Data((["_HiStOrY_V2_"] + lines).map { $0 + "\n" }.joined().utf8)
    try data.write(to: URL(fileURLWithPath: historyPath))
    return data
  }

  @Test("a history write that fails (as on a full disk) keeps the old 901-line history and says so")
  func failedWriteKeepsTheOldHistory() throws {
    // The store first, under no limit: only the history is written past it.
    _ = try runWhatsNew(["--db", directory.path("x.sqlite"), "--upgrade-from", "2.13.1"], input: "quit\n")
    let old = try plantHistory(
      (1...901).map { "state\\040settings.theme\\040#\($0)\\040" + String(repeating: "x", count: 70) })
    let terminal = try start(fileSizeLimit: 80 * 1024)
    try terminal.waitFor("whatsnew:tour 1/2> ")
    try terminal.press("qa faults\r", until: "No faults.")
    let end = terminal.mark
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: historyPath)) == old, "the 901 lines are all there")
    let said = try terminal.waitFor("The previous history there was kept", after: end, timeout: 1)
    #expect(said.contains("the line history was not saved to \(historyPath)"), "\(said)")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path("state/whatsnew"))
    #expect(left == ["history"], "no temporary file left behind: \(left)")
  }

  @Test("a history too large to load is kept aside, and the session's own long lines never make one")
  func refusedHistoryIsKeptAside() throws {
    // 45 long pasted lines, as an older version wrote them: 4.5 MB, over the 4 MiB a start loads.
    let old = try plantHistory((1...45).map { "help\\040" + String(repeating: "\($0 % 10)", count: 100_000) })
    let terminal = try start()
    let refused = historyPath + ".refused"
    try terminal.waitFor("It was moved aside to \(refused)")
    try terminal.waitFor("whatsnew:tour 1/2> ")
    // A paste longer than the history keeps runs, but is not kept.
    let paste = "state " + String(repeating: "y", count: 1500)
    try terminal.press(paste + "\r", until: "whatsnew:tour 1/2> ")
    try terminal.press("qa faults\r", until: "No faults.")
    terminal.type("quit\r")
    #expect(terminal.waitForExit() == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: refused)) == old, "the refused history is kept as it was")
    let saved = try String(contentsOfFile: historyPath, encoding: .utf8)
    #expect(saved.contains("qa\\040faults"), "\(saved.prefix(300))")
    #expect(!saved.contains("yyyy"), "the paste is not kept")
    #expect(saved.split(separator: "\n").allSatisfy { $0.utf8.count <= 4 * 1000 })
  }
}
