import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewStore

/// What `news` reads (issue 23): the tour's record of each release, written with the seen
/// record in one transaction, and the version the person's history starts at, written once.
@Suite("the tour's history in the store")
struct TourHistoryTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  @Test("ending a tour records what it did with each release together with the seen record")
  func endTourRecords() async throws {
    let store = try SettingsStore(path: directory.path("settings.sqlite"))
    let showings = [
      ReleaseShowing(release: version("2.12.0"), leftOut: 2), ReleaseShowing(release: version("2.13.1"), shown: 3, notReached: 1),
    ]
    try await store.endTour(seenThrough: version("2.14.0"), showings: showings)
    let record = try await store.releaseRecord()
    #expect(record.showings == showings)
    #expect(record.seenThrough == .version(version("2.14.0")))
  }

  @Test("a later tour of the same release replaces its row; others stay")
  func laterTourReplaces() async throws {
    let store = try SettingsStore(path: directory.path("settings.sqlite"))
    try await store.endTour(
      seenThrough: version("2.13.1"),
      showings: [ReleaseShowing(release: version("2.12.0"), leftOut: 2), ReleaseShowing(release: version("2.13.1"), shown: 1)])
    try await store.overwriteSeenThrough(version("2.12.0"))
    try await store.endTour(seenThrough: version("2.13.1"), showings: [ReleaseShowing(release: version("2.13.1"), shown: 4)])
    #expect(
      try await store.releaseShowings() == [
        ReleaseShowing(release: version("2.12.0"), leftOut: 2), ReleaseShowing(release: version("2.13.1"), shown: 4),
      ])
  }

  @Test("a failed end of tour records neither the seen record nor the history")
  func atomic() async throws {
    let path = directory.path("settings.sqlite")
    let store = try SettingsStore(path: path)
    // A row the CHECK refuses makes the transaction fail after the seen step would have run.
    let bad = ReleaseShowing(release: version("2.13.1"), shown: -1)
    let error = await storeError { () async throws(StoreError) in
      try await store.endTour(
        seenThrough: version("2.14.0"), showings: [ReleaseShowing(release: version("2.12.0"), shown: 1), bad])
    }
    #expect(error != nil)
    #expect(try await store.seenThrough() == .none)
    #expect(try await store.releaseShowings() == [])
  }

  @Test("the first version is recorded by onboarding or a seed, and never moved afterwards")
  func firstVersionOnce() async throws {
    let store = try SettingsStore(path: directory.path("settings.sqlite"))
    #expect(try await store.firstVersion() == nil)
    try await store.completeOnboarding(seenThrough: version("2.13.1"))
    try await store.recordPendingSeed(seenThrough: version("2.14.0"))
    _ = try await store.applyPendingSeed(legacyWalkthroughBefore: version("2.14.0"))
    #expect(try await store.firstVersion() == version("2.13.1"))

    let upgrader = try SettingsStore(path: directory.path("upgrader.sqlite"))
    try await upgrader.recordPendingSeed(seenThrough: version("2.11.0"))
    _ = try await upgrader.applyPendingSeed(legacyWalkthroughBefore: version("2.14.0"))
    #expect(try await upgrader.releaseRecord().firstVersion == version("2.11.0"))
  }

  @Test("a 2.14 store (schema 3) gains the history table and keeps its seen record, with no first version")
  func fromV3() async throws {
    let path = directory.path("settings.sqlite")
    try SettingsStore.createForTesting(path: path, schemaVersion: 3)
    try withRawConnection(path) { raw throws(StoreError) in
      try raw.execute("INSERT INTO whats_new(id, seen_through) VALUES (1, '2.14.0')")
    }
    let store = try SettingsStore(path: path)
    let record = try await store.releaseRecord()
    #expect(record == ReleaseRecord(firstVersion: nil, showings: [], seenThrough: .version(version("2.14.0"))))
  }

  @Test("a backup carries the history and the first version; a row whose release is not a version is dropped and named")
  func backupCarriesHistory() async throws {
    let live = try SettingsStore(path: directory.path("live.sqlite"))
    let source = try SettingsStore(path: directory.path("source.sqlite"))
    try await source.completeOnboarding(seenThrough: version("2.11.0"))
    try await source.endTour(seenThrough: version("2.14.0"), showings: [ReleaseShowing(release: version("2.13.1"), shown: 2)])
    let backup = directory.path("backup.sqlite")
    _ = try await source.backup(to: backup)
    try withRawConnection(backup) { raw throws(StoreError) in
      try raw.execute("INSERT INTO tour_history(release, shown, not_reached, left_out) VALUES ('soon', 1, 0, 0)")
    }
    let dropped = try await live.restore(from: backup)
    #expect(dropped.contains { $0.contains("tour history") && $0.contains("'soon'") }, "\(dropped)")
    let record = try await live.releaseRecord()
    #expect(record.firstVersion == version("2.11.0"))
    #expect(record.showings == [ReleaseShowing(release: version("2.13.1"), shown: 2)])
  }
}
