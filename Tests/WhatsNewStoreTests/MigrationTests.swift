import CSQLite
import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

@Suite("migrating older stores")
struct MigrationTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test("every older schema upgrades to the current one with all tables", arguments: [0, 1, 2, 3])
  func upgradesToCurrent(from schema: Int) async throws {
    let path = directory.path("settings.sqlite")
    try SettingsStore.createForTesting(path: path, schemaVersion: schema)
    try withRawConnection(path) { raw throws(StoreError) in #expect(try raw.userVersion() == schema) }

    let store = try SettingsStore(path: path)
    #expect(try await store.schemaVersion() == SettingsStore.currentSchemaVersion)
    #expect(store.wasCreated == (schema == 0))
    #expect(try await store.integrityCheck() == [])
    try withRawConnection(path) { raw throws(StoreError) in
      let tables = Set(try raw.query("SELECT name FROM sqlite_schema WHERE type = 'table'").compactMap { $0.first?.text })
      #expect(tables == Migrations.tables)
    }
  }

  @Test("a 2.11 store (schema 1) keeps its settings and flags and gets no seen record")
  func fromV1() async throws {
    let path = directory.path("settings.sqlite")
    try SettingsStore.createForTesting(path: path, schemaVersion: 1)
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute(
        """
        INSERT INTO settings(key, value) VALUES ('app.theme', 'dark'), ('review.weekday', 'friday');
        INSERT INTO app_state(key, value) VALUES ('onboarding_complete', 'true'), ('walkthrough_completed', 'true');
        """)
    }

    let store = try SettingsStore(path: path)
    #expect(store.wasCreated == false)
    #expect(try await store.setting(.theme) == "dark")
    #expect(try await store.setting(.reviewWeekday) == "friday")
    #expect(try await store.setting(.units) == "metric")
    #expect(try await store.isOnboardingComplete())
    #expect(try await store.seenThrough() == .none)
    #expect(try await store.allNotifications() == [])
    // The legacy walkthrough flag carries over to guidance.
    #expect(try await store.guidanceSeenIDs() == ["first_run"])
  }

  @Test("a 2.13 store (schema 2) keeps its seen record and settings")
  func fromV2() async throws {
    let path = directory.path("settings.sqlite")
    try SettingsStore.createForTesting(path: path, schemaVersion: 2)
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute(
        """
        INSERT INTO settings(key, value) VALUES ('workout.view', 'inline');
        INSERT INTO app_state(key, value) VALUES ('onboarding_complete', 'true');
        INSERT INTO whats_new(id, seen_through) VALUES (1, '2.13.1');
        """)
    }

    let store = try SettingsStore(path: path)
    #expect(try await store.schemaVersion() == SettingsStore.currentSchemaVersion)
    #expect(try await store.setting(.workoutView) == "inline")
    #expect(try await store.isOnboardingComplete())
    #expect(try await store.seenThrough() == .version(version("2.13.1")))
    #expect(try await store.guidanceSeenIDs() == [])
    let flags = try await store.legacyGuidanceFlags()
    #expect(flags.walkthroughCompleted == false && flags.migratedV1 == false)
  }

  @Test("two stores opening one old file at once both succeed and migrate it once")
  func concurrentUpgrade() async throws {
    let path = directory.path("settings.sqlite")
    try SettingsStore.createForTesting(path: path, schemaVersion: 1)
    async let first = Task { () throws(StoreError) -> Int in try await SettingsStore(path: path).schemaVersion() }.value
    async let second = Task { () throws(StoreError) -> Int in try await SettingsStore(path: path).schemaVersion() }.value
    #expect(try await [first, second] == [SettingsStore.currentSchemaVersion, SettingsStore.currentSchemaVersion])
  }
}

@Suite("opening a current store")
struct CurrentStoreOpeningTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test("a store already at the current schema opens while another connection holds the write lock")
  func opensUnderAnotherWriter() async throws {
    let path = directory.path("settings.sqlite")
    try await SettingsStore(path: path).setSetting(.theme, to: "dark")
    try withRawConnection(path) { writer throws(StoreError) in
      // Another writer (another process, in real life) is in the middle of a transaction.
      try writer.execute("BEGIN IMMEDIATE")
      defer { try? writer.execute("ROLLBACK") }
      // Opening must not queue behind it: a migration check that took the write lock here
      // would wait out the busy timeout and fail with "database is locked".
      let reopened = try SettingsStore(path: path)
      #expect(reopened.wasCreated == false)
    }
  }
}

@Suite("where the store's work runs")
struct StorePlacementTests {
  @Test("a store sharing the main actor's executor is isolated on the main actor, and works there")
  @MainActor
  func sharingTheMainActor() async throws {
    let store = try SettingsStore(inMemory: (), placement: .sharing(MainActor.sharedUnownedExecutor))
    // Traps unless the store's executor is the one this test runs on.
    isolated(store)
    try await store.setSetting(.theme, to: "dark")
    #expect(try await store.setting(.theme) == "dark")
  }

  @Test("by default the store runs on a queue of its own, never on the caller's actor")
  func ownQueue() async {
    await #expect(processExitsWith: .failure) {
      let store = try SettingsStore(inMemory: ())
      await MainActor.run { isolated(store) }
    }
  }
}

/// Asserts (trapping) that the caller runs on `store`'s executor.
private func isolated(_ store: SettingsStore) {
  store.assumeIsolated { _ in }
}

@Suite("kept statements")
struct KeptStatementTests {
  @Test("a kept statement gives fresh results after the schema changes under it")
  func schemaChange() throws {
    let connection = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try connection.execute("CREATE TABLE t(a TEXT)")
    try connection.query("INSERT INTO t(a) VALUES (?)", [.text("one")])
    #expect(try connection.query("SELECT * FROM t") == [[.text("one")]])
    try connection.execute("ALTER TABLE t ADD COLUMN b INTEGER DEFAULT 7")
    #expect(try connection.query("SELECT * FROM t") == [[.text("one"), .integer(7)]])
    try connection.execute("DROP TABLE t; CREATE TABLE t(c TEXT)")
    #expect(try connection.query("SELECT * FROM t") == [])
  }

  @Test("a statement that failed is reset and works the next time, with no old bindings")
  func reuseAfterFailure() throws {
    let connection = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try connection.execute("CREATE TABLE t(a TEXT PRIMARY KEY, b TEXT NOT NULL)")
    let insert = "INSERT INTO t(a, b) VALUES (?, ?)"
    try connection.query(insert, [.text("x"), .text("1")])
    #expect(throws: StoreError.self) { try connection.query(insert, [.text("x"), .text("2")]) }
    try connection.query(insert, [.text("y"), .text("3")])
    // Unbound parameters are NULL, never the last call's values.
    #expect(throws: StoreError.self) { try connection.query(insert) }
    #expect(try connection.query("SELECT a, b FROM t ORDER BY a") == [[.text("x"), .text("1")], [.text("y"), .text("3")]])
  }
}
