import WhatsNewCore
import WhatsNewStore

/// The what's-new tour and the onboarding wizard as a session runs them: opening them,
/// paging, leaving and resuming the tour, and the writes that end them (the seen-through
/// record, onboarding complete).
///
/// Commands and the session's own check call it; the state it changes is the session's
/// ``SessionState``.
@MainActor
struct TourFlow: Sendable {
  let session: Session

  /// How the user ended the tour; all three record "seen through" for the automatic tour.
  enum Dismissal: String, Sendable { case done, skip, close }

  // MARK: The tour

  /// Opens `tour` over the current screen and reads its first page's settings.
  func open(_ tour: TourState) {
    // Only a preview keeps a tour waiting under it.
    if case .preview = tour.mode {} else { session.state.tourUnderPreview = nil }
    session.state.tour = tour
    session.openCurrentPageControls()
    session.viewIsDirty = true
  }

  /// `next` / `back` on the open tour or onboarding page.
  func step(_ delta: Int) {
    let state = session.state
    let position: (index: Int, count: Int)
    let lastPageKey: String
    if let onboarding = state.onboarding {
      position = (onboarding.index, onboarding.pages.count)
      lastPageKey = "ui.onboarding.lastPage"
    } else if let tour = state.showingTour {
      position = (tour.index, tour.pages.count)
      lastPageKey = "ui.tour.lastPage"
    } else {
      session.console.emit(session.text("ui.error.nothingOpen", delta > 0 ? "next" : "back"), .warning)
      return
    }
    let target = position.index + delta
    guard (0..<position.count).contains(target) else {
      session.console.emit(session.text(delta > 0 ? lastPageKey : "ui.tour.firstPage"), .warning)
      return
    }
    if state.onboarding != nil {
      session.state.onboarding?.index = target
      session.state.onboarding?.error = nil
    } else {
      session.state.tour?.index = target
      session.state.tour?.error = nil
    }
    // Opening the new page's controls makes the old page's reads stale.
    session.openCurrentPageControls()
    session.viewIsDirty = true
  }

  /// Leaving the showing what's-new tour for something else: it waits, and `tour` resumes it.
  func suspendIfShowing() {
    guard session.state.showingTour != nil else { return }
    session.state.tour?.isSuspended = true
    session.choices.leavePage()
    session.console.emit(session.text("ui.tour.suspended"), .dim)
  }

  /// `tour`: brings a suspended tour back (and redraws a showing one).
  func resume() {
    guard let tour = session.state.tour else {
      session.console.emit(session.text("ui.tour.noneToResume"), .warning)
      return
    }
    if let overlay = session.state.overlay, overlay != .whatsNew {
      session.console.emit(session.text("ui.overlay.busy"), .warning)
      return
    }
    guard tour.isSuspended else {
      session.viewIsDirty = true
      return
    }
    session.state.tour?.isSuspended = false
    session.openCurrentPageControls()
    session.viewIsDirty = true
  }

  /// Done, Skip and Close share one serial path: a second dismissal while one is being
  /// written starts no new write; a failed write keeps the tour open on the same page.
  func dismiss(_ dismissal: Dismissal) {
    guard var tour = session.state.tour else { return }
    guard tour.mode == .automatic else {
      close(message: session.text("ui.tour.closedNoRecord"))
      return
    }
    if tour.isDismissing {
      session.console.emit(session.text("ui.tour.stillSaving"), .dim)
      return
    }
    tour.isDismissing = true
    tour.error = nil
    session.state.tour = tour
    recordSeenThrough { result in
      switch result {
      case .success(let stored):
        self.close(message: session.text("ui.tour.caughtUp", stored.description))
      case .failure(let error):
        session.state.tour?.isDismissing = false
        session.state.tour?.error = session.text("ui.tour.dismissFailed", Backends.describe(error))
        session.console.emit("! " + (session.state.tour?.error ?? ""), .error)
      }
      session.showViewIfAtPrompt()
    }
  }

  /// Writes "seen through the current version" in the background (operation `seen-write`).
  func recordSeenThrough(then completion: ((Result<Version, any Error>) -> Void)?) {
    let backends = session.backends
    let id = backends.tracker.begin(.seenWrite, target: nil)
    let version = session.appVersion
    Task.immediate { @MainActor in
      defer { backends.tracker.end(id) }
      do {
        let stored = try await backends.advanceSeenThrough(to: version, id: id)
        completion?(.success(stored))
      } catch {
        if let completion {
          completion(.failure(error))
        } else {
          session.developerNote("could not record seen through \(version): \(error)")
        }
      }
    }
  }

  /// Closes the tour and goes home; a preview opened over a tour goes back to that tour.
  func close(message: String) {
    if case .preview? = session.state.tour?.mode, let under = session.state.tourUnderPreview {
      return returnFromPreview(to: under)
    }
    session.state.tour = nil
    session.state.tourUnderPreview = nil
    session.choices.leavePage()
    session.state.screen = .home
    session.console.emit(message, .success)
    session.openControls(for: .home)
    session.viewIsDirty = true
  }

  /// Closing a preview: the tour it was opened over comes back as it was, on its page
  /// (or still waiting behind the screen, if it was suspended).
  func returnFromPreview(to tour: TourState) {
    session.choices.leavePage()
    session.state.tour = tour
    session.state.tourUnderPreview = nil
    session.console.emit(
      session.text("ui.debug.previewClosed", String(tour.index + 1), String(tour.pages.count)), .success)
    if tour.isSuspended {
      session.openControls(for: session.state.screen)
    } else {
      session.openCurrentPageControls()
    }
    session.viewIsDirty = true
  }

  // MARK: Onboarding

  /// The onboarding wizard: a welcome page, then the tour's own choice blocks (one
  /// control per setting, as the releases up to this version define them), two a page.
  func startOnboarding() {
    session.state.onboarding = OnboardingState(
      pages: OnboardingPlan.pages(releases: session.releases, appVersion: session.appVersion))
    session.openCurrentPageControls()
    session.viewIsDirty = true
  }

  /// `finish`: onboarding complete and seen-through = current, in one transaction.
  func finishOnboarding() {
    guard var onboarding = session.state.onboarding else { return }
    if onboarding.isFinishing {
      session.console.emit(session.text("ui.onboarding.stillFinishing"), .dim)
      return
    }
    onboarding.isFinishing = true
    onboarding.error = nil
    session.state.onboarding = onboarding
    let backends = session.backends
    let id = backends.tracker.begin(.seenWrite, target: nil)
    let version = session.appVersion
    Task.immediate { @MainActor in
      defer { backends.tracker.end(id) }
      do {
        try await backends.run(.seenWrite, target: nil, id: id) { try await $0.completeOnboarding(seenThrough: version) }
        session.state.onboarding = nil
        session.state.onboardingComplete = true
        session.choices.leavePage()
        session.state.screen = .home
        session.openControls(for: .home)
        session.state.hasCheckedWhatsNew = true
        session.console.emit(session.text("ui.onboarding.finished"), .success)
        await self.afterOnboarding()
      } catch {
        session.state.onboarding?.isFinishing = false
        session.state.onboarding?.error = session.text("ui.onboarding.finishFailed", Backends.describe(error))
        session.console.emit("! " + (session.state.onboarding?.error ?? ""), .error)
      }
      session.showViewIfAtPrompt()
    }
  }

  /// What follows onboarding: home's controls open and `first_run` starts (once).
  func afterOnboarding() async {
    session.openControls(for: session.state.screen)
    await session.guidanceFlow.startIfUnseen(GuidanceCatalog.firstRun)
    session.viewIsDirty = true
  }
}
