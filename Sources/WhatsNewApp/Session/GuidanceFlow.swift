import WhatsNewCore
import WhatsNewStore

/// In-app guidance: the glue between the pure ``GuidanceMachine`` (which guide shows, on
/// which step), the ``AnchorRegistry`` (where each element was drawn), the store's
/// seen-set, and the ``GuidanceOverlayRenderer``.
///
/// The what's-new tour and guidance never overlap: automatic guides wait while the tour or
/// onboarding shows, and the what's-new check waits while a guide shows (it runs when the
/// guide ends, if the user is home).
extension Session {
  // MARK: Hooks

  /// Guidance commands (`tour <id>`, `info`, `guidance`, and `next`/`back`/`skip`/`finish`
  /// while a guide is showing). Returns whether the command was handled here.
  func handleGuidanceCommand(_ name: String, _ arguments: [String]) async -> Bool {
    if guidance.active?.mode == .info, !(name == "info" && !arguments.isEmpty) {
      // An open popover closes on close, or on any other command (which then runs).
      closeInfo()
      if name == "close" { return true }
    }
    if let active = guidance.active, active.mode == .tour {
      switch name {
      case "next":
        await apply(guidance.next(), for: active)
        return true
      case "back":
        await apply(guidance.back(), for: active)
        return true
      case "skip", "close":
        await apply(guidance.skip(), for: active)
        return true
      case "finish", "done":
        await apply(guidance.finish(), for: active)
        return true
      default: break
      }
    }
    switch name {
    case "tour":
      guard let id = arguments.first else { return false }  // plain `tour` resumes the what's-new tour
      await startGuidanceByHand(id)
      return true
    case "info":
      await runInfo(arguments)
      return true
    case "guidance":
      await runGuidanceList(arguments)
      return true
    default:
      return false
    }
  }

  /// Guidance keys of `state`: the guide showing (or null) and `seen`, the sorted seen-set
  /// (null when the store could not be read).
  func guidanceStateMembers(seen: JSONValue) -> [(key: String, value: JSONValue)] {
    var active: JSONValue = .null
    if let guide = guidance.active, let step = guidance.currentStep {
      _ = renderGuidanceOverlay()  // brings the registry up to date with what is on screen
      active = .object([
        ("id", .string(guide.id)),
        ("mode", .string(guide.mode.rawValue)),
        ("step", .number(Double(guidance.stepIndex + 1))),
        ("stepCount", .number(Double(guide.steps.count))),
        ("anchor", .string(step.targetAnchor)),
        ("anchorOnScreen", .bool(anchors.bounds(for: step.targetAnchor) != nil)),
      ])
    }
    return [("guidance", active), ("guidanceSeen", seen)]
  }

  /// Anchors that have an info popover, and the popover's id.
  var infoAnchors: [String: String] {
    var result: [String: String] = [:]
    for info in guidance.catalog where info.mode == .info {
      if let anchor = info.steps.first?.targetAnchor { result[anchor] = info.id }
    }
    return result
  }

  /// The guidance overlay showing, if any.
  var guidanceOverlay: OverlayKind? {
    switch guidance.active?.mode {
    case .tour?: .guidance
    case .info?: .info
    case nil: nil
    }
  }

  // MARK: Triggers

  /// The first visit of a feature screen starts its intro, unless it was seen or
  /// something else shows. Called from ``navigate(to:)``, the screens' entry point.
  func guidanceDidArrive(at destination: Screen) async {
    guard let id = GuidanceCatalog.introID(for: destination) else { return }
    await startGuidanceIfUnseen(id)
  }

  /// Leaving a screen unregisters its anchors, so no stale bounds remain.
  func guidanceWillLeave(_ screen: Screen) {
    anchors.unregister(ScreenRenderer.anchors[screen] ?? [])
  }

  /// The automatic trigger: no-op while any overlay shows, when seen, or for an unknown id.
  /// The first seen-check runs the store's legacy migration.
  func startGuidanceIfUnseen(_ id: String) async {
    guard isBooted, onboardingComplete, overlay == nil, !launchedFromWidget else { return }
    guard let seen = await guidanceSeen() else { return }
    let before = guidance.active
    await apply(guidance.startIfUnseen(id, seen: seen, overlayActive: overlay != nil), for: before)
  }

