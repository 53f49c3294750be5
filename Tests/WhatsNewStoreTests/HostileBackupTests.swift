import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

/// A hostile backup: a whatsnew backup that `python3`'s `sqlite3` module changes in place
/// (its path is `sys.argv[1]`), and the words restore's refusal must contain.
struct HostileBackup: Sendable, CustomTestStringConvertible {
  var name: String
  var python: String
  var reason: String

  var testDescription: String { name }

  static let all: [HostileBackup] = [
    HostileBackup(
      name: "a trigger that moves the seen record back and empties the guidance seen-set",
      python: """
        c.executescript('''CREATE TRIGGER rewind AFTER INSERT ON settings BEGIN
          UPDATE whats_new SET seen_through = '0.0.1'; DELETE FROM guidance_seen; END;''')
        """, reason: "contains the trigger 'rewind'"),
    HostileBackup(
      name: "a trigger that silently undoes every saved setting",
      python: """
        c.executescript('''CREATE TRIGGER undo AFTER UPDATE ON settings BEGIN DELETE FROM settings; END;''')
        """, reason: "contains the trigger 'undo'"),
    HostileBackup(
      name: "a view",
      python: "c.executescript('CREATE VIEW peek AS SELECT * FROM settings;')",
      reason: "contains the view 'peek'"),
    HostileBackup(
      name: "a virtual table named settings",
      python: """
        c.executescript('''DROP TABLE settings; CREATE VIRTUAL TABLE settings USING fts4(key, value);''')
        """, reason: "its table 'settings' is a virtual table"),
    HostileBackup(
      name: "a settings table without its primary key",
      python: """
        c.executescript('''ALTER TABLE settings RENAME TO old; CREATE TABLE settings(key TEXT, value TEXT NOT NULL);
          INSERT INTO settings SELECT * FROM old; DROP TABLE old;''')
        """, reason: "its table 'settings' is not the one whatsnew's schema 5 creates"),
    HostileBackup(
      name: "a table whatsnew never creates",
      python: "c.executescript('CREATE TABLE extra(x);')",
      reason: "has a table 'extra' that whatsnew's schema 5 does not have"),
    HostileBackup(
      name: "an index whatsnew never creates",
      python: "c.executescript('CREATE INDEX by_value ON settings(value);')",
      reason: "contains the index 'by_value'"),
    HostileBackup(
      name: "a missing table",
      python: "c.executescript('DROP TABLE notifications;')",
      reason: "schema 5 needs the tables notifications, which are missing"),
    HostileBackup(
      name: "a name that would paint the terminal",
      python: "c.executescript('CREATE TRIGGER \"\\x1b[31mred\" AFTER INSERT ON settings BEGIN SELECT 1; END;')",
      reason: "contains the trigger '\\u{1B}[31mred'"),
    HostileBackup(
      name: "a schema version whatsnew never wrote",
      python: "c.executescript('PRAGMA user_version = -7;')",
      reason: "it holds no whatsnew schema (schema version -7; whatsnew writes 1 to 5)"),
    // Values whatsnew never writes (issue 21): restored, they showed as defaults and `check` said nothing.
    HostileBackup(
      name: "units that are no unit",
      python: "c.execute(\"UPDATE settings SET value = 'purple' WHERE key = 'app.units'\")",
      reason: "its setting units holds 'purple', which is not one of metric, imperial"),
    HostileBackup(
      name: "a theme holding an escape sequence",
      python: "c.execute(\"INSERT OR REPLACE INTO settings VALUES ('app.theme', char(27) || '[31mdark')\")",
      reason: "its setting theme holds '\\u{1B}[31mdark'"),
    HostileBackup(
      name: "onboarding complete: maybe",
      python: "c.execute(\"UPDATE app_state SET value = 'maybe' WHERE key = 'onboarding_complete'\")",
      reason: "its flag onboarding_complete holds 'maybe', not true or false"),
    HostileBackup(
      name: "a seen record that is not a version",
      python: "c.execute(\"UPDATE whats_new SET seen_through = 'yesterday'\")",
      reason: "its seen-through record holds 'yesterday', which is not a version"),
    HostileBackup(
      name: "a reminder at 25 o'clock",
      python: "c.execute(\"INSERT INTO notifications VALUES ('weekly-review', 'monday', 25, 0)\")",
      reason: "its reminder 'weekly-review' is not one whatsnew schedules"),
    HostileBackup(
      name: "thousands of guides seen",
      python: "c.executemany('INSERT INTO guidance_seen VALUES (?)', [('junk%d' % i,) for i in range(5000)])",
      reason: "its table guidance_seen holds 5000 rows, more than the 256 whatsnew ever writes there"),
    HostileBackup(
      name: "an emptied index (the integrity check fails)",
      python: """
        root = c.execute("SELECT rootpage FROM sqlite_schema WHERE name = 'sqlite_autoindex_settings_1'").fetchone()[0]
        size = c.execute('PRAGMA page_size').fetchone()[0]
        c.commit(); c.close()
        f = open(sys.argv[1], 'r+b'); f.seek((root - 1) * size + 3); f.write(b'\\x00\\x00'); f.close()
        c = sqlite3.connect(sys.argv[1])
        """, reason: "the integrity check failed"),
  ]
}

