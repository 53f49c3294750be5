import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

@Suite("opening the store")
struct OpeningTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test("a fresh store is created at the current schema with mode 0600, and is not fresh when reopened")
  func freshStore() async throws {
    let path = directory.path("settings.sqlite")
    let store = try SettingsStore(path: path)
    #expect(store.wasCreated)
    #expect(store.path == path)
    #expect(try await store.schemaVersion() == 5)
    #expect(SettingsStore.currentSchemaVersion == 5)
    #expect(mode(of: path) == 0o600)
    #expect(try await store.integrityCheck() == [])
    #expect(try await store.isOnboardingComplete() == false)
    #expect(try await store.seenThrough() == .none)

    let again = try SettingsStore(path: path)
    #expect(again.wasCreated == false)
    #expect(try await again.schemaVersion() == 5)
    // Rollback journal, not WAL.
    #expect(!fileExists(path + "-wal"))
  }

  @Test("a store another program put in WAL mode is switched back to the rollback journal when opened")
  func walStoreSwitchedBack() async throws {
    let path = directory.path("settings.sqlite")
    _ = try SettingsStore(path: path)
    func journalMode() throws -> String? { try SQLiteConnection.openExisting(path).scalar("PRAGMA journal_mode")?.text }
    #expect(try journalMode() == "delete")
    do {
      let other = try SQLiteConnection.openExisting(path)
      #expect(try other.scalar("PRAGMA journal_mode = WAL")?.text == "wal")
    }
    #expect(try journalMode() == "wal")
    let store = try SettingsStore(path: path)
    try await store.setSetting(.theme, to: "dark")
    #expect(try journalMode() == "delete")
    #expect(!fileExists(path + "-wal"))
    #expect(try await store.setting(.theme) == "dark")
  }

  @Test("a missing parent directory is an error naming the directory")
  func missingParent() async throws {
    let parent = directory.path("no/such/dir")
    let path = parent + "/settings.sqlite"
    let error = await storeError { () throws(StoreError) in try SettingsStore(path: path) }
    #expect(error?.kind == .directoryMissing)
    #expect(error?.path == parent)
    #expect(error?.description.contains(parent) == true)
    #expect(error?.description.first?.isLowercase == true)
    #expect(!fileExists(directory.path("no")))
  }

  @Test("createParentDirectory makes the missing directories with mode 0700")
  func createsParent() async throws {
    let parent = directory.path("a/b")
    let store = try SettingsStore(path: parent + "/settings.sqlite", createParentDirectory: true)
    #expect(store.wasCreated)
    #expect(mode(of: parent) == 0o700)
    #expect(mode(of: directory.path("a")) == 0o700)
    #expect(try await store.schemaVersion() == SettingsStore.currentSchemaVersion)
  }

  @Test("a store from a newer whatsnew is refused and left byte-identical")
  func newerSchema() async throws {
    let path = directory.path("settings.sqlite")
    do {
      let store = try SettingsStore(path: path)
      try await store.setSetting(.theme, to: "dark")
    }
    try withRawConnection(path) { raw throws(StoreError) in try raw.execute("PRAGMA user_version = 9") }
    let before = try bytes(of: path)

    let error = await storeError { () throws(StoreError) in try SettingsStore(path: path) }
    #expect(error?.kind == .newerSchema(found: 9, supported: SettingsStore.currentSchemaVersion))
    let message = error?.description ?? ""
    #expect(message.contains(path))
    #expect(message.contains("schema 9, this one knows \(SettingsStore.currentSchemaVersion)"))
    #expect(message.contains("upgrade whatsnew"))
    #expect(try bytes(of: path) == before)
    #expect(!fileExists(path + "-journal"))
  }

  @Test("a file that is not SQLite is refused with SQLite's reason and left byte-identical")
  func corruptFile() async throws {
    let path = directory.path("settings.sqlite")
    let junk = Data(String(repeating: "this is not a database\n", count: 300).utf8)
    try junk.write(to: URL(fileURLWithPath: path))

    let error = await storeError { () throws(StoreError) in try SettingsStore(path: path) }
    #expect(error?.kind == .notADatabase)
    #expect(error?.description.contains(path) == true)
    #expect(error?.description.contains("file is not a database") == true)
    #expect(try bytes(of: path) == junk)
    #expect(!fileExists(path + "-journal"))
  }

  @Test("a SQLite database that is not a whatsnew store is refused and left byte-identical")
  func foreignDatabase() async throws {
    let path = directory.path("other.sqlite")
    try SettingsStore.createForTesting(path: path, schemaVersion: 0)
    try withRawConnection(path) { raw throws(StoreError) in try raw.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY)") }
    let before = try bytes(of: path)

    let error = await storeError { () throws(StoreError) in try SettingsStore(path: path) }
    #expect(error?.kind == .notADatabase)
    #expect(error?.description.contains("not a whatsnew settings store") == true)
    #expect(try bytes(of: path) == before)
  }

  @Test("in-memory stores are separate and at the current schema")
  func inMemory() async throws {
    let first = try SettingsStore(inMemory: ())
    let second = try SettingsStore(inMemory: ())
    #expect(first.path == ":memory:")
    #expect(first.wasCreated)
    #expect(try await first.schemaVersion() == SettingsStore.currentSchemaVersion)
    try await first.setSetting(.units, to: "imperial")
    #expect(try await second.setting(.units) == "metric")
    #expect(try await first.setting(.units) == "imperial")
  }
}
