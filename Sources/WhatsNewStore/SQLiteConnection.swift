// Hand-written: SQLite's C API is the only SQLite here (no GRDB or SQLite.swift can be
// fetched); this is the thin, typed wrapper over it that the store uses.

import CSQLite
import WhatsNewCore

/// A value bound to or read from a statement.
enum SQLValue: Equatable {
  case text(String)
  case integer(Int64)
  case null

  var text: String? {
    if case .text(let value) = self { return value }
    return nil
  }

  var integer: Int64? {
    if case .integer(let value) = self { return value }
    return nil
  }
}

/// A thin owner of one `sqlite3*` handle; not `Sendable`: it has exactly one owner.
///
/// Statements are prepared once per SQL text and kept (the store runs the same few again and
/// again, and preparing one costs more than running it; SQLite prepares one again by itself
/// when the schema changes), and reset after every call, so none holds a lock between calls.
/// Only constant SQL goes through ``query(_:_:)`` (or it would keep a statement per value);
/// SQL with values in its text goes through ``execute(_:)``.
final class SQLiteConnection {
  let handle: OpaquePointer
  /// The path shown in error messages.
  let path: String
  /// Prepared statements by their SQL text.
  private var statements: [String: OpaquePointer] = [:]
  /// The busy handler: SQLite's busy timeout (how long a statement waits for another
  /// connection's lock before `SQLITE_BUSY`), which also says when it waits.
  let busyWait = BusyWait()

  /// How long a statement waits for another process's lock: 5 s.
  static let defaultBusyTimeout: Int32 = 5000

  /// Opens `path` with `flags` (`SQLITE_OPEN_*`); nothing is read yet.
  init(path: String, flags: Int32) throws(StoreError) {
    var db: OpaquePointer?
    let rc = sqlite3_open_v2(path, &db, flags, nil)
    guard rc == SQLITE_OK, let db else {
      let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      if let db { sqlite3_close_v2(db) }
      throw StoreError(
        kind: rc & 0xff == SQLITE_CANTOPEN ? .fileSystem : .sqlite(code: rc & 0xff), path: path,
        description:
          "cannot open \(path): SQLite error \(rc & 0xff): \(TextSanitizer.clean(message)); check that the file is readable and writable"
      )
    }
    self.handle = db
    self.path = path
    busyWait.install(on: db)
    try execute("PRAGMA foreign_keys = ON")
  }

