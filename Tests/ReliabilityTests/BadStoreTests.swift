import Foundation
import TestSupport
import Testing
import WhatsNewStore

@Suite("Bad stores: exit 74, a clear message, the file untouched")
struct BadStoreTests {
  /// Runs the app on `database` and checks the refusal.
  func expectRefusal(_ database: String, cause: [String], file: String? = nil) throws {
    let before = file.flatMap { FileManager.default.contents(atPath: $0) }
    let run = try runApp(["--db", database] + contentArguments, script: "state\nset theme dark\nquit\n")
    #expect(run.status == 74, "exit \(run.status); stderr: \(run.errors)")
    #expect(
      run.errors.contains(database) || run.errors.contains((database as NSString).deletingLastPathComponent),
      "the message names no path: \(run.errors)")
    #expect(cause.contains { run.errors.lowercased().contains($0) }, "the message gives no cause (\(cause)): \(run.errors)")
    #expect(!run.output.contains("{\"screen\""), "the app ran anyway")
    if let file {
      #expect(FileManager.default.contents(atPath: file) == before, "the file was changed")
    }
  }

  @Test("a corrupt file")
  func corrupt() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    let path = directory.path("store.sqlite")
    var bytes = Array("SQLite format 3\0".utf8)
    var generator = SystemRandomNumberGenerator()
    bytes += (0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    try expectRefusal(path, cause: ["not a usable", "not a database", "malformed", "corrupt"], file: path)
    #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
  }

  @Test("a file that is not SQLite at all")
  func notSQLite() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    let path = directory.path("store.sqlite")
    _ = FileManager.default.createFile(atPath: path, contents: Data(String(repeating: "not a database\n", count: 400).utf8))
    try expectRefusal(path, cause: ["not a usable", "not a database"], file: path)
  }

  @Test("a store from a newer schema (user_version 99)")
  func newerSchema() async throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    let path = directory.path("store.sqlite")
    do {
      let store = try SettingsStore(path: path)
      try await store.setSetting(.theme, to: "dark")
    }
    // PRAGMA user_version is the big-endian 32-bit integer at offset 60 of the header.
    var bytes = [UInt8](FileManager.default.contents(atPath: path)!)
    bytes.replaceSubrange(60..<64, with: [0, 0, 0, 99])
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    try expectRefusal(path, cause: ["newer"], file: path)
  }

  @Test("--db naming a directory says it is one, and which file to pass instead (issue 22)")
  func directoryAsStore() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    try expectRefusal(directory.path, cause: ["is a directory; pass a file in it with --db"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [], "nothing was created in it")
  }

  @Test("--db with an empty path says the path is empty")
  func emptyPath() throws {
    let run = try runApp(["--db", ""] + contentArguments, script: "quit\n")
    #expect(run.status == 74, "exit \(run.status): \(run.errors)")
    #expect(run.errors.contains("the settings store's path is empty"), "\(run.errors)")
  }

  @Test("a missing parent directory")
  func missingDirectory() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    let path = directory.path("missing/deeper/store.sqlite")
    try expectRefusal(path, cause: ["does not exist"])
    #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
  }

  @Test("a store path that is a FIFO or a device is refused at once, never waited on")
  func notARegularFile() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    let fifo = directory.path("store.sqlite")
    #expect(mkfifo(fifo, 0o600) == 0)
    try expectRefusal(fifo, cause: ["not a regular file"])
    let link = directory.path("zero.sqlite")
    #expect(symlink("/dev/zero", link) == 0)
    try expectRefusal(link, cause: ["not a regular file"])
  }

  @Test("a symbolic link planted at the default store path is refused, and its target left alone")
  func plantedLinkAtTheDefaultPath() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    let state = directory.path("state/whatsnew")
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    let target = directory.path("someone-elses.sqlite")
    try Data("not yours".utf8).write(to: URL(fileURLWithPath: target))
    #expect(symlink(target, state + "/whatsnew.sqlite") == 0)
    let run = try runApp(
      contentArguments, script: "set theme dark\nquit\n", environment: ["XDG_STATE_HOME": directory.path("state")])
    #expect(run.status == 74, "exit \(run.status): \(run.errors)")
    #expect(run.errors.contains("is a symbolic link where whatsnew keeps its own file"), "\(run.errors)")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "not yours")
  }

  @Test("a store in a read-only directory")
  func readOnlyDirectory() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-bad")
    let folder = directory.path("ro")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let path = folder + "/store.sqlite"
    let seeded = try runApp(["--db", path, "--upgrade-from", "2.11.0"] + contentArguments, script: "quit\n")
    #expect(seeded.status == 0)
    guard let unlock = makeReadOnly(folder, mode: 0o500) else { return }
    defer { unlock() }
    try expectRefusal(path, cause: ["read-only", "permission", "not permitted", "cannot write"], file: path)
  }
}

/// Runs a command; returns its exit status.
@discardableResult
func shell(_ arguments: String...) -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  do { try process.run() } catch { return -1 }
  process.waitUntilExit()
  return process.terminationStatus
}
