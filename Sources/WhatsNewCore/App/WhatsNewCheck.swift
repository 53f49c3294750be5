package import Foundation

/// The session's what's-new check, as a pure rule: what the store said, the releases the
/// user's window holds, and the app's version decide between opening the tour and moving the
/// seen record on without one. ``reduce(_:_:)`` runs it; its gates are
/// ``AppState/whatsNewCheckIsDue``.
package enum WhatsNewCheck {
  /// What the check read from the store: the version the user has seen through, whether they
  /// want the tour, and where an unfinished tour was left; `failure` when the read failed or the
  /// record was unreadable (then it reads as none: `why` calls that stale).
  package struct Facts: Sendable, Equatable {
    package var seenThrough: Version?
    package var wantsTour = true
    package var position: TourPosition?
    /// The settings the person has chosen (a row in the store): their default changes are not shown.
    package var decided: Set<Setting> = []
    package var failure: String?
    /// The session's clock when the check ran, for the attention budget (`nil`: not paced).
    package var now: Date?
  }

  /// What the check decides.
  package enum Decision: Sendable, Equatable {
    /// Nothing to show, or the tour is turned off (`tourOff`): the record moves to the app's
    /// version without a tour, so the next start has nothing to check.
    case record(Version, tourOff: Bool)
    /// The tour opens, on the page it was left if that page is still in the flow. When it is
    /// not (`leftPageGone`: the content changed, or a newer release took the cap), the tour goes
    /// on from the first page of that release or a later one: the pages before were shown.
    case open(TourState, leftPageGone: Bool)
  }

  /// The decision for a user with `facts`, whose window (the releases after their record, up
  /// to `current`) is `window`.
  ///
  /// ```swift
  /// WhatsNewCheck.decide(facts: Facts(seenThrough: v2_14), window: [], current: v2_14)
  /// // .record(2.14.0, tourOff: false)
  /// ```
  package static func decide(facts: Facts, window: [Release], current: Version) -> Decision {
    let selection = TourSelection(window: window, facts: facts, current: current)
    if selection.pages.isEmpty || !facts.wantsTour {
      return .record(current, tourOff: !facts.wantsTour && !selection.pages.isEmpty)
    }
    // A tour left unfinished comes back on the page it was left (``Decision/open(_:leftPageGone:)``).
    let found = facts.position.flatMap { $0.index(in: selection.pages) }
    let leftPageGone = facts.position != nil && found == nil
    let index = found ?? facts.position.flatMap { left in selection.pages.firstIndex { $0.release >= left.release } } ?? 0
    var tour = TourState(mode: .automatic, pages: selection.pages, index: index)
    tour.capped = selection.capped
    return .open(tour, leftPageGone: leftPageGone)
  }
}

/// What a user who has seen through `seenThrough` is shown at `current`: the pages within the
/// cap (``selectFlow(releases:seenThrough:current:cap:)``) and the releases whose pages it left
/// out. The check and `flow` both ask this one place.
package struct TourSelection: Sendable, Equatable {
  /// The most pages a tour shows across skipped releases.
  package static let pageCap = 6

  /// The pages shown, oldest release first.
  package var pages: [FlowPage]
  /// The pages the cap left out, oldest release first.
  package var leftOut: [FlowPage]

  package init(window: [Release], seenThrough: Version?, current: Version, decided: Set<Setting> = []) {
    pages = selectFlow(releases: window, seenThrough: seenThrough, current: current, cap: Self.pageCap, decided: decided)
    leftOut = pagesLeftOut(releases: window, seenThrough: seenThrough, current: current, shown: pages, decided: decided)
  }

  /// What the check selects for a person with `facts`: the check, its explanation and `why`.
  package init(window: [Release], facts: WhatsNewCheck.Facts, current: Version) {
    self.init(window: window, seenThrough: facts.seenThrough, current: current, decided: facts.decided)
  }

  /// The releases whose pages the cap left out, with their page counts (``ReleaseShowing/leftOut``,
  /// the rest none), oldest first: the tour's last page and `flow` name them, with the
  /// `news <version>` that shows each.
  package var capped: [ReleaseShowing] {
    var counts: [ReleaseShowing] = []
    for page in leftOut {
      if counts.last?.release != page.release { counts.append(ReleaseShowing(release: page.release)) }
      counts[counts.count - 1].leftOut += 1
    }
    return counts
  }
}

/// The seen-through record's one rule, which the check keeps and the explorers check after
/// every step: the record only moves forward, and only by a dismissal of the tour (Done, Skip,
/// Close), finishing onboarding, or the check's own record of the app's version when the
/// user has nothing to show.
package enum SeenRecordRule {
  /// How a move breaks the rule.
  package enum Breach: Sendable, Equatable {
    case removed(was: Version?)
    case movedBack(from: Version, to: Version)
    case movedOutsideDismissal(from: Version?, to: Version)
  }

  /// How the record's move from `before` to `after` breaks the rule, if it does: by a command
  /// that dismisses the tour or onboarding (`byDismissal`, the command table's `dismisses`)
  /// or by another. `nothingToShow(seen)` says whether a user who has seen through `seen` has
  /// no pages at `current` (the check then records `current`).
  package static func breach(
    from before: SeenThroughRecord, to after: SeenThroughRecord, byDismissal: Bool, current: Version,
    nothingToShow: (Version?) -> Bool
  ) -> Breach? {
    guard before != after else { return nil }
    let old = before.version
    guard let new = after.version else { return .removed(was: old) }
    if let old, new < old { return .movedBack(from: old, to: new) }
    if byDismissal { return nil }
    if new == current && nothingToShow(old) { return nil }
    return .movedOutsideDismissal(from: old, to: new)
  }
}

extension WhatsNewCheck.Facts {
  /// The facts in `snapshot`; an unreadable store (`nil`) reads as a fresh one that wants
  /// the tour. An unreadable record reads as none (``note`` says so to developers).
  package init(_ snapshot: StoreSnapshot?) {
    seenThrough = snapshot?.seenThrough.version
    wantsTour = (snapshot?.settings[.showWhatsNew] ?? "true") == "true"
    position = snapshot?.tourPosition
    decided = snapshot?.decided ?? []
    failure = Self.note(snapshot)
  }

  /// What a developer is told about `snapshot`'s record: an unreadable one is treated as none.
  package static func note(_ snapshot: StoreSnapshot?) -> String? {
    guard case .unreadable(let raw)? = snapshot?.seenThrough else { return nil }
    return "the seen-through record '\(TextSanitizer.clean(raw))' is not a version; treating it as none"
  }
}