  /// `tour <id>`: starts any guidance by hand (a popover id opens the popover). The
  /// what's-new tour, if showing, waits; onboarding has to finish first.
  func startGuidanceByHand(_ id: String) async {
    guard let guide = guidance.guidance(id) else {
      return unknownValue(id, kind: .guide, candidates: guidanceIDs)
    }
    if guide.mode == .info { return await runInfo([id]) }
    if onboarding != nil {
      console.emit(text("ui.onboarding.finishFirst"), .warning)
      return
    }
    suspendTourIfShowing()
    await apply(guidance.start(id), for: guidance.active)
  }

  // MARK: Effects

  /// Carries out what the machine asked for. `guide` is the guidance the command acted on.
  func apply(_ effects: [GuidanceEffect], for guide: Guidance?) async {
    for effect in effects {
      switch effect {
      case .show:
        await showGuidanceStep()
      case .markSeen(let id):
        await markSeen(id)
      case .ended(let id):
        if guide?.mode == .tour {
          console.emit(text("ui.guidance.ended", text("guidance.\(id).name"), id), .success)
        }
        viewIsDirty = true
        // The what's-new check waited while the guide showed.
        if screen == .home { await checkWhatsNew() }
      case .refused(let refusal):
        switch refusal {
        case .nothingActive: console.emit(text("ui.error.nothingOpen", "close"), .warning)
        case .unknown(let id): unknownValue(id, kind: .guide, candidates: guidanceIDs)
        case .firstStep: console.emit(text("ui.guidance.firstStep"), .warning)
        case .notLastStep:
          console.emit(text("ui.guidance.notLastStep", String(guide?.steps.count ?? 0)), .warning)
        }
      }
    }
  }

  /// Records `id` in the store's seen-set, or says why it could not.
  func markSeen(_ id: String) async {
    do {
      try await backends.store.markGuidanceSeen(id)
    } catch {
      console.emit(text("ui.guidance.markFailed", id, Backends.describe(error)), .error)
    }
  }

  /// Shows the current step; a tour step whose anchor is on another screen navigates
  /// there first (the guide's `routeForAnchor`), which starts no intro while a guide shows.
  func showGuidanceStep() async {
    guard let guide = guidance.active, let step = guidance.currentStep else { return }
    if guide.mode == .tour, let route = guide.routeForAnchor[step.targetAnchor], route != screen {
      await navigate(to: route)
    }
    viewIsDirty = true
  }

  func closeInfo() {
    guard guidance.active?.mode == .info else { return }
    let guide = guidance.active
    let effects = guidance.close()
    if effects.contains(where: { if case .markSeen = $0 { true } else { false } }), let id = guide?.id {
      // Started at once: with the store on the main actor's executor (a script) it is done
      // before this returns; at a terminal it finishes on the store's queue.
      Task.immediate { @MainActor in await self.markSeen(id) }
    }
    viewIsDirty = true
  }

  /// The seen-set, or `nil` when the store cannot be read (then nothing starts by itself).
  func guidanceSeen() async -> Set<String>? {
    do {
      return try await backends.store.guidanceSeenIDs()
    } catch {
      developerNote("could not read the guidance seen-set: \(error)")
      return nil
    }
  }

  // MARK: Commands

  /// `info <id>`: opens a popover next to its element (top-centre when not on screen).
  func runInfo(_ arguments: [String]) async {
    guard let id = arguments.first else { return usage(CommandCatalog.find("info")!) }
    guard let guide = guidance.guidance(id) else {
      return unknownValue(id, kind: .popover, candidates: infoIDs)
    }
    guard guide.mode == .info else {
      console.emit(text("ui.guidance.isTour", id, id), .warning)
      return
    }
    if let overlay, overlay != .info {
      console.emit(text("ui.overlay.busy"), .warning)
      return
    }
    await apply(guidance.start(id), for: guide)
  }

