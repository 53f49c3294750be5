import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

@Suite("backup and restore")
struct BackupRestoreTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// A store with something in every table.
  func populatedStore(_ name: String) async throws -> SettingsStore {
    let store = try SettingsStore(path: directory.path(name))
    try await store.setSetting(.theme, to: "dark")
    try await store.setSetting(.reviewWeekday, to: "wednesday")
    try await store.completeOnboarding(seenThrough: version("2.13.1"))
    try await store.markGuidanceSeen("finance_intro")
    try await store.saveNotification(StoredNotification(id: "weekly_review", weekday: "wednesday", hour: 19, minute: 15))
    return store
  }

  struct Snapshot: Equatable {
    var settings: [Setting: String]
    var onboarding: Bool
    var seen: SeenThroughRecord
    var guidance: Set<String>
    var notifications: [StoredNotification]
  }

  func snapshot(_ store: SettingsStore) async throws -> Snapshot {
    Snapshot(
      settings: try await store.allSettings(), onboarding: try await store.isOnboardingComplete(),
      seen: try await store.seenThrough(), guidance: try await store.guidanceSeenIDs(),
      notifications: try await store.allNotifications())
  }

  @Test("a backup restores everything into another store, and other connections see it")
  func roundTrip() async throws {
    let source = try await populatedStore("source.sqlite")
    let backupPath = directory.path("backup.sqlite")
    try await source.backup(to: backupPath)
    #expect(mode(of: backupPath) == 0o600)

    let livePath = directory.path("live.sqlite")
    let live = try SettingsStore(path: livePath)
    try await live.setSetting(.theme, to: "light")
    try await live.advanceSeenThrough(to: version("2.20.0"))
    try await live.markGuidanceSeen("other")
    let observer = try SettingsStore(path: livePath)

    try await live.restore(from: backupPath)
    let expected = try await snapshot(source)
    #expect(expected.settings[.theme] == "dark")
    #expect(try await snapshot(live) == expected)
    #expect(try await snapshot(observer) == expected)
    #expect(try await live.schemaVersion() == SettingsStore.currentSchemaVersion)
    #expect(try await live.integrityCheck() == [])
  }

  @Test("a backup never overwrites an existing file, but may fill an empty one")
  func backupDestination() async throws {
    let store = try await populatedStore("source.sqlite")
    let backupPath = directory.path("backup.sqlite")
    try await store.backup(to: backupPath)
    let before = try bytes(of: backupPath)
    try await store.setSetting(.theme, to: "light")
    let error = await storeError { () throws(StoreError) in try await store.backup(to: backupPath) }
    #expect(error?.kind == .destinationExists)
    #expect(error?.description.contains(backupPath) == true)
    #expect(try bytes(of: backupPath) == before)

    let emptyPath = directory.path("empty.sqlite")
    _ = FileManager.default.createFile(atPath: emptyPath, contents: nil)
    try await store.backup(to: emptyPath)
    #expect(mode(of: emptyPath) == 0o600)
    let restored = try SettingsStore(path: emptyPath)
    #expect(try await restored.setting(.theme) == "light")

    let missing = directory.path("nope/backup.sqlite")
    let missingError = await storeError { () throws(StoreError) in try await store.backup(to: missing) }
    #expect(missingError?.kind == .directoryMissing)
    #expect(missingError?.path == directory.path("nope"))
  }

  @Test("a backup is written beside its name and moved into place: nothing else is left in the directory")
  func backupLeavesOnlyTheFile() async throws {
    let store = try await populatedStore("source.sqlite")
    let folder = directory.path("out")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    try await store.backup(to: folder + "/backup.sqlite")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["backup.sqlite"])
    // A failed backup (the name is taken meanwhile: here, by a directory) leaves no temporary file.
    let taken = folder + "/taken.sqlite"
    try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
    let error = await storeError { () throws(StoreError) in try await store.backup(to: taken) }
    #expect(error?.kind == .destinationExists)
    #expect(error?.description.contains(taken) == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["backup.sqlite", "taken.sqlite"])
  }

  @Test("an in-memory store backs up to a file")
  func inMemoryBackup() async throws {
    let store = try SettingsStore(inMemory: ())
    try await store.setSetting(.units, to: "imperial")
    let backupPath = directory.path("backup.sqlite")
    try await store.backup(to: backupPath)
    #expect(try await SettingsStore(path: backupPath).setting(.units) == "imperial")
  }

  @Test("a backup from before the seen record (schema 1) restores with no record, and is not modified")
  func restoreV1() async throws {
    let backupPath = directory.path("old-backup.sqlite")
    try SettingsStore.createForTesting(path: backupPath, schemaVersion: 1)
    try withRawConnection(backupPath) { raw throws(StoreError) in
      try raw.execute(
        """
        INSERT INTO settings(key, value) VALUES ('app.units', 'imperial');
        INSERT INTO app_state(key, value) VALUES ('onboarding_complete', 'true'), ('walkthrough_completed', 'true');
        """)
    }
    let backupBytes = try bytes(of: backupPath)

    let live = try await populatedStore("live.sqlite")
    try await live.restore(from: backupPath)
    #expect(try await live.schemaVersion() == SettingsStore.currentSchemaVersion)
    #expect(try await live.seenThrough() == .none)
    #expect(try await live.setting(.units) == "imperial")
    #expect(try await live.setting(.theme) == "system")
    #expect(try await live.isOnboardingComplete())
    #expect(try await live.allNotifications() == [])
    #expect(try await live.guidanceSeenIDs() == ["first_run"])
    #expect(try bytes(of: backupPath) == backupBytes)
  }

  @Test("a file that is not a database is refused and the live store is untouched")
  func corruptBackup() async throws {
    let live = try await populatedStore("live.sqlite")
    let before = try await snapshot(live)
    let backupPath = directory.path("junk.sqlite")
    try Data(String(repeating: "not sqlite at all\n", count: 400).utf8).write(to: URL(fileURLWithPath: backupPath))

    let error = await storeError { () throws(StoreError) in try await live.restore(from: backupPath) }
    #expect(error?.kind == .notABackup)
    #expect(error?.description.contains("\(backupPath) is not a whatsnew backup: file is not a database") == true)
    #expect(try await snapshot(live) == before)
  }

  @Test("a backup from a newer whatsnew is refused and the live store is untouched")
  func newerBackup() async throws {
    let live = try await populatedStore("live.sqlite")
    let before = try await snapshot(live)
    let backupPath = directory.path("newer.sqlite")
    try await SettingsStore(inMemory: ()).backup(to: backupPath)
    try withRawConnection(backupPath) { raw throws(StoreError) in try raw.execute("PRAGMA user_version = 9") }

    let error = await storeError { () throws(StoreError) in try await live.restore(from: backupPath) }
    #expect(error?.kind == .newerSchema(found: 9, supported: SettingsStore.currentSchemaVersion))
    #expect(
      error?.description.contains(
        "\(backupPath) was written by a newer whatsnew (schema 9, this one knows \(SettingsStore.currentSchemaVersion))") == true)
    #expect(try await snapshot(live) == before)
  }

  @Test("empty, missing and foreign files are refused", arguments: ["empty", "missing", "foreign"])
  func otherBadBackups(kind: String) async throws {
    let live = try await populatedStore("live.sqlite")
    let before = try await snapshot(live)
    let backupPath = directory.path("\(kind).sqlite")
    switch kind {
    case "empty":
      _ = FileManager.default.createFile(atPath: backupPath, contents: nil)
    case "foreign":
      try SettingsStore.createForTesting(path: backupPath, schemaVersion: 0)
      try withRawConnection(backupPath) { raw throws(StoreError) in
        try raw.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY); PRAGMA user_version = 3")
      }
    default:
      break
    }
    let error = await storeError { () throws(StoreError) in try await live.restore(from: backupPath) }
    #expect(error?.kind == .notABackup)
    #expect(error?.description.hasPrefix("\(backupPath) is not a whatsnew backup: ") == true)
    #expect(try await snapshot(live) == before)
  }
}
