/// One opening of the what's-new tour (or of `news`, or of a `debug preview`).
package struct TourState: Sendable, Equatable {
  /// Why the tour is open; only the automatic tour writes the seen-through record.
  package enum Mode: Sendable, Equatable {
    /// Opened by the session's check: Done, Skip and Close record "seen through".
    case automatic
    /// Opened by `news`: writes nothing.
    case news
    /// Opened by `debug preview <version>`: writes nothing, on a private copy of the store.
    case preview(Version)

    /// How `state` names it; every preview alike, whichever release it shows.
    package var name: String {
      switch self {
      case .automatic: "automatic"
      case .news: "news"
      case .preview: "preview"
      }
    }
  }

  package var mode: Mode
  package var pages: [FlowPage]
  /// The page showing; moving it on moves ``furthest``.
  package var index = 0 {
    didSet { furthest = max(furthest, index) }
  }
  /// The furthest page the person reached in this tour (a resumed tour counts from the page
  /// it resumed on): what ``showings`` calls shown.
  package private(set) var furthest = 0
  /// Why the last dismissal could not be saved (the backend's words), shown on the page.
  package var failure: String?
  /// A dismissal is being written.
  package var isDismissing = false
  /// The word that asked for the dismissal being written (or, for `news`, that closed it).
  package var dismissedWith: Dismissal?
  /// The user followed an action or a screen out of the tour; `tour` or `back` resumes it.
  package var isSuspended = false
  /// Releases the page cap left out (the automatic tour's), named on its last page.
  package var capped: [ReleaseShowing] = []

  package init(mode: Mode, pages: [FlowPage], index: Int = 0) {
    self.mode = mode
    self.pages = pages
    self.index = pages.indices.contains(index) ? index : 0
    self.furthest = self.index
  }

  /// What this tour did with each release it covers (``ReleaseShowing``), oldest first.
  package var showings: [ReleaseShowing] {
    var byRelease: [Version: ReleaseShowing] = [:]
    for (position, page) in pages.enumerated() {
      var showing = byRelease[page.release] ?? ReleaseShowing(release: page.release)
      if position <= furthest { showing.shown += 1 } else { showing.notReached += 1 }
      byRelease[page.release] = showing
    }
    for cut in capped {
      byRelease[cut.release, default: ReleaseShowing(release: cut.release)].leftOut += cut.leftOut
    }
    return byRelease.values.sorted { $0.release < $1.release }
  }

  package var currentPage: FlowPage { pages[index] }
  package var isLastPage: Bool { index == pages.count - 1 }
  /// Where the tour is, as the store keeps it for resuming: the release and page id.
  package var position: TourPosition { TourPosition(release: currentPage.release, pageID: currentPage.page.id) }
}

/// The word that ends a tour: `done` on the last page lists what the tour changed (the
/// recap); `skip` and `close` only say how to see it.
package enum Dismissal: Sendable, Equatable {
  case done, skip, close
}

/// Where an unfinished automatic tour was left: the release and the page's id (stable
/// across content edits that add or drop other pages, unlike an index).
package struct TourPosition: Sendable, Equatable, CustomStringConvertible {
  package var release: Version
  package var pageID: String

  /// As stored: `2.13.1/rest`.
  package var description: String { "\(release)/\(pageID)" }

  /// The index of this position's page in `pages`, if it is still there.
  package func index(in pages: [FlowPage]) -> Int? {
    pages.firstIndex { $0.release == release && $0.page.id == pageID }
  }
}

extension TourPosition {
  /// A stored position; `nil` for anything else (then the tour starts on its first page), such
  /// as a page id no release could have (control bytes, megabytes): restore drops those.
  package init?(_ text: String) {
    let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 2, let release = Version(parts[0]), ReleaseValidator.isValidID(parts[1]) else { return nil }
    self.init(release: release, pageID: parts[1])
  }
}

/// The onboarding wizard a fresh store starts with.
package struct OnboardingState: Sendable, Equatable {
  package var pages: [Page]
  package var index = 0
  /// Why finishing could not be saved (the backend's words), shown on the page.
  package var failure: String?
  package var isFinishing = false

  package var currentPage: Page { pages[index] }
  package var isLastPage: Bool { index == pages.count - 1 }
}

