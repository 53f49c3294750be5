import Foundation
import TestSupport
import Testing

@testable import WhatsNewCore
@testable import WhatsNewStore

/// `qa explore`'s runs share one store, emptied before each run: what a run finds must be
/// what a store just created holds, or one run's choices would leak into the next.
@Suite("emptying a kept store for the next run")
struct RemoveEverythingTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory()
  }

  /// Every table and its rows, in order: the store's whole content, compared as text.
  static func dump(_ path: String) throws -> [String] {
    var lines: [String] = []
    try withRawConnection(path) { connection throws(StoreError) in
      let tables = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
      for table in tables.compactMap({ $0.first?.text }) {
        lines.append("table \(table)")
        for row in try connection.query("SELECT * FROM \(table) ORDER BY 1") { lines.append("  \(row)") }
      }
      lines.append("user_version \(try connection.userVersion())")
    }
    return lines
  }

  @Test("a store that held every kind of row holds what a new store holds once emptied")
  func emptiedIsNew() async throws {
    let used = directory.path("used.sqlite")
    let store = try SettingsStore(path: used)
    try await store.keepLocked()
    try await store.recordPendingSeed(seenThrough: version("2.11.0"))
    _ = try await store.applyPendingSeed(legacyWalkthroughBefore: version("2.12.0"))
    try await store.completeOnboarding(seenThrough: version("2.11.0"))
    _ = try await store.setSetting(.workoutView, to: "inline")
    try await store.saveNotification(StoredNotification(id: "weekly_review", weekday: "friday", hour: 9, minute: 0))
    try await store.markGuidanceSeen("workoutScreen")
    _ = try await store.setLanguagePreference(.ru)
    try await store.setTourPosition(TourPosition(release: version("2.13.1"), pageID: "rest"))
    try await store.endTour(seenThrough: version("2.14.0"), showings: [ReleaseShowing(release: version("2.12.0"), leftOut: 2)])
    let fresh = directory.path("fresh.sqlite")
    let new = try SettingsStore(path: fresh)
    try await store.shareAgain()
    #expect(try Self.dump(used) != Self.dump(fresh), "the used store holds rows before it is emptied")

    try await store.keepLocked()
    try await store.removeEverything()
    try await store.shareAgain()
    #expect(try Self.dump(used) == Self.dump(fresh))
    let id = "weekly_review"
    #expect(try await store.snapshot(notificationID: id) == new.snapshot(notificationID: id))
  }

  @Test("every table the schema creates is one it empties")
  func tablesDeclared() throws {
    let path = directory.path("schema.sqlite")
    _ = try SettingsStore(path: path)
    var tables: Set<String> = []
    try withRawConnection(path) { connection throws(StoreError) in
      let rows = try connection.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%'")
      tables = Set(rows.compactMap { $0.first?.text })
    }
    #expect(tables == Migrations.tables)
  }

  @Test("a store other programs may open is never emptied: the program stops first, the rows stay")
  func refusedWhenShared() async throws {
    let path = directory.path("shared.sqlite")
    let store = try SettingsStore(path: path)
    _ = try await store.setSetting(.workoutView, to: "inline")
    await #expect(processExitsWith: .failure) { [path = path as String] in
      try await SettingsStore(path: path).removeEverything()
    }
    #expect(try await store.setting(.workoutView) == "inline")
  }

  @Test("an emptied store takes writes at once, and they last")
  func writableAfter() async throws {
    let path = directory.path("again.sqlite")
    let store = try SettingsStore(path: path)
    try await store.keepLocked()
    _ = try await store.setSetting(.workoutView, to: "inline")
    try await store.removeEverything()
    #expect(try await store.setting(.workoutView) == Setting.workoutView.defaultValue)
    _ = try await store.setSetting(.workoutView, to: "inline")
    try await store.shareAgain()
    let other = try SettingsStore(path: path)
    #expect(try await other.setting(.workoutView) == "inline")
  }
}
