import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

@Suite("settings, onboarding, guidance and notifications")
struct SettingsTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("settings.sqlite")
  }

  @Test("a setting reads its default until set, then round-trips across reopening")
  func roundTrip() async throws {
    let store = try SettingsStore(path: path)
    for setting in Setting.allCases {
      #expect(try await store.setting(setting) == setting.defaultValue)
    }
    try await store.setSetting(.theme, to: "dark")
    try await store.setSetting(.reviewWeekday, to: "monday")
    try await store.setSetting(.theme, to: "light")

    let reopened = try SettingsStore(path: path)
    #expect(try await reopened.setting(.theme) == "light")
    #expect(try await reopened.setting(.reviewWeekday) == "monday")
    let all = try await reopened.allSettings()
    #expect(all.count == Setting.allCases.count)
    #expect(all[.theme] == "light")
    #expect(all[.units] == "metric")
    // Stored under the spec's storage key.
    try withRawConnection(path) { raw throws(StoreError) in
      #expect(try raw.scalar("SELECT value FROM settings WHERE key = 'app.theme'")?.text == "light")
    }
  }

  @Test("a snapshot holds exactly what the single reads give, before and after changes")
  func snapshot() async throws {
    let store = try SettingsStore(path: path)
    func expectMatchesSingleReads() async throws {
      let snapshot = try await store.snapshot(notificationID: "weekly-review")
      #expect(snapshot.seenThrough == (try await store.seenThrough()))
      #expect(snapshot.onboardingComplete == (try await store.isOnboardingComplete()))
      #expect(snapshot.settings == (try await store.allSettings()))
      #expect(snapshot.notification == (try await store.notification(id: "weekly-review")))
    }
    try await expectMatchesSingleReads()
    let fresh = try await store.snapshot(notificationID: "weekly-review")
    #expect(fresh.seenThrough == .none && !fresh.onboardingComplete && fresh.notification == nil)
    #expect(fresh.decided.isEmpty, "a fresh store has chosen nothing")
    try await store.completeOnboarding(seenThrough: Version(major: 2, minor: 13, patch: 1))
    try await store.setSetting(.units, to: "imperial")
    try await store.saveNotification(StoredNotification(id: "weekly-review", weekday: "monday", hour: 18, minute: 0))
    try await expectMatchesSingleReads()
    let changed = try await store.snapshot(notificationID: "weekly-review")
    #expect(changed.seenThrough == .version(Version(major: 2, minor: 13, patch: 1)))
    #expect(changed.settings[.units] == "imperial")
    // A row is a choice, whatever its value; the default is one too, once chosen.
    #expect(changed.decided == [.units])
    // A row holding a value the app no longer offers (a removed or renamed option) is no choice
    // the person can see in the app: they are told a new default as one who never chose.
    let key = Setting.homeSummaryCard.spec.storageKey
    try SQLiteConnection.openExisting(store.path).execute("INSERT INTO settings(key, value) VALUES ('\(key)', 'calories_ring')")
    #expect(try await store.snapshot(notificationID: "weekly-review").decided == [.units])
    #expect(changed.notification?.weekday == "monday")
    #expect(try await store.snapshot(notificationID: "another").notification == nil)
  }

  @Test("a setting without a row reads as the default of the app's version; a row is kept whatever the version")
  func defaultsOfTheAppVersion() async throws {
    let v2_15 = Version(major: 2, minor: 15, patch: 0)
    for (version, expected) in [
      (nil, "daily_summary"), (Version(major: 2, minor: 14, patch: 0), "daily_summary"), (v2_15, "weekly_streak"),
    ] {
      let store = try SettingsStore(inMemory: (), defaultsAsOf: version)
      #expect(try await store.setting(.homeSummaryCard) == expected, "\(String(describing: version))")
      #expect(try await store.snapshot(notificationID: "weekly-review").settings[.homeSummaryCard] == expected)
    }
    let store = try SettingsStore(path: path, defaultsAsOf: v2_15)
    #expect(try await store.setSetting(.homeSummaryCard, to: "daily_summary").previous == "weekly_streak")
    #expect(try await store.setting(.homeSummaryCard) == "daily_summary")
  }

  @Test("a write returns the value it replaced: the default when unset or unacceptable, else the stored value")
  func writeReturnsPrevious() async throws {
    let store = try SettingsStore(path: path)
    #expect(try await store.setSetting(.reviewWeekday, to: "friday").previous == Setting.reviewWeekday.defaultValue)
    #expect(try await store.setSetting(.reviewWeekday, to: "tuesday").previous == "friday")
    #expect(try await store.setSetting(.reviewWeekday, to: "tuesday").previous == "tuesday")
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute("INSERT INTO settings(key, value) VALUES ('app.theme', 'blue')")
    }
    #expect(try await store.setSetting(.theme, to: "dark").previous == "system")
    #expect(try await store.setting(.theme) == "dark")
    // A refused value stores nothing and returns nothing.
    let error = await storeError { () throws(StoreError) in try await store.setSetting(.theme, to: "blue") }
    #expect(error?.kind == .invalidValue)
    #expect(try await store.setting(.theme) == "dark")
  }

  @Test("a write can read a notification in its transaction: the one scheduled when the value was replaced")
  func writeReadsNotification() async throws {
    let store = try SettingsStore(path: path)
    var written = try await store.setSetting(.reviewWeekday, to: "monday", readingNotification: "weekly-review")
    #expect(written.previous == "sunday")
    #expect(written.notification == nil)

    let monday = StoredNotification(id: "weekly-review", weekday: "monday", hour: 18, minute: 0)
    try await store.saveNotification(monday)
    written = try await store.setSetting(.reviewWeekday, to: "friday", readingNotification: "weekly-review")
    #expect(written.previous == "monday")
    #expect(written.notification == monday)
    #expect(try await store.setSetting(.reviewWeekday, to: "friday", readingNotification: nil).notification == nil)
    #expect(try await store.setting(.reviewWeekday) == "friday")
  }

  @Test("a value the setting does not accept is refused and nothing is stored")
  func rejectsInvalid() async throws {
    let store = try SettingsStore(path: path)
    try await store.setSetting(.theme, to: "dark")
    let error = await storeError { () throws(StoreError) in try await store.setSetting(.theme, to: "blue") }
    #expect(error?.kind == .invalidValue)
    #expect(error?.description.contains("theme") == true)
    #expect(error?.description.contains("blue") == true)
    #expect(try await store.setting(.theme) == "dark")
  }

  @Test("a stored value the setting does not accept reads as the default")
  func invalidStoredReadsDefault() async throws {
    let store = try SettingsStore(path: path)
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute("INSERT INTO settings(key, value) VALUES ('app.theme', 'blue'), ('rest.haptics', 'false')")
    }
    #expect(try await store.setting(.theme) == "system")
    #expect(try await store.setting(.restTimerHaptics) == "false")
    let all = try await store.allSettings()
    #expect(all[.theme] == "system")
    #expect(all[.restTimerHaptics] == "false")
  }

  @Test("completeOnboarding writes onboarding and the record in one transaction")
  func completeOnboardingIsAtomic() async throws {
    let store = try SettingsStore(path: path)
    // Make the seen-through write fail: the onboarding write before it must roll back.
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute("CREATE TRIGGER boom BEFORE INSERT ON whats_new BEGIN SELECT RAISE(ABORT, 'boom'); END")
    }
    let error = await storeError { () throws(StoreError) in try await store.completeOnboarding(seenThrough: version("2.14.0")) }
    #expect(error?.kind == .sqlite(code: 19))
    #expect(error?.description.contains("SQLite error 19: boom - while executing `INSERT INTO whats_new") == true)
    #expect(try await store.isOnboardingComplete() == false)
    #expect(try await store.seenThrough() == .none)

    try withRawConnection(path) { raw throws(StoreError) in try raw.execute("DROP TRIGGER boom") }
    try await store.completeOnboarding(seenThrough: version("2.14.0"))
    #expect(try await store.isOnboardingComplete())
    #expect(try await store.seenThrough() == .version(version("2.14.0")))
  }

  @Test("completeOnboarding never moves the record backwards")
  func completeOnboardingForwardOnly() async throws {
    let store = try SettingsStore(inMemory: ())
    try await store.advanceSeenThrough(to: version("2.15.0"))
    try await store.completeOnboarding(seenThrough: version("2.14.0"))
    #expect(try await store.isOnboardingComplete())
    #expect(try await store.seenThrough() == .version(version("2.15.0")))
  }

  @Test("applyPendingSeed marks onboarding, the record and the legacy flag")
  func applyPendingSeed() async throws {
    let store = try SettingsStore(path: path)
    try await store.recordPendingSeed(seenThrough: version("2.11.0"))
    #expect(try await store.applyPendingSeed(legacyWalkthroughBefore: version("2.12.0")) == version("2.11.0"))
    #expect(try await store.isOnboardingComplete())
    #expect(try await store.seenThrough() == .version(version("2.11.0")))
    let flags = try await store.legacyGuidanceFlags()
    #expect(flags.walkthroughCompleted && !flags.migratedV1)
  }

  @Test("the legacy walkthrough flag migrates to guidance once, and never again after a reset")
  func legacyGuidanceMigration() async throws {
    let store = try SettingsStore(path: path)
    try plantLegacyWalkthroughFlag(path)
    try await store.markGuidanceSeen("finance_intro")

    #expect(try await store.guidanceSeenIDs() == ["first_run", "finance_intro"])
    var flags = try await store.legacyGuidanceFlags()
    #expect(flags.walkthroughCompleted && flags.migratedV1)

    try await store.resetGuidance(nil)
    #expect(try await store.guidanceSeenIDs() == [])
    // Another process sees the same: the migration does not run again.
    let other = try SettingsStore(path: path)
    #expect(try await other.guidanceSeenIDs() == [])
    flags = try await other.legacyGuidanceFlags()
    #expect(flags.walkthroughCompleted && flags.migratedV1)
  }

  @Test("a snapshot of a store that owes the guidance migration runs it and shows the migrated seen-set")
  func snapshotMigratesGuidance() async throws {
    let store = try SettingsStore(path: path)
    try plantLegacyWalkthroughFlag(path)
    try await store.markGuidanceSeen("finance_intro")
    try await store.setSetting(.theme, to: "dark")

    let snapshot = try await store.snapshot(notificationID: "weekly-review")
    #expect(snapshot.guidanceSeen == ["first_run", "finance_intro"])
    #expect(snapshot.settings[.theme] == "dark")
    #expect(try await store.legacyGuidanceFlags().migratedV1)
    // Later snapshots read the same set without migrating again.
    try await store.resetGuidance("first_run")
    #expect(try await store.snapshot(notificationID: "weekly-review").guidanceSeen == ["finance_intro"])
  }

  @Test("without the legacy flag nothing migrates")
  func noLegacyFlag() async throws {
    let store = try SettingsStore(inMemory: ())
    #expect(try await store.guidanceSeenIDs() == [])
    let flags = try await store.legacyGuidanceFlags()
    #expect(!flags.walkthroughCompleted && !flags.migratedV1)
  }

  @Test("guidance ids are marked once and reset one at a time or all together")
  func guidanceSeen() async throws {
    let store = try SettingsStore(inMemory: ())
    try await store.markGuidanceSeen("a")
    try await store.markGuidanceSeen("a")
    try await store.markGuidanceSeen("b")
    try await store.markGuidanceSeen("c")
    #expect(try await store.guidanceSeenIDs() == ["a", "b", "c"])
    try await store.resetGuidance("b")
    #expect(try await store.guidanceSeenIDs() == ["a", "c"])
    try await store.resetGuidance(nil)
    #expect(try await store.guidanceSeenIDs() == [])
  }

  @Test("notifications save, replace, list in id order and delete")
  func notifications() async throws {
    let store = try SettingsStore(path: path)
    let review = StoredNotification(id: "weekly_review", weekday: "sunday", hour: 18, minute: 30)
    let workout = StoredNotification(id: "a_workout", weekday: "monday", hour: 7, minute: 0)
    try await store.saveNotification(review)
    try await store.saveNotification(workout)
    #expect(try await store.notification(id: "weekly_review") == review)
    #expect(try await store.notification(id: "nope") == nil)

    var moved = review
    moved.weekday = "friday"
    moved.hour = 9
    try await store.saveNotification(moved)
    let reopened = try SettingsStore(path: path)
    #expect(try await reopened.allNotifications() == [workout, moved])

    try await reopened.deleteNotification(id: "a_workout")
    try await reopened.deleteNotification(id: "a_workout")
    #expect(try await reopened.allNotifications() == [moved])
  }

  @Test(
    "invalid notifications are refused",
    arguments: [
      StoredNotification(id: "", weekday: "monday", hour: 1, minute: 1),
      StoredNotification(id: "x", weekday: "funday", hour: 1, minute: 1),
      StoredNotification(id: "x", weekday: "monday", hour: 24, minute: 1),
      StoredNotification(id: "x", weekday: "monday", hour: 1, minute: 60),
      StoredNotification(id: "x", weekday: "monday", hour: -1, minute: 0),
    ])
  func invalidNotification(_ notification: StoredNotification) async throws {
    let store = try SettingsStore(inMemory: ())
    let error = await storeError { () throws(StoreError) in try await store.saveNotification(notification) }
    #expect(error?.kind == .invalidValue)
    #expect(try await store.allNotifications() == [])
  }
}
