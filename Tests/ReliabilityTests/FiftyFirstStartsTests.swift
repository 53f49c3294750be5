import Foundation
import TestSupport
import Testing

/// Many first starts at once on a new store path (a desktop session opening several
/// terminals, a test farm): the store is created in one step, so every start sees a whole
/// store or none, and each opens it (issue 35).
@Suite("Fifty first starts at once")
struct FiftyFirstStartsTests {
  @Test("fifty processes started at once on a new store all exit 0, and the store is whole and seeded once")
  func fiftyFirstStarts() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-fifty")
    let path = directory.path("store.sqlite")
    let script = directory.path("quit.txt")
    try Data("quit\n".utf8).write(to: URL(fileURLWithPath: script))
    let environment = appEnvironment([:])
    var processes: [(Process, URL)] = []
    // Every process is made first, then all are started together.
    for index in 0..<50 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = ["--db", path, "--upgrade-from", "2.11.0", "--script", script] + contentArguments
      process.environment = environment
      let errors = URL(fileURLWithPath: directory.path("errors.\(index)"))
      #expect(FileManager.default.createFile(atPath: errors.path, contents: nil))
      process.standardError = try FileHandle(forWritingTo: errors)
      process.standardOutput = FileHandle.nullDevice
      process.standardInput = FileHandle.nullDevice
      processes.append((process, errors))
    }
    for (process, _) in processes { try process.run() }
    for (process, errors) in processes {
      process.waitUntilExit()
      let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
      #expect(process.terminationStatus == 0, "exit \(process.terminationStatus): \(said)")
      #expect(!said.contains("SQLite error") && !said.contains("does not belong"), "\(said)")
    }
    let sidecars = ForeignSidecarTests()
    #expect(try sidecars.query(path, "PRAGMA user_version") == "5", "the schema is whole")
    #expect(try sidecars.query(path, "SELECT seen_through FROM whats_new") == "2.11.0", "seeded as asked, once")
    #expect(try sidecars.query(path, "SELECT value FROM app_state WHERE key = 'onboarding_complete'") == "true")
    #expect(try sidecars.integrity(path) == "ok")
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      .filter { $0.hasPrefix("store.sqlite") && $0 != "store.sqlite" }
    #expect(left.isEmpty, "nothing set aside or left over: \(left)")
  }
}
