extension Explanation {
  /// Why the what's-new tour shows or not, as the check asks it (``AppState/whatsNewCheckIsDue``,
  /// then ``WhatsNewCheck/decide(facts:window:current:)``): the boot, the launch, onboarding,
  /// the store's read, the setting, the seen record, the attention budget at `facts.now`
  /// (``AppState/budgetHoldsTour(_:)``), and the session (the check runs once a
  /// start, on home with nothing on top). An automatic tour open, showing or waiting, is shown
  /// (a failed read opens it as for a fresh store: the store's row says so, and passes).
  /// `pages`: how many the person's window holds now (``TourSelection``); `nil` when the
  /// releases were not read (a gate before them decided). `window`: those releases, whose
  /// declared default changes name the settings that decide which of their pages show (one
  /// condition each: chosen, its page left out; not chosen, its new default said).
  package static func tour(
    _ state: AppState, facts: WhatsNewCheck.Facts, pages: Int?, window: [Release] = []
  ) -> Explanation {
    var changed: [Setting] = []
    for change in window.flatMap(\.defaultChanges) where !changed.contains(change.setting) { changed.append(change.setting) }
    let boot = state.isBooted ? "booted" : state.bootFailure == nil ? "waiting" : "failed"
    let seen = facts.seenThrough?.description ?? "none"
    let open = [state.tour, state.tourUnderPreview].contains { $0?.mode == .automatic }
    let session =
      open ? "open" : state.whatsNewCheckIsDue ? "due" : state.hasCheckedWhatsNew ? "checked" : "waiting"
    return Explanation(
      surface: .tour,
      conditions: [
        Condition(
          "boot", value: boot, passes: state.isBooted, failing: .gateClosed, detail: "boot", key: "ui.why.boot.\(boot)",
          arguments: state.bootFailure.map { [$0] } ?? []),
        Condition(
          "launch", value: state.launchedFromWidget ? "widget" : "app", passes: !state.launchedFromWidget,
          failing: .gateClosed, detail: "launch", key: state.launchedFromWidget ? "ui.why.launch.widget" : "ui.why.launch.app"),
        Condition(
          "onboarding", value: state.onboardingComplete ? "complete" : "incomplete", passes: state.onboardingComplete,
          failing: .gateClosed, detail: "onboarding",
          key: state.onboardingComplete ? "ui.why.onboarding.complete" : "ui.why.onboarding.incomplete"),
        Condition(
          "store", value: facts.failure == nil ? "read" : "failed", passes: facts.failure == nil || open, failing: .stale,
          detail: facts.failure, key: facts.failure == nil ? "ui.why.store.read" : "ui.why.store.failed",
          arguments: facts.failure.map { [$0] } ?? []),
        Condition(
          Setting.showWhatsNew.rawValue, value: facts.wantsTour ? "true" : "false", passes: facts.wantsTour,
          failing: .offBySetting, detail: Setting.showWhatsNew.rawValue,
          key: Setting.showWhatsNew.valueKey(facts.wantsTour ? "true" : "false")),
        Condition(
          "seenThrough", value: seen, passes: pages ?? 1 > 0 || open, failing: .alreadySeen, detail: seen,
          key: pages.map { $0 > 0 ? "ui.why.seenThrough.pages" : "ui.why.seenThrough.nothingNewer" }
            ?? "ui.why.seenThrough.notRead", arguments: [seen] + (pages.map { [String($0)] } ?? [])),
        state.attention.pacing(at: facts.now, holds: !open && state.budgetHoldsTour(facts)),
        Condition(
          "session", value: session, passes: open || session == "due", failing: .gateClosed,
          detail: session == "waiting" ? "screen" : "session", key: "ui.why.session.\(session)"),
      ]
        + changed.map { setting in
          let chosen = facts.decided.contains(setting)
          return Condition(
            setting.rawValue, value: chosen ? "chosen" : "default", passes: true, failing: .shown,
            key: chosen ? "ui.why.defaultChange.chosen" : "ui.why.defaultChange.default")
        })
  }
}
