/// What one automatic tour did with one release: how many of its pages the person reached,
/// how many the tour held that the person never reached (it ended first: `skip`, `close`),
/// and how many the page cap left out. The store keeps one per release (the latest tour's),
/// written with the seen record; `news` reads them to say what became of every release.
/// What the cap left out of a tour open now (``TourSelection/capped``) holds `leftOut` alone.
package struct ReleaseShowing: Sendable, Equatable, Hashable {
  package var release: Version
  package var shown: Int
  package var notReached: Int
  package var leftOut: Int

  package init(release: Version, shown: Int = 0, notReached: Int = 0, leftOut: Int = 0) {
    self.release = release
    self.shown = shown
    self.notReached = notReached
    self.leftOut = leftOut
  }

  /// The pages the tour had for the release, reached or not, and those the cap cut.
  package var pages: Int { shown + notReached + leftOut }
}