@Suite("restoring hostile backups")
struct HostileBackupTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A store with something in every table, seen through 2.14.0.
  func liveStore() async throws -> SettingsStore {
    let store = try SettingsStore(path: directory.path("live.sqlite"))
    try await store.setSetting(.theme, to: "dark")
    try await store.completeOnboarding(seenThrough: version("2.14.0"))
    try await store.markGuidanceSeen("finance_intro")
    try await store.saveNotification(StoredNotification(id: "weekly_review", weekday: "monday", hour: 18, minute: 0))
    return store
  }

  /// A whatsnew backup at `name` of a store with a setting and an old seen record.
  func goodBackup(_ name: String = "backup.sqlite") async throws -> String {
    let source = try SettingsStore(path: directory.path("source-\(name)"))
    try await source.setSetting(.units, to: "imperial")
    try await source.completeOnboarding(seenThrough: version("2.13.1"))
    let path = directory.path(name)
    try await source.backup(to: path)
    return path
  }

  struct Facts: Equatable {
    var settings: [Setting: String]
    var seen: SeenThroughRecord
    var guidance: Set<String>
    var notifications: [StoredNotification]
  }

  func facts(_ store: SettingsStore) async throws -> Facts {
    Facts(
      settings: try await store.allSettings(), seen: try await store.seenThrough(),
      guidance: try await store.guidanceSeenIDs(), notifications: try await store.allNotifications())
  }

  /// The objects in the store file's schema, and its journal mode, read on a connection of their own.
  func schema(of path: String) throws -> (objects: Set<BackupVetting.SchemaObject>, journal: String?) {
    let connection = try SQLiteConnection.openExisting(path)
    return (try BackupVetting.objects(connection), try connection.scalar("PRAGMA journal_mode")?.text)
  }

  func expectNothingBeside(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for suffix in ["-shm", "-wal", "-journal"] {
      #expect(!fileExists(path + suffix), "restore created \(path + suffix)", sourceLocation: sourceLocation)
    }
  }

  @Test(
    "a hostile backup is refused, names what is wrong, and leaves the store and its schema untouched",
    arguments: HostileBackup.all)
  func hostile(_ backup: HostileBackup) async throws {
    let live = try await liveStore()
    let before = try await facts(live)
    let schemaBefore = try schema(of: live.path)
    let path = try await goodBackup()
    try python(backup.python, path)

    let error = await storeError { () throws(StoreError) in try await live.restore(from: path) }
    #expect(error?.kind == .notABackup)
    #expect(error?.description.hasPrefix("\(path) is not a whatsnew backup: ") == true, "\(error?.description ?? "")")
    #expect(error?.description.contains(backup.reason) == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("\u{1B}") == false)
    #expect(try await facts(live) == before)
    #expect(try schema(of: live.path) == schemaBefore)
    expectNothingBeside(path)

    // What the issue saw: a trigger from the backup rewinding or undoing an ordinary write.
    try await live.setSetting(.units, to: "imperial")
    try await live.setSetting(.units, to: "metric")
    #expect(try await live.seenThrough() == .version(version("2.14.0")))
    #expect(try await live.guidanceSeenIDs() == ["finance_intro"])
    #expect(try await live.setting(.theme) == "dark")
  }

  @Test("rows whatsnew does not know, and values it cannot read, are left out and named; the rest is restored")
  func unknownRowsDropped() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python(
      """
      c.executemany('INSERT INTO settings VALUES (?, ?)', [('junk.%d' % i, 'x' * 4000) for i in range(2000)])
      c.execute("INSERT INTO settings VALUES ('app.language', 'xx')")
      c.execute("INSERT INTO app_state VALUES ('someone_elses_flag', 'true')")
      """, path)
    let dropped = try await live.restore(from: path)
    #expect(dropped.contains("2000 setting rows whatsnew does not know"), "\(dropped)")
    #expect(dropped.contains("app.language = 'xx', which this whatsnew cannot read"), "\(dropped)")
    #expect(dropped.contains("1 flag rows whatsnew does not know"), "\(dropped)")
    #expect(try await live.setting(.units) == "imperial", "the known rows came in")
    #expect(try await live.allSettings().count <= Setting.allCases.count)
    let connection = try SQLiteConnection.openExisting(live.path)
    #expect(try connection.scalar("SELECT count(*) FROM settings")?.integer ?? 0 < 20, "no junk row was copied")
  }

  /// Each row: a value planted in a backup's `settings` row (Python), and the start of how
  /// restore names it. Each is a value whatsnew never writes: a page id no release has.
  static let unwrittenValues: [(key: String, python: String, named: String)] = [
    ("app.tourPosition", "'2.13.1/\\x1b]0;PWN\\x07'", "app.tourPosition = '2.13.1/"),
    ("app.tourPosition", "'2.13.1/' + 'a' * 3000000", "app.tourPosition = '2.13.1/aaa"),
    ("app.tourRecap", "'theme\\tsystem\\t\\x1b[2J'", "app.tourRecap = 'theme"),
    ("app.tourRecap", "'theme\\tsystem\\tdark\\n' * 40000", "app.tourRecap = 'theme"),
  ]

  @Test("a tour position or recap whatsnew would never write is left out row by row, and named", arguments: unwrittenValues)
  func unwrittenValueDropped(key: String, python value: String, named: String) async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python("c.execute('INSERT INTO settings VALUES (?, ?)', ('\(key)', \(value)))", path)
    let dropped = try await live.restore(from: path)
    #expect(dropped.count == 1 && dropped[0].hasPrefix(named), "\(dropped)")
    #expect(dropped[0].utf8.count < 200 && !dropped[0].contains("\u{1B}"), "\(dropped)")
    let connection = try SQLiteConnection.openExisting(live.path)
    #expect(try connection.scalar("SELECT count(*) FROM settings WHERE key = ?", [.text(key)])?.integer == 0)
    #expect(try await live.setting(.units) == "imperial", "the rest came in")
  }

  @Test("a tour history row whatsnew never writes (more pages than a release can hold) is left out and named")
  func impossibleHistoryDropped() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python(
      """
      c.execute("INSERT INTO tour_history VALUES ('2.13.1', 9000000000000000000, 0, 0)")
      c.execute("INSERT INTO tour_history VALUES ('2.14.0', 3, 1, 0)")
      """, path)
    let dropped = try await live.restore(from: path)
    #expect(
      dropped == [
        "1 tour history rows whatsnew never writes (a release that is not a version, or more pages than a release can hold; the first: '2.13.1')"
      ])
    #expect(try await live.releaseShowings().map(\.release) == [version("2.14.0")])
  }

  @Test("the recap a tour kept comes back with the backup")
  func recapRestored() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python("c.execute('INSERT INTO settings VALUES (?, ?)', ('app.tourRecap', 'theme\\tsystem\\tdark'))", path)
    #expect(try await live.restore(from: path) == [])
    #expect(try await live.snapshot(notificationID: "weekly_review").recap == "theme\tsystem\tdark")
  }

  @Test("restore copies rows only: the store keeps its own schema, and writes afterwards behave")
  func copiesRowsOnly() async throws {
    let live = try await liveStore()
    let schemaBefore = try schema(of: live.path)
    let path = try await goodBackup()
    try await live.restore(from: path)
    #expect(try schema(of: live.path) == schemaBefore)
    #expect(try await live.setting(.units) == "imperial")
    #expect(try await live.setting(.theme) == "system")
    // The backup's record, even though it is older: restoring goes back to the backup's state.
    #expect(try await live.seenThrough() == .version(version("2.13.1")))
    #expect(try await live.allNotifications() == [])
    try await live.setSetting(.theme, to: "light")
    #expect(try await live.setting(.theme) == "light")
    #expect(try await live.integrityCheck() == [])
    expectNothingBeside(path)
  }

  @Test("a WAL-mode backup restores its data, the store stays in rollback-journal mode, nothing appears beside either")
  func walBackup() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python("c.execute('PRAGMA journal_mode = WAL'); c.execute(\"UPDATE settings SET value = 'metric'\")", path)
    #expect(!fileExists(path + "-wal"), "python's last connection checkpoints and removes the -wal file")
    #expect(try bytes(of: path)[18] == 2)
    let backupBytes = try bytes(of: path)

    try await live.restore(from: path)
    #expect(try await live.setting(.units) == "metric")
    #expect(try schema(of: live.path).journal == "delete")
    #expect(!fileExists(live.path + "-wal"))
    expectNothingBeside(path)
    #expect(try bytes(of: path) == backupBytes)
  }

  @Test("a WAL-mode backup whose -wal file still holds changes is refused, naming the -wal file")
  func walWithChanges() async throws {
    let live = try await liveStore()
    let before = try await facts(live)
    let path = try await goodBackup()
    // Copy the file and its -wal while a connection still has changes in the WAL.
    try python(
      """
      import shutil
      c.execute('PRAGMA journal_mode = WAL'); c.execute('PRAGMA wal_autocheckpoint = 0')
      c.execute("UPDATE settings SET value = 'metric'"); c.commit()
      shutil.copy(sys.argv[1], sys.argv[1] + '.copy'); shutil.copy(sys.argv[1] + '-wal', sys.argv[1] + '.copy-wal')
      """, path)
    let copy = path + ".copy"
    let error = await storeError { () throws(StoreError) in try await live.restore(from: copy) }
    #expect(error?.kind == .backupInUse)
    #expect(
      error?.description.contains("it is in WAL mode and \(copy)-wal still holds changes") == true, "\(error?.description ?? "")")
    #expect(try await facts(live) == before)
    #expect(!fileExists(copy + "-shm"))
  }

  @Test("a header that claims more pages than the file holds is refused, saying so")
  func forgedPageCount() async throws {
    let live = try await liveStore()
    let before = try await facts(live)
    let path = try await goodBackup()
    var forged = try bytes(of: path)
    forged.replaceSubrange(28..<32, with: [0, 0, 0x10, 0])  // 4096 pages
    try forged.write(to: URL(fileURLWithPath: path))

    let error = await storeError { () throws(StoreError) in try await live.restore(from: path) }
    #expect(error?.kind == .notABackup)
    #expect(
      error?.description.contains("its header claims 4096 pages of 4096 bytes, but the file holds") == true,
      "\(error?.description ?? "")")
    #expect(try await facts(live) == before)
  }

  @Test("a sparse file whose free list claims nearly all its pages restores its rows, and the store stays small")
  func forgedFreeList() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    // The issue's forgery, smaller: three free-list trunk pages appended to the backup list
    // leaf pages up to page 2048, and the file is extended to 2048 pages (8 MiB) without
    // writing them (a hole): 24 KiB on disk, a header and free list that agree with the
    // file's size, and an integrity check that passes. A page-by-page copy made the store 8 MiB.
    try python(
      """
      c.execute('VACUUM'); c.close()
      data = bytearray(open(sys.argv[1], 'rb').read())
      size = int.from_bytes(data[16:18], 'big'); pages = len(data) // size
      claimed, trunks = 2048, 3
      leaves = list(range(pages + trunks + 1, claimed + 1))
      for t in range(trunks):
          chunk = leaves[t * 1000:(t + 1) * 1000]
          following = pages + t + 2 if t + 1 < trunks else 0
          page = following.to_bytes(4, 'big') + len(chunk).to_bytes(4, 'big') + b''.join(n.to_bytes(4, 'big') for n in chunk)
          data += page + bytes(size - len(page))
      data[28:32] = claimed.to_bytes(4, 'big'); data[32:36] = (pages + 1).to_bytes(4, 'big')
      data[36:40] = (trunks + len(leaves)).to_bytes(4, 'big')
      with open(sys.argv[1], 'wb') as f:
          f.write(data); f.truncate(claimed * size)
      c = sqlite3.connect(sys.argv[1])
      assert c.execute('PRAGMA integrity_check').fetchall() == [('ok',)]
      """, path)
    #expect(try bytes(of: path).count == 2048 * 4096)

    try await live.restore(from: path)
    #expect(try await live.setting(.units) == "imperial")
    #expect(try bytes(of: live.path).count < 256 * 1024)
    #expect(try await live.integrityCheck() == [])
  }

  @Test("a file larger than the cap is refused with the cap in the message")
  func tooLarge() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    #expect(truncate(path, off_t(BackupImage.maximumSize + 4096)) == 0)
    let error = await storeError { () throws(StoreError) in try await live.restore(from: path) }
    #expect(error?.kind == .notABackup)
    #expect(error?.description.contains("more than the 16 MiB a whatsnew backup can be") == true, "\(error?.description ?? "")")
  }

  @Test("a FIFO is refused at once, without blocking")
  func fifo() async throws {
    let live = try await liveStore()
    let path = directory.path("fifo.sqlite")
    #expect(mkfifo(path, 0o600) == 0)
    let error = await storeError { () throws(StoreError) in try await live.restore(from: path) }
    #expect(error?.description.contains("it is a FIFO, not a regular file") == true, "\(error?.description ?? "")")
  }

  @Test("the bytes read are the bytes restored: a file replaced after the read changes nothing")
  func swappedAfterRead() async throws {
    // Restore reads the file once and vets and copies those bytes; nothing opens the file
    // again, so the only place a swap can land is after that read. Here it does, with a
    // hostile file (a trigger) and then with an empty database.
    let live = try await liveStore()
    let path = try await goodBackup()
    let image = try BackupImage.read(path)
    let hostile = try await goodBackup("hostile.sqlite")
    try python(HostileBackup.all[0].python, hostile)
    #expect(rename(hostile, path) == 0)

    try await live.restore(image)
    #expect(try await live.setting(.units) == "imperial")
    #expect(try schema(of: live.path).objects.allSatisfy { $0.type != "trigger" })
    try await live.setSetting(.theme, to: "light")
    #expect(try await live.seenThrough() == .version(version("2.13.1")))
  }

  @Test("a backup another process is writing is refused as locked, not as \"not a backup\"")
  func lockedByAnotherProcess() async throws {
    let live = try await liveStore()
    let before = try await facts(live)
    let path = try await goodBackup()
    let holder = try PythonHolder(
      """
      c.isolation_level = None
      c.execute('BEGIN EXCLUSIVE'); c.execute("UPDATE settings SET value = 'metric'")
      """, path)
    defer { holder.release() }
    let error = await storeError { () throws(StoreError) in try await live.restore(from: path) }
    #expect(error?.kind == .backupInUse)
    #expect(
      error?.description.contains("it is locked by another process that is writing to it") == true, "\(error?.description ?? "")")
    #expect(try await facts(live) == before)
  }

  @Test("a backup with a hot journal is refused, saying to open it with its owner first")
  func hotJournal() async throws {
    let live = try await liveStore()
    let before = try await facts(live)
    let path = try await goodBackup()
    // A writer killed mid-transaction, after its cache spilled into the file.
    try python(
      """
      import os
      c.isolation_level = None
      c.execute('PRAGMA cache_size = 1'); c.execute('BEGIN')
      for i in range(300): c.execute('INSERT INTO settings VALUES (?, ?)', ('k%d' % i, 'x' * 900))
      os._exit(0)
      """, path)
    #expect(fileExists(path + "-journal"))
    let error = await storeError { () throws(StoreError) in try await live.restore(from: path) }
    #expect(error?.kind == .backupInUse)
    #expect(error?.description.contains("it has a hot journal (\(path)-journal)") == true, "\(error?.description ?? "")")
    #expect(error?.description.contains("open it with that program first") == true)
    #expect(try await facts(live) == before)
  }
}

/// Runs `python3` with `script` after `import sqlite3, sys; c = sqlite3.connect(sys.argv[1])`,
/// then commits and closes.
func python(_ script: String, _ path: String) throws {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", pythonPrelude + script + "\nc.commit(); c.close()\n", path]
  let errors = Pipe()
  process.standardError = errors
  try process.run()
  process.waitUntilExit()
  let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  #expect(process.terminationStatus == 0, "python3 failed: \(message)")
}

private let pythonPrelude = "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\n"

/// A `python3` process that runs `script` on the database and then holds on (its locks too)
/// until released.
final class PythonHolder {
  private let process: Process
  private let input: Pipe

  init(_ script: String, _ path: String) throws {
    process = Process()
    input = Pipe()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", pythonPrelude + script + "\nprint('ready', flush=True)\nsys.stdin.read()\n", path]
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    // Wait until the script has run and holds what it took.
    _ = output.fileHandleForReading.readData(ofLength: 6)
  }

  func release() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
