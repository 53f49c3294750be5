/// The schema's history: ordered steps, the Nth (from 1) run as
/// `BEGIN IMMEDIATE; <DDL>; PRAGMA user_version = N; COMMIT;`.
///
/// Never edit a shipped step; add a new one and bump ``SettingsStore/currentSchemaVersion``.
enum Migrations {
  static let steps: [String] = [
    // user_version 1: whatsnew 2.11
    """
    CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE app_state(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    // user_version 2: whatsnew 2.13
    """
    CREATE TABLE whats_new(id INTEGER PRIMARY KEY CHECK (id = 1), seen_through TEXT NOT NULL);
    """,
    // user_version 3: whatsnew 2.14
    """
    CREATE TABLE guidance_seen(id TEXT PRIMARY KEY);
    CREATE TABLE notifications(id TEXT PRIMARY KEY, weekday TEXT NOT NULL, hour INTEGER NOT NULL, minute INTEGER NOT NULL);
    """,
    // user_version 4: whatsnew 2.15
    """
    CREATE TABLE tour_history(release TEXT PRIMARY KEY, shown INTEGER NOT NULL CHECK (shown >= 0), not_reached INTEGER NOT NULL CHECK (not_reached >= 0), left_out INTEGER NOT NULL CHECK (left_out >= 0));
    """,
    // user_version 5: whatsnew 2.15
    """
    CREATE TABLE events(name TEXT NOT NULL, at INTEGER NOT NULL);
    """,
  ]

  /// Every table of ``SettingsStore/currentSchemaVersion``: what `removeEverything` empties
  /// and restore copies.
  static let tables: Set<String> = [
    "settings", "app_state", "whats_new", "guidance_seen", "notifications", "tour_history", "events",
  ]

  /// Brings `connection` up to `target`, one transaction per step.
  ///
  /// Each step re-reads `user_version` under the write lock, so two processes opening the
  /// same old store at once both succeed and each step runs once. Refuses (changing
  /// nothing) a schema newer than ``SettingsStore/currentSchemaVersion``.
  static func migrate(_ connection: SQLiteConnection, to target: Int = SettingsStore.currentSchemaVersion) throws(StoreError) {
    for (version, sql) in zip(1..., steps) where version <= target {
      try connection.writeTransaction { () throws(StoreError) in
        let current = try connection.userVersion()
        if current > SettingsStore.currentSchemaVersion {
          throw StoreError.newerSchema(path: connection.path, found: current, supported: SettingsStore.currentSchemaVersion)
        }
        guard current < version else { return }
        guard current == version - 1 else {
          throw StoreError(
            kind: .notADatabase, path: connection.path,
            description:
              "\(connection.path) has schema version \(current), which whatsnew never wrote; move the file aside or restore a backup"
          )
        }
        try connection.execute(sql)
        try connection.execute("PRAGMA user_version = \(version)")
      }
    }
  }
}
