import Foundation
import Glibc
import TestSupport
import Testing

/// Another process holds the store's lock (Python's sqlite3 in `BEGIN EXCLUSIVE`), or the
/// store file cannot be written: start-up says so and what to do (issue 16).
@Suite("A busy or read-only store")
struct BusyStoreTests {
  func seededStore() throws -> (TemporaryDirectory, String) {
    let directory = try TemporaryDirectory(prefix: "whatsnew-busy")
    let path = directory.path("store.sqlite")
    let seeded = try runApp(["--db", path, "--upgrade-from", "2.11.0"] + contentArguments, script: "quit\n")
    #expect(seeded.status == 0)
    return (directory, path)
  }

  @Test("a lock held past --lock-wait: one message at once, then exit 75 (try again), the store untouched")
  func lockOutlastsTheWait() throws {
    let (directory, path) = try seededStore()
    _ = directory
    let before = FileManager.default.contents(atPath: path)
    let holder = try SQLiteLockHolder(path)
    defer { holder.release() }
    let started = Date()
    let run = try runApp(["--db", path, "--lock-wait", "1"] + contentArguments, script: "set theme dark\nstate\nquit\n")
    #expect(run.status == 75, "exit \(run.status): \(run.errors)")
    #expect(Date().timeIntervalSince(started) < 4, "waited about the second asked for, not SQLite's 5 s more")
    #expect(
      run.errors.contains(
        "whatsnew: the settings store \(path) is in use by another program (another whatsnew, or sqlite3); waiting up to 1 s"),
      "\(run.errors)")
    #expect(run.errors.contains("is still in use by another program (another whatsnew, or sqlite3) after 1 s; try again"))
    #expect(!run.errors.contains("\r"), "no countdown in a script's log")
    #expect(!run.output.contains("{\"screen\""), "the app did not run")
    holder.release()
    #expect(FileManager.default.contents(atPath: path) == before)
  }

  @Test("a lock released during the wait: the app starts and the script runs")
  func lockClearsDuringTheWait() throws {
    let (directory, path) = try seededStore()
    _ = directory
    let holder = try SQLiteLockHolder(path)
    let app = try RunningApp(["--db", path, "--lock-wait", "30"] + contentArguments)
    #expect(app.waitForErrors { $0.contains("is in use by another program") })
    holder.release()
    try app.send("set theme dark\nstate\nquit\n")
    let run = app.finish()
    #expect(run.status == 0, "exit \(run.status): \(run.errors)")
    #expect(run.output.contains(#""theme":"dark""#))
  }

  @Test("a store file that cannot be written is refused at start with 74, naming the file and why")
  func readOnlyFile() throws {
    let (directory, path) = try seededStore()
    _ = directory
    guard let unlock = makeReadOnly(path, mode: 0o400) else { return }
    defer { unlock() }
    let run = try runApp(["--db", path] + contentArguments, script: "set theme dark\nquit\n")
    #expect(run.status == 74, "exit \(run.status): \(run.errors)")
    #expect(
      run.errors.contains("the settings store \(path) cannot be written (SQLite could open it only read-only)"),
      "\(run.errors)")
    #expect(!run.output.contains("Saved"), "no tap was tried")
  }
}
