import CSQLite
import Glibc
import WhatsNewCore

// Backup and restore: writing a copy of the store, and replacing the store's rows with a
// vetted backup's.
extension SettingsStore {
  /// Writes a consistent copy of the whole store to a new file at `destination` (mode 0600)
  /// with SQLite's online backup API; other processes may keep using the store meanwhile.
  /// See ``BackupFile/write(_:to:)`` for what it refuses.
  ///
  /// Returns the files a killed backup to the same destination had left, which it removed.
  @discardableResult
  package func backup(to destination: String) throws(StoreError) -> [String] {
    try BackupFile.write(connection, to: destination)
  }

  /// Backs up the store file at `path` without opening it for writing (the `backup`
  /// subcommand): nothing is migrated or changed, and a store on a read-only file system, or
  /// in a directory this user cannot write, backs up as `sqlite3 .backup` would.
  @discardableResult
  package static func backup(storeAt path: String, to destination: String) throws(StoreError) -> [String] {
    try BackupFile.write(StoreFile.openForReading(path), to: destination)
  }

  /// Replaces the store's data with the backup at `source`, keeping the store's own schema,
  /// journal mode and pragmas.
  ///
  /// The file is read once (``BackupImage/read(_:)``), and those bytes, never the file again,
  /// are vetted in a private in-memory copy (``BackupVetting/vet(_:)``) and migrated there;
  /// then one write transaction on the live store empties each of its tables and copies in
  /// the copy's rows. Any refusal or failure leaves the live store untouched, and nothing is
  /// created beside the backup. Like the old whole-file restore, the store then holds the
  /// backup's seen-through record, even an older one: restoring is going back to that state.
  ///
  /// Returns what was left out as unknown or unreadable (``BackupValues``), in words.
  @discardableResult
  package func restore(from source: String) throws(StoreError) -> [String] {
    try restore(BackupImage.read(source))
  }

  /// ``restore(from:)`` from bytes already read.
  @discardableResult
  func restore(_ image: BackupImage) throws(StoreError) -> [String] {
    let vetted = try BackupVetting.vet(image)
    try StoreRestore.copyRows(of: vetted, into: connection)
    return vetted.dropped
  }
}

/// Copying a vetted backup's rows into the live store.
enum StoreRestore {
  /// The name the vetted copy is attached under while its rows are copied.
  private static let source = "restore_source"

  /// In one `BEGIN IMMEDIATE` transaction on `connection`: for each table of the current
  /// schema, deletes its rows and inserts the vetted copy's,
  /// naming the live table's columns. The live store's constraints check every row.
  /// The copy is attached in memory (`ATTACH ':memory:'`, then `sqlite3_deserialize`).
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
}