/// What a ``TourMachine`` transition asks the session to do.
package enum TourEffect: Sendable, Equatable {
  /// Read the settings of the page now on screen (the old page's reads become stale).
  case openPageControls
  /// The page's controls are gone (the tour closed or waits).
  case leavePage
  /// The screen under the tour shows again: open its controls.
  case openScreenControls
  /// Go to the home screen.
  case goHome
  /// Write "seen through the app version" and what the tour did with each release
  /// (operation `seen-write`, one transaction); report the result with
  /// ``TourMachine/seenWriteFinished(_:)``.
  case writeSeenThrough([ReleaseShowing])
  /// Write "onboarding complete, seen through the app version" in one transaction; report
  /// with ``TourMachine/onboardingWriteFinished(_:)``.
  case completeOnboarding
  /// Remember where the automatic tour is, so an unfinished tour resumes there.
  case recordPosition(TourPosition)
  /// Leave the private copy a preview ran on: the real store is in force again.
  case endSandbox
  /// A tour opened whose changes are real (the automatic tour, `news`; not a preview): the
  /// session's confirmed writes from now on are what it changed (``TourRecap``).
  case recordChanges
  /// That tour ended, by `dismissal`: what it changed stays listed for `recap` and `undo`.
  case tourEnded(Dismissal)
  /// Say something to the person.
  case say(TourMessage)
  /// Onboarding is complete: what follows it (home, the first-run guide).
  case onboardingCompleted
}

/// What a ``TourMachine`` transition says, in words the session localizes.
package enum TourMessage: Sendable, Equatable {
  /// The tour (or `news`'s pages, or a preview: `mode`) waits behind a screen: `tour` or
  /// `back` comes back to page `page` of `count`.
  case suspended(TourState.Mode, page: Int, count: Int)
  case firstPage
  case lastPage
  case onboardingFirstPage
  case onboardingLastPage
  /// The dismissal is being saved (a held or slow write): the tour closes once it lands.
  case savingDismissal
  case stillSaving
  /// The seen record is saved through `version`.
  case caughtUp(Version)
  case closedNoRecord
  /// The dismissal's write failed; the tour stays open.
  case dismissFailed(String)
  /// A preview closed; the tour it was opened over is back on page `page` of `count`.
  case previewClosed(page: Int, count: Int)
  /// A preview opened on a screen closed; that screen (the session's) shows again.
  case previewClosedToScreen
  /// A preview opens over the tour, which waits on page `page` of `count`.
  case previewOverTour(page: Int, count: Int)
  case onboardingFinished
  case onboardingFinishFailed(String)
  case stillFinishing
  case noTourToResume
}

