package import WhatsNewCore

/// Where the user is: the forward-only "seen through" record and onboarding, with the seed
/// of an upgrading user (`--upgrade-from`).
extension SettingsStore {
  // MARK: Seen-through record

  /// Moves the record forward to `version`: stores `max(stored, version)` in one
  /// `BEGIN IMMEDIATE` transaction (the read, compare and write all happen under the write
  /// lock, so concurrent callers in other processes can never move it backwards).
  /// An unreadable stored value is replaced.
  ///
  /// - Returns: the version stored afterwards.
  @discardableResult
  package func advanceSeenThrough(to version: Version) throws(StoreError) -> Version {
    try connection.writeTransaction { () throws(StoreError) in try advance(to: version) }
  }

  /// ``advanceSeenThrough(to:)`` for a tour that ended with Done, Skip or Close: the
  /// position kept for resuming it is forgotten, and what the tour did with each release
  /// (`showings`, for `news`) is recorded, in the same transaction, so a tour is never both
  /// ended and waiting to resume, nor ended with no record of what it showed.
  @discardableResult
  package func endTour(seenThrough version: Version, showings: [ReleaseShowing] = []) throws(StoreError) -> Version {
    try connection.writeTransaction { () throws(StoreError) in
      try removeStoredValue(Self.tourPositionStorageKey)
      try recordShowings(showings)
      return try advance(to: version)
    }
  }

  // MARK: Where an unfinished tour was left

  /// The `settings` row that holds where the automatic tour was left (``TourPosition``:
  /// `2.13.1/rest`), so a tour left unfinished (quit, a signal, a kill) resumes on that page.
  /// A key-value row needs no migration (as ``languageStorageKey``): an older store or backup
  /// has none and the tour starts on its first page; backup and restore carry it. No
  /// ``SettingSpec/storageKey`` may use it.
  package static let tourPositionStorageKey = "app.tourPosition"

  /// Where the automatic tour was left, if it was left unfinished; `nil` for none, or for
  /// a row that is not a position.
  package func tourPosition() throws(StoreError) -> TourPosition? {
    try storedValue(Self.tourPositionStorageKey).flatMap(TourPosition.init)
  }

  /// Remembers where the automatic tour is.
  package func setTourPosition(_ position: TourPosition) throws(StoreError) {
    try storeValue(position.description, at: Self.tourPositionStorageKey)
  }

  /// The `settings` row that keeps what the last tour changed (``TourRecap/stored``), so
  /// `recap` and `undo` work after a restart until the next tour. A key-value row needs no
  /// migration (as ``tourPositionStorageKey``); backup and restore carry it. No
  /// ``SettingSpec/storageKey`` may use it.
  package static let recapStorageKey = "app.tourRecap"

  /// Keeps `recap` (``TourRecap/stored``); `nil` removes it.
  package func keepRecap(_ recap: String?) throws(StoreError) {
    if let recap { try storeValue(recap, at: Self.recapStorageKey) } else { try removeStoredValue(Self.recapStorageKey) }
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

  /// Whether the onboarding wizard has been completed.
  package func isOnboardingComplete() throws(StoreError) -> Bool {
    try flag(Key.onboardingComplete)
  }

  /// Marks onboarding complete and advances the seen-through record to `seenThrough`
  /// (forward only) in one transaction, so a new user is never onboarded yet owed a tour.
  package func completeOnboarding(seenThrough version: Version) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in try onboard(at: version) }
  }

  /// Onboarding complete, `version` recorded as the first and the record advanced to it;
  /// call inside a write transaction.
  private func onboard(at version: Version) throws(StoreError) {
    try setFlag(Key.onboardingComplete, true)
    try recordFirstVersion(version)
    _ = try advance(to: version)
  }

  /// Seeds a fresh store for a user upgrading from an older app (`--upgrade-from`), in one
  /// transaction: onboarding complete, the record advanced to `seenThrough` (on a fresh store
  /// that is exactly `seenThrough`; it never moves an existing record backwards), and the
  /// legacy `walkthrough_completed` flag set to `legacyWalkthroughCompleted`.
  package func seedExistingUser(seenThrough version: Version, legacyWalkthroughCompleted: Bool) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try onboard(at: version)
      try setFlag(Key.walkthroughCompleted, legacyWalkthroughCompleted)
    }
  }

  /// The `settings` row that holds a seed asked for when the store was created
  /// (`--upgrade-from`) and not yet applied: the version to seed as seen through. No
  /// ``SettingSpec/storageKey`` may use it.
  package static let pendingSeedStorageKey = "app.pendingSeed"

  /// Records that this new store is to be seeded as a user upgrading from `version`, once a
  /// boot succeeds (``applyPendingSeed(legacyWalkthroughBefore:)``). Written when the
  /// store is created, before the boot step, so a failed boot never loses what was asked for.
  package func recordPendingSeed(seenThrough version: Version) throws(StoreError) {
    try storeValue(version.description, at: Self.pendingSeedStorageKey)
  }

  /// The seed recorded and not yet applied, if any.
  package func pendingSeed() throws(StoreError) -> Version? {
    try storedValue(Self.pendingSeedStorageKey).flatMap(Version.init)
  }

  /// Applies the recorded seed (``seedExistingUser(seenThrough:legacyWalkthroughCompleted:)``)
  /// and forgets it, in one transaction; returns the version seeded, or `nil` when none was
  /// pending. The legacy walkthrough flag is set when the version is older than `threshold`.
  /// A row that is not a version is removed and nothing is seeded.
  package func applyPendingSeed(legacyWalkthroughBefore threshold: Version) throws(StoreError) -> Version? {
    try connection.writeTransaction { () throws(StoreError) -> Version? in
      guard let raw = try storedValue(Self.pendingSeedStorageKey) else { return nil }
      try removeStoredValue(Self.pendingSeedStorageKey)
      guard let version = Version(raw) else { return nil }
      try onboard(at: version)
      try setFlag(Key.walkthroughCompleted, version < threshold)
      return version
    }
  }
}
