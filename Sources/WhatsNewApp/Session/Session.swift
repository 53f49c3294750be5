public import WhatsNewCore
public import WhatsNewStore

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
}

/// Everything the session needs that is fixed for its lifetime.
public struct SessionConfiguration: Sendable {
  public var options: Options
  public var content: ContentLibrary
  public var language: Language
  public var width: Int
  public var ascii: Bool
  public var accessible: Bool
  public var isInteractive: Bool
  /// Set when this run created the store (a fresh user).
  public var storeWasCreated: Bool
  public var databasePath: String

  public init(
    options: Options, content: ContentLibrary, language: Language, width: Int, ascii: Bool, accessible: Bool,
    isInteractive: Bool, storeWasCreated: Bool, databasePath: String
  ) {
    self.options = options
    self.content = content
    self.language = language
    self.width = width
    self.ascii = ascii
    self.accessible = accessible
    self.isInteractive = isInteractive
    self.storeWasCreated = storeWasCreated
    self.databasePath = databasePath
  }
}

/// One run of the app: the screens, the overlays, the choices and the gates.
///
/// The session is the glue between the pure core (flow selection, the choice machine)
/// and the effects passed in (``Backends`` over the store, the ``Console``). Commands
/// run on the main actor; reads and writes run in the background and report back here.
///
/// Each background operation starts with `Task.immediate`: it runs at once, up to its first
/// real wait (a held fault gate, or the hop to a store on its own queue at a terminal), and
/// only then does the command go on. In a script, where the store shares the main actor's
/// executor, an operation nothing holds has therefore finished before the command returns,
/// and a scripted run never starts a thread of the concurrency pool.
@MainActor
public final class Session {
  public let configuration: SessionConfiguration
  public let backends: Backends
  public let console: Console

  public internal(set) var language: Language
  /// Translation tables read so far: English and the start-up language, then any the
  /// user switches to (read on demand).
  public internal(set) var tables: [Language: TranslationTable]
  public internal(set) var screen: Screen = .home
  public internal(set) var tour: TourState?
  public internal(set) var onboarding: OnboardingState?
  public internal(set) var choices = ChoiceMachine()
  /// The boot gate: the store is open, migrated and reconciled.
  public internal(set) var isBooted = false
  public internal(set) var bootFailure: String?
  public internal(set) var onboardingComplete = false
  /// The session gate: the what's-new check runs at most once per process
  /// (debug commands and restore open it again).
  public internal(set) var hasCheckedWhatsNew = false
  public internal(set) var shouldQuit = false
  /// The current view must be printed after the command.
  var viewIsDirty = false
  /// Per-setting chains, so writes to one setting are applied in tap order.
  var writeChains: [Setting: (task: Task<Void, Never>, id: OperationID)] = [:]
  /// The schedule and the record as last looked up, for the screens.
  var lastScheduledNotification: StoredNotification?
  var lastSeenRecord: SeenThroughRecord = .none
  var lastStoredUnits = Setting.units.defaultValue
  /// How many store operations this session had started when those facts were read
  /// (`nil`: never read).
  var factsReadAfterOperation: Int?
  /// In-app guidance: the guide or popover showing, and where each anchor was drawn.
  var guidance = GuidanceMachine()
  var anchors = AnchorRegistry()

  public init(configuration: SessionConfiguration, backends: Backends, console: Console) {
    self.configuration = configuration
    self.backends = backends
    self.console = console
    self.language = configuration.language
    self.tables = configuration.content.tables
  }

  // MARK: - Derived values

  public var appVersion: Version { configuration.options.appVersion }
  public var releases: [Release] { configuration.content.releases }

  public var localizer: Localizer {
    // The compiled-in English is built on first use, which the shipped tables never need.
    Localizer(language: language, tables: tables, builtInEnglish: { UIStrings.english[$0] })
  }

  public var renderContext: RenderContext {
    RenderContext(
      localizer: localizer, width: configuration.width, ascii: configuration.ascii, accessible: configuration.accessible)
  }

