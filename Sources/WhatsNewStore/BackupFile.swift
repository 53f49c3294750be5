import CSQLite
import Glibc

/// Backup files: writing one from a live store, and vetting one before it replaces the store.
enum BackupFile {
  /// Writes a copy of `connection`'s database to a new file at `destination` (mode 0600).
  ///
  /// Refuses (``StoreError/Kind/destinationExists``) to overwrite an existing file unless it
  /// is empty (so a file made by `mktemp` works); throws ``StoreError/Kind/directoryMissing``
  /// when its directory does not exist. A failed backup removes the file it created.
  static func write(_ connection: SQLiteConnection, to destination: String) throws(StoreError) {
    let directory = StoreFile.parentDirectory(of: destination)
    guard StoreFile.isDirectory(directory) else {
      throw StoreError(
        kind: .directoryMissing, path: directory,
        description: "the directory \(directory) does not exist, so the backup \(destination) cannot be written; create it first")
    }
    let created = try StoreFile.create(destination, allowExisting: false, allowEmpty: true)
    do throws(StoreError) {
      let target = try SQLiteConnection(path: destination, flags: SQLITE_OPEN_READWRITE)
      try target.copy(from: connection)
    } catch {
      if created { unlink(destination) }
      throw error
    }
  }

  /// The backup at `source`, vetted and migrated, as a private in-memory database ready to
  /// be copied into the live store.
  ///
  /// The backup is opened read-only and vetted first: it must be a SQLite database that
  /// passes `PRAGMA integrity_check`, with a whatsnew schema between 1 and
  /// ``SettingsStore/currentSchemaVersion`` and that schema's tables. It is then copied into a temporary
  /// in-memory database and migrated there to ``SettingsStore/currentSchemaVersion``.
  /// A backup from before the seen-through record existed (schema 1) restores with no
  /// record (``SeenThroughRecord/none``), so that user gets the tour.
  ///
  /// An unusable file is
  /// refused with ``StoreError/Kind/notABackup`` or ``StoreError/Kind/newerSchema(found:supported:)``.
  static func vettedCopy(of source: String) throws(StoreError) -> SQLiteConnection {
    func refuse(_ reason: String) -> StoreError {
      StoreError(
        kind: .notABackup, path: source,
        description: "\(source) is not a whatsnew backup: \(reason); nothing was restored")
    }
    var info = stat()
    guard stat(source, &info) == 0 else { throw refuse(errorText(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw refuse("it is not a regular file") }

    let backup: SQLiteConnection
    let version: Int
    do throws(StoreError) {
      backup = try SQLiteConnection(path: source, flags: SQLITE_OPEN_READONLY)
      version = try backup.userVersion()
    } catch {
      throw refuse(error.reason ?? error.description)
    }
    if version > SettingsStore.currentSchemaVersion {
      throw StoreError(
        kind: .newerSchema(found: version, supported: SettingsStore.currentSchemaVersion), path: source,
        description:
          "\(source) was written by a newer whatsnew (schema \(version), this one knows \(SettingsStore.currentSchemaVersion)); "
          + "upgrade whatsnew to restore it; nothing was restored")
    }
    guard version >= 1 else { throw refuse("it holds no whatsnew schema (schema version 0)") }

    let pageSize: Int64
    do throws(StoreError) {
      let problems = try backup.query("PRAGMA integrity_check").compactMap { $0.first?.text }
      guard problems == ["ok"] else {
        throw refuse("the integrity check failed: \(problems.prefix(3).joined(separator: "; "))")
      }
      let tables = Set(try backup.query("SELECT name FROM sqlite_schema WHERE type = 'table'").compactMap { $0.first?.text })
      let missing = Migrations.tables(at: version).subtracting(tables)
      guard missing.isEmpty else {
        throw refuse("schema \(version) needs the tables \(missing.sorted().joined(separator: ", ")), which are missing")
      }
      pageSize = try backup.scalar("PRAGMA page_size")?.integer ?? 4096
    } catch  where error.kind == .notABackup {
      throw error
    } catch {
      throw refuse(error.reason ?? error.description)
    }

    // Migrate a private copy, never the backup file itself.
    let copy = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try copy.execute("PRAGMA page_size = \(pageSize)")
    do throws(StoreError) {
      try copy.copy(from: backup)
    } catch {
      throw refuse(error.reason ?? error.description)
    }
    try Migrations.migrate(copy)
    return copy
  }
}
