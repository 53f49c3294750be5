package import Foundation

extension Explanation {
  /// Why guide or popover `guidance` shows or not now. One showing is shown. Else the gates a
  /// guide starts behind by itself (``AppState/guidanceMayStartByItself``), whether it was seen
  /// (a guide is shown once; `seen` is `nil` when the store could not be read), and what starts
  /// it: the first visit to its screen (an intro, or a popover content gives rules), or only
  /// asking (`tour first_run`, `info <id>`). One that starts by itself also waits for content's
  /// rules over it (``Attention/conditions(of:_:seen:)``) and for the attention budget at `now`.
  /// The automatic start starts it exactly when nothing here fails.
  package static func guidance(_ guidance: Guidance, _ state: AppState, seen: Set<String>?, now: Date?) -> Explanation {
    let showing = state.guidance.active?.id == guidance.id
    let isInfo = guidance.mode == .info
    var conditions = [
      Condition(
        "boot", value: state.isBooted ? "booted" : "waiting", passes: state.isBooted || showing, failing: .gateClosed,
        detail: "boot", key: state.isBooted ? "ui.why.boot.booted" : "ui.why.boot.waiting")
    ]
    conditions.append(
      Condition(
        "guidance", value: state.guidanceOff ? "off" : "on", passes: !state.guidanceOff || showing, failing: .offBySetting,
        detail: "guidance", key: state.guidanceOff ? "ui.why.guidance.off" : "ui.why.guidance.on"))
    let onTop = state.overlay.map(\.rawValue) ?? "nothing"
    let covered = !showing && state.overlay != nil
    if !isInfo {
      conditions += [
        Condition(
          "launch", value: state.launchedFromWidget ? "widget" : "app", passes: !state.launchedFromWidget || showing,
          failing: .gateClosed, detail: "launch", key: "ui.why.launch." + (state.launchedFromWidget ? "widget" : "app")),
        Condition(
          "onboarding", value: state.onboardingComplete ? "complete" : "incomplete",
          passes: state.onboardingComplete || showing, failing: .gateClosed, detail: "onboarding",
          key: "ui.why.onboarding." + (state.onboardingComplete ? "complete" : "incomplete")),
      ]
    }
    conditions.append(
      Condition(
        "onTop", value: onTop, passes: !covered, failing: .queued, detail: onTop,
        key: "ui.why.onTop.\(showing ? "nothing" : onTop)"))
    if !isInfo {
      let waiting = !showing && state.tour != nil
      conditions.append(
        Condition(
          "tourWaiting", value: waiting ? "waiting" : "none", passes: !waiting, failing: .queued, detail: "tour",
          key: "ui.why.tourWaiting." + (waiting ? "waiting" : "none")))
      let wasSeen = seen?.contains(guidance.id)
      conditions.append(
        Condition(
          "seen", value: wasSeen.map { $0 ? "yes" : "no" } ?? "unknown", passes: showing || wasSeen == false,
          failing: wasSeen == nil ? .stale : .alreadySeen, detail: wasSeen == nil ? "seen" : guidance.id,
          key: "ui.why.seen." + (wasSeen.map { $0 ? "yes" : "no" } ?? "unknown"), arguments: [guidance.id]))
    }
    // An intro starts on its screen's first visit, a popover with rules on a visit; the rest only when asked.
    if let screen = state.startingScreen(of: guidance) {
      if !showing {
        conditions += state.attention.conditions(of: guidance.id, state.ruleFacts(now: now), seen: seen)
        conditions.append(state.attention.pacing(at: now))
      }
      conditions.append(
        Condition(
          "trigger", value: "visit:\(screen.rawValue)", passes: showing || state.screen == screen, failing: .gateClosed,
          detail: "screen", key: isInfo ? "ui.why.trigger.visitRules" : "ui.why.trigger.visit",
          arguments: [screen.titleKey, "go \(screen.rawValue)"]))
    } else {
      conditions.append(
        Condition(
          "trigger", value: "asked", passes: showing, failing: .offByPolicy, detail: "asked", key: "ui.why.trigger.asked",
          arguments: [(isInfo ? "info " : "tour ") + guidance.id]))
    }
    return Explanation(surface: isInfo ? .popover : .guide, id: guidance.id, conditions: conditions)
  }
}
