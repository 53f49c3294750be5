/// One page of the tour, with the release that announced it.
package struct FlowPage: Hashable, Sendable {
  /// The version whose release file holds the page.
  package var release: Version
  /// The page, with superseded blocks already removed.
  package var page: Page
}

/// The pages a user should see after updating, in the order to show them.
///
/// A release takes part when `seenThrough < release.version <= current` (every release
/// up to `current` when `seenThrough` is `nil`). Pages and blocks whose `supersededIn`
/// is at or below `current` are removed, and a page left without blocks is removed
/// without costing anything. The cap is spent newest release first, each release
/// giving its leading pages in file order; the result reads oldest release first.
/// A downgrade (`seenThrough > current`), or a `cap` of zero or less, shows nothing. A release's
/// `defaultChanges` follow the person's settings (``personalized(_:changes:decided:)``): a choice
/// of a setting in `decided` (one the store has a row for) is left out, and a page left empty
/// costs nothing.
///
/// Runs in linear time when `releases` is already sorted by version (as
/// ``ReleaseLibrary/load(manifest:manifestDisplayPath:files:directoryDisplayPath:englishKeys:)``
/// returns them) and stops reading pages once the cap is spent.
///
/// ```swift
/// let pages = selectFlow(releases: releases, seenThrough: Version("2.11.0"), current: Version("2.14.0")!)
/// // up to six pages, 2.12.x pages before 2.13.x pages before 2.14.0 pages
/// ```
package func selectFlow(
  releases: [Release], seenThrough: Version?, current: Version, cap: Int = TourSelection.pageCap,
  decided: Set<Setting> = []
) -> [FlowPage] {
  guard cap > 0 else { return [] }
  if let seenThrough, seenThrough >= current { return [] }

  var groups: [[FlowPage]] = []
  var taken = 0
  /// Takes the release's leading visible pages; returns whether the cap is spent.
  func take(_ release: Release) -> Bool {
    var group: [FlowPage] = []
    for page in release.pages {
      guard taken < cap else { break }
      if let visible = visiblePage(page, asOf: current).flatMap({
        personalized($0, changes: release.defaultChanges, decided: decided)
      }) {
        group.append(FlowPage(release: release.version, page: visible))
        taken += 1
      }
    }
    if !group.isEmpty { groups.append(group) }
    return taken >= cap
  }

  // Sorted input (the usual case) is checked in one pass and not sorted again.
  let isAscending = releases.indices.dropFirst().allSatisfy { releases[$0 - 1].version <= releases[$0].version }
  for release in (isAscending ? releases : releases.sorted { $0.version < $1.version }).reversed() {
    if let seenThrough, release.version <= seenThrough { break }
    if release.version <= current, take(release) { break }
  }

  return groups.reversed().flatMap { $0 }
}

/// The pages the cap left out of ``selectFlow(releases:seenThrough:current:cap:)``'s answer
/// `shown`, oldest release first: what the uncapped flow holds and `shown` does not.
package func pagesLeftOut(
  releases: [Release], seenThrough: Version?, current: Version, shown: [FlowPage], decided: Set<Setting> = []
) -> [FlowPage] {
  let uncapped = selectFlow(releases: releases, seenThrough: seenThrough, current: current, cap: Int.max, decided: decided)
  guard uncapped.count > shown.count else { return [] }
  let kept = Set(shown.map { "\($0.release)/\($0.page.id)" })
  return uncapped.filter { !kept.contains("\($0.release)/\($0.page.id)") }
}

/// One release's pages as a user on `asOf` would see them: superseded pages and blocks
/// removed, pages left empty removed, no cap.
///
/// For previewing a release from a debug menu, before or after its version ships.
///
/// ```swift
/// previewRelease(release, asOf: Version("2.15.0")!)   // without what 2.15.0 supersedes
/// ```
package func previewRelease(_ release: Release, asOf: Version) -> [FlowPage] {
  release.pages.compactMap { page in visiblePage(page, asOf: asOf).map { FlowPage(release: release.version, page: $0) } }
}

/// The page as a person who has chosen the settings `decided` sees it, after a release whose
/// `changes` change defaults: a choice of a changed setting is left out when the person chose it,
/// and else says the new default (``ChoiceBlock/newDefault``); `nil` when nothing is left.
///
/// ```swift
/// personalized(streakPage, changes: [homeCard], decided: [.homeSummaryCard])   // without its choice
/// ```
package func personalized(_ page: Page, changes: [DefaultChange], decided: Set<Setting>) -> Page? {
  guard !changes.isEmpty else { return page }
  var page = page
  page.blocks = page.blocks.compactMap { block in
    guard var choice = block.choice, let change = changes.first(where: { $0.setting == choice.setting }) else { return block }
    guard !decided.contains(change.setting) else { return nil }
    choice.newDefault = change.to
    return Block(id: block.id, supersededIn: block.supersededIn, when: block.when, content: .choice(choice))
  }
  return page.blocks.isEmpty ? nil : page
}

/// The page without blocks superseded at `current`, or `nil` when nothing is left.
private func visiblePage(_ page: Page, asOf current: Version) -> Page? {
  if let superseded = page.supersededIn, superseded <= current { return nil }
  var visible = page
  visible.blocks.removeAll { $0.supersededIn.map { $0 <= current } ?? false }
  return visible.blocks.isEmpty ? nil : visible
}