/// The what's-new tour, `news`, previews and the onboarding wizard as one pure machine:
/// commands and outcomes in, new state and ``TourEffect``s out. The app's rules
/// (``AppState/reduceTour(_:)``) turn the effects into the app's and feed the outcomes back.
///
/// Rules it holds:
/// - Done, Skip and Close share one serial path: a second dismissal while one is being
///   written starts no new write; a failed write keeps the tour open on the same page.
///   Only the automatic tour writes the seen record; `news` and previews close at once.
/// - A preview opened over a tour keeps that tour as it was (page, waiting or showing) and
///   gives it back when the preview closes; a preview over a preview replaces it.
/// - Turning a page of the automatic tour records the position, so a tour left unfinished
///   (quit, a kill) resumes on that page.
///
/// ```swift
/// var machine = TourMachine()
/// machine.open(TourState(mode: .automatic, pages: pages))   // [.recordChanges, .openPageControls]
/// machine.step(1)                      // [.openPageControls, .recordPosition(…)]
/// machine.dismiss(.done)               // [.writeSeenThrough(showings)]
/// machine.seenWriteFinished(.success(v)) // [.leavePage, .goHome, .say(.caughtUp(v)), .tourEnded(.done)]
/// ```
package struct TourMachine: Sendable, Equatable {
  /// The tour (or `news`, or a preview), while open; also while it waits behind a screen.
  package private(set) var tour: TourState?
  /// The tour a preview was opened over, as it was.
  package private(set) var tourUnderPreview: TourState?
  /// The onboarding wizard, while open.
  package private(set) var onboarding: OnboardingState?

  /// The tour when it is showing: open and not waiting behind a screen.
  package var showingTour: TourState? {
    guard let tour, !tour.isSuspended else { return nil }
    return tour
  }

  /// Whether the open tour is a preview.
  package var isPreviewing: Bool {
    if case .preview? = tour?.mode { return true }
    return false
  }

  // MARK: The tour

  /// Opens `tour`, showing. A preview keeps an open tour under it (``tourUnderPreview``).
  @discardableResult
  package mutating func open(_ newTour: TourState) -> [TourEffect] {
    var effects: [TourEffect] = []
    if case .preview = newTour.mode {
      // With no tour open, nothing is under one either: closing or dropping a tour empties both.
      if let current = tour {
        if !current.isSuspended { effects.append(.leavePage) }
        // A preview over a preview replaces it; the tour under both stays where it was.
        if current.mode == .automatic || current.mode == .news {
          tourUnderPreview = current
          effects.append(.say(.previewOverTour(page: current.index + 1, count: current.pages.count)))
        }
      }
    } else {
      if tour != nil { effects.append(.leavePage) }
      tourUnderPreview = nil
      effects.append(.recordChanges)
    }
    tour = newTour
    effects.append(.openPageControls)
    return effects
  }

  /// Whether a dismissal is being saved: no preview may open then (its write ends the tour it
  /// belongs to).
  package var isDismissing: Bool { tour?.isDismissing == true }

  /// `next` (+1) or `back` (-1) on the page showing.
  @discardableResult
  package mutating func step(_ delta: Int) -> [TourEffect] {
    if let wizard = onboarding {
      guard wizard.pages.indices.contains(wizard.index + delta) else {
        return [.say(delta > 0 ? .onboardingLastPage : .onboardingFirstPage)]
      }
      onboarding?.index += delta
      onboarding?.failure = nil
      return [.openPageControls]
    }
    guard var open = showingTour else { return [] }
    guard open.pages.indices.contains(open.index + delta) else { return [.say(delta > 0 ? .lastPage : .firstPage)] }
    open.index += delta
    open.failure = nil
    tour = open
    return [.openPageControls] + (open.mode == .automatic ? [.recordPosition(open.position)] : [])
  }

  /// Leaving the showing tour for a screen or a guide: it waits; `tour` or `back` resumes it.
  @discardableResult
  package mutating func suspend() -> [TourEffect] {
    guard let open = showingTour else { return [] }
    tour?.isSuspended = true
    return [.leavePage, .say(.suspended(open.mode, page: open.index + 1, count: open.pages.count))]
  }

  /// Brings a waiting tour back on its page (a showing one is simply drawn again).
  @discardableResult
  package mutating func resume() -> [TourEffect] {
    guard let open = tour else { return [.say(.noTourToResume)] }
    guard open.isSuspended else { return [] }
    tour?.isSuspended = false
    return [.openPageControls]
  }

  /// Done, Skip or Close. The automatic tour writes the seen record first (the tour closes
  /// when it lands); `news` and previews close at once.
  @discardableResult
  package mutating func dismiss(_ dismissal: Dismissal = .close) -> [TourEffect] {
    guard let open = tour else { return [] }
    guard open.mode == .automatic else {
      tour?.dismissedWith = dismissal
      return close(message: .closedNoRecord)
    }
    if open.isDismissing { return [.say(.stillSaving)] }
    tour?.isDismissing = true
    tour?.dismissedWith = dismissal
    tour?.failure = nil
    return [.writeSeenThrough(open.showings)]
  }

  /// The dismissal's seen-write ended: the tour closes (success), or stays open on its page
  /// with the reason (failure).
  @discardableResult
  package mutating func seenWriteFinished(_ result: Result<Version, BackendFailure>) -> [TourEffect] {
    guard tour?.isDismissing == true else { return [] }
    switch result {
    case .success(let version):
      return close(message: .caughtUp(version))
    case .failure(let reason):
      tour?.isDismissing = false
      tour?.failure = reason.text
      return [.say(.dismissFailed(reason.text))]
    }
  }

  /// Closes the tour and goes home; closing a preview gives back the tour it was opened over,
  /// else the screen it was opened on (Home, or another), saying which.
  @discardableResult
  package mutating func close(message: TourMessage) -> [TourEffect] {
    if isPreviewing {
      let under = tourUnderPreview
      tour = under
      tourUnderPreview = nil
      guard let under else { return [.endSandbox, .leavePage, .openScreenControls, .say(.previewClosedToScreen)] }
      let back: [TourEffect] = under.isSuspended ? [.openScreenControls] : [.openPageControls]
      return [.endSandbox, .leavePage, .say(.previewClosed(page: under.index + 1, count: under.pages.count))] + back
    }
    let dismissal = tour?.dismissedWith ?? .close
    tour = nil
    tourUnderPreview = nil
    return [.leavePage, .goHome, .say(message), .tourEnded(dismissal)]
  }

  /// Drops the tour without a word or a write (a restore replaced the store under it).
  package mutating func discard() {
    tour = nil
    tourUnderPreview = nil
  }

  // MARK: Onboarding

  /// Opens the onboarding wizard on its first page.
  @discardableResult
  package mutating func startOnboarding(pages: [Page]) -> [TourEffect] {
    guard !pages.isEmpty else { return [] }
    onboarding = OnboardingState(pages: pages)
    return [.openPageControls]
  }

  /// `finish` (or `skip`) on the wizard: onboarding complete, in one write.
  @discardableResult
  package mutating func finishOnboarding() -> [TourEffect] {
    guard let wizard = onboarding else { return [] }
    if wizard.isFinishing { return [.say(.stillFinishing)] }
    onboarding?.isFinishing = true
    onboarding?.failure = nil
    return [.completeOnboarding]
  }

  /// The wizard's write ended.
  @discardableResult
  package mutating func onboardingWriteFinished(_ result: Result<Void, BackendFailure>) -> [TourEffect] {
    guard onboarding?.isFinishing == true else { return [] }
    switch result {
    case .success:
      onboarding = nil
      return [.leavePage, .goHome, .say(.onboardingFinished), .onboardingCompleted]
    case .failure(let reason):
      onboarding?.isFinishing = false
      onboarding?.failure = reason.text
      return [.say(.onboardingFinishFailed(reason.text))]
    }
  }
}
