/// What the session must do after a guidance transition.
package enum GuidanceEffect: Sendable, Hashable {
  /// Draw the current step (navigating first when its anchor is on another screen).
  case show
  /// Record `id` in the seen-set (only for guidances with `triggerOnce`).
  case markSeen(String)
  /// The guidance `id` closed; anything that waited for the overlay may run now.
  case ended(String)
  /// The command changed nothing, and why.
  case refused(GuidanceRefusal)
}

/// Why a guidance command changed nothing.
package enum GuidanceRefusal: Sendable, Hashable {
  /// No guidance is showing.
  case nothingActive
  /// No guidance has this id.
  case unknown(String)
  /// `back` on the first step.
  case firstStep
  /// `finish` before the last step.
  case notLastStep
}

/// The guidance controller's state: which guidance is showing and on which step.
///
/// Pure: the caller passes in the seen-set and whether another overlay shows, and carries
/// out the returned effects (persisting, drawing, navigating). An interrupted guidance
/// (the app quits, or another guide is started by hand) records nothing.
///
/// ```swift
/// var machine = GuidanceMachine()
/// machine.startIfUnseen("first_run", seen: [], overlayActive: false)  // [.show]
/// machine.next()                                                      // [.show]
/// machine.skip()             // [.markSeen("first_run"), .ended("first_run")]
/// ```
package struct GuidanceMachine: Sendable, Equatable {
  /// The guidance showing now (a tour or a popover).
  package private(set) var active: Guidance?
  /// 0-based index of the step showing.
  package private(set) var stepIndex = 0

  package init() {}

  /// The step showing now.
  package var currentStep: GuidanceStep? { active.map { $0.steps[stepIndex] } }
  package var isLastStep: Bool { active.map { stepIndex == $0.steps.count - 1 } ?? false }

  /// The commands the step showing offers, in the order its card lists them (numbered, in
  /// accessible mode): ``commands(ofStep:in:)``; none for a popover or nothing showing.
  package var stepCommands: [String] {
    guard let active, active.mode == .tour else { return [] }
    return Self.commands(ofStep: stepIndex, in: active)
  }

  /// The commands step `index` of tour `guide` offers: skip, back after the first step, then
  /// next, or finish on the last.
  package static func commands(ofStep index: Int, in guide: Guidance) -> [String] {
    ["skip"] + (index > 0 ? ["back"] : []) + [index == guide.steps.count - 1 ? "finish" : "next"]
  }

  /// The automatic trigger: starts `id` unless any overlay (a guidance, or `overlayActive`:
  /// the what's-new tour or onboarding) is showing, `id` is in `seen`, or `id` is unknown.
  @discardableResult
  package mutating func startIfUnseen(_ id: String, seen: Set<String>, overlayActive: Bool) -> [GuidanceEffect] {
    guard active == nil, !overlayActive, !seen.contains(id), let guidance = GuidanceCatalog.find(id) else { return [] }
    return begin(guidance)
  }

  /// The manual trigger (a user asked): always starts, replacing whatever guidance showed.
  @discardableResult
  package mutating func start(_ id: String) -> [GuidanceEffect] {
    guard let guidance = GuidanceCatalog.find(id) else { return [.refused(.unknown(id))] }
    return begin(guidance)
  }

  private mutating func begin(_ guidance: Guidance) -> [GuidanceEffect] {
    active = guidance
    stepIndex = 0
    return [.show]
  }

  /// The next step; on the last step, the same as ``finish()``.
  @discardableResult
  package mutating func next() -> [GuidanceEffect] {
    guard active != nil else { return [.refused(.nothingActive)] }
    if isLastStep { return finish() }
    stepIndex += 1
    return [.show]
  }

  /// The previous step.
  @discardableResult
  package mutating func back() -> [GuidanceEffect] {
    guard active != nil else { return [.refused(.nothingActive)] }
    guard stepIndex > 0 else { return [.refused(.firstStep)] }
    stepIndex -= 1
    return [.show]
  }

  /// Leaves the guidance early (`skip`, or a popover's close); records it as seen when `triggerOnce`.
  @discardableResult
  package mutating func skip() -> [GuidanceEffect] {
    guard let guidance = active else { return [.refused(.nothingActive)] }
    interrupt()
    return (guidance.triggerOnce ? [.markSeen(guidance.id)] : []) + [.ended(guidance.id)]
  }

  /// Completes the guidance on its last step (a popover has one step, so it can always
  /// finish); records it as seen when `triggerOnce`.
  @discardableResult
  package mutating func finish() -> [GuidanceEffect] {
    guard active != nil else { return [.refused(.nothingActive)] }
    guard isLastStep else { return [.refused(.notLastStep)] }
    return skip()
  }

  /// Drops the guidance without recording anything (the app quits mid-guide).
  package mutating func interrupt() {
    active = nil
    stepIndex = 0
  }
}
