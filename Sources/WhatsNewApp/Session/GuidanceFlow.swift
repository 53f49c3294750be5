import WhatsNewCore
import WhatsNewStore

/// In-app guidance as a session runs it: the glue between the pure ``GuidanceMachine``
/// (which guide shows, on which step, held in the session's ``AppState``), the store's
/// seen-set, and the view (``AppView``, which draws the overlay where the step's element was drawn).
///
/// The what's-new tour and guidance never overlap: automatic guides wait while the tour or
/// onboarding shows, and the what's-new check waits while a guide shows (it runs when the
/// guide ends, if the user is home).
@MainActor
struct GuidanceFlow: Sendable {
  let session: Session

  // MARK: Triggers

  /// The first visit of a feature screen starts its intro, unless it was seen or
  /// something else shows. Called from ``Session/navigate(to:)``, the screens' entry point.
  func didArrive(at destination: Screen) async {
    guard let id = GuidanceCatalog.introID(for: destination) else { return }
    await startIfUnseen(id)
  }

  /// The automatic trigger: no-op while any overlay shows, when seen, or for an unknown id.
  /// The first seen-check runs the store's legacy migration.
  func startIfUnseen(_ id: String) async {
    // Not on top of a person who came from the tour: a waiting tour counts as open.
    guard session.state.guidanceMayStartByItself, session.state.tour == nil else { return }
    guard let seen = await seenSet() else { return }
    let before = session.state.guidance.active
    let overlayActive = session.state.overlay != nil
    await apply(session.state.guidance.startIfUnseen(id, seen: seen, overlayActive: overlayActive), for: before)
  }

  /// `tour <id>`: starts any guidance by hand (a popover id opens the popover). The
  /// what's-new tour, if showing, waits; onboarding has to finish first.
  func startByHand(_ id: String) async {
    guard let guide = session.state.guidance.guidance(id) else {
      return CommandMessages(session: session).unknownValue(id, kind: .guide, candidates: session.guidanceIDs)
    }
    if guide.mode == .info { return await openInfo(guide) }
    if session.state.onboarding != nil {
      session.console.emit(session.text("ui.onboarding.finishFirst"), .warning)
      return
    }
    session.tourFlow.suspendIfShowing()
    let active = session.state.guidance.active
    await apply(session.state.guidance.start(id), for: active)
  }

  /// Opens the popover `guide` next to its element, unless another overlay shows.
  func openInfo(_ guide: Guidance) async {
    if let overlay = session.state.overlay, overlay != .info {
      return CommandMessages(session: session).refused("info")
    }
    await apply(session.state.guidance.start(guide.id), for: guide)
  }

  // MARK: Effects

  /// Carries out what the machine asked for. `guide` is the guidance the command acted on.
  func apply(_ effects: [GuidanceEffect], for guide: Guidance?) async {
    for effect in effects {
      switch effect {
      case .show:
        await showStep()
      case .markSeen(let id):
        await markSeen(id)
      case .ended(let id):
        if guide?.mode == .tour {
          session.console.emit(session.text("ui.guidance.ended", session.text("guidance.\(id).name"), id), .success)
        }
        // The what's-new check waited while the guide showed.
        if session.state.screen == .home { await session.checkWhatsNew() }
      case .refused(let refusal):
        switch refusal {
        case .nothingActive: CommandMessages(session: session).refused("close")
        case .unknown(let id):
          CommandMessages(session: session).unknownValue(id, kind: .guide, candidates: session.guidanceIDs)
        case .firstStep: session.console.emit(session.text("ui.guidance.firstStep"), .warning)
        case .notLastStep:
          session.console.emit(session.text("ui.guidance.notLastStep", String(guide?.steps.count ?? 0)), .warning)
        }
      }
    }
  }

  /// Records `id` in the store's seen-set (tracked, so the way out waits for it), or says why it could not.
  func markSeen(_ id: String) async {
    session.runner.markGuidanceSeen(id)
  }

  /// Shows the current step; a tour step whose anchor is on another screen navigates
  /// there first (the guide's `routeForAnchor`), which starts no intro while a guide shows.
  func showStep() async {
    let guidance = session.state.guidance
    guard let guide = guidance.active, let step = guidance.currentStep else { return }
    if guide.mode == .tour, let route = guide.routeForAnchor[step.targetAnchor], route != session.state.screen {
      await session.navigate(to: route)
    }
  }

  /// Closes an open info popover (on `close`, Esc, or any other command), recording it as seen.
  func closeInfo() {
    guard session.state.guidance.active?.mode == .info else { return }
    let guide = session.state.guidance.active
    let effects = session.state.guidance.close()
    if effects.contains(where: { if case .markSeen = $0 { true } else { false } }), let id = guide?.id {
      // Tracked: `quit` right after Esc waits for it. In a script it has landed before this
      // returns; at a terminal it finishes on the store's queue.
      session.runner.markGuidanceSeen(id)
    }
  }

  /// `tour` (or `back`) going back to a waiting tour: a popover closes (as `close` would);
  /// a guide is left without being recorded as seen (it starts again on a later first
  /// visit), and each says so.
  func closeForTour() async {
    guard let guide = session.state.guidance.active else { return }
    switch guide.mode {
    case .info:
      closeInfo()
    case .tour:
      session.state.guidance.interrupt()
      session.console.emit(session.text("ui.guidance.leftForTour", session.text(guide.nameKey)), .dim)
    }
  }

  /// The seen-set, or `nil` when the store cannot be read (then nothing starts by itself).
  /// Awaited by the command that may start a guide, and not gated: QA's read faults are for
  /// the controls' reads; a failure only means no guide starts by itself.
  func seenSet() async -> Set<String>? {
    do {
      return try await session.runner.guidanceSeen()
    } catch {
      session.developerNote("could not read the guidance seen-set: \(error)")
      return nil
    }
  }

  // MARK: State

  /// Guidance keys of `state`: the guide showing (or null) and `seen`, the sorted seen-set
  /// (null when the store could not be read).
  func stateMembers(seen: JSONValue) -> [(key: String, value: JSONValue)] {
    var active: JSONValue = .null
    let guidance = session.state.guidance
    if let guide = guidance.active, let step = guidance.currentStep {
      // Where the step's element is: in the screen under the overlay, as rendered now.
      let anchors = AppView.overlay(session.state, session.renderContext, session.viewInputs)?.anchors
      active = .object([
        ("id", .string(guide.id)),
        ("mode", .string(guide.mode.rawValue)),
        ("step", .number(Double(guidance.stepIndex + 1))),
        ("stepCount", .number(Double(guide.steps.count))),
        ("anchor", .string(step.targetAnchor)),
        ("anchorOnScreen", .bool(anchors?[step.targetAnchor] != nil)),
      ])
    }
    return [("guidance", active), ("guidanceSeen", seen)]
  }
}
