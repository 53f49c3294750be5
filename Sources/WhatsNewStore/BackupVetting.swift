import CSQLite
import WhatsNewCore

/// Vetting a backup before restore copies its rows, in a private in-memory copy of the bytes
/// read once (``BackupImage``). A backup holds data only: its schema must be, object for
/// object, the one ``Migrations`` create at its `user_version` (no trigger, view, virtual
/// table or index whatsnew never creates), and `PRAGMA integrity_check` must pass. The copy
/// is then migrated to the current schema; restore copies rows from its bytes.
enum BackupVetting {
  /// A vetted backup: the private copy, migrated to ``SettingsStore/currentSchemaVersion``.
  struct Vetted: Sendable {
    /// The path the backup was read from, for messages.
    let path: String
    /// The migrated copy's bytes.
    let bytes: [UInt8]
    /// What was dropped from the copy as unknown or unreadable (``BackupValues``), in words.
    var dropped: [String] = []
  }

  /// Vets `image` and returns its migrated private copy, or throws naming the first problem.
  static func vet(_ image: BackupImage) throws(StoreError) -> Vetted {
    let path = image.path
    // A private, writable in-memory copy of the bytes. Schema text is not trusted: no function
    // a view or trigger names may run (`trusted_schema = OFF`).
    let copy = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try copy.execute("PRAGMA trusted_schema = OFF")
    let version: Int
    do throws(StoreError) {
      try copy.deserialize(image.bytesInRollbackMode)
      version = try copy.userVersion()
    } catch {
      throw sqliteRefusal(path, error)
    }
    let current = SettingsStore.currentSchemaVersion
    if version > current {
      throw StoreError(
        kind: .newerSchema(found: version, supported: current), path: path,
        description: "\(path) was written by a newer whatsnew (schema \(version), this one knows \(current)); "
          + "upgrade whatsnew to restore it; nothing was restored")
    }
    guard version >= 1 else {
      throw BackupImage.refusal(
        path, "it holds no whatsnew schema (schema version \(version); whatsnew writes 1 to \(current))")
    }
    do throws(StoreError) {
      if let problem = try schemaProblem(copy, version: version) { throw BackupImage.refusal(path, problem) }
      let problems = try copy.integrityProblems()
      guard problems.isEmpty else {
        throw BackupImage.refusal(
          path, "the integrity check failed: \(problems.prefix(3).map { Quote.quoted($0) }.joined(separator: "; "))")
      }
      try Migrations.migrate(copy)
      let dropped = try BackupValues.vet(copy, path: path)
      return Vetted(path: path, bytes: try copy.serialize(), dropped: dropped)
    } catch  where error.kind == .notABackup {
      throw error
    } catch {
      throw sqliteRefusal(path, error)
    }
  }

  /// A refusal for a SQLite failure while reading the backup, with SQLite's words quoted
  /// (a hostile file's names can appear in them).
  private static func sqliteRefusal(_ path: String, _ error: StoreError) -> StoreError {
    BackupImage.refusal(path, "SQLite cannot read it: \(Quote.quoted(error.reason ?? error.description, limit: 160))")
  }

  // MARK: The schema

  /// One row of `sqlite_schema`.
  struct SchemaObject: Hashable, Sendable {
    var type: String
    var name: String
    var table: String
    var sql: String?
  }

  /// The objects in `connection`'s `main` schema.
  static func objects(_ connection: SQLiteConnection) throws(StoreError) -> Set<SchemaObject> {
    Set(
      try connection.query("SELECT type, name, tbl_name, sql FROM sqlite_schema").map { row in
        SchemaObject(type: row[0].text ?? "", name: row[1].text ?? "", table: row[2].text ?? "", sql: row[3].text)
      })
  }

  /// What differs between `connection`'s schema and the one whatsnew creates at `version`,
  /// worded for people, or `nil` when they are the same.
  static func schemaProblem(_ connection: SQLiteConnection, version: Int) throws(StoreError) -> String? {
    // What whatsnew creates: a fresh database migrated to `version`.
    let fresh = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try Migrations.migrate(fresh, to: version)
    let expected = try objects(fresh)
    let actual = try objects(connection)
    if actual == expected { return nil }
    let expectedNames = Dictionary(expected.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let extras = actual.subtracting(expected).sorted { ($0.type, $0.name) < ($1.type, $1.name) }
    // The dangerous ones first: code that would run in the store, or tables that are not tables.
    for object in extras where object.type == "trigger" || object.type == "view" {
      return "it contains the \(object.type) \(Quote.quoted(object.name)), which whatsnew never creates "
        + "(a backup holds data only)"
    }
    for object in extras where object.type == "table" && isVirtual(object.sql) {
      return "its table \(Quote.quoted(object.name)) is a virtual table, which whatsnew never creates"
    }
    let missing = Set(expected.filter { $0.type == "table" }.map(\.name))
      .subtracting(actual.filter { $0.type == "table" }.map(\.name))
    if !missing.isEmpty {
      return "schema \(version) needs the tables \(missing.sorted().joined(separator: ", ")), which are missing"
    }
    for object in extras where object.type == "table" {
      guard expectedNames[object.name]?.type == "table" else {
        return "it has a table \(Quote.quoted(object.name)) that whatsnew's schema \(version) does not have"
      }
      let difference =
        try columnDifference(object.name, actual: connection, expected: fresh)
        ?? "it is defined as \(Quote.quoted(object.sql ?? "", limit: 120))"
      return "its table \(Quote.quoted(object.name)) is not the one whatsnew's schema \(version) creates: \(difference)"
    }
    if let object = extras.first {
      return "it contains the \(object.type) \(Quote.quoted(object.name)), which whatsnew's schema \(version) does not have"
    }
    let lost = expected.subtracting(actual).sorted { $0.name < $1.name }
    if let object = lost.first {
      return "it lacks the \(object.type) \(Quote.quoted(object.name)) of table \(Quote.quoted(object.table)) "
        + "(a table without its key?)"
    }
    return nil
  }

  private static func isVirtual(_ sql: String?) -> Bool {
    let words = (sql ?? "").uppercased().split(whereSeparator: { $0.isWhitespace }).prefix(2)
    return words.last == "VIRTUAL"
  }

  /// The first column of `table` that differs (name, type, NOT NULL, default, key).
  private static func columnDifference(_ table: String, actual: SQLiteConnection, expected: SQLiteConnection)
    throws(StoreError) -> String?
  {
    let sql = "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?)"
    let have = try actual.query(sql, [.text(table)])
    let want = try expected.query(sql, [.text(table)])
    let names = { (rows: [[SQLValue]]) in rows.map { $0[0].text ?? "" } }
    if names(have) != names(want) {
      return "it has the columns \(names(have).map { Quote.quoted($0) }.joined(separator: ", ")), "
        + "not \(names(want).joined(separator: ", "))"
    }
    for (mine, theirs) in zip(have, want) where mine != theirs {
      let column = Quote.quoted(mine[0].text ?? "")
      if mine[4] != theirs[4] {
        return theirs[4] == .integer(0)
          ? "its column \(column) is part of the primary key" : "its column \(column) is not the primary key"
      }
      if mine[2] != theirs[2] { return "its column \(column) \(theirs[2] == .integer(1) ? "allows" : "refuses") NULL" }
      return "its column \(column) has another type or default"
    }
    return nil
  }
}