  /// `guidance`: every guide with its seen state; `guidance reset [<id>]` clears one or all.
  func runGuidanceList(_ arguments: [String]) async {
    guard isBooted else {
      console.emit(text("ui.boot.notReady"), .warning)
      return
    }
    switch arguments.first {
    case nil:
      let seen = await guidanceSeen() ?? []
      var rows: Document = [Line(text("ui.guidance.list.title"), .title)]
      let idWidth = (guidance.catalog.map { DisplayWidth.of($0.id) }.max() ?? 10) + 2
      for guide in guidance.catalog {
        let kind =
          guide.mode == .tour ? text("ui.guidance.list.tour", String(guide.steps.count)) : text("ui.guidance.list.info")
        let isSeen = seen.contains(guide.id)
        rows.append(
          Line([
            Span("  " + TextLayout.pad(guide.id, toWidth: idWidth), .command),
            Span(TextLayout.pad(kind, toWidth: 18), .dim),
            Span(
              TextLayout.pad(text(isSeen ? "ui.guidance.list.seen" : "ui.guidance.list.unseen"), toWidth: 12),
              isSeen ? .success : .plain),
            Span(text(guide.nameKey)),
          ]))
      }
      rows += renderContext.wrapped(text("ui.guidance.list.hint"), indent: 2, style: .dim, firstPrefix: "  ")
      console.emit(rows)
    case "reset"?:
      let id = arguments.count > 1 ? arguments[1] : nil
      if let id, guidance.guidance(id) == nil {
        return unknownValue(id, kind: .guide, candidates: guidanceIDs)
      }
      do {
        try await backends.store.resetGuidance(id)
        console.emit(id.map { text("ui.guidance.reset.one", $0) } ?? text("ui.guidance.reset.all"), .success)
      } catch {
        console.emit(text("ui.guidance.reset.failed", Backends.describe(error)), .error)
      }
    default:
      usage(CommandCatalog.find("guidance")!)
    }
  }

  // MARK: Rendering

  /// The guidance overlay over the current screen, or `nil` when no guide shows.
  func renderGuidanceOverlay() -> Document? {
    guard let guide = guidance.active, let step = guidance.currentStep else { return nil }
    let context = renderContext
    let renderer = GuidanceOverlayRenderer(context: context)
    let anchorName = text("guidance.anchor." + step.targetAnchor)
    switch guide.mode {
    case .tour:
      var narrow = context
      if !context.accessible { narrow.width = max(20, context.width - GuidanceOverlayRenderer.frameInset) }
      let document = renderScreen(screen, context: narrow)
      let home = guide.routeForAnchor[step.targetAnchor] ?? screenOwning(step.targetAnchor) ?? screen
      var commands = ["skip"]
      if guidance.stepIndex > 0 { commands.append("back") }
      commands.append(guidance.isLastStep ? "finish" : "next")
      let card = SpotlightCard(
        guideName: text(guide.nameKey), title: text(step.titleKey), body: text(step.bodyKey), step: guidance.stepIndex + 1,
        count: guide.steps.count, commands: commands, anchorName: anchorName, anchorScreenName: text(home.titleKey),
        anchorScreenID: home.rawValue)
      return renderer.renderTour(screen: document, spotlight: anchors.bounds(for: step.targetAnchor), card: card)
    case .info:
      let document = renderScreen(screen)
      let card = InfoCard(title: text(step.titleKey), body: text(step.bodyKey), anchorName: anchorName, placement: step.placement)
      return renderer.renderInfo(screen: document, anchor: anchors.bounds(for: step.targetAnchor), card: card)
    }
  }

  /// Registers a rendered screen's anchors: its own are updated (an unchanged bound is a
  /// no-op), any it no longer draws and every other screen's are unregistered.
  func registerAnchors(of screen: Screen, _ document: Document) {
    let bounds = document.anchorBounds
    let others = Screen.allCases.filter { $0 != screen }.flatMap { ScreenRenderer.anchors[$0] ?? [] }
    anchors.unregister(others + (ScreenRenderer.anchors[screen] ?? []).filter { bounds[$0] == nil })
    anchors.register(bounds)
  }

  func screenOwning(_ anchor: String) -> Screen? {
    Screen.allCases.first { ScreenRenderer.anchors[$0]?.contains(anchor) ?? false }
  }

  /// The prompt's place while a guide shows: `first_run 2/6`.
  var guidancePromptPlace: String? {
    guard let guide = guidance.active, guide.mode == .tour else { return nil }
    return "\(guide.id) \(guidance.stepIndex + 1)/\(guide.steps.count)"
  }
}