  /// A localized UI string, sanitized.
  func text(_ key: String, _ arguments: String...) -> String {
    TextSanitizer.clean(localizer.text(key, arguments: arguments.map(TextSanitizer.clean)))
  }

  /// The overlay showing now, if any.
  public var overlay: OverlayKind? {
    if onboarding != nil { return .onboarding }
    if let tour, !tour.isSuspended { return .whatsNew }
    return guidanceOverlay
  }

  var launchedFromWidget: Bool { configuration.options.launchSource?.isWidget ?? false }

  // MARK: - Boot

  /// The boot step: waits for the boot gate (QA can delay, hold or fail it), makes the
  /// notification schedule agree with the stored weekday, reads onboarding, then either
  /// starts onboarding or runs the what's-new check.
  public func boot() {
    let id = backends.tracker.begin(.boot, target: nil)
    Task.immediate { @MainActor in
      defer { self.backends.tracker.end(id) }
      let snapshot: StoreSnapshot
      do {
        try await self.backends.faults.gate(.boot, target: nil, id: id)
        if self.configuration.storeWasCreated, let upgradeFrom = self.configuration.options.upgradeFrom {
          try await self.backends.store.seedExistingUser(
            seenThrough: upgradeFrom, legacyWalkthroughCompleted: upgradeFrom < Version(major: 2, minor: 13, patch: 0))
          self.developerNote("seeded a new store as a user who finished onboarding and has seen through \(upgradeFrom)")
        }
        // One read of everything boot needs: one transaction, one trip to the store.
        snapshot = try await self.backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID)
        if let change = try await self.backends.scheduler.reconcile(from: snapshot) {
          self.developerNote(
            "boot: the weekly review notification was \(change.was ?? "not scheduled"); now \(change.now), matching the stored weekday"
          )
        }
        self.onboardingComplete = snapshot.onboardingComplete
        self.isBooted = true
      } catch {
        self.bootFailure = Backends.describe(error)
        self.console.emit(self.text("ui.boot.failed", Backends.describe(error)), .error)
        return
      }
      if !self.onboardingComplete {
        if self.launchedFromWidget { return }
        self.startOnboarding()
      } else {
        self.openControls(for: self.screen)
        await self.checkWhatsNew(using: snapshot)
      }
      self.viewIsDirty = true
      if self.console.isAtPrompt { self.console.emit(self.renderCurrentView()); self.viewIsDirty = false }
    }
  }

  func developerNote(_ text: String) {
    if configuration.options.developerMode { console.diagnostic("whatsnew: " + text) }
  }

  // MARK: - The what's-new check

  /// Runs the session's what's-new check when every gate holds: booted, onboarding
  /// complete, home focused, no overlay, not launched from a widget, and not yet
  /// checked this session. An empty flow (or a user who turned the tour off) moves the
  /// record to the current version at once; otherwise the tour opens.
  ///
  /// `snapshot` is the store as the caller just read it (the boot step); without one, the
  /// check reads the record and the tour setting itself, in one transaction.
  public func checkWhatsNew(using snapshot: StoreSnapshot? = nil) async {
    guard !hasCheckedWhatsNew, isBooted, onboardingComplete, screen == .home, overlay == nil, tour == nil,
      !launchedFromWidget
    else { return }
    hasCheckedWhatsNew = true
    var facts = snapshot
    if facts == nil {
      do {
        facts = try await backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID)
      } catch {
        developerNote("could not read the seen-through record: \(error); treating it as none")
      }
    }
    let record = facts?.seenThrough ?? .none
    var seen: Version?
    switch record {
    case .none: seen = nil
    case .version(let version): seen = version
    case .unreadable(let raw):
      developerNote("the seen-through record '\(TextSanitizer.clean(raw))' is not a version; treating it as none")
      seen = nil
    }
    let pages = selectFlow(releases: releases, seenThrough: seen, current: appVersion)
    let wantsTour = (facts?.settings[.showWhatsNew] ?? "true") == "true"
    if pages.isEmpty || !wantsTour {
      if !wantsTour && !pages.isEmpty { developerNote("the what's-new tour is turned off; moving the record to \(appVersion)") }
      recordSeenThrough(then: nil)
      return
    }
    openTour(TourState(mode: .automatic, pages: pages))
  }

  /// Writes "seen through the current version" in the background (operation `seen-write`).
  func recordSeenThrough(then completion: ((Result<Version, any Error>) -> Void)?) {
    let id = backends.tracker.begin(.seenWrite, target: nil)
    let version = appVersion
    Task.immediate { @MainActor in
      defer { self.backends.tracker.end(id) }
      do {
        let stored = try await self.backends.advanceSeenThrough(to: version, id: id)
        completion?(.success(stored))
      } catch {
        if let completion {
          completion(.failure(error))
        } else {
          self.developerNote("could not record seen through \(version): \(error)")
        }
      }
    }
  }

  // MARK: - Tour

  func openTour(_ state: TourState) {
    tour = state
    openCurrentPageControls()
    viewIsDirty = true
  }

  /// Opens the controls of the page on screen (tour or onboarding), reading their settings.
  func openCurrentPageControls() {
    if let onboarding {
      openControls(for: onboarding.pages[onboarding.index].blocks)
    } else if let tour, !tour.isSuspended {
      openControls(for: tour.currentPage.page.blocks)
    }
  }

  func openControls(for blocks: [Block]) {
    let settings = blocks.compactMap { block -> Setting? in
      if case .choice(let choice) = block.content { return choice.setting }
      return nil
    }
    launchReads(choices.openPage(settings))
  }

  /// Opens the controls of a screen.
  func openControls(for screen: Screen) {
    launchReads(choices.openPage(Setting.allCases.filter { ScreenRenderer.settings(on: screen).contains($0) }))
  }

  func launchReads(_ tickets: [ChoiceMachine.ReadTicket]) {
    for ticket in tickets {
      let id = backends.tracker.begin(.read, target: ticket.setting.rawValue)
      Task.immediate { @MainActor in
        defer { self.backends.tracker.end(id) }
        let result: Result<String, ReadFailure>
        do {
          result = .success(try await self.backends.read(ticket.setting, id: id))
        } catch {
          result = .failure(ReadFailure(reason: Backends.describe(error)))
        }
        let applied = self.choices.readFinished(ticket, result: result)
        guard applied, self.console.isAtPrompt else { return }
        // A slow read finished while the user sat at the prompt: show the control now.
        self.console.emit(self.renderControlUpdate(ticket.setting))
      }
    }
  }

  /// The user picks `value` for `setting`: shown at once, written in the background,
  /// after any earlier write of the same setting. Returns whether a write was started (not
  /// when the value is what the setting already holds); the write may have finished by the
  /// time this returns.
  @discardableResult
  public func tap(_ setting: Setting, _ value: String) -> Bool {
    guard let ticket = choices.tap(setting, value) else { return false }
    let previous = writeChains[setting]
    let id = backends.tracker.begin(.write, target: setting.rawValue, blockedBy: previous?.id)
    let task = Task.immediate { @MainActor in
      defer { self.backends.tracker.end(id) }
      await previous?.task.value
      let outcome = await self.backends.apply(setting, value, id: id)
      self.choices.writeFinished(ticket, outcome: outcome)
      self.reportWrite(ticket, outcome: outcome)
    }
    writeChains[setting] = (task, id)
    return true
  }

  func reportWrite(_ ticket: ChoiceMachine.WriteTicket, outcome: ChoiceMachine.WriteOutcome) {
    let renderer = PageRenderer(context: renderContext)
    let name = text(ticket.setting.titleKey)
    let value = text(ticket.setting.valueKey(ticket.value))
    switch outcome {
    case .saved:
      console.emit(text("ui.choice.saved", name, value), .success)
      if ticket.setting == .reviewWeekday {
        console.emit(text("ui.notification.rescheduled", value), .dim)
      }
    case .failed, .undone, .repairFailed:
      let state = choices.state(of: ticket.setting)
      if let error = state.error {
        console.emit("! " + renderer.describe(error, setting: ticket.setting), .error)
      } else {
        // A newer tap on the same setting stands; this failure changes nothing on screen.
        console.emit(text("ui.choice.superseded", name, value), .dim)
      }
    }
  }

  // MARK: - Onboarding

  /// The onboarding wizard: a welcome page, then the tour's own choice blocks (one
  /// control per setting, as the releases up to this version define them), two a page.
  func startOnboarding() {
    onboarding = OnboardingState(pages: OnboardingPlan.pages(releases: releases, appVersion: appVersion))
    openCurrentPageControls()
    viewIsDirty = true
  }

  /// `finish`: onboarding complete and seen-through = current, in one transaction.
  func finishOnboarding() {
    guard var state = onboarding else { return }
    if state.isFinishing {
      console.emit(text("ui.onboarding.stillFinishing"), .dim)
      return
    }
    state.isFinishing = true
    state.error = nil
    onboarding = state
    let id = backends.tracker.begin(.seenWrite, target: nil)
    let version = appVersion
    Task.immediate { @MainActor in
      defer { self.backends.tracker.end(id) }
      do {
        try await self.backends.run(.seenWrite, target: nil, id: id) { try await $0.completeOnboarding(seenThrough: version) }
        self.onboarding = nil
        self.onboardingComplete = true
        self.choices.leavePage()
        self.screen = .home
        self.openControls(for: .home)
        self.hasCheckedWhatsNew = true
        self.console.emit(self.text("ui.onboarding.finished"), .success)
        await self.afterOnboarding()
      } catch {
        self.onboarding?.isFinishing = false
        self.onboarding?.error = self.text("ui.onboarding.finishFailed", Backends.describe(error))
        self.console.emit("! " + (self.onboarding?.error ?? ""), .error)
      }
      self.showViewIfAtPrompt()
    }
  }

  /// What follows onboarding: home's controls open and `first_run` starts (once).
  func afterOnboarding() async {
    openControls(for: screen)
    await startGuidanceIfUnseen(GuidanceCatalog.firstRun)
    viewIsDirty = true
  }

  func showViewIfAtPrompt() {
    viewIsDirty = true
    if console.isAtPrompt {
      console.emit(renderCurrentView())
      viewIsDirty = false
    }
  }

  // MARK: - Dismissal

  public enum Dismissal: String, Sendable { case done, skip, close }

  /// Done, Skip and Close share one serial path: a second dismissal while one is being
  /// written starts no new write; a failed write keeps the tour open on the same page.
  func dismissTour(_ dismissal: Dismissal) {
    guard var state = tour else { return }
    guard state.mode == .automatic else {
      closeTour(message: text("ui.tour.closedNoRecord"))
      return
    }
    if state.isDismissing {
      console.emit(text("ui.tour.stillSaving"), .dim)
      return
    }
    state.isDismissing = true
    state.error = nil
    tour = state
    recordSeenThrough { result in
      switch result {
      case .success(let stored):
        self.closeTour(message: self.text("ui.tour.caughtUp", stored.description))
      case .failure(let error):
        self.tour?.isDismissing = false
        self.tour?.error = self.text("ui.tour.dismissFailed", Backends.describe(error))
        self.console.emit("! " + (self.tour?.error ?? ""), .error)
      }
      self.showViewIfAtPrompt()
    }
  }

  func closeTour(message: String) {
    tour = nil
    choices.leavePage()
    screen = .home
    console.emit(message, .success)
    openControls(for: .home)
    viewIsDirty = true
  }

  // MARK: - Navigation

  /// Goes to a screen. Coming home runs the what's-new check if it has not run yet.
  func navigate(to destination: Screen) async {
    if let tour, !tour.isSuspended {
      // Leaving the tour by navigation suspends it, like following an action.
      self.tour?.isSuspended = true
    }
    guidanceWillLeave(screen)
    screen = destination
    openControls(for: destination)
    viewIsDirty = true
    await guidanceDidArrive(at: destination)
    if destination == .home {
      await checkWhatsNew()
    }
  }
}
