package import WhatsNewCore

/// What `news` needs to say what became of every release: the version the person's history
/// starts at, and what each automatic tour did with each release it covered.
extension SettingsStore {
  /// What the tours recorded, one row per release (the latest tour's), oldest release first.
  /// A row whose release is not a version (no whatsnew writes one) is skipped.
  package func releaseShowings() throws(StoreError) -> [ReleaseShowing] {
    let rows = try connection.query("SELECT release, shown, not_reached, left_out FROM tour_history")
    return rows.compactMap { row -> ReleaseShowing? in
      guard let release = row[0].text.flatMap(Version.init) else { return nil }
      return ReleaseShowing(
        release: release, shown: Int(row[1].integer ?? 0), notReached: Int(row[2].integer ?? 0),
        leftOut: Int(row[3].integer ?? 0))
    }.sorted { $0.release < $1.release }
  }

  /// Records each showing, replacing an earlier tour's row for the same release (the record
  /// moved back by `debug seen`, then the tour shown again); call inside a write transaction.
  func recordShowings(_ showings: [ReleaseShowing]) throws(StoreError) {
    for showing in showings {
      try connection.query(
        """
        INSERT INTO tour_history(release, shown, not_reached, left_out) VALUES (?, ?, ?, ?)
        ON CONFLICT(release) DO UPDATE SET shown = excluded.shown, not_reached = excluded.not_reached,
          left_out = excluded.left_out
        """,
        [
          .text(showing.release.description), .integer(Int64(showing.shown)), .integer(Int64(showing.notReached)),
          .integer(Int64(showing.leftOut)),
        ])
    }
  }

  /// ``ReleaseRecord``, read in one transaction.
  package func releaseRecord() throws(StoreError) -> ReleaseRecord {
    try connection.readTransaction { () throws(StoreError) in
      ReleaseRecord(
        firstVersion: try storedValue(AppRow.firstVersion).flatMap(Version.init), showings: try releaseShowings(),
        seenThrough: try seenThrough())
    }
  }
}

/// What `news` reads in one transaction: where the history starts, what the tours recorded,
/// and the seen record.
package struct ReleaseRecord: Sendable, Equatable {
  /// `nil` when unknown: `news` lists every release.
  package var firstVersion: Version?
  package var showings: [ReleaseShowing]
  package var seenThrough: SeenThroughRecord
}
