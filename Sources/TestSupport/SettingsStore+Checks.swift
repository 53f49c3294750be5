package import WhatsNewCore

// The tests' reads of the store that the app never makes. Testable, because they read the
// store's own rows and connection; `swift build` compiles every target with testing enabled
// in debug, and no release product depends on TestSupport.
@testable package import WhatsNewStore

extension SettingsStore {
  /// Whether the flag `key` of the `app_state` table is set.
  func flag(_ key: String) throws(StoreError) -> Bool {
    Self.isSet(try storedValue(key, in: "app_state"))
  }

  /// The language chosen in the app, as the snapshot reads it (`nil`: none, or not a language
  /// this build has).
  package func languagePreference() throws(StoreError) -> Language? {
    try storedValue(AppRow.language).flatMap(Language.init(rawValue:))
  }

  /// Whether the onboarding wizard has been completed.
  package func isOnboardingComplete() throws(StoreError) -> Bool {
    try flag(Key.onboardingComplete)
  }

  /// The legacy walkthrough flag and whether the guidance migration has run.
  package func legacyGuidanceFlags() throws(StoreError) -> (walkthroughCompleted: Bool, migratedV1: Bool) {
    (try flag(Key.walkthroughCompleted), try flag(Key.guidanceMigratedV1))
  }

  /// Where the automatic tour was left unfinished, if it was (a row that is not one is none).
  package func tourPosition() throws(StoreError) -> TourPosition? {
    try storedValue(AppRow.tourPosition).flatMap(TourPosition.init)
  }

  /// The version the person's history starts at, if known.
  package func firstVersion() throws(StoreError) -> Version? {
    try storedValue(AppRow.firstVersion).flatMap(Version.init)
  }

  /// The seed recorded and not yet applied, if any.
  package func pendingSeed() throws(StoreError) -> Version? {
    try storedValue(AppRow.pendingSeed).flatMap(Version.init)
  }

  /// Every setting with its value as ``setting(_:)`` reads it (defaults filled in).
  package func allSettings() throws(StoreError) -> [Setting: String] {
    settings(from: try storedRows("settings"))
  }

  /// `PRAGMA integrity_check`: an empty array when the database is sound, SQLite's
  /// problem lines otherwise.
  package func integrityCheck() throws(StoreError) -> [String] {
    try connection.integrityProblems()
  }

  /// How long each statement waits for another program's lock before failing as busy
  /// (5 s unless set): a test that holds a lock on a loaded machine gives itself more.
  package func setLockTimeout(milliseconds: Int32) {
    connection.busyWait.timeoutMilliseconds = milliseconds
  }
}
