import CSQLite
import Glibc
import WhatsNewCore

// Backup and restore: writing a copy of the store, and replacing the store's rows with a
// vetted backup's.
extension SettingsStore {
  /// Writes a consistent copy of the store to a new file at `destination` while other
  /// processes may keep using the store (``BackupFile/write(_:to:placement:)``).
  @discardableResult
  package func backup(to destination: String) throws(StoreError) -> [String] {
    try BackupFile.write(connection, to: destination)
  }

  /// Backs up the store file at `path` without opening it for writing (the `backup`
  /// subcommand), as `sqlite3 .backup` would (``StoreFile/openForReading(_:)``).
  @discardableResult
  package static func backup(storeAt path: String, to destination: String) throws(StoreError) -> [String] {
    try BackupFile.write(StoreFile.openForReading(path), to: destination)
  }

  /// Replaces the store's rows with those of the backup at `source` (read once, then vetted:
  /// ``BackupImage``, ``BackupVetting``), keeping the store's own schema and pragmas, and
  /// returns what was left out as unknown or unreadable, in words. A refusal or failure leaves
  /// the store untouched. The seen-through record is the backup's, even an older one:
  /// restoring is going back to that state.
  @discardableResult
  package func restore(from source: String) throws(StoreError) -> [String] {
    let vetted = try BackupVetting.vet(BackupImage.read(source))
    try StoreRestore.copyRows(of: vetted, into: connection)
    return vetted.dropped
  }
}

/// Copying a vetted backup's rows into the live store.
package enum StoreRestore {
  /// The name the vetted copy is attached under while its rows are copied.
  private static let source = "restore_source"

  /// Replaces each table's rows with the vetted copy's (attached in memory), naming the live
  /// table's columns, in one transaction: the live store's constraints check every row.
  static func copyRows(of vetted: BackupVetting.Vetted, into connection: SQLiteConnection) throws(StoreError) {
    try connection.execute("ATTACH DATABASE ':memory:' AS \(source)")
    defer { try? connection.execute("DETACH DATABASE \(source)") }
    // Writable: `BEGIN IMMEDIATE` takes a write lock on every attached database, and a
    // read-only one refuses it. Nothing writes to it; it is a private copy in memory.
    try connection.deserialize(vetted.bytes, schema: source)
    do throws(StoreError) {
      try connection.writeTransaction { () throws(StoreError) in
        for table in Migrations.tables.sorted() {
          let columns = try connection.query("SELECT name FROM pragma_table_info(?, 'main')", [.text(table)])
            .compactMap { $0.first?.text }
          let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
          try connection.execute("DELETE FROM main.\(table)")
          try connection.execute("INSERT INTO main.\(table)(\(list)) SELECT \(list) FROM \(source).\(table)")
        }
      }
    } catch  where error.kind == .sqlite(code: SQLITE_CONSTRAINT) {
      throw BackupImage.refusal(
        vetted.path, "its rows break the store's rules (\(Quote.quoted(error.reason ?? error.description, limit: 160)))")
    } catch {
      throw error
    }
  }

  /// Restore on bytes, synchronously, into a new in-memory store: the property the
  /// `fuzz-restore` target checks (`FuzzProperties.restore`), through exactly the code
  /// ``SettingsStore/restore(from:)`` runs after reading the file. Throws the refusal restore
  /// would give; otherwise returns what is wrong with the store afterwards (its schema is not
  /// exactly whatsnew's, or `PRAGMA integrity_check` fails), or `nil`.
  package static func scratch(_ bytes: [UInt8], path: String) throws(StoreError) -> String? {
    let scratch = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try Migrations.migrate(scratch)
    let before = try BackupVetting.objects(scratch)
    try copyRows(of: BackupVetting.vet(BackupImage(bytes: bytes, path: path)), into: scratch)
    if try BackupVetting.objects(scratch) != before { return "restore changed the store's schema" }
    let problems = try scratch.integrityProblems()
    if !problems.isEmpty { return "the restored store fails the integrity check: \(problems.prefix(3))" }
    if try scratch.userVersion() != SettingsStore.currentSchemaVersion { return "restore changed the schema version" }
    return nil
  }
}
