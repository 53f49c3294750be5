import WhatsNewCore
import WhatsNewStore

/// How a session starts: the boot gate (the store open, migrated and reconciled), then
/// onboarding for a new user, or the what's-new check once every gate holds.
@MainActor
struct StartFlow {
  let session: Session

  /// The boot step: waits for the boot gate (QA can delay, hold or fail it), makes the
  /// notification schedule agree with the stored weekday, reads onboarding, then either
  /// starts onboarding or runs the what's-new check.
  func boot() {
    let id = session.backends.tracker.begin(.boot, target: nil)
    Task.immediate { @MainActor [session] in
      defer { session.backends.tracker.end(id) }
      let snapshot: StoreSnapshot
      do {
        // A new store records what --upgrade-from asks for before the boot gate, and the
        // seed is applied (and forgotten) only by a boot that gets past it: a failed boot
        // leaves the store to be seeded by the next start that boots.
        if session.configuration.storeWasCreated, let upgradeFrom = session.configuration.options.upgradeFrom {
          try await session.backends.store.recordPendingSeed(seenThrough: upgradeFrom)
        }
        try await session.backends.faults.gate(.boot, target: nil, id: id)
        if let seeded = try await session.backends.store.applyPendingSeed(
          legacyWalkthroughBefore: Version(major: 2, minor: 13, patch: 0))
        {
          session.developerNote("seeded a new store as a user who finished onboarding and has seen through \(seeded)")
        }
        // One read of everything boot needs: one transaction, one trip to the store.
        snapshot = try await session.backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID)
        // The baseline for noticing another program's changes at each command.
        session.dataVersionSeen = try? await session.backends.store.dataVersion()
        if session.backends.compensatingRestore.movesReminderAtStart || snapshot.notification == nil,
          let change = try await session.backends.scheduler.reconcile(from: snapshot)
        {
          session.developerNote(
            "boot: the weekly review notification was \(change.was ?? "not scheduled"); now \(change.now), matching the stored weekday"
          )
        }
        session.state.onboardingComplete = snapshot.onboardingComplete
        session.state.isBooted = true
        session.adoptStoredLanguage(snapshot.language)
      } catch {
        session.state.bootFailure = Backends.describe(error)
        session.console.emit(session.text("ui.boot.failed", Backends.describe(error)), .error)
        return
      }
      if !session.state.onboardingComplete {
        if session.state.launchedFromWidget { return }
        session.tourFlow.startOnboarding()
      } else {
        session.openControls(for: session.state.screen)
        // The screen opens: what it shows from the store is read now, after the reconcile.
        await session.readStoreFacts()
        await session.checkWhatsNew(using: snapshot)
      }
      session.showViewIfAtPrompt()
    }
  }

  /// Runs the session's what's-new check when every gate holds (``AppState/whatsNewCheckIsDue``).
  /// An empty flow (or a user who turned the tour off) moves the record to the current
  /// version at once; otherwise the tour opens.
  ///
  /// `snapshot` is the store as the caller just read it (the boot step); without one, the
  /// check reads the record and the tour setting itself, in one transaction.
  func checkWhatsNew(using snapshot: StoreSnapshot? = nil) async {
    guard session.state.whatsNewCheckIsDue else { return }
    session.state.hasCheckedWhatsNew = true
    var facts = snapshot
    if facts == nil {
      do {
        facts = try await session.backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID)
      } catch {
        session.developerNote("could not read the seen-through record: \(error); treating it as none")
      }
    }
    let record = facts?.seenThrough ?? .none
    var seen: Version?
    switch record {
    case .none: seen = nil
    case .version(let version): seen = version
    case .unreadable(let raw):
      session.developerNote("the seen-through record '\(TextSanitizer.clean(raw))' is not a version; treating it as none")
      seen = nil
    }
    // Only the releases this user's tour can show (or name as left out by the cap) are read:
    // the start does not grow with the history (`make bench`: warm and first start, 1,000
    // releases against 10).
    let window = session.catalog.window(seenThrough: seen, current: session.appVersion)
    let pages = selectFlow(releases: window, seenThrough: seen, current: session.appVersion)
    let wantsTour = (facts?.settings[.showWhatsNew] ?? "true") == "true"
    if pages.isEmpty || !wantsTour {
      if !wantsTour && !pages.isEmpty {
        session.developerNote("the what's-new tour is turned off; moving the record to \(session.appVersion)")
      }
      session.runner.recordSeenThroughQuietly(session.appVersion)
      return
    }
    // A tour left unfinished comes back on the page it was left; a page no longer in the
    // flow (the content changed, or a newer release took the cap) starts it from the first.
    let resumeAt = facts?.tourPosition?.index(in: pages) ?? 0
    var tour = TourState(mode: .automatic, pages: pages, index: resumeAt)
    tour.capped = cappedReleases(releases: window, seenThrough: seen, current: session.appVersion, shown: pages)
    session.tourFlow.open(tour)
  }
}
