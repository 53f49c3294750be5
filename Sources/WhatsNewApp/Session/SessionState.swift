public import WhatsNewCore

/// Which overlay is showing over the current screen.
public enum OverlayKind: String, Sendable {
  case whatsNew, onboarding, guidance, info
}

/// One opening of the what's-new tour.
public struct TourState: Sendable, Equatable {
  /// Why the tour is open; only the automatic tour writes the seen-through record.
  public enum Mode: Sendable, Equatable {
    /// Opened by the session's check: Done, Skip and Close record "seen through".
    case automatic
    /// Opened by `news`: writes nothing.
    case news
    /// Opened by `debug preview <version>`: writes nothing.
    case preview(Version)
  }

  public var mode: Mode
  public var pages: [FlowPage]
  public var index = 0
  /// An error shown on the page (a failed dismissal).
  public var error: String?
  /// A dismissal is being written.
  public var isDismissing = false
  /// The user followed an action out of the tour; `tour` resumes it.
  public var isSuspended = false

  public var currentPage: FlowPage { pages[index] }
  public var isLastPage: Bool { index == pages.count - 1 }
}

/// The onboarding wizard a fresh store starts with.
public struct OnboardingState: Sendable, Equatable {
  public var pages: [Page]
  public var index = 0
  public var error: String?
  public var isFinishing = false

  public var currentPage: Page { pages[index] }
  public var isLastPage: Bool { index == pages.count - 1 }
}

/// Where a session is and which of its gates are open: the screen, the overlays over it (the
/// what's-new tour, onboarding, guidance) and the gates that decide when the tour may appear.
///
/// Plain values, no effects: the ``Session`` changes it as commands and background results
/// arrive; views, commands and `state` read it.
public struct SessionState: Sendable, Equatable {
  /// The app screen, under any overlay.
  public var screen: Screen = .home
  /// The what's-new tour, while open (also while suspended).
  public var tour: TourState?
  /// The tour a `debug preview` was opened over, as it was (page, suspended or showing):
  /// closing the preview brings it back.
  public var tourUnderPreview: TourState?
  /// The onboarding wizard, while open.
  public var onboarding: OnboardingState?
  /// In-app guidance: the guide or popover showing, and on which step.
  public var guidance = GuidanceMachine()
  /// The boot gate: the store is open, migrated and reconciled.
  public var isBooted = false
  /// Why the boot step failed, if it did.
  public var bootFailure: String?
  /// The onboarding gate: until onboarding is complete the tour never appears.
  public var onboardingComplete = false
  /// The session gate: the what's-new check runs at most once per process
  /// (debug commands and restore open it again).
  public var hasCheckedWhatsNew = false
  /// The widget gate: a session launched from a widget stays quiet (no tour, nothing written).
  public let launchedFromWidget: Bool

  public init(launchedFromWidget: Bool) {
    self.launchedFromWidget = launchedFromWidget
  }

  /// The what's-new tour when it is showing: open and not suspended.
  public var showingTour: TourState? {
    guard let tour, !tour.isSuspended else { return nil }
    return tour
  }

  /// The overlay showing now, if any.
  public var overlay: OverlayKind? {
    if onboarding != nil { return .onboarding }
    if showingTour != nil { return .whatsNew }
    switch guidance.active?.mode {
    case .tour?: return .guidance
    case .info?: return .info
    case nil: return nil
    }
  }

  /// The page on screen, if onboarding or the tour is showing.
  public var visiblePage: Page? {
    if let onboarding { return onboarding.currentPage }
    return showingTour?.currentPage.page
  }

  /// Whether the session's what's-new check may run now: booted, onboarding complete, home
  /// focused, no overlay and no tour (not even a suspended one), not launched from a widget,
  /// and not checked yet this session.
  public var whatsNewCheckIsDue: Bool {
    !hasCheckedWhatsNew && isBooted && onboardingComplete && screen == .home && overlay == nil && tour == nil
      && !launchedFromWidget
  }

  /// Whether a guide may start by itself now: booted, onboarding complete, nothing showing,
  /// not launched from a widget.
  public var guidanceMayStartByItself: Bool {
    isBooted && onboardingComplete && overlay == nil && !launchedFromWidget
  }

  /// Anchors that have an info popover, and the popover's id.
  public var infoAnchors: [String: String] {
    var result: [String: String] = [:]
    for info in guidance.catalog where info.mode == .info {
      if let anchor = info.steps.first?.targetAnchor { result[anchor] = info.id }
    }
    return result
  }

  /// Where the user is, as the prompt names it: `home`, `tour 2/6`, `onboarding 1/7`, `first_run 2/6`.
  public var place: String {
    if let onboarding { return "onboarding \(onboarding.index + 1)/\(onboarding.pages.count)" }
    if let tour = showingTour { return "tour \(tour.index + 1)/\(tour.pages.count)" }
    if let guide = guidance.active, guide.mode == .tour {
      return "\(guide.id) \(guidance.stepIndex + 1)/\(guide.steps.count)"
    }
    return screen.rawValue
  }
}
