import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

@Suite("the seen-through record")
struct SeenThroughTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.path("settings.sqlite")
  }

  @Test("advancing moves forward only, comparing versions numerically")
  func forwardOnly() async throws {
    let store = try SettingsStore(path: path)
    #expect(try await store.seenThrough() == .none)
    #expect(try await store.advanceSeenThrough(to: version("2.9.21")) == version("2.9.21"))
    // As text "2.10.1" < "2.9.21"; as versions it is newer.
    #expect(try await store.advanceSeenThrough(to: version("2.10.1")) == version("2.10.1"))
    #expect(try await store.advanceSeenThrough(to: version("2.9.30")) == version("2.10.1"))
    #expect(try await store.seenThrough() == .version(version("2.10.1")))
    #expect(try await SettingsStore(path: path).seenThrough() == .version(version("2.10.1")))
  }

  @Test(
    "a pre-release round-trips through the store, and the record moves forward only by SemVer precedence",
    arguments: [
      (["2.15.0-beta.1", "2.14.0", "2.15.0-alpha.9", "2.15.0-beta"], "2.15.0-beta.1"),
      (["2.15.0-beta.1", "2.15.0-beta.11", "2.15.0-beta.2"], "2.15.0-beta.11"),
      (["2.15.0-rc.1", "2.15.0"], "2.15.0"),
      (["2.15.0", "2.15.0-rc.1"], "2.15.0"),
      (["2.15.0-rc.1+build.7", "2.15.0-rc.1"], "2.15.0-rc.1+build.7"),
    ])
  func preRelease(steps: [String], expected: String) async throws {
    let store = try SettingsStore(path: path)
    for step in steps { _ = try await store.advanceSeenThrough(to: version(step)) }
    guard case .version(let stored) = try await SettingsStore(path: path).seenThrough() else {
      Issue.record("no record")
      return
    }
    #expect(stored.description == expected, "the text read back is the text written")
  }

  @Test("overwriting may go backwards, and nil clears the record")
  func overwrite() async throws {
    let store = try SettingsStore(path: path)
    try await store.advanceSeenThrough(to: version("2.14.0"))
    try await store.overwriteSeenThrough(version("2.11.0"))
    #expect(try await store.seenThrough() == .version(version("2.11.0")))
    try await store.overwriteSeenThrough(nil)
    #expect(try await store.seenThrough() == .none)
    try await store.overwriteSeenThrough(nil)
    #expect(try await store.seenThrough() == .none)
  }

  @Test("an unreadable stored value is reported and then replaced by advancing")
  func unreadable() async throws {
    let store = try SettingsStore(path: path)
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute("INSERT INTO whats_new(id, seen_through) VALUES (1, '2.14')")
    }
    #expect(try await store.seenThrough() == .unreadable("2.14"))
    #expect(try await store.advanceSeenThrough(to: version("1.0.0")) == version("1.0.0"))
    #expect(try await store.seenThrough() == .version(version("1.0.0")))
  }

  @Test("two stores on one file racing to advance end at the maximum and never move backwards")
  func racingWriters() async throws {
    let first = try SettingsStore(path: path)
    let second = try SettingsStore(path: path)
    // Log every change the database sees.
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute(
        """
        CREATE TABLE seen_log(seq INTEGER PRIMARY KEY AUTOINCREMENT, old TEXT, new TEXT NOT NULL);
        CREATE TRIGGER seen_log_insert AFTER INSERT ON whats_new BEGIN INSERT INTO seen_log(old, new) VALUES (NULL, new.seen_through); END;
        CREATE TRIGGER seen_log_update AFTER UPDATE ON whats_new BEGIN INSERT INTO seen_log(old, new) VALUES (old.seen_through, new.seen_through); END;
        """)
    }
    // 2.0.0 … 2.39.9: two-digit minors make text order and version order disagree.
    let versions = (0..<400).map { Version(major: 2, minor: $0 / 10, patch: $0 % 10) }
    let maximum = versions.max()!
    // Shuffled within windows of 12, so the record keeps moving while both stores write
    // (a full shuffle reaches the maximum early and leaves little to race over).
    func jittered() -> [Version] {
      stride(from: 0, to: versions.count, by: 12).flatMap { versions[$0..<min($0 + 12, versions.count)].shuffled() }
    }

    func run(_ store: SettingsStore, _ order: [Version]) async throws(StoreError) -> [(asked: Version, stored: Version)] {
      var history: [(asked: Version, stored: Version)] = []
      for target in order {
        history.append((target, try await store.advanceSeenThrough(to: target)))
      }
      return history
    }
    async let a = run(first, jittered())
    async let b = run(second, jittered())
    let histories = try await [a, b]

    for history in histories {
      for (asked, stored) in history { #expect(stored >= asked) }
      let stored = history.map(\.stored)
      #expect(stored == stored.sorted(), "what one store saw stored moved backwards")
      #expect(stored.last == maximum)
    }
    #expect(try await first.seenThrough() == .version(maximum))
    #expect(try await second.seenThrough() == .version(maximum))

    try withRawConnection(path) { raw throws(StoreError) in
      let log = try raw.query("SELECT old, new FROM seen_log ORDER BY seq")
      #expect(!log.isEmpty)
      for row in log {
        let new = Version(row[1].text ?? "")!
        if let oldText = row[0].text {
          #expect(Version(oldText)! < new, "the record moved from \(oldText) to \(new)")
        }
      }
      #expect(log.last.flatMap { $0[1].text } == maximum.description)
    }
  }

  @Test("concurrent writers of different kinds never hit 'database is locked'")
  func concurrentMixedWriters() async throws {
    let first = try SettingsStore(path: path)
    let second = try SettingsStore(path: path)
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask {
        for index in 0..<60 {
          try await first.setSetting(.theme, to: ["system", "light", "dark"][index % 3])
          try await first.markGuidanceSeen("first-\(index)")
        }
      }
      group.addTask {
        for index in 0..<60 {
          try await second.saveNotification(StoredNotification(id: "n\(index)", weekday: "monday", hour: index % 24, minute: 0))
          try await second.advanceSeenThrough(to: Version(major: 3, minor: index, patch: 0))
        }
      }
      try await group.waitForAll()
    }
    #expect(try await first.guidanceSeenIDs().count == 60)
    #expect(try await first.allNotifications().count == 60)
    #expect(try await first.seenThrough() == .version(Version(major: 3, minor: 59, patch: 0)))
    #expect(try await second.integrityCheck() == [])
  }
}
