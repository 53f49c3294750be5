import CSQLite
import Glibc
public import WhatsNewCore

/// What the store holds as "seen through this app version".
public enum SeenThroughRecord: Sendable, Equatable {
  /// No record: the user has not been told about any version (a fresh store, or a store
  /// restored from a backup made before the record existed).
  case none
  /// The user has been told about every release up to and including this version.
  case version(Version)
  /// The stored text is not a valid version; it reads as this case and the next
  /// ``SettingsStore/advanceSeenThrough(to:)`` replaces it.
  case unreadable(String)
}

/// A scheduled reminder as the store keeps it (e.g. the weekly review notification).
public struct StoredNotification: Sendable, Equatable {
  /// A stable identifier, e.g. `"weekly_review"`.
  public var id: String
  /// A ``Weekday`` raw value, `monday` through `sunday`.
  public var weekday: String
  /// 0 through 23.
  public var hour: Int
  /// 0 through 59.
  public var minute: Int

  /// Makes a notification; ``SettingsStore/saveNotification(_:)`` checks the values.
  public init(id: String, weekday: String, hour: Int, minute: Int) {
    self.id = id
    self.weekday = weekday
    self.hour = hour
    self.minute = minute
  }
}

/// What the store holds that the app shows together (the `state` line, the screens' facts),
/// read in one transaction so the parts always belong to the same moment.
public struct StoreSnapshot: Sendable, Equatable {
  public var seenThrough: SeenThroughRecord
  public var onboardingComplete: Bool
  /// Every setting, defaults filled in (as ``SettingsStore/allSettings()``).
  public var settings: [Setting: String]
  /// The notification asked for, if scheduled.
  public var notification: StoredNotification?
  /// The guidance the user has seen (as ``SettingsStore/guidanceSeenIDs()``).
  public var guidanceSeen: Set<String>
  /// The language chosen in the app, if any (as ``SettingsStore/languagePreference()``).
  public var language: Language? = nil
}

