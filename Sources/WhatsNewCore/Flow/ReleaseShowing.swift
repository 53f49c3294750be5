/// What one automatic tour did with one release: how many of its pages the person reached,
/// how many the tour held that the person never reached (it ended first: `skip`, `close`),
/// and how many the page cap left out. The store keeps one per release (the latest tour's),
/// written with the seen record; `news` reads them to say what became of every release.
public struct ReleaseShowing: Sendable, Equatable, Hashable {
  public var release: Version
  public var shown: Int
  public var notReached: Int
  public var leftOut: Int

  public init(release: Version, shown: Int = 0, notReached: Int = 0, leftOut: Int = 0) {
    self.release = release
    self.shown = shown
    self.notReached = notReached
    self.leftOut = leftOut
  }

  /// The pages the tour had for the release, reached or not, and those the cap cut.
  public var pages: Int { shown + notReached + leftOut }
}
