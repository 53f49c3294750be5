/// The guidance tours and popovers the user has seen, and the legacy walkthrough flags they
/// were migrated from.
extension SettingsStore {
  // MARK: Guidance

  /// The ids of the guidances (tours, popovers) the user has seen.
  ///
  /// Runs the legacy migration first, once: when the legacy `walkthrough_completed` flag is
  /// true and `guidance_migrated_v1` is not set, `first_run` is added to the set and the flag
  /// is set, in one transaction. The legacy flag itself is never written.
  package func guidanceSeenIDs() throws(StoreError) -> Set<String> {
    if Self.guidanceMigrationOwed(flags: try storedRows("app_state")) {
      try connection.writeTransaction { () throws(StoreError) in
        // Read again under the write lock: another process may have got there first.
        guard Self.guidanceMigrationOwed(flags: try storedRows("app_state")) else { return }
        try connection.query("INSERT OR IGNORE INTO guidance_seen(id) VALUES (?)", [.text(Key.firstRunGuidance)])
        try setFlag(Key.guidanceMigratedV1, true)
      }
    }
    return try readGuidanceSeen()
  }

  func readGuidanceSeen() throws(StoreError) -> Set<String> {
    Set(try connection.query("SELECT id FROM guidance_seen").compactMap { $0.first?.text })
  }

  /// The one-time guidance migration is owed: the legacy walkthrough was completed and its
  /// guidance not migrated yet (`flags`: the `app_state` rows; the snapshot reads them once).
  static func guidanceMigrationOwed(flags: [String: String]) -> Bool {
    isSet(flags[Key.walkthroughCompleted]) && !isSet(flags[Key.guidanceMigratedV1])
  }

  /// How a flag is stored: `"true"` is set, anything else (or nothing) is not.
  static func isSet(_ stored: String?) -> Bool { stored == "true" }

  /// Records that the user has seen the guidance `id` (idempotent).
  package func markGuidanceSeen(_ id: String) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try connection.query("INSERT OR IGNORE INTO guidance_seen(id) VALUES (?)", [.text(id)])
    }
  }

  /// Forgets that the guidance `id` was seen, or every guidance when `id` is `nil`.
  /// The legacy migration does not run again afterwards.
  package func resetGuidance(_ id: String?) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      if let id {
        try connection.query("DELETE FROM guidance_seen WHERE id = ?", [.text(id)])
      } else {
        try connection.query("DELETE FROM guidance_seen")
      }
    }
  }

  /// `guidance off` (`true`) or `guidance on`: every guide and popover off, or back.
  package func setGuidanceOff(_ off: Bool) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in try setFlag(Key.guidanceOff, off) }
  }

  func setFlag(_ key: String, _ value: Bool) throws(StoreError) {
    try storeValue(value ? "true" : "false", at: key, in: "app_state")
  }
}