  /// Whether SQLite opened the main database read-only (it does so, silently, when the file
  /// cannot be written, although `SQLITE_OPEN_READWRITE` was asked for).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  deinit {
    for statement in statements.values { sqlite3_finalize(statement) }
    sqlite3_close_v2(handle)
  }

  /// The kept statement for `sql`, prepared on first use.
  private func prepared(_ sql: String) throws(StoreError) -> OpaquePointer {
    if let statement = statements[sql] { return statement }
    var statement: OpaquePointer?
    let rc = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard rc == SQLITE_OK, let statement else { throw error(rc, sql: sql) }
    statements[sql] = statement
    return statement
  }

  func error(_ code: Int32, sql: String?) -> StoreError {
    StoreError.sqlite(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql, path: path)
  }

  /// Runs one or more statements that take no parameters (DDL, pragmas, BEGIN/COMMIT).
  func execute(_ sql: String) throws(StoreError) {
    var message: UnsafeMutablePointer<CChar>?
    let rc = sqlite3_exec(handle, sql, nil, nil, &message)
    if rc != SQLITE_OK {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
      sqlite3_free(message)
      throw StoreError.sqlite(code: rc, message: text, sql: sql, path: path)
    }
  }

  /// Runs one statement with `arguments` and returns every row.
  @discardableResult
  func query(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) -> [[SQLValue]] {
    let statement = try prepared(sql)
    defer {
      sqlite3_reset(statement)
      sqlite3_clear_bindings(statement)
    }

    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (offset, argument) in arguments.enumerated() {
      let index = Int32(offset + 1)
      let bound =
        switch argument {
        case .text(let text):
          text.utf8CString.withUnsafeBufferPointer { buffer in
            sqlite3_bind_text(statement, index, buffer.baseAddress, Int32(buffer.count - 1), transient)
          }
        case .integer(let value): sqlite3_bind_int64(statement, index, value)
        case .null: sqlite3_bind_null(statement, index)
        }
      guard bound == SQLITE_OK else { throw error(bound, sql: sql) }
    }

    var rows: [[SQLValue]] = []
    while true {
      let step = sqlite3_step(statement)
      if step == SQLITE_DONE { break }
      guard step == SQLITE_ROW else { throw error(step, sql: sql) }
      let count = sqlite3_column_count(statement)
      var row: [SQLValue] = []
      row.reserveCapacity(Int(count))
      for column in 0..<count {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL:
          row.append(.null)
        case SQLITE_INTEGER:
          row.append(.integer(sqlite3_column_int64(statement, column)))
        default:
          let bytes = Int(sqlite3_column_bytes(statement, column))
          if let text = sqlite3_column_text(statement, column) {
            row.append(.text(String(decoding: UnsafeBufferPointer(start: text, count: bytes), as: UTF8.self)))
          } else {
            row.append(.text(""))
          }
        }
      }
      rows.append(row)
    }
    return rows
  }

  /// The first column of the first row, or `nil` when there is no row.
  func scalar(_ sql: String, _ arguments: [SQLValue] = []) throws(StoreError) -> SQLValue? {
    try query(sql, arguments).first?.first
  }

  /// `PRAGMA integrity_check`'s problem lines: empty when the database is sound.
  func integrityProblems() throws(StoreError) -> [String] {
    let lines = try query("PRAGMA integrity_check").compactMap { $0.first?.text }
    return lines == ["ok"] ? [] : lines
  }

  /// `PRAGMA user_version`.
  func userVersion() throws(StoreError) -> Int {
    Int(try scalar("PRAGMA user_version")?.integer ?? 0)
  }

  /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` (rolled back when either fails): the write
  /// lock is taken up front, so a read-compare-write in `body` cannot interleave with another
  /// connection's write.
  @discardableResult
  func writeTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try transaction(beginning: "BEGIN IMMEDIATE", body)
  }

  /// Runs `body` inside one read transaction (`BEGIN … COMMIT`): every query in it sees the
  /// same state of the file, whatever other connections write meanwhile.
  func readTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try transaction(beginning: "BEGIN", body)
  }

  private func transaction<T>(beginning begin: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try query(begin)
    do throws(StoreError) {
      let result = try body()
      try query("COMMIT")
      return result
    } catch {
      if sqlite3_get_autocommit(handle) == 0 {
        sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      }
      throw error
    }
  }

  /// Replaces the database `schema` (`main`, or an attached one) with a private, writable,
  /// growable in-memory copy of `bytes` (`sqlite3_deserialize`).
  func deserialize(_ bytes: [UInt8], schema: String = "main") throws(StoreError) {
    guard let buffer = sqlite3_malloc64(UInt64(max(bytes.count, 1)))?.assumingMemoryBound(to: UInt8.self) else {
      throw StoreError.sqlite(code: SQLITE_NOMEM, message: "out of memory", sql: "deserialize", path: path)
    }
    bytes.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { buffer.update(from: base, count: source.count) }
    }
    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
    // With FREEONCLOSE, SQLite frees the buffer even when the call fails.
    let rc = sqlite3_deserialize(handle, schema, buffer, Int64(bytes.count), Int64(max(bytes.count, 1)), flags)
    guard rc == SQLITE_OK else { throw error(rc, sql: "deserialize") }
  }

  /// The bytes of the `main` database as a file would hold them (`sqlite3_serialize`).
  func serialize() throws(StoreError) -> [UInt8] {
    var size: Int64 = 0
    guard let data = sqlite3_serialize(handle, "main", &size, 0) else {
      throw StoreError.sqlite(code: SQLITE_NOMEM, message: "cannot serialize the database", sql: "serialize", path: path)
    }
    defer { sqlite3_free(data) }
    return Array(UnsafeBufferPointer(start: data, count: Int(size)))
  }

  /// Copies the whole `main` database of `source` into this connection's `main` database
  /// with the online backup API. The copy is one write transaction on this connection.
  func copy(from source: SQLiteConnection) throws(StoreError) {
    guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
      throw error(sqlite3_errcode(handle), sql: nil)
    }
    var rc: Int32
    var attempts = 0
    repeat {
      rc = sqlite3_backup_step(backup, -1)
      if rc == SQLITE_BUSY || rc == SQLITE_LOCKED {
        // Both connections already waited their busy timeout inside the step; retry a few times.
        attempts += 1
        if attempts > 3 { break }
        sqlite3_sleep(50)
      }
    } while rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED
    let finish = sqlite3_backup_finish(backup)
    if rc != SQLITE_DONE {
      throw StoreError.sqlite(code: rc, message: String(cString: sqlite3_errstr(rc)), sql: "backup", path: path)
    }
    if finish != SQLITE_OK { throw error(finish, sql: "backup") }
  }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}
