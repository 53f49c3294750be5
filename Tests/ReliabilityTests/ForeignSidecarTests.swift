import Foundation
import TestSupport
import Testing

/// Files beside the store that are not its own (issue 21): a `-wal` or `-journal` another
/// database or another time left there is moved aside, never applied; the store's own hot
/// journal after a crash is still rolled back.
@Suite("Files beside the store")
struct ForeignSidecarTests {
  /// Runs a Python program with the sqlite3 module (a real SQLite writer, like another tool).
  func python(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", program] + arguments
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "python3 failed")
  }

  /// A store seeded as an upgrader who skipped the tour: seen through 2.14.0.
  func seededStore(_ directory: TemporaryDirectory) throws -> String {
    let path = directory.path("store.sqlite")
    let seeded = try runApp(["--db", path, "--upgrade-from", "2.11.0"] + contentArguments, script: "skip\nquit\n")
    #expect(seeded.status == 0, "\(seeded.errors)")
    return path
  }

  /// Another connection crashes mid-transaction (the process ends at once, as a kill would):
  /// its journal is hot, and its changes have already spilled into the file.
  static let crashMidTransaction = """
    import sqlite3, sys, os
    c = sqlite3.connect(sys.argv[1], isolation_level=None)
    c.execute("PRAGMA cache_size=1")
    c.execute("BEGIN")
    c.execute(sys.argv[2])
    c.execute("CREATE TABLE spill(x)")
    for i in range(400): c.execute("INSERT INTO spill VALUES (?)", (os.urandom(4000),))
    os._exit(0)
    """

  @Test("a stale write-ahead log beside the rollback-mode store is moved aside: the seen record does not move back")
  func staleWAL() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    // A copy of the store, switched to WAL mode, with the record moved back in its log.
    let other = directory.path("other.sqlite")
    try FileManager.default.copyItem(atPath: path, toPath: other)
    try python(
      """
      import sqlite3, sys, os
      c = sqlite3.connect(sys.argv[1], isolation_level=None)
      c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
      c.execute("UPDATE whats_new SET seen_through='2.11.0'")
      os._exit(0)
      """, [other])
    try FileManager.default.copyItem(atPath: other + "-wal", toPath: path + "-wal")

    let run = try runApp(["--db", path] + contentArguments, script: "state\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.states.first?["seenThrough"] as? String == "2.14.0", "the log was not applied")
    #expect(run.errors.contains("\(path)-wal does not belong to the settings store"), "\(run.errors)")
    #expect(run.errors.contains("rollback-journal mode"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(FileManager.default.fileExists(atPath: path + "-wal.set-aside-1"), "moved aside, never deleted")
  }

  /// Another database (a table of notes), in `directory`, left by a crash in the middle of
  /// `statement` with its hot journal.
  func otherDatabase(_ directory: TemporaryDirectory, crashingIn statement: String) throws -> String {
    let other = directory.path("other.sqlite")
    try python(
      """
      import sqlite3, sys
      c = sqlite3.connect(sys.argv[1], isolation_level=None)
      c.execute("CREATE TABLE notes(x)")
      for i in range(50): c.execute("INSERT INTO notes VALUES (?)", ("n" * 3000,))
      """, [other])
    try python(Self.crashMidTransaction, [other, statement])
    return other
  }

  @Test("another database's hot journal is moved aside: the store opens intact, unchanged")
  func foreignHotJournal() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    let other = try otherDatabase(directory, crashingIn: "DELETE FROM notes")
    #expect(FileManager.default.fileExists(atPath: other + "-journal"), "the crash left a hot journal")
    try FileManager.default.copyItem(atPath: other + "-journal", toPath: path + "-journal")

    let run = try runApp(["--db", path] + contentArguments, script: "state\ncheck\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.states.first?["seenThrough"] as? String == "2.14.0")
    #expect(run.output.contains("Consistent"), "\(run.output)")
    #expect(run.errors.contains("\(path)-journal does not belong to the settings store"), "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: path + "-journal.set-aside-1"))
    #expect(try integrity(path) == "ok")
  }

  @Test("the store's own crash mid-transaction is still rolled back, saying nothing about it")
  func ownCrashRecovers() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    try python(Self.crashMidTransaction, [path, "UPDATE whats_new SET seen_through='2.11.0'"])
    #expect(FileManager.default.fileExists(atPath: path + "-journal"), "the crash left a hot journal")

    let run = try runApp(["--db", path] + contentArguments, script: "state\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.states.first?["seenThrough"] as? String == "2.14.0", "the half-done transaction was rolled back")
    #expect(!run.errors.contains("does not belong"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: path + "-journal.set-aside-1"))
    #expect(try integrity(path) == "ok")
    #expect(try tables(path).contains("spill") == false, "the spilled table went with the rollback")
  }

  @Test("another database's hot journal that keeps no page 1 is tried on a copy and moved aside: the store is intact")
  func foreignJournalWithoutPageOne() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    // An update of one table's rows changes no page 1: the journal keeps none to compare.
    let other = try otherDatabase(directory, crashingIn: "UPDATE notes SET x = 'm' || x")
    try FileManager.default.copyItem(atPath: other + "-journal", toPath: path + "-journal")

    let run = try runApp(["--db", path, "--locale", "nl"] + contentArguments, script: "state\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.states.first?["seenThrough"] as? String == "2.14.0")
    #expect(run.errors.contains("\(path)-journal hoort niet bij de instellingenopslag"), "\(run.errors)")
    #expect(run.errors.contains("toegepast op een kopie van de opslag"), "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: path + "-journal.set-aside-1"), "moved aside, never deleted")
    #expect(try integrity(path) == "ok")
  }

  @Test("through a --db symbolic link, the journal beside the linked file (where SQLite looks) is the one checked")
  func journalBesideTheLinkedStore() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    let link = directory.path("link.sqlite")
    #expect(symlink(path, link) == 0)
    let other = try otherDatabase(directory, crashingIn: "DELETE FROM notes")
    try FileManager.default.copyItem(atPath: other + "-journal", toPath: path + "-journal")

    let run = try runApp(["--db", link] + contentArguments, script: "state\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.states.first?["seenThrough"] as? String == "2.14.0")
    #expect(run.errors.contains("\(path)-journal does not belong to the settings store"), "\(run.errors)")
    #expect(try integrity(path) == "ok")
  }

  @Test("a newer whatsnew's store keeps its own hot journal: rolled back, never moved aside, and the store refused as newer")
  func newerStoreKeepsItsJournal() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    try python(
      "import sqlite3, sys; sqlite3.connect(sys.argv[1], isolation_level=None).execute('PRAGMA user_version=99')", [path])
    try python(Self.crashMidTransaction, [path, "UPDATE whats_new SET seen_through='2.11.0'"])

    let run = try runApp(["--db", path] + contentArguments, script: "quit\n")
    #expect(run.status == 74, "\(run.errors)")
    #expect(run.errors.contains("newer whatsnew"), "\(run.errors)")
    #expect(!run.errors.contains("does not belong"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: path + "-journal.set-aside-1"))
    #expect(try integrity(path) == "ok")
  }

  @Test("a journal moved aside beside a store that is then refused is said too, with the refusal")
  func setAsideThenRefused() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = directory.path("store.sqlite")
    try Data(String(repeating: "not a database ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
    let journal: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7] + [UInt8](repeating: 1, count: 600)
    try Data(journal).write(to: URL(fileURLWithPath: path + "-journal"))

    let run = try runApp(["--db", path] + contentArguments, script: "quit\n")
    #expect(run.status == 74, "\(run.errors)")
    #expect(
      run.errors.contains(
        "\(path)-journal does not belong to the settings store: the store is not a SQLite database; moved it aside to "
          + "\(path)-journal.set-aside-1"), "\(run.errors)")
    #expect(run.errors.contains("not a usable whatsnew settings store"), "\(run.errors)")
  }

  /// Switches the store to WAL mode as another tool would, and returns a program that leaves
  /// uncheckpointed changes in a database's log (the process ends at once).
  static let walWithChanges = """
    import sqlite3, sys, os
    c = sqlite3.connect(sys.argv[1], isolation_level=None)
    c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
    c.execute(sys.argv[2])
    os._exit(0)
    """

  @Test("another WAL-mode database's log beside a WAL-mode store is tried on a copy and moved aside")
  func foreignWALBesideWALStore() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    try python("import sqlite3, sys; sqlite3.connect(sys.argv[1]).execute('PRAGMA journal_mode=WAL')", [path])
    let other = directory.path("other.sqlite")
    try python(Self.walWithChanges, [other, "CREATE TABLE notes(x)"])
    try FileManager.default.copyItem(atPath: other + "-wal", toPath: path + "-wal")

    let run = try runApp(["--db", path] + contentArguments, script: "state\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.states.first?["seenThrough"] as? String == "2.14.0")
    #expect(run.errors.contains("\(path)-wal does not belong to the settings store"), "\(run.errors)")
    #expect(FileManager.default.fileExists(atPath: path + "-wal.set-aside-1"))
    #expect(try tables(path).contains("notes") == false)
    #expect(try integrity(path) == "ok")
  }

  @Test("a WAL-mode store's own log is applied, saying nothing about it")
  func ownWALApplied() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    try python(Self.walWithChanges, [path, "UPDATE whats_new SET seen_through='2.15.0'"])
    #expect(FileManager.default.fileExists(atPath: path + "-wal"), "the log holds the change")

    let run = try runApp(["--db", path] + contentArguments, script: "state\nquit\n")
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.states.first?["seenThrough"] as? String == "2.15.0", "the store's own log was applied")
    #expect(!run.errors.contains("does not belong"), "\(run.errors)")
    #expect(!FileManager.default.fileExists(atPath: path + "-wal.set-aside-1"))
  }

  /// What is planted at a sidecar's name.
  enum Planted: String, CaseIterable { case fifo, directory, symlink }

  @Test(
    "a FIFO, a directory or a symbolic link at -journal, -wal or -shm is refused at once (exit 74), nothing followed",
    arguments: ["-journal", "-wal", "-shm"], Planted.allCases)
  func nonRegularSidecar(suffix: String, planted: Planted) throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-sidecar")
    let path = try seededStore(directory)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let sidecar = path + suffix
    let target = directory.path("someone-elses")
    try Data("not yours".utf8).write(to: URL(fileURLWithPath: target))
    switch planted {
    case .fifo: #expect(mkfifo(sidecar, 0o600) == 0)
    case .directory: try FileManager.default.createDirectory(atPath: sidecar, withIntermediateDirectories: false)
    case .symlink: #expect(symlink(target, sidecar) == 0)
    }

    // Killed after 20 s, not waited on for ever: a start that hangs fails here.
    let app = try RunningApp(["--db", path] + contentArguments)
    try? app.send("set theme dark\nquit\n")
    let run = app.finish(timeout: 20)
    #expect(!run.killed, "the start hung")
    #expect(run.status == 74, "exit \(run.status): \(run.errors)")
    #expect(run.errors.contains("\(sidecar), beside the settings store \(path), is not a regular file"), "\(run.errors)")
    #expect(run.errors.contains("remove it or move it away"), "\(run.errors)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the store is unchanged")
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "not yours")
  }

  func integrity(_ path: String) throws -> String { try query(path, "PRAGMA integrity_check") }
  func tables(_ path: String) throws -> String {
    try query(path, "SELECT group_concat(name) FROM sqlite_schema WHERE type='table'")
  }

  func query(_ path: String, _ sql: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])",
      path, sql,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
