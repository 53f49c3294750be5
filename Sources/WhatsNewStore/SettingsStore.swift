import CSQLite
import Glibc
package import WhatsNewCore

/// The app's settings store: one SQLite file (rollback journal, `busy_timeout` 5 s,
/// `BEGIN IMMEDIATE` for every write), safe to share between processes. Opening it is the
/// app's boot gate (``init(path:createParentDirectory:placement:lockWait:)``).
///
/// Schema: the steps of ``Migrations`` (`PRAGMA user_version`). The app's own rows in the
/// key-value tables (``AppRow``, the flags of ``Key``) came without a migration.
package actor SettingsStore {
  /// The schema version this build writes and understands.
  package static let currentSchemaVersion: Int = 5

  /// The store's file, or `":memory:"` for an in-memory store.
  package nonisolated let path: String
  /// Whether the store was fresh when opened: this call created the file, or the file was an
  /// empty database (schema 0, no tables) left by an earlier interrupted first launch.
  /// Always `true` for an in-memory store.
  package nonisolated let wasCreated: Bool
  /// The app version whose defaults a setting without a row reads as (``Setting/defaultValue(at:)``);
  /// `nil`: each setting's first default.
  package nonisolated let defaultsAsOf: Version?

  /// Internal, not private: extensions in other files (``languagePreference()``) use it.
  let connection: SQLiteConnection
  /// Raised each time the store waits for another program's lock (see ``LockWaitSignal``).
  package nonisolated let lockWaits: LockWaitSignal
  /// Files found beside the store that were not its own, moved aside before it was opened
  /// (``StoreSidecars``): the app says so at start.
  package nonisolated let setAside: [SetAsideFile]
  /// The executor the store's work runs on (see ``StorePlacement``), and the queue executor
  /// it owns for ``StorePlacement/ownQueue`` (an unowned reference does not keep it alive).
  private nonisolated let executor: UnownedSerialExecutor
  private nonisolated let ownedExecutor: QueueExecutor?

  package nonisolated var unownedExecutor: UnownedSerialExecutor { executor }

  /// The flag keys of the `app_state` table (onboarding, the legacy walkthrough, guidance).
  enum Key {
    static let onboardingComplete = "onboarding_complete"
    static let walkthroughCompleted = "walkthrough_completed"
    static let guidanceMigratedV1 = "guidance_migrated_v1"
    /// `guidance off`: no guide or popover shows until `guidance on`.
    static let guidanceOff = "guidance_off"
    static let firstRunGuidance = "first_run"
  }

  /// The app's own rows in the `settings` table. None needs a migration: an older store or
  /// backup has no row, read as nothing stored. Backup and restore carry them, and no
  /// ``SettingSpec/storageKey`` may use their names.
  enum AppRow {
    /// The language chosen in the app (`ru`, `pt-BR`).
    static let language = "app.language"
    /// Where the automatic tour was left unfinished (``TourPosition``: `2.13.1/rest`), so a
    /// tour stopped by a quit, a signal or a kill resumes on that page.
    static let tourPosition = "app.tourPosition"
    /// What the last tour changed (``TourRecap/stored``), so `recap` and `undo` work after a
    /// restart, until the next tour.
    static let recap = "app.tourRecap"
    /// A seed asked for when the store was created (`--upgrade-from`), not yet applied.
    static let pendingSeed = "app.pendingSeed"
    /// The version the person's history starts at: onboarding's or the seed's, written once.
    static let firstVersion = "app.firstVersion"
  }

  // MARK: Opening

  /// Opens the store at `path` (the app's boot gate), creating it (mode 0600) if missing and
  /// migrating it to ``currentSchemaVersion``; `":memory:"` opens an in-memory store.
  ///
  /// Refuses, leaving an existing file byte-for-byte unchanged, a file that is not a whatsnew
  /// store this build can use. A missing parent directory is ``StoreError/Kind/directoryMissing``
  /// unless `createParentDirectory` (then made, mode 0700). `placement`: see ``StorePlacement``;
  /// `lockWait`: how long this first read waits for another process's lock, and whom it tells.
  package init(
    path: String, createParentDirectory: Bool = false, placement: StorePlacement = .ownQueue, lockWait: LockWait = .none,
    defaultsAsOf: Version? = nil
  ) throws(StoreError) {
    if path == ":memory:" {
      try self.init(inMemory: (), placement: placement, defaultsAsOf: defaultsAsOf)
      return
    }
    let opened = try StoreFile.openStore(path: path, createParentDirectory: createParentDirectory, lockWait: lockWait)
    self.init(
      path: path, wasCreated: opened.fresh, connection: opened.connection, placement: placement,
      setAside: opened.setAside, defaultsAsOf: defaultsAsOf)
  }

  /// Opens a new, empty in-memory store at ``currentSchemaVersion`` (for tests and previews).
  /// Each call makes a separate database; ``path`` is `":memory:"`.
  package init(inMemory: (), placement: StorePlacement = .ownQueue, defaultsAsOf: Version? = nil) throws(StoreError) {
    let connection = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try Migrations.migrate(connection)
    self.init(path: ":memory:", wasCreated: true, connection: connection, placement: placement, defaultsAsOf: defaultsAsOf)
  }

  /// A private in-memory copy of this store, made with SQLite's online backup API, for
  /// `debug preview`: what is written to it never reaches this store. Its work runs on this
  /// store's executor, so it lives no longer than this store.
  package func sandboxCopy() throws(StoreError) -> SettingsStore {
    let copy = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try copy.copy(from: connection)
    // The backup step ties the two connections together for the checker, but once it has
    // finished the copy shares nothing with this store's connection, and nothing else holds it.
    let handOver = HandOver(connection: copy)
    return SettingsStore(
      path: ":memory:", wasCreated: false, connection: handOver.connection, placement: .sharing(executor),
      defaultsAsOf: defaultsAsOf)
  }

  /// A connection handed to a new store by the only code that holds it.
  private struct HandOver: @unchecked Sendable { let connection: SQLiteConnection }

  private init(
    path: String, wasCreated: Bool, connection: SQLiteConnection, placement: StorePlacement,
    setAside: [SetAsideFile] = [], defaultsAsOf: Version?
  ) {
    self.defaultsAsOf = defaultsAsOf
    self.path = path
    self.setAside = setAside
    self.wasCreated = wasCreated
    self.connection = connection
    self.lockWaits = connection.busyWait.signal
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

  // MARK: Locking and checks

  /// Keeps the file lock between transactions and the rollback journal in memory, for
  /// `qa explore`'s throwaway stores, which no other connection opens: the per-transaction
  /// locking and journal files were most of a run's system calls (the bench row "qa explore,
  /// single faults: runs per second"). ``shareAgain()`` undoes it.
  package func keepLocked() throws(StoreError) {
    try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
    _ = try connection.query("PRAGMA journal_mode = MEMORY")
  }

  /// Empties every table in one transaction (schema and version stay): cheaper than a new
  /// file for each `qa explore` run (same bench row). Only for a store ``keepLocked()`` keeps:
  /// on any other it stops the program rather than empty a person's store.
  package func removeEverything() throws(StoreError) {
    let mode = try connection.scalar("PRAGMA locking_mode")?.text
    precondition(mode == "exclusive", "removeEverything on \(path), a store not kept locked (locking mode \(mode ?? "?"))")
    try connection.writeTransaction { () throws(StoreError) in
      for table in Migrations.tables.sorted() {
        try connection.query("DELETE FROM \(table)")
      }
    }
  }

  /// Ends ``keepLocked()``: the journal on disk again, and the next read drops the lock,
  /// which this one does at once.
  package func shareAgain() throws(StoreError) {
    _ = try connection.query("PRAGMA journal_mode = DELETE")
    try connection.execute("PRAGMA locking_mode = NORMAL")
    _ = try connection.scalar("SELECT count(*) FROM sqlite_master")
  }

  /// `PRAGMA data_version`: changes only when another connection (another program) committed
  /// to the store since this connection last looked, never for this store's own writes.
  package func dataVersion() throws(StoreError) -> Int {
    Int(try connection.scalar("PRAGMA data_version")?.integer ?? 0)
  }

  // MARK: Snapshot

  /// Everything the app shows from the store, read in one read transaction, so another
  /// process's write lands wholly before or after it. A store that owes the one-time guidance
  /// migration runs it as ``guidanceSeenIDs()`` does.
  /// `withEvents`: the events too (``events()``), for the boot and a restore, the only reads the
  /// state takes them from; the rest (`state`, `check`, each step `qa explore` checks) skip them.
  package func snapshot(notificationID: String, withEvents: Bool = false) throws(StoreError) -> StoreSnapshot {
    var migrationOwed = false
    var snapshot = try connection.readTransaction { () throws(StoreError) in
      // Each table read once: `settings` holds the language and the tour's position too,
      // `app_state` every flag (the snapshot is read at every step `qa explore` checks; the
      // bench row "qa explore, single faults: runs per second").
      let stored = try storedRows("settings")
      let flags = try storedRows("app_state")
      migrationOwed = Self.guidanceMigrationOwed(flags: flags)
      return StoreSnapshot(
        seenThrough: try seenThrough(), onboardingComplete: Self.isSet(flags[Key.onboardingComplete]),
        settings: settings(from: stored), notification: try notification(id: notificationID),
        guidanceOff: Self.isSet(flags[Key.guidanceOff]),
        guidanceSeen: try readGuidanceSeen(), language: stored[AppRow.language].flatMap(Language.init(rawValue:)),
        tourPosition: stored[AppRow.tourPosition].flatMap(TourPosition.init),
        firstVersion: stored[AppRow.firstVersion].flatMap(Version.init), recap: stored[AppRow.recap],
        decided: Set(Setting.allCases.filter { stored[$0.spec.storageKey].map($0.accepts) ?? false }),
        events: withEvents ? try events() : [])
    }
    // Once per store: the migration touches only the guidance tables, so the rest still holds.
    if migrationOwed { snapshot.guidanceSeen = try guidanceSeenIDs() }
    return snapshot
  }

  // MARK: Settings

  /// The stored value of `setting`, or its default (as of ``defaultsAsOf``) when nothing is stored
  /// or the stored value is one the setting does not accept.
  package func setting(_ setting: Setting) throws(StoreError) -> String {
    value(of: setting, stored: try storedValue(setting.spec.storageKey))
  }

  /// Every key and value of a key-value table (`settings`, `app_state`).
  func storedRows(_ table: StaticString) throws(StoreError) -> [String: String] {
    var stored: [String: String] = [:]
    for row in try connection.query("SELECT key, value FROM \(table)") {
      if let key = row[0].text, let value = row[1].text { stored[key] = value }
    }
    return stored
  }

  /// The value of the row `key` of a key-value table (`settings`, `app_state`), or `nil`.
  func storedValue(_ key: String, in table: StaticString = "settings") throws(StoreError) -> String? {
    try connection.scalar("SELECT value FROM \(table) WHERE key = ?", [.text(key)])?.text
  }

  /// Stores `value` in the row `key` of a key-value table, replacing what it held; `nil`
  /// removes the row, if there is one.
  func storeValue(_ value: String?, at key: String, in table: StaticString = "settings") throws(StoreError) {
    guard let value else {
      try connection.query("DELETE FROM \(table) WHERE key = ?", [.text(key)])
      return
    }
    try connection.query(
      "INSERT INTO \(table)(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      [.text(key), .text(value)])
  }

  /// Every setting's value in the `settings` table's `stored` rows, defaults filled in.
  func settings(from stored: [String: String]) -> [Setting: String] {
    Dictionary(uniqueKeysWithValues: Setting.allCases.map { ($0, value(of: $0, stored: stored[$0.spec.storageKey])) })
  }

  /// What `setting` reads as when its row holds `stored`: that, when the setting accepts it, else the default.
  private func value(of setting: Setting, stored: String?) -> String {
    if let stored, setting.accepts(stored) { return stored }
    return setting.defaultValue(at: defaultsAsOf)
  }

  /// Stores `value` for `setting` (``StoreError/Kind/invalidValue`` when it does not accept it)
  /// and returns the value it replaced, as ``setting(_:)`` read it in the write's own
  /// `BEGIN IMMEDIATE` transaction: no other process can write in between, so it is the
  /// value that undoes this write; with `notificationID`, also that notification as the same
  /// transaction read it. With `expected` (`undo`), it writes only while the setting holds
  /// `expected`, and otherwise throws ``StoreError/Kind/changedSince(current:)``: the look and
  /// the write are one transaction, so no other program's commit falls between them.
  @discardableResult
  package func setSetting(
    _ setting: Setting, to value: String, readingNotification notificationID: String? = nil, expected: String? = nil
  ) throws(StoreError) -> (previous: String, notification: StoredNotification?) {
    guard setting.accepts(value) else {
      throw StoreError(
        kind: .invalidValue, path: path,
        description:
          "the setting \(setting.rawValue) does not accept \"\(value)\"; use one of \(setting.kind.values.joined(separator: ", "))"
      )
    }
    return try connection.writeTransaction { () throws(StoreError) in
      let previous = try self.setting(setting)
      if let expected, previous != expected {
        throw StoreError(
          kind: .changedSince(current: previous), path: path,
          description: "the setting \(setting.rawValue) holds \"\(previous)\", not \"\(expected)\"; nothing was written")
      }
      var notification: StoredNotification?
      if let notificationID { notification = try self.notification(id: notificationID) }
      try storeValue(value, at: setting.spec.storageKey)
      return (previous, notification)
    }
  }
}
