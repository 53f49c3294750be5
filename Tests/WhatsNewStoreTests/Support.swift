import CSQLite
import Foundation
import TestSupport
import WhatsNewCore

@testable import WhatsNewStore

func version(_ text: String) -> Version { Version(text)! }

/// The file's bytes (compared whole, a stronger check than a hash).
func bytes(of path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}

/// Permission bits of `path`.
func mode(of path: String) -> Int {
  var info = stat()
  guard stat(path, &info) == 0 else { return -1 }
  return Int(info.st_mode & 0o777)
}

func fileExists(_ path: String) -> Bool {
  FileManager.default.fileExists(atPath: path)
}

/// Runs `body` on a raw connection to `path`, closed afterwards.
func withRawConnection(_ path: String, _ body: (SQLiteConnection) throws(StoreError) -> Void) throws(StoreError) {
  let connection = try SQLiteConnection.openExisting(path)
  try body(connection)
}

/// Sets the legacy `walkthrough_completed` flag as an older app left it (whatsnew never writes it).
func plantLegacyWalkthroughFlag(_ path: String) throws(StoreError) {
  try withRawConnection(path) { raw throws(StoreError) in
    try raw.execute("INSERT INTO app_state(key, value) VALUES ('walkthrough_completed', 'true')")
  }
}

/// Awaits `body` and returns the `StoreError` it threw, or `nil`.
func storeError<T>(_ body: () async throws(StoreError) -> T) async -> StoreError? {
  do {
    _ = try await body()
    return nil
  } catch {
    return error
  }
}

extension SQLiteConnection {
  /// Opens an existing database read-write, to plant old or odd data.
  static func openExisting(_ path: String) throws(StoreError) -> SQLiteConnection {
    try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
  }
}

extension SettingsStore {
  /// Creates a store file at an older `schemaVersion` (0 makes an empty file), for upgrade tests.
  static func createForTesting(path: String, schemaVersion: Int) throws(StoreError) {
    try StoreFile.create(path)
    guard schemaVersion > 0 else { return }
    let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
    try connection.query("PRAGMA journal_mode = DELETE")
    try Migrations.migrate(connection, to: schemaVersion)
  }

  /// The store's `PRAGMA user_version` (``currentSchemaVersion`` once opened).
  func schemaVersion() throws(StoreError) -> Int {
    try connection.userVersion()
  }

  /// ``restore(from:)`` from bytes already read.
  func restore(_ image: BackupImage) throws(StoreError) {
    try StoreRestore.copyRows(of: BackupVetting.vet(image), into: connection)
  }

  /// Every scheduled notification, ordered by id.
  func allNotifications() throws(StoreError) -> [StoredNotification] {
    try connection.query("SELECT id, weekday, hour, minute FROM notifications ORDER BY id").map(Self.notification(from:))
  }
}
