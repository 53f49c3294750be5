import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

/// The language chosen in the app: kept beside the settings, with no migration of its own.
@Suite("language preference")
struct LanguagePreferenceTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test("a new store has no choice; a choice is read back, replaced and forgotten", arguments: Language.allCases)
  func roundTrip(language: Language) async throws {
    let store = try SettingsStore(path: directory.path("x.sqlite"))
    #expect(try await store.languagePreference() == nil)
    try await store.setLanguagePreference(language)
    #expect(try await store.languagePreference() == language)
    #expect(try await store.snapshot(notificationID: "weekly-review").language == language)
    // Another connection (another process) sees it.
    #expect(try await SettingsStore(path: store.path).languagePreference() == language)
    try await store.setLanguagePreference(nil)
    #expect(try await store.languagePreference() == nil)
    #expect(try await store.snapshot(notificationID: "weekly-review").language == nil)
  }

  @Test("a stored value that is no language this build has reads as no choice", arguments: ["fr", "", "pt_PT", "RU"])
  func unknownValue(stored: String) async throws {
    let path = directory.path("x.sqlite")
    _ = try SettingsStore(path: path)
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.query("INSERT INTO settings(key, value) VALUES ('app.language', ?)", [.text(stored)])
    }
    #expect(try await SettingsStore(path: path).languagePreference() == nil)
  }

  @Test("it does not disturb the settings, and no setting uses its key")
  func besideTheSettings() async throws {
    #expect(!Setting.allCases.map(\.spec.storageKey).contains(SettingsStore.AppRow.language))
    let store = try SettingsStore(path: directory.path("x.sqlite"))
    try await store.setSetting(.theme, to: "dark")
    try await store.setLanguagePreference(.ru)
    let settings = try await store.allSettings()
    #expect(settings.count == Setting.allCases.count)
    #expect(settings[.theme] == "dark")
  }

  @Test("an old store (schema 1) opens with no choice and takes one", arguments: [1, 2])
  func oldStore(schemaVersion: Int) async throws {
    let path = directory.path("old.sqlite")
    try SettingsStore.createForTesting(path: path, schemaVersion: schemaVersion)
    let store = try SettingsStore(path: path)
    #expect(try await store.languagePreference() == nil)
    try await store.setLanguagePreference(.nl)
    #expect(try await store.languagePreference() == .nl)
  }

  @Test("a backup carries the choice; restoring an older backup without one forgets it")
  func backupAndRestore() async throws {
    let source = try SettingsStore(path: directory.path("source.sqlite"))
    try await source.setLanguagePreference(.ptBR)
    let backupPath = directory.path("backup.sqlite")
    try await source.backup(to: backupPath)

    let live = try SettingsStore(path: directory.path("live.sqlite"))
    try await live.setLanguagePreference(.ru)
    try await live.restore(from: backupPath)
    #expect(try await live.languagePreference() == .ptBR)

    let oldBackup = directory.path("v1.sqlite")
    try SettingsStore.createForTesting(path: oldBackup, schemaVersion: 1)
    try await live.restore(from: oldBackup)
    #expect(try await live.languagePreference() == nil)
  }
}
