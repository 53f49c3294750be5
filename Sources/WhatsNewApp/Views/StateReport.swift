import Foundation
import WhatsNewCore

/// The session as one line of JSON, for `state`: where the user is, the store as one read
/// transaction saw it, what each visible control shows, and what is pending. Keys come in a
/// fixed order, so transcripts are stable. Pure: `state` gathers what it is drawn from
/// (``StateCommand/report()``).
struct StateReport: Sendable {
  /// The app as it stands.
  var state: AppState
  /// The store in one read transaction; `nil` before the boot, or when it cannot be read.
  var snapshot: StoreSnapshot?
  /// The operations in flight, and QA's faults in force.
  var pending: [OperationTracker.Entry]
  var faults: [FaultSpec]
  /// When and where the next reminder is worded.
  var now: Date
  var timeZone: TimeZone
  var context: RenderContext
  /// Where each guidance anchor was drawn under the overlay showing, if one is.
  var anchors: [String: ClosedRange<Int>]?

  func json() -> JSONValue {
    var seen: JSONValue = .null
    var onboarded: JSONValue = .null
    var settings: JSONValue = .null
    var notification: JSONValue = .null
    var guidanceSeen: JSONValue = .null
    if let snapshot {
      guidanceSeen = .array(snapshot.guidanceSeen.sorted().map { .string($0) })
      seen = .string(snapshot.seenThrough.version?.description)
      onboarded = .bool(snapshot.onboardingComplete)
      settings = .object(Setting.allCases.map { ($0.rawValue, .string(snapshot.settings[$0] ?? $0.defaultValue)) })
      if let scheduled = snapshot.notification {
        let next = scheduled.nextFireDate(after: now, in: timeZone)
        notification = .object([
          ("weekday", .string(scheduled.weekday)),
          ("time", .string(String(format: "%02d:%02d", scheduled.hour, scheduled.minute))),
          // null when RFC 3339 cannot write it (outside the years 0001–9999).
          ("next", .string(next.flatMap { RFC3339.string($0, in: timeZone) })),
        ])
      }
    }
    let pending = pending.map { entry in
      JSONValue.object([
        ("op", .string(entry.operation.rawValue)), ("target", .string(entry.target)), ("held", .bool(entry.isHeld)),
      ])
    }
    return .object(
      [
        ("screen", .string(state.screen.rawValue)),
        ("overlay", .string(state.overlay?.rawValue)),
        ("language", .string(state.language.rawValue)),
        ("appVersion", .string(state.appVersion.description)),
        ("booted", .bool(state.isBooted)),
        ("seenThrough", seen),
        ("onboardingComplete", onboarded),
        ("whatsNew", tourJSON),
        ("settings", settings),
        ("choices", choicesJSON),
        ("recap", recapJSON),
        ("notification", notification),
        ("pending", .array(pending)),
        ("faults", .array(faults.map { .string($0.description) })),
        ("guidance", guidanceJSON),
        ("guidanceSeen", guidanceSeen),
        // Why the what's-new tour showed or not when this start decided (`why tour`).
        ("decision", state.startDecision?.json ?? .null),
      ])
  }

  /// The guide or popover showing (or null): its step, and whether the step's element is on
  /// screen, in the screen under the overlay as rendered now.
  var guidanceJSON: JSONValue {
    let guidance = state.guidance
    guard let guide = guidance.active, let step = guidance.currentStep else { return .null }
    return .object([
      ("id", .string(guide.id)),
      ("mode", .string(guide.mode.rawValue)),
      ("step", .number(Double(guidance.stepIndex + 1))),
      ("stepCount", .number(Double(guide.steps.count))),
      ("anchor", .string(step.targetAnchor)),
      ("anchorOnScreen", .bool(anchors?[step.targetAnchor] != nil)),
    ])
  }

  /// The tour: where it is, why it is open, and whether it waits or is being dismissed.
  var tourJSON: JSONValue {
    guard let tour = state.tour else { return .null }
    return .object([
      ("release", .string(tour.currentPage.release.description)),
      ("page", .number(Double(tour.index + 1))),
      ("pageCount", .number(Double(tour.pages.count))),
      ("pageId", .string(tour.currentPage.page.id)),
      ("error", .string(tour.failure.map { context.text("ui.tour.dismissFailed", $0) })),
      ("mode", .string(tour.mode.name)),
      ("suspended", .bool(tour.isSuspended)),
      ("dismissing", .bool(tour.isDismissing)),
    ])
  }

  /// What the tours changed and what became of each change (``TourRecap``, what `recap` lists
  /// and `undo` puts back, kept between runs); null before any tour.
  var recapJSON: JSONValue {
    let recap = state.recap
    guard recap.hasTour else { return .null }
    return .object([
      ("recording", .bool(recap.isRecording)),
      ("fromEarlierRun", .bool(recap.isFromEarlierRun)),
      (
        "entries",
        .array(
          recap.entries.map { entry in
            let status: String
            var current: String?
            switch entry.status {
            case .changed: status = "changed"
            case .undoing: status = "undoing"
            case .undone: status = "undone"
            case .changedSince(let value):
              status = "changedSince"
              current = value
            }
            return .object([
              ("setting", .string(entry.setting.rawValue)), ("before", .string(entry.before)), ("after", .string(entry.after)),
              ("status", .string(status)), ("current", .string(current)),
            ])
          })
      ),
    ])
  }

  /// Per visible setting: what the control shows, whether a write is pending, its error.
  var choicesJSON: JSONValue {
    let visible = state.visiblePage.map { $0.blocks.compactMap { $0.choice?.setting } } ?? state.screen.settings
    // `state` is read by tools: a control's error in English, whatever the session's language.
    var english = context
    english.localizer.language = .en
    let renderer = PageRenderer(context: english)
    return .object(
      visible.map { setting in
        let control = state.choices.state(of: setting)
        return (
          setting.rawValue,
          .object([
            ("shown", .string(control.isLoading ? nil : control.shown)),
            ("loading", .bool(control.isLoading)),
            ("pending", .bool(control.pendingWrites > 0)),
            ("error", .string(control.error.map { renderer.describe($0, setting: setting) })),
          ])
        )
      })
  }
}