/// The app's settings store: one SQLite file (rollback journal, `busy_timeout` 5 s,
/// `BEGIN IMMEDIATE` for every write), safe to share between processes.
///
/// Opening is the app's boot gate: ``init(path:createParentDirectory:)`` creates a missing
/// file with mode 0600, refuses files it must not touch (not SQLite, corrupt, written by a
/// newer whatsnew) without changing a byte, and migrates older schemas to
/// ``currentSchemaVersion``.
///
/// Schema (versioned with `PRAGMA user_version`):
/// - v1 (app 2.11): `settings` (also the language chosen in the app, `app.language`, since
///   2.14; no migration), `app_state` (`onboarding_complete`, the legacy `walkthrough_completed`)
/// - v2 (app 2.13): `whats_new` (the seen-through record)
/// - v3 (app 2.14): `guidance_seen`, `notifications`, and the `guidance_migrated_v1` flag in `app_state`
public actor SettingsStore {
  /// The schema version this build writes and understands.
  public static let currentSchemaVersion: Int = 3

  /// The store's file, or `":memory:"` for an in-memory store.
  public nonisolated let path: String
  /// Whether the store was fresh when opened: this call created the file, or the file was an
  /// empty database (schema 0, no tables) left by an earlier interrupted first launch.
  /// Always `true` for an in-memory store.
  public nonisolated let wasCreated: Bool

  /// Internal, not private: extensions in other files (``languagePreference()``) use it.
  let connection: SQLiteConnection
  /// The executor the store's work runs on (see ``StorePlacement``), and the queue executor
  /// it owns for ``StorePlacement/ownQueue`` (an unowned reference does not keep it alive).
  private nonisolated let executor: UnownedSerialExecutor
  private nonisolated let ownedExecutor: QueueExecutor?

  public nonisolated var unownedExecutor: UnownedSerialExecutor { executor }

  private enum Key {
    static let onboardingComplete = "onboarding_complete"
    static let walkthroughCompleted = "walkthrough_completed"
    static let guidanceMigratedV1 = "guidance_migrated_v1"
    static let firstRunGuidance = "first_run"
  }

  // MARK: Opening

  /// Opens the store at `path`, creating it (mode 0600) if missing, and migrates it to
  /// ``currentSchemaVersion``. This is the app's boot gate.
  ///
  /// Throws, leaving an existing file byte-for-byte unchanged, when the file is not a
  /// SQLite database, is a SQLite database that is not a whatsnew store, or was written by a
  /// newer whatsnew (``StoreError/Kind/newerSchema(found:supported:)``). When the parent
  /// directory is missing it throws ``StoreError/Kind/directoryMissing`` naming the directory,
  /// unless `createParentDirectory` is set, in which case the directory (and any missing
  /// parents) is created with mode 0700. `":memory:"` opens an in-memory store.
  ///
  /// `placement` says where the store's work runs: on its own queue (the default), or on
  /// another actor's executor (see ``StorePlacement``).
  ///
  /// `lockWait` says how long to wait, and whom to tell, while another process holds the
  /// store's lock at this first read (``StoreError/Kind/busy`` after that).
  public init(
    path: String, createParentDirectory: Bool = false, placement: StorePlacement = .ownQueue, lockWait: LockWait = .none
  ) throws(StoreError) {
    if path == ":memory:" {
      try self.init(inMemory: (), placement: placement)
      return
    }
    let opened = try StoreFile.openStore(path: path, createParentDirectory: createParentDirectory, lockWait: lockWait)
    self.init(path: path, wasCreated: opened.fresh, connection: opened.connection, placement: placement)
  }

  /// Opens a new, empty in-memory store at ``currentSchemaVersion`` (for tests and previews).
  /// Each call makes a separate database; ``path`` is `":memory:"`. Same as ``inMemory()``.
  public init(inMemory: (), placement: StorePlacement = .ownQueue) throws(StoreError) {
    let connection = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try Migrations.migrate(connection)
    self.init(path: ":memory:", wasCreated: true, connection: connection, placement: placement)
  }

  private init(path: String, wasCreated: Bool, connection: SQLiteConnection, placement: StorePlacement) {
    self.path = path
    self.wasCreated = wasCreated
    self.connection = connection
    switch placement {
    case .ownQueue:
      let queue = QueueExecutor(label: "whatsnew.settings-store")
      ownedExecutor = queue
      executor = queue.asUnownedSerialExecutor()
    case .sharing(let other):
      ownedExecutor = nil
      executor = other
    }
  }

  /// Opens a new, empty in-memory store; same as ``init(inMemory:)``.
  public static func inMemory() throws(StoreError) -> SettingsStore {
    try SettingsStore(inMemory: ())
  }

  /// Creates a store file at an older `schemaVersion` (0 makes an empty file), for upgrade tests.
  static func createForTesting(path: String, schemaVersion: Int) throws(StoreError) {
    try StoreFile.create(path)
    guard schemaVersion > 0 else { return }
    let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
    try connection.query("PRAGMA journal_mode = DELETE")
    try Migrations.migrate(connection, to: schemaVersion)
  }

  // MARK: Schema

  /// The store's `PRAGMA user_version` (``currentSchemaVersion`` once opened).
  public func schemaVersion() throws(StoreError) -> Int {
    try connection.userVersion()
  }

  /// `PRAGMA integrity_check`: an empty array when the database is sound, SQLite's
  /// problem lines otherwise.
  public func integrityCheck() throws(StoreError) -> [String] {
    let lines = try connection.query("PRAGMA integrity_check").compactMap { $0.first?.text }
    return lines == ["ok"] ? [] : lines
  }

  // MARK: Snapshot

  /// The seen-through record, onboarding, every setting, the notification `notificationID`
  /// and the guidance seen-set, all read in one read transaction: another process's write
  /// lands wholly before or wholly after it. One call instead of five, too.
  ///
  /// A store that still owes the one-time guidance migration (``guidanceSeenIDs()``) runs it
  /// first, in its own write transaction, as ``guidanceSeenIDs()`` would.
  public func snapshot(notificationID: String) throws(StoreError) -> StoreSnapshot {
    var migrationOwed = false
    var snapshot = try connection.readTransaction { () throws(StoreError) in
      migrationOwed = try needsGuidanceMigration()
      return StoreSnapshot(
        seenThrough: try readSeenThrough(), onboardingComplete: try isOnboardingComplete(),
        settings: try allSettings(), notification: try notification(id: notificationID),
        guidanceSeen: try readGuidanceSeen(), language: try languagePreference())
    }
    // Once per store: the migration touches only the guidance tables, so the rest still holds.
    if migrationOwed { snapshot.guidanceSeen = try guidanceSeenIDs() }
    return snapshot
  }

  // MARK: Settings

  /// The stored value of `setting`, or its ``Setting/defaultValue`` when nothing is stored
  /// or the stored value is one the setting does not accept.
  public func setting(_ setting: Setting) throws(StoreError) -> String {
    let stored = try connection.scalar("SELECT value FROM settings WHERE key = ?", [.text(setting.spec.storageKey)])?.text
    if let stored, setting.accepts(stored) { return stored }
    return setting.defaultValue
  }

  /// Every setting with its value as ``setting(_:)`` reads it (defaults filled in).
  public func allSettings() throws(StoreError) -> [Setting: String] {
    var stored: [String: String] = [:]
    for row in try connection.query("SELECT key, value FROM settings") {
      if let key = row[0].text, let value = row[1].text { stored[key] = value }
    }
    var result: [Setting: String] = [:]
    for setting in Setting.allCases {
      if let value = stored[setting.spec.storageKey], setting.accepts(value) {
        result[setting] = value
      } else {
        result[setting] = setting.defaultValue
      }
    }
    return result
  }

  /// Stores `value` for `setting` under its ``SettingSpec/storageKey``.
  ///
  /// Throws ``StoreError/Kind/invalidValue`` (storing nothing) when the setting does not
  /// accept `value`.
  ///
  /// - Returns: the value it replaced, as ``setting(_:)`` would have read it just before
  ///   (the ``Setting/defaultValue`` when nothing, or nothing acceptable, was stored), read in
  ///   the write's own `BEGIN IMMEDIATE` transaction: no other process can write in between,
  ///   so it is the value to put back to undo this write.
  @discardableResult
  public func setSetting(_ setting: Setting, to value: String) throws(StoreError) -> String {
    try setSetting(setting, to: value, readingNotification: nil).previous
  }

  /// ``setSetting(_:to:)``, also reading the notification `notificationID` (when not `nil`)
  /// in the same transaction: what the schedule held at the moment of the write, together
  /// with the value the write replaced.
  ///
  /// - Returns: the replaced value, and the notification as scheduled then (`nil` when none
  ///   was, or when `notificationID` is `nil`).
  public func setSetting(_ setting: Setting, to value: String, readingNotification notificationID: String?)
    throws(StoreError) -> (previous: String, notification: StoredNotification?)
  {
    guard setting.accepts(value) else {
      throw StoreError(
        kind: .invalidValue, path: path,
        description:
          "the setting \(setting.rawValue) does not accept \"\(value)\"; use one of \(setting.kind.values.joined(separator: ", "))"
      )
    }
    return try connection.writeTransaction { () throws(StoreError) in
      let previous = try self.setting(setting)
      var notification: StoredNotification?
      if let notificationID { notification = try self.notification(id: notificationID) }
      try connection.query(
        "INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        [.text(setting.spec.storageKey), .text(value)])
      return (previous, notification)
    }
  }

  // MARK: Seen-through record

  /// The "seen through this app version" record.
  public func seenThrough() throws(StoreError) -> SeenThroughRecord {
    try readSeenThrough()
  }

  /// Moves the record forward to `version`: stores `max(stored, version)` in one
  /// `BEGIN IMMEDIATE` transaction (the read, compare and write all happen under the write
  /// lock, so concurrent callers in other processes can never move it backwards).
  /// An unreadable stored value is replaced.
  ///
  /// - Returns: the version stored afterwards.
  @discardableResult
  public func advanceSeenThrough(to version: Version) throws(StoreError) -> Version {
    try connection.writeTransaction { () throws(StoreError) in try advance(to: version) }
  }

  /// Sets or clears the record, backwards too (the debug screen). `nil` removes it.
  public func overwriteSeenThrough(_ version: Version?) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      if let version {
        try writeSeenThrough(version)
      } else {
        try connection.query("DELETE FROM whats_new")
      }
    }
  }

  private func readSeenThrough() throws(StoreError) -> SeenThroughRecord {
    guard let text = try connection.scalar("SELECT seen_through FROM whats_new WHERE id = 1")?.text else { return .none }
    if let version = Version(text) { return .version(version) }
    return .unreadable(text)
  }

  private func writeSeenThrough(_ version: Version) throws(StoreError) {
    try connection.query(
      "INSERT INTO whats_new(id, seen_through) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET seen_through = excluded.seen_through",
      [.text(version.description)])
  }

  /// The forward-only step; call inside a write transaction.
  private func advance(to version: Version) throws(StoreError) -> Version {
    if case .version(let stored) = try readSeenThrough(), stored >= version { return stored }
    try writeSeenThrough(version)
    return version
  }

  // MARK: Onboarding

  /// Whether the onboarding wizard has been completed.
  public func isOnboardingComplete() throws(StoreError) -> Bool {
    try flag(Key.onboardingComplete)
  }

  /// Marks onboarding complete and advances the seen-through record to `seenThrough`
  /// (forward only) in one transaction, so a new user is never onboarded yet owed a tour.
  public func completeOnboarding(seenThrough version: Version) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try setFlag(Key.onboardingComplete, true)
      _ = try advance(to: version)
    }
  }

  /// Seeds a fresh store for a user upgrading from an older app (`--upgrade-from`), in one
  /// transaction: onboarding complete, the record advanced to `seenThrough` (on a fresh store
  /// that is exactly `seenThrough`; it never moves an existing record backwards), and the
  /// legacy `walkthrough_completed` flag set to `legacyWalkthroughCompleted`.
  public func seedExistingUser(seenThrough version: Version, legacyWalkthroughCompleted: Bool) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try setFlag(Key.onboardingComplete, true)
      _ = try advance(to: version)
      try setFlag(Key.walkthroughCompleted, legacyWalkthroughCompleted)
    }
  }

  /// The `settings` row that holds a seed asked for when the store was created
  /// (`--upgrade-from`) and not yet applied: the version to seed as seen through. No
  /// ``SettingSpec/storageKey`` may use it.
  public static let pendingSeedStorageKey = "app.pendingSeed"

  /// Records that this new store is to be seeded as a user upgrading from `version`, once a
  /// boot succeeds (``applyPendingSeed(legacyWalkthroughBefore:)``). Written when the
  /// store is created, before the boot step, so a failed boot never loses what was asked for.
  public func recordPendingSeed(seenThrough version: Version) throws(StoreError) {
    try connection.query(
      "INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      [.text(Self.pendingSeedStorageKey), .text(version.description)])
  }

  /// The seed recorded and not yet applied, if any.
  public func pendingSeed() throws(StoreError) -> Version? {
    try connection.scalar("SELECT value FROM settings WHERE key = ?", [.text(Self.pendingSeedStorageKey)])?.text
      .flatMap(Version.init)
  }

  /// Applies the recorded seed (``seedExistingUser(seenThrough:legacyWalkthroughCompleted:)``)
  /// and forgets it, in one transaction; returns the version seeded, or `nil` when none was
  /// pending. The legacy walkthrough flag is set when the version is older than `threshold`.
  /// A row that is not a version is removed and nothing is seeded.
  public func applyPendingSeed(legacyWalkthroughBefore threshold: Version) throws(StoreError) -> Version? {
    try connection.writeTransaction { () throws(StoreError) -> Version? in
      guard let raw = try connection.scalar("SELECT value FROM settings WHERE key = ?", [.text(Self.pendingSeedStorageKey)])?.text
      else { return nil }
      try connection.query("DELETE FROM settings WHERE key = ?", [.text(Self.pendingSeedStorageKey)])
      guard let version = Version(raw) else { return nil }
      try setFlag(Key.onboardingComplete, true)
      _ = try advance(to: version)
      try setFlag(Key.walkthroughCompleted, version < threshold)
      return version
    }
  }

  // MARK: Guidance

  /// The ids of the guidances (tours, popovers) the user has seen.
  ///
  /// Runs the legacy migration first, once: when the legacy `walkthrough_completed` flag is
  /// true and `guidance_migrated_v1` is not set, `first_run` is added to the set and the flag
  /// is set, in one transaction. The legacy flag itself is never written.
  public func guidanceSeenIDs() throws(StoreError) -> Set<String> {
    if try needsGuidanceMigration() {
      try connection.writeTransaction { () throws(StoreError) in
        guard try needsGuidanceMigration() else { return }  // another process got there first
        try connection.query("INSERT OR IGNORE INTO guidance_seen(id) VALUES (?)", [.text(Key.firstRunGuidance)])
        try setFlag(Key.guidanceMigratedV1, true)
      }
    }
    return try readGuidanceSeen()
  }

  private func readGuidanceSeen() throws(StoreError) -> Set<String> {
    Set(try connection.query("SELECT id FROM guidance_seen").compactMap { $0.first?.text })
  }

  private func needsGuidanceMigration() throws(StoreError) -> Bool {
    guard try flag(Key.walkthroughCompleted) else { return false }
    return try !flag(Key.guidanceMigratedV1)
  }

  /// Records that the user has seen the guidance `id` (idempotent).
  public func markGuidanceSeen(_ id: String) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try connection.query("INSERT OR IGNORE INTO guidance_seen(id) VALUES (?)", [.text(id)])
    }
  }

  /// Forgets that the guidance `id` was seen, or every guidance when `id` is `nil`.
  /// The legacy migration does not run again afterwards.
  public func resetGuidance(_ id: String?) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      if let id {
        try connection.query("DELETE FROM guidance_seen WHERE id = ?", [.text(id)])
      } else {
        try connection.query("DELETE FROM guidance_seen")
      }
    }
  }

  /// The legacy walkthrough flag and whether the guidance migration has run.
  public func legacyGuidanceFlags() throws(StoreError) -> (walkthroughCompleted: Bool, migratedV1: Bool) {
    (try flag(Key.walkthroughCompleted), try flag(Key.guidanceMigratedV1))
  }

  /// Writes the legacy `walkthrough_completed` flag. Only for seeding and tests: the app
  /// never writes it otherwise.
  public func setLegacyWalkthroughCompleted(_ value: Bool) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in try setFlag(Key.walkthroughCompleted, value) }
  }

  private func flag(_ key: String) throws(StoreError) -> Bool {
    try connection.scalar("SELECT value FROM app_state WHERE key = ?", [.text(key)])?.text == "true"
  }

  private func setFlag(_ key: String, _ value: Bool) throws(StoreError) {
    try connection.query(
      "INSERT INTO app_state(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      [.text(key), .text(value ? "true" : "false")])
  }

  // MARK: Notifications

  /// The scheduled notification `id`, or `nil`.
  public func notification(id: String) throws(StoreError) -> StoredNotification? {
    try connection.query("SELECT id, weekday, hour, minute FROM notifications WHERE id = ?", [.text(id)])
      .first.map(Self.notification(from:))
  }

  /// Every scheduled notification, ordered by id.
  public func allNotifications() throws(StoreError) -> [StoredNotification] {
    try connection.query("SELECT id, weekday, hour, minute FROM notifications ORDER BY id").map(Self.notification(from:))
  }

  /// Saves `notification`, replacing one with the same id.
  ///
  /// Throws ``StoreError/Kind/invalidValue`` for an empty id, a weekday that is not
  /// `monday`…`sunday`, an hour outside 0…23 or a minute outside 0…59.
  public func saveNotification(_ notification: StoredNotification) throws(StoreError) {
    var problems: [String] = []
    if notification.id.isEmpty { problems.append("the id is empty") }
    if Weekday(rawValue: notification.weekday) == nil {
      problems.append("\"\(notification.weekday)\" is not a weekday (use monday through sunday)")
    }
    if !(0...23).contains(notification.hour) { problems.append("hour \(notification.hour) is not within 0 to 23") }
    if !(0...59).contains(notification.minute) { problems.append("minute \(notification.minute) is not within 0 to 59") }
    guard problems.isEmpty else {
      throw StoreError(
        kind: .invalidValue, path: path,
        description: "cannot save the notification \"\(notification.id)\": \(problems.joined(separator: "; "))")
    }
    try connection.writeTransaction { () throws(StoreError) in
      try connection.query(
        """
        INSERT INTO notifications(id, weekday, hour, minute) VALUES (?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET weekday = excluded.weekday, hour = excluded.hour, minute = excluded.minute
        """,
        [
          .text(notification.id), .text(notification.weekday), .integer(Int64(notification.hour)),
          .integer(Int64(notification.minute)),
        ])
    }
  }

  /// Deletes the notification `id`; deleting one that does not exist is not an error.
  public func deleteNotification(id: String) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try connection.query("DELETE FROM notifications WHERE id = ?", [.text(id)])
    }
  }

  private static func notification(from row: [SQLValue]) -> StoredNotification {
    StoredNotification(
      id: row[0].text ?? "", weekday: row[1].text ?? "",
      hour: Int(row[2].integer ?? -1), minute: Int(row[3].integer ?? -1))
  }
}
