package import WhatsNewCore

/// Where the user is: the forward-only "seen through" record and onboarding, with the seed
/// of an upgrading user (`--upgrade-from`).
extension SettingsStore {
  // MARK: Seen-through record

  /// Moves the record forward to `version` (an unreadable one is replaced) and returns the
  /// version stored afterwards. The read, compare and write are one `BEGIN IMMEDIATE`
  /// transaction, so no other process can move the record backwards in between.
  @discardableResult
  package func advanceSeenThrough(to version: Version) throws(StoreError) -> Version {
    try connection.writeTransaction { () throws(StoreError) in try advance(to: version) }
  }

  /// ``advanceSeenThrough(to:)`` for a tour that ended (Done, Skip, Close), which in the same
  /// transaction forgets where to resume it and records its `showings` (for `news`): a tour is
  /// never both ended and waiting to resume, nor ended with no record of what it showed.
  @discardableResult
  package func endTour(seenThrough version: Version, showings: [ReleaseShowing] = []) throws(StoreError) -> Version {
    try connection.writeTransaction { () throws(StoreError) in
      try storeValue(nil, at: AppRow.tourPosition)
      try recordShowings(showings)
      return try advance(to: version)
    }
  }

  // MARK: Where an unfinished tour was left

  /// Remembers where the automatic tour is.
  package func setTourPosition(_ position: TourPosition) throws(StoreError) {
    try storeValue(position.description, at: AppRow.tourPosition)
  }

  /// Keeps `recap` (``TourRecap/stored``); `nil` removes it.
  package func keepRecap(_ recap: String?) throws(StoreError) {
    try storeValue(recap, at: AppRow.recap)
  }

  /// Sets or clears the record, backwards too (the debug screen). `nil` removes it.
  package func overwriteSeenThrough(_ version: Version?) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      if let version {
        try writeSeenThrough(version)
      } else {
        try connection.query("DELETE FROM whats_new")
      }
    }
  }

  /// The "seen through this app version" record.
  package func seenThrough() throws(StoreError) -> SeenThroughRecord {
    guard let text = try connection.scalar("SELECT seen_through FROM whats_new WHERE id = 1")?.text else { return .none }
    if let version = Version(text) { return .version(version) }
    return .unreadable(text)
  }

  func writeSeenThrough(_ version: Version) throws(StoreError) {
    try connection.query(
      "INSERT INTO whats_new(id, seen_through) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET seen_through = excluded.seen_through",
      [.text(version.description)])
  }

  /// The forward-only step; call inside a write transaction.
  func advance(to version: Version) throws(StoreError) -> Version {
    if case .version(let stored) = try seenThrough(), stored >= version { return stored }
    try writeSeenThrough(version)
    return version
  }

  // MARK: Onboarding

  /// Marks onboarding complete and advances the seen-through record to `seenThrough`
  /// (forward only) in one transaction, so a new user is never onboarded yet owed a tour.
  package func completeOnboarding(seenThrough version: Version) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in try onboard(at: version) }
  }

  /// Onboarding complete at `version` (the first version, unless one is recorded, and the
  /// record); call inside a write transaction.
  private func onboard(at version: Version) throws(StoreError) {
    try setFlag(Key.onboardingComplete, true)
    try connection.query(
      "INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
      [.text(AppRow.firstVersion), .text(version.description)])
    _ = try advance(to: version)
  }

  /// Records that this new store is to be seeded as a user upgrading from `version` once a boot
  /// succeeds (``applyPendingSeed(legacyWalkthroughBefore:)``): a failed boot loses nothing.
  package func recordPendingSeed(seenThrough version: Version) throws(StoreError) {
    try storeValue(version.description, at: AppRow.pendingSeed)
  }

  /// Applies the recorded seed and forgets it, in one transaction: onboarding complete, the
  /// record advanced to the seed (never backwards), and the legacy `walkthrough_completed`
  /// flag set when the seed is older than `threshold`. Returns the version seeded, or `nil`
  /// when none was pending; a row that is not a version is removed and nothing is seeded.
  package func applyPendingSeed(legacyWalkthroughBefore threshold: Version) throws(StoreError) -> Version? {
    try connection.writeTransaction { () throws(StoreError) -> Version? in
      guard let raw = try storedValue(AppRow.pendingSeed) else { return nil }
      try storeValue(nil, at: AppRow.pendingSeed)
      guard let version = Version(raw) else { return nil }
      try onboard(at: version)
      try setFlag(Key.walkthroughCompleted, version < threshold)
      return version
    }
  }
}
