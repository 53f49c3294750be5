/// What became of every release since the person's first version, newest first: what
/// `news` lists. Values in, entries out; the store's record (``ReleaseShowing``), the seen
/// record and the content decide each status.
///
/// ```swift
/// let entries = ReleaseHistory.entries(
///   releases: releases, showings: showings, firstVersion: Version("2.11.0"),
///   seenThrough: Version("2.14.0"), current: Version("2.14.0")!)
/// // 2.14.0 shown, 2.13.1 shown, 2.12.0 left out by the cap, 2.11.0 where the history starts
/// ```
package enum ReleaseHistory {
  /// One release in the list.
  package struct Entry: Sendable, Equatable {
    package var release: Version
    /// The day it came out, when its file gives one.
    package var date: ReleaseDate?
    package var status: Status
    /// Whether `news <version>` has pages to open for it.
    package var canOpen: Bool { status != .superseded }
    /// Whether it has pages no tour brought the person to: left out, not reached, or to come.
    package var hasUnseenPages: Bool {
      switch status {
      case .partlyShown, .leftOut, .notReached, .upcoming: true
      case .shown, .superseded, .firstVersion, .unrecorded: false
      }
    }
  }

  /// What became of a release.
  package enum Status: Sendable, Equatable {
    /// A tour showed it, and the person reached every page it had.
    case shown
    /// A tour had it, and the person reached `shown` of its `pages`: the rest the tour ended
    /// before (`notReached`) or the cap left out (`leftOut`).
    case partlyShown(shown: Int, pages: Int, notReached: Int, leftOut: Int)
    /// The cap left every page of it out of the tour.
    case leftOut(pages: Int)
    /// The tour held its pages and ended before the person reached any.
    case notReached(pages: Int)
    /// Later releases replaced all it had to say: nothing is left to show.
    case superseded
    /// Newer than the seen record: the tour still to come (or open now) shows it.
    case upcoming
    /// The version the person's history starts at (onboarding, or the version updated from).
    case firstVersion
    /// Marked seen without a recorded tour: before this record was kept, or while the tour was off.
    case unrecorded
  }

  /// The entries for every release of `releases` (in any order) from `firstVersion` (every
  /// release when `nil`) up to `current`, newest first, read from what the tours recorded
  /// (`showings`, one per release) and the seen record. The releases the cap left out of the
  /// tour open now (`capped`, ``TourState/capped``) are left out, not to come.
  package static func entries(
    releases: [Release], showings: [ReleaseShowing], firstVersion: Version?, seenThrough: Version?, current: Version,
    capped: [ReleaseShowing] = []
  ) -> [Entry] {
    let recorded = Dictionary(showings.map { ($0.release, $0) }, uniquingKeysWith: { _, latest in latest })
    let leftOut = Dictionary(capped.map { ($0.release, $0.leftOut) }, uniquingKeysWith: { first, _ in first })
    return
      releases
      .filter { release in release.version <= current && (firstVersion.map { release.version >= $0 } ?? true) }
      .sorted { $0.version > $1.version }
      .map { release in
        Entry(
          release: release.version, date: release.date,
          status: status(
            of: release, recorded: recorded[release.version], firstVersion: firstVersion, seenThrough: seenThrough,
            current: current, leftOut: leftOut[release.version]))
      }
  }

  package static func status(
    of release: Release, recorded: ReleaseShowing?, firstVersion: Version?, seenThrough: Version?, current: Version,
    leftOut: Int? = nil
  ) -> Status {
    if previewRelease(release, asOf: current).isEmpty { return .superseded }
    if let recorded, recorded.pages > 0 {
      if recorded.shown == recorded.pages { return .shown }
      if recorded.shown > 0 {
        return .partlyShown(
          shown: recorded.shown, pages: recorded.pages, notReached: recorded.notReached, leftOut: recorded.leftOut)
      }
      return recorded.leftOut > 0 ? .leftOut(pages: recorded.leftOut) : .notReached(pages: recorded.notReached)
    }
    if release.version == firstVersion { return .firstVersion }
    if let leftOut { return .leftOut(pages: leftOut) }
    if seenThrough.map({ release.version > $0 }) ?? true { return .upcoming }
    return .unrecorded
  }
}
