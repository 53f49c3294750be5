import Foundation
import WhatsNewCore
import WhatsNewStore

extension Session {
  /// `state`: one line of JSON describing the session.
  func runState() async {
    console.emit(await stateJSON().serialized())
  }

  /// The session as JSON; keys in a fixed order so transcripts are stable.
  func stateJSON() async -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("screen", .string(screen.rawValue)),
      ("overlay", .string(overlay?.rawValue)),
      ("language", .string(language.rawValue)),
      ("appVersion", .string(appVersion.description)),
      ("booted", .bool(isBooted)),
    ]
    let store = backends.store
    var seen: JSONValue = .null
    var onboarded: JSONValue = .null
    var settings: JSONValue = .null
    var notification: JSONValue = .null
    var guidanceSeen: JSONValue = .null
    // One read transaction: the record, onboarding, settings, schedule and guidance of one moment.
    if isBooted, let snapshot = try? await store.snapshot(notificationID: WeeklyReviewScheduler.notificationID) {
      guidanceSeen = .array(snapshot.guidanceSeen.sorted().map { .string($0) })
      if case .version(let version) = snapshot.seenThrough { seen = .string(version.description) }
      onboarded = .bool(snapshot.onboardingComplete)
      settings = .object(Setting.allCases.map { ($0.rawValue, .string(snapshot.settings[$0] ?? $0.defaultValue)) })
      if let scheduled = snapshot.notification {
        var next: JSONValue = .null
        if let weekday = Weekday(rawValue: scheduled.weekday),
          let date = WeeklyReviewScheduler.nextFireDate(
            weekday: weekday, hour: scheduled.hour, minute: scheduled.minute, after: backends.clock.now(), in: backends.timeZone)
        {
          next = .string(Self.isoDateTime(date, in: backends.timeZone))
        }
        notification = .object([
          ("weekday", .string(scheduled.weekday)),
          ("time", .string(String(format: "%02d:%02d", scheduled.hour, scheduled.minute))),
          ("next", next),
        ])
      }
    }
    members.append(("seenThrough", seen))
    members.append(("onboardingComplete", onboarded))
    members.append(("whatsNew", tourJSON))
    members.append(("settings", settings))
    members.append(("choices", choicesJSON))
    members.append(("notification", notification))
    members.append(
      (
        "pending",
        .array(
          backends.tracker.entries.map { entry in
            .object([
              ("op", .string(entry.operation.rawValue)), ("target", .string(entry.target)), ("held", .bool(entry.isHeld)),
            ])
          })
      ))
    members.append(("faults", .array(backends.faults.rules.map { .string($0.description) })))
    members += guidanceStateMembers(seen: guidanceSeen)
    return .object(members)
  }

  var tourJSON: JSONValue {
    guard let tour else { return .null }
    let mode: String
    switch tour.mode {
    case .automatic: mode = "automatic"
    case .news: mode = "news"
    case .preview: mode = "preview"
    }
    return .object([
      ("release", .string(tour.currentPage.release.description)),
      ("page", .number(Double(tour.index + 1))),
      ("pageCount", .number(Double(tour.pages.count))),
      ("pageId", .string(tour.currentPage.page.id)),
      ("error", .string(tour.error)),
      ("mode", .string(mode)),
      ("suspended", .bool(tour.isSuspended)),
      ("dismissing", .bool(tour.isDismissing)),
    ])
  }

  /// Per visible setting: what the control shows, whether a write is pending, its error.
  var choicesJSON: JSONValue {
    let visible: [Setting]
    if let page = visiblePage {
      visible = page.blocks.compactMap { block in
        if case .choice(let choice) = block.content { return choice.setting }
        return nil
      }
    } else {
      visible = ScreenRenderer.settings(on: screen)
    }
    let renderer = PageRenderer(context: renderContext.with(language: .en))
    return .object(
      visible.map { setting in
        let state = choices.state(of: setting)
        return (
          setting.rawValue,
          .object([
            ("shown", .string(state.isLoading ? nil : state.shown)),
            ("loading", .bool(state.isLoading)),
            ("pending", .bool(state.pendingWrites > 0)),
            ("error", .string(state.error.map { renderer.describe($0, setting: setting) })),
          ])
        )
      })
  }

  /// RFC 3339 time in `timeZone` (`2026-12-06T18:00:00Z`, `2026-12-06T18:00:00+01:00`).
  nonisolated static func isoDateTime(_ instant: Date, in timeZone: TimeZone) -> String {
    RFC3339.string(instant, in: timeZone)
  }
}

extension RenderContext {
  /// The same context in another language.
  func with(language: Language) -> RenderContext {
    var copy = self
    copy.localizer = localizer.with(language: language)
    return copy
  }
}
