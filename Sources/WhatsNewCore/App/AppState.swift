package import Foundation

/// Which overlay is showing over the current screen.
package enum OverlayKind: String, Sendable {
  case whatsNew, onboarding, guidance, info
}

/// The app as one value: the screen, the overlays over it (the what's-new tour, onboarding,
/// guidance), every choice control, the recap, the gates that decide when the tour may appear,
/// what the screens show from the store, the language choice and what a weekday change left
/// apart.
///
/// Plain values, no effects: ``reduce(_:_:)`` changes it for each ``AppAction`` and returns the
/// effects to run; the app's session holds it, and views, commands and `state` read it. What
/// one command produced (invalid, refused, a check's verdict) is the command's outcome, not state.
package struct AppState: Sendable, Equatable {
  /// The app screen, under any overlay.
  package var screen: Screen = .home
  /// The what's-new tour, `news`, previews and the onboarding wizard (``TourMachine``).
  package var tours = TourMachine()
  /// The what's-new tour, while open (also while suspended).
  package var tour: TourState? { tours.tour }
  /// The tour a `debug preview` was opened over, as it was (page, suspended or showing):
  /// closing the preview brings it back.
  package var tourUnderPreview: TourState? { tours.tourUnderPreview }
  /// The onboarding wizard, while open.
  package var onboarding: OnboardingState? { tours.onboarding }
  /// In-app guidance: the guide or popover showing, and on which step.
  package var guidance = GuidanceMachine()
  /// Every choice control: what it shows while reads and writes overlap. The one source of
  /// what a page shows for a setting.
  package var choices = ChoiceMachine()
  /// What the tours of this session changed, for `recap` and `undo` (``TourRecap``).
  package var recap = TourRecap()
  /// What the screens show from the store besides the controls, as read when the screen opened.
  package var storeFacts = StoreFacts()
  /// Where the language comes from: the flag, the stored choice (read at boot), the environment.
  package var languageChoice: LanguageChoice
  /// The weekday's failed repair the app reported as left to the next start (store and
  /// schedule apart, ``ReminderFailure/leavesScheduleApart``), until a later weekday change
  /// lands or a restore reconciles them: `check` and `qa explore` tell that disagreement from
  /// one nobody was told of.
  package var scheduleLeftApart: ReminderFailure?
  /// The version the app acts as: what the what's-new check records and tours up to.
  package let appVersion: Version
  /// The boot gate: the store is open, migrated and reconciled.
  package var isBooted = false
  /// Why the boot step failed, if it did.
  package var bootFailure: String?
  /// The onboarding gate: until onboarding is complete the tour never appears.
  package var onboardingComplete = false
  /// The session gate: the what's-new check runs at most once per process
  /// (debug commands and restore open it again).
  package var hasCheckedWhatsNew = false
  /// Why the what's-new tour showed or not when this start decided it (``Explanation``), for
  /// `state decision` and `why tour`; `nil` before the start decides.
  package var startDecision: Explanation?
  /// The widget gate: a session launched from a widget stays quiet (no tour, nothing written).
  package let launchedFromWidget: Bool
  /// How many times the person asked to see something (opened a screen, typed `show` or
  /// `tour`): each asks for the view to be printed even when nothing in it changed.
  package var presentations = 0
  /// Onboarding finished in this session: home offers the `first_run` guide (`tour first_run`)
  /// until it starts, rather than starting it after the wizard's pages.
  package var offersFirstRun = false
  /// `guidance off`: no guide or popover shows, by itself or when asked, until `guidance on`.
  package var guidanceOff = false
  /// The attention budget the tour, guides and popovers share, the events rules count and the
  /// rules content gives guidance (``Attention``).
  package var attention = Attention()
  /// `debug seen` asked for the tour again: the next check is not paced (a developer's ask).
  package var paceWaived = false

  package init(appVersion: Version, launchedFromWidget: Bool, languageChoice: LanguageChoice) {
    self.appVersion = appVersion
    self.launchedFromWidget = launchedFromWidget
    self.languageChoice = languageChoice
  }

  /// The language in force.
  package var language: Language { languageChoice.language }

  /// The what's-new tour when it is showing: open and not suspended.
  package var showingTour: TourState? { tours.showingTour }

  /// What is open, bottom first (``OpenStack``): what refusals name, with the way out.
  package var openStack: OpenStack {
    OpenStack(screen: screen, tour: tour, onboarding: onboarding, guidance: guidance)
  }

  /// The overlay showing now, if any.
  package var overlay: OverlayKind? {
    if onboarding != nil { return .onboarding }
    if showingTour != nil { return .whatsNew }
    switch guidance.active?.mode {
    case .tour?: return .guidance
    case .info?: return .info
    case nil: return nil
    }
  }

  /// The page on screen, if onboarding or the tour is showing.
  package var visiblePage: Page? {
    if let onboarding { return onboarding.currentPage }
    return showingTour?.currentPage.page
  }

  /// Whether the session's what's-new check may run now: booted, onboarding complete, home
  /// focused, no overlay and no tour (not even a suspended one), not launched from a widget,
  /// and not checked yet this session.
  package var whatsNewCheckIsDue: Bool {
    !hasCheckedWhatsNew && isBooted && onboardingComplete && screen == .home && overlay == nil && tour == nil
      && !launchedFromWidget
  }

  /// Whether a guide may start by itself now: booted, onboarding complete, nothing showing,
  /// no tour waiting (not on top of a person who came from the tour), not launched from a widget.
  package var guidanceMayStartByItself: Bool {
    isBooted && onboardingComplete && overlay == nil && tour == nil && !launchedFromWidget && !guidanceOff
  }

  /// What rules read at `now`: a setting's value as its control shows it (a choice just made
  /// counts), else as the store held it.
  package func ruleFacts(now: Date?) -> RuleFacts {
    let (choices, stored) = (choices, attention.settings)
    return RuleFacts(
      settings: { setting in
        let control = choices.state(of: setting)
        return control.shown ?? control.confirmed ?? stored[setting] ?? setting.defaultValue
      }, events: attention.events, language: language, seenThrough: storeFacts.seenThrough.version,
      onboardingComplete: onboardingComplete, now: now)
  }

  /// Whether the attention budget holds the automatic tour back: not when it goes on, being the
  /// last display or left at a stored page (the person has not finished it), nor when `debug
  /// seen` asked for it.
  package func budgetHoldsTour(_ facts: WhatsNewCheck.Facts) -> Bool {
    facts.position == nil && attention.events.lastShown?.id != AppEvent.tour && !paceWaived
  }

  /// The screen whose visit starts `guidance` by itself: an intro's, or a popover's that
  /// content gives rules; `nil` for one that starts only when asked.
  package func startingScreen(of guidance: Guidance) -> Screen? {
    if let screen = Screen.allCases.first(where: { GuidanceCatalog.introID(for: $0) == guidance.id }) { return screen }
    guard guidance.mode == .info, attention.rules[guidance.id] != nil else { return nil }
    return guidance.steps.first.flatMap { guidance.routeForAnchor[$0.targetAnchor] }
  }

  /// Anchors that have an info popover, and the popover's id.
  package var infoAnchors: [String: String] {
    let pairs = GuidanceCatalog.all.filter { $0.mode == .info }.compactMap { info in
      info.steps.first.map { ($0.targetAnchor, info.id) }
    }
    return Dictionary(pairs, uniquingKeysWith: { $1 })
  }

  /// Where the user is, as the prompt names it: `home`, `tour 2/6`, `onboarding 1/7`, `guide 2/6`.
  package var place: String {
    if let onboarding { return "onboarding \(onboarding.index + 1)/\(onboarding.pages.count)" }
    if let tour = showingTour {
      switch tour.mode {
      case .automatic: return "tour \(tour.index + 1)/\(tour.pages.count)"
      case .news: return "news \(tour.index + 1)/\(tour.pages.count)"
      // A preview runs on a private copy of the store: its prompt says so.
      case .preview(let version): return "preview \(version) \(tour.index + 1)/\(tour.pages.count)"
      }
    }
    if let guide = guidance.active, guide.mode == .tour {
      // The kind, as the tour's and news' are: the guide's name is in its frame, and its id
      // is only the word `tour` takes.
      return "guide \(guidance.stepIndex + 1)/\(guide.steps.count)"
    }
    return screen.rawValue
  }
}
