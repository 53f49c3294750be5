package import Foundation

extension Explanation {
  /// Why home's news line shows or not now (`why news`): the person had releases before this
  /// one (a new user is offered the first-run guide instead), and the attention budget, in
  /// which it comes last: it waits out the pace after any display, and being one passive line
  /// (nothing to leave; `news` stays in home's footer) holds nothing back itself.
  package static func newsLine(_ state: AppState, now: Date?) -> Explanation {
    let first = state.storeFacts.firstVersion
    let updated = first.map { $0 < state.appVersion } ?? true
    return Explanation(
      surface: .newsLine, id: nil,
      conditions: [
        Condition(
          "history", value: first?.description ?? "unknown", passes: updated, failing: .offByPolicy,
          detail: "firstVersion", key: "ui.why.newsLine." + (updated ? "updated" : "new"),
          arguments: [first?.description ?? "-"]),
        state.attention.pacing(at: now),
      ])
  }

  /// Why release `release` was shown in a what's-new tour, or not (`why news <version>`): that
  /// it came out in the app's version or before, where the person's history starts, whether
  /// later releases superseded all it said, and what became of it (``ReleaseHistory/Status``,
  /// as `news` lists it); one still to come is what `tour` (its explanation) decides.
  package static func news(
    _ release: Release, current: Version, firstVersion: Version?, status: ReleaseHistory.Status, tour: Explanation
  ) -> Explanation {
    let version = release.version
    let released = version <= current
    let inHistory = firstVersion.map { version >= $0 } ?? true
    let fate: (value: String, passes: Bool, reason: Reason, detail: String?, arguments: [String])
    let waits = tour.deciding != nil
    switch status {
    case .shown: fate = ("shown", true, .shown, nil, [])
    case .partlyShown(let shown, let pages, _, _): fate = ("partlyShown", true, .shown, nil, ["\(shown)", "\(pages)"])
    case .leftOut(let pages): fate = ("leftOut", false, .offByPolicy, "cap", ["\(pages)"])
    case .notReached(let pages): fate = ("notReached", false, .invalidated, "closed", ["\(pages)"])
    // Still to come: the tour to come shows it, or what holds the tour back holds it back.
    case .upcoming: fate = (waits ? "upcomingWaits" : "upcoming", !waits, tour.reason, tour.detail, [])
    case .firstVersion: fate = ("firstVersion", false, .offByPolicy, "firstVersion", [])
    case .unrecorded: fate = ("unrecorded", false, .alreadySeen, version.description, [])
    case .superseded: fate = ("superseded", true, .shown, nil, [])
    }
    return Explanation(
      surface: .news, id: version.description,
      conditions: [
        Condition(
          "released", value: released ? "yes" : "no", passes: released, failing: .gateClosed, detail: "version",
          key: "ui.why.released." + (released ? "yes" : "no"), arguments: [current.description]),
        Condition(
          "history", value: firstVersion?.description ?? "unknown", passes: inHistory, failing: .offByPolicy,
          detail: "firstVersion", key: "ui.why.history." + (inHistory ? "in" : "before"),
          arguments: [firstVersion?.description ?? "-"]),
        Condition(
          "pages", value: status == .superseded ? "superseded" : "some", passes: status != .superseded,
          failing: .invalidated, detail: "superseded", key: "ui.why.pages." + (status == .superseded ? "superseded" : "some")),
        Condition(
          "tour", value: fate.value, passes: fate.passes, failing: fate.reason, detail: fate.detail,
          key: "ui.why.news.\(fate.value)", arguments: fate.arguments),
      ])
  }
}
