public import WhatsNewCore
public import WhatsNewStore

/// Everything the session needs that is fixed for its lifetime.
public struct SessionConfiguration: Sendable {
  public var options: Options
  public var content: ContentLibrary
  /// The language at start: the `--locale` flag's, else the environment's (the stored
  /// choice is read at boot).
  public var language: Language
  /// The language the environment asks for, whatever the flag says (`lang system`, and the
  /// start language when nothing is stored). Defaults to `language`, which is right when no
  /// `--locale` was given.
  public var environmentLanguage: Language
  public var width: Int
  public var ascii: Bool
  public var accessible: Bool
  public var isInteractive: Bool
  /// Set when this run created the store (a fresh user).
  public var storeWasCreated: Bool
  public var databasePath: String

  public init(
    options: Options, content: ContentLibrary, language: Language, width: Int, ascii: Bool, accessible: Bool,
    isInteractive: Bool, storeWasCreated: Bool, databasePath: String, environmentLanguage: Language? = nil
  ) {
    self.options = options
    self.content = content
    self.language = language
    self.environmentLanguage = environmentLanguage ?? language
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
/// The session is the glue between the pure core (flow selection, the choice machine, the
/// guidance machine), its ``SessionState`` (where the user is, which gates are open) and the
/// effects passed in (``Backends`` over the store, the ``Console``). Commands (grouped by
/// family under `Commands/`) and views (`Views/`) work through it; it runs on the main actor,
/// and reads and writes run in the background and report back here.
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

  /// Where the language comes from: the flag, the stored choice (read at boot), the environment.
  public internal(set) var languageChoice: LanguageChoice
  /// The language in force.
  public var language: Language { languageChoice.language }
  /// Translation tables read so far: English and the start-up language, then any the
  /// user switches to (read on demand).
  public internal(set) var tables: [Language: TranslationTable]
  /// Where the user is and which gates are open.
  public internal(set) var state: SessionState
  /// Every choice control: what it shows while reads and writes overlap. The one source of
  /// what a page shows for a setting.
  public internal(set) var choices = ChoiceMachine()
  public internal(set) var shouldQuit = false
  /// The current view must be printed after the command.
  var viewIsDirty = false
  /// Per-setting chains, so writes to one setting are applied in tap order.
  var writeChains: [Setting: (task: Task<Void, Never>, id: OperationID)] = [:]
  /// The latest write of the language chosen with `lang`, so those writes land in order too.
  var languageWrite: (task: Task<Void, Never>, id: OperationID)?
  /// Where each guidance anchor was last drawn.
  var anchors = AnchorRegistry()
  /// What the screens show from the store besides the controls, as read when the screen opened.
  var storeFacts = StoreFacts()
  /// What Tab completes from, published after every command and redraw for the line
  /// editor's thread (``publishCompletions()``).
  public let completions = CompletionSnapshot()

  public init(configuration: SessionConfiguration, backends: Backends, console: Console) {
    self.configuration = configuration
    self.backends = backends
    self.console = console
    self.languageChoice = LanguageChoice(
      flag: configuration.options.localeTag.flatMap(Language.init(tag:)), stored: nil,
      environment: configuration.environmentLanguage)
    self.tables = configuration.content.tables
    self.state = SessionState(launchedFromWidget: configuration.options.launchSource?.isWidget ?? false)
  }

  // MARK: - The state, read

  /// The app screen, under any overlay.
  public var screen: Screen { state.screen }
  /// The what's-new tour, while open (also while suspended).
  public var tour: TourState? { state.tour }
  /// The onboarding wizard, while open.
  public var onboarding: OnboardingState? { state.onboarding }
  /// The boot gate: the store is open, migrated and reconciled.
  public var isBooted: Bool { state.isBooted }
  /// Why the boot step failed, if it did.
  public var bootFailure: String? { state.bootFailure }
  /// The onboarding gate.
  public var onboardingComplete: Bool { state.onboardingComplete }
  /// The session gate: whether this session's what's-new check has run.
  public var hasCheckedWhatsNew: Bool { state.hasCheckedWhatsNew }
  /// The overlay showing now, if any.
  public var overlay: OverlayKind? { state.overlay }
  var guidance: GuidanceMachine { state.guidance }
  /// Anchors that have an info popover, and the popover's id.
  var infoAnchors: [String: String] { state.infoAnchors }

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

  /// The tour and onboarding transitions.
  var tourFlow: TourFlow { TourFlow(session: self) }
  /// The guidance triggers and effects.
  var guidanceFlow: GuidanceFlow { GuidanceFlow(session: self) }

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
        self.state.onboardingComplete = snapshot.onboardingComplete
        self.state.isBooted = true
        self.adoptStoredLanguage(snapshot.language)
      } catch {
        self.state.bootFailure = Backends.describe(error)
        self.console.emit(self.text("ui.boot.failed", Backends.describe(error)), .error)
        return
      }
      if !self.state.onboardingComplete {
        if self.state.launchedFromWidget { return }
        self.tourFlow.startOnboarding()
      } else {
        self.openControls(for: self.state.screen)
        // The screen opens: what it shows from the store is read now, after the reconcile.
        await self.readStoreFacts()
        await self.checkWhatsNew(using: snapshot)
      }
      self.showViewIfAtPrompt()
    }
  }

  func developerNote(_ text: String) {
    if configuration.options.developerMode { console.diagnostic("whatsnew: " + text) }
  }

  /// Marks the view for printing after the command; prints it now when a background result
  /// arrives while the user sits at the prompt.
  func showViewIfAtPrompt() {
    viewIsDirty = true
    if console.isAtPrompt {
      console.emit(renderCurrentView())
      viewIsDirty = false
      publishCompletions()
    }
  }

  // MARK: - The what's-new check

  /// Runs the session's what's-new check when every gate holds (``SessionState/whatsNewCheckIsDue``).
  /// An empty flow (or a user who turned the tour off) moves the record to the current
  /// version at once; otherwise the tour opens.
  ///
  /// `snapshot` is the store as the caller just read it (the boot step); without one, the
  /// check reads the record and the tour setting itself, in one transaction.
  public func checkWhatsNew(using snapshot: StoreSnapshot? = nil) async {
    guard state.whatsNewCheckIsDue else { return }
    state.hasCheckedWhatsNew = true
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
      tourFlow.recordSeenThrough(then: nil)
      return
    }
    tourFlow.open(TourState(mode: .automatic, pages: pages))
  }

  // MARK: - Navigation

  /// Goes to a screen: opens its controls and reads the facts it shows from the store.
  /// Coming home runs the what's-new check if it has not run yet.
  func navigate(to destination: Screen) async {
    if state.showingTour != nil {
      // Leaving the tour by navigation suspends it, like following an action.
      state.tour?.isSuspended = true
    }
    guidanceFlow.willLeave(state.screen)
    state.screen = destination
    openControls(for: destination)
    await readStoreFacts()
    viewIsDirty = true
    await guidanceFlow.didArrive(at: destination)
    if destination == .home {
      await checkWhatsNew()
    }
  }
}
