import Foundation
import LineEditor
package import WhatsNewCore
import WhatsNewStore

/// What one run of a scenario did, and what went wrong.
package struct ExplorationRun: Sendable, Equatable {
  /// The operations each step performed.
  package var observed: ObservedOperations
  /// Each disagreement in words, as `check` says it, and a seen-through record that moved
  /// back; empty when all is well.
  package var problems: [String]
}

/// Runs scenarios the way `whatsnew --db <new file> --script <file>` runs a script, each on a
/// fresh session over a store as a new one is (one store in a private temporary directory,
/// emptied before each run: ``emptyStore()``), and checks every step
/// (``StepRules``): screen, store and schedule agree (``ConsistencyCheck``) wherever nothing
/// is in flight, and the seen-through record moves only forward, and only by a dismissal.
///
/// The sessions are built like the exploring one (its content, language, options and
/// backends' restore) but on their own store, fault injector, tracker and an instant clock,
/// and commands go through the same dispatcher typed lines go through.
@MainActor
package final class ExplorationRunner {
  /// The exploring session's configuration, which each run's session copies.
  let template: SessionConfiguration
  let templateBackends: Backends
  /// The version each fresh store is seeded with (`--upgrade-from`).
  package let seenThrough: Version
  let directory: ExplorationDirectory
  let clock: InstantClock
  /// The store every run uses, emptied before each (``emptyStore()``).
  private var runStore: SettingsStore?
  /// The settings each run's store holds before the start (a row each): `qa explore`'s decided states.
  var chosen: [Setting: String] = [:]
  /// Where ``runStore`` lives.
  var storePath: String { directory.path("runs.sqlite") }

  /// A runner for scenarios of the session `exploring` runs for, its stores in a new temporary directory.
  package init(like exploring: EffectRunner, seenThrough: Version) throws {
    template = exploring.configuration
    templateBackends = exploring.backends
    self.seenThrough = seenThrough
    directory = try ExplorationDirectory()
    clock = InstantClock(instant: exploring.backends.clock.now())
  }

  /// The start arguments of every run: `--upgrade-from 2.11.0`, and the options of the
  /// exploring session that change what a session does.
  package var startArguments: [String] {
    let options = template.options
    var arguments = ["--upgrade-from", seenThrough.description]
    if options.appVersion != Options.defaultAppVersion { arguments += ["--app-version", options.appVersion.description] }
    if let releases = options.releasesDirectory { arguments += ["--releases", releases] }
    if let localizations = options.localizationsDirectory { arguments += ["--localizations", localizations] }
    if let locale = options.localeTag { arguments += ["--locale", locale] }
    if let source = options.launchSource { arguments += ["--launch-source", source.raw] }
    return arguments
  }

  /// Runs `scenario` on an emptied store and reports what it performed and what went wrong;
  /// `atEnd` adds what it finds in the session once the lines ran (`qa explore --rules`' oracle).
  package func run(
    _ scenario: ExplorationScenario, atEnd: (@MainActor (Session) -> [String])? = nil
  ) async throws -> ExplorationRun {
    let path = storePath
    let store = try await emptyStore()
    for (setting, value) in chosen { try await store.setSetting(setting, to: value) }
    let session = makeSession(store: store, path: path, startFaults: scenario.startFaults)
    let faults = session.runner.backends.faults
    let tracker = session.runner.backends.tracker
    let repl = REPL(session: session, source: NoLines(), isInteractive: false, echoCommands: false)
    var records = [try await store.seenThrough()]
    var observed = ObservedOperations()
    var counts = faults.attemptCounts
    func performedSinceLastStep() -> [FaultAttempt] {
      let now = faults.attemptCounts
      defer { counts = now }
      return now.keys.filter { now[$0, default: 0] > counts[$0, default: 0] }.sorted()
    }

    var problems: [String] = []
    var rules = StepRules()
    /// The rules each step keeps (``StepRules``); the first broken is reported.
    func judge(_ line: String?, before: SeenThroughRecord, tourWasShowing: Bool) async throws {
      guard problems.isEmpty else { return }
      problems = try await rules.judge(
        line: line, number: observed.lines.count, before: before, after: records[records.count - 1],
        tourWasShowing: tourWasShowing, session: session, store: store)
    }

    session.runner.boot()
    await tracker.waitUntilSettled()
    repl.printPending()
    observed.boot = performedSinceLastStep()
    records.append(try await store.seenThrough())
    // The fresh store is seeded with `--upgrade-from` at the start: that is where it starts from.
    try await judge(nil, before: records[0] == .none ? .version(seenThrough) : records[0], tourWasShowing: false)
    // The tour opened on the pages the store's rows give (``selectFlow``'s `decided`).
    if problems.isEmpty, scenario.startFaults.isEmpty, let tour = session.state.showingTour, tour.mode == .automatic {
      let expected = TourSelection(
        window: template.content.releases, seenThrough: seenThrough, current: session.runner.appVersion,
        decided: Set(chosen.keys)
      ).pages
      let ids = { (pages: [FlowPage]) in pages.map { "\($0.release)/\($0.page.id)" }.joined(separator: ", ") }
      if tour.pages != expected { problems.append(session.runner.text("ui.explore.pagesDiffer", ids(tour.pages), ids(expected))) }
    }
    if problems.isEmpty {
      let snapshot = try await store.snapshot(notificationID: WeeklyReview.notificationID)
      let now = WhyCommand.tour(session.runner, snapshot: snapshot, failure: nil)
      problems = Self.decisionProblems(kept: session.state.startDecision, now: now, words: session.runner)
    }
    for line in scenario.lines where !session.shouldQuit {
      let tourWasShowing = session.state.showingTour?.mode == .automatic
      await session.run(line)
      await repl.settle()
      repl.printPending()
      observed.lines.append(performedSinceLastStep())
      records.append(try await store.seenThrough())
      try await judge(line, before: records[records.count - 2], tourWasShowing: tourWasShowing)
    }

    // The end needs no check of its own: the last step was judged where it ended (screen,
    // store and schedule compared once nothing was in flight, ``StepRules``).
    if problems.isEmpty, let atEnd { problems = atEnd(session) }
    if problems.isEmpty, let backwards = Self.backwardStep(records) {
      problems.append(session.runner.text("ui.explore.seenBackwards", backwards.from, backwards.to))
    }
    // A shortened script may have lost its release: let what is still held finish, so no
    // task is left waiting on this run's gate.
    faults.clear()
    await tracker.waitUntilSettled()
    // What the app left for the next start: that start mends it.
    if problems.isEmpty, session.state.scheduleLeftApart != nil {
      try await store.shareAgain()
      // The zeroed journal exclusive locking kept (nothing to roll back): a new start would
      // find no journal beside a store its program closed.
      unlink(path + "-journal")
      problems = try await nextStart(path: path, after: records.last ?? .none).map {
        session.runner.text("ui.explore.nextStart", $0)
      }
      try await store.keepLocked()
    }
    return ExplorationRun(observed: observed, problems: problems)
  }

  /// The store the next run uses, as a store just created is: one store for every run,
  /// emptied each time (``SettingsStore/removeEverything()``), rather than a new file created,
  /// migrated and removed for each (most of a run's time; the bench row "qa explore, single
  /// faults: runs per second"). It keeps its lock (``SettingsStore/keepLocked()``): nothing
  /// else opens it but a run's next start (``nextStart(path:after:)``), which it lets in.
  func emptyStore() async throws -> SettingsStore {
    if let store = runStore {
      try await store.removeEverything()
      return store
    }
    let store = try SettingsStore(
      path: storePath, placement: .sharing(MainActor.sharedUnownedExecutor), defaultsAsOf: template.options.appVersion)
    try await store.keepLocked()
    runStore = store
    return store
  }

  /// The next start on the store at `path`, as a new session opens it (a connection of its
  /// own, the boot step's reconcile, the first screen's reads), no fault in force: what still
  /// disagrees once it settled, and a seen-through record that moved back from `before`.
  func nextStart(path: String, after before: SeenThroughRecord) async throws -> [String] {
    let store = try SettingsStore(
      path: path, placement: .sharing(MainActor.sharedUnownedExecutor), defaultsAsOf: template.options.appVersion)
    let session = makeSession(store: store, path: path, startFaults: [])
    session.runner.boot()
    await session.runner.backends.tracker.waitUntilSettled()
    var problems = try await Self.disagreements(session.state, in: session.runner.renderContext, store: store)
    let after = try await store.seenThrough()
    if let backwards = Self.backwardStep([before, after]) {
      problems.append(session.runner.text("ui.explore.seenBackwards", backwards.from, backwards.to))
    }
    return problems
  }

  /// What the start decided against what `why tour` says right after it, from the same store:
  /// the reasons must be one (issue 36); a start that has not decided (a held boot) has nothing.
  static func decisionProblems(kept: Explanation?, now: Explanation, words: EffectRunner) -> [String] {
    guard let kept, kept.reason != now.reason else { return [] }
    return [words.text("ui.explore.whyDiffers", kept.reason.rawValue, now.reason.rawValue)]
  }

  /// Screen, store, schedule and the screens' reminder, compared once everything settled:
  /// each disagreement in words, as `check` says it. A disagreement the app reported, a
  /// failed repair it said the next start mends (``ConsistencyCheck/reported(_:leftApart:)``),
  /// is not one: the run's end checks that next start (``nextStart(path:)``).
  static func disagreements(_ state: AppState, in context: RenderContext, store: SettingsStore) async throws -> [String] {
    let snapshot = try await store.snapshot(notificationID: WeeklyReview.notificationID)
    let found = ConsistencyCheck.problems(
      controls: state.choices.states, stored: snapshot.settings, scheduledWeekday: snapshot.notification?.weekday)
    let reported = ConsistencyCheck.reported(found, leftApart: state.scheduleLeftApart)
    var problems = found.filter { !reported.contains($0) }.map { CheckReport.describe($0, in: context) }
    // The reminder the screens show is kept current by the session's own writes, never
    // read back: after they settle it must be what is scheduled.
    let shown = state.storeFacts.notification?.weekday
    if shown != snapshot.notification?.weekday {
      let none = context.text("ui.explore.noReminder")
      problems.append(context.text("ui.explore.reminderShown", shown ?? none, snapshot.notification?.weekday ?? none))
    }
    // The recap says what became of each change (changed, undone, changed since): the store agrees.
    let words = OptionWords(context)
    for (index, entry) in state.recap.entries.enumerated() {
      guard let claimed = entry.claimedValue, let stored = snapshot.settings[entry.setting], claimed != stored
      else { continue }
      problems.append(
        context.text(
          "ui.explore.recapDiffers", String(index + 1), context.text(entry.setting.titleKey), words.label(entry.setting, claimed),
          words.label(entry.setting, stored)))
    }
    return problems
  }

  /// The first step at which the record moved back (or was lost), if any.
  static func backwardStep(_ records: [SeenThroughRecord]) -> (from: String, to: String)? {
    for (earlier, later) in zip(records, records.dropFirst()) {
      guard let from = earlier.version else { continue }
      if let to = later.version, to >= from { continue }
      return (from.description, later.version?.description ?? "none")
    }
    return nil
  }

  /// A session like the exploring one, in scripted mode, over `store`, printing to `output`
  /// (by default nowhere, and then its views are never drawn). `start` overrides the seed and the launch source (the navigation
  /// explorer's start configurations); by default they are this runner's.
  func makeSession(
    store: SettingsStore, path: String, startFaults: [String], start: (upgradeFrom: Version?, launchSource: LaunchSource?)? = nil,
    output: ((String) -> Void)? = nil
  ) -> Session {
    var options = template.options
    options.databasePath = path
    options.scriptPath = nil
    options.upgradeFrom = seenThrough
    if let start {
      options.upgradeFrom = start.upgradeFrom
      options.launchSource = start.launchSource
    }
    options.faultSpecs = startFaults
    options.developerMode = false
    var configuration = SessionConfiguration(
      options: options, content: template.content, language: template.language, width: { 80 }, ascii: template.ascii,
      isInteractive: false, storeWasCreated: store.wasCreated,
      environmentLanguage: template.environmentLanguage)
    configuration.charset = template.charset
    configuration.unknownTimeZone = template.unknownTimeZone
    configuration.insideExploration = true
    let tracker = OperationTracker()
    let faults = FaultInjector(tracker: tracker, clock: clock, specs: startFaults)
    let backends = templateBackends.over(store, faults: faults, tracker: tracker, clock: clock)
    let console = Console(styler: Styler(colors: false), writeOut: output ?? { _ in }, writeError: { _ in })
    // No one reads a run's output: its views are never drawn (the bench row "qa explore,
    // single faults: runs per second"; drawing and wrapping them was most of a run's time).
    console.discardsOutput = output == nil
    return Session(configuration: configuration, backends: backends, console: console)
  }
}

/// No lines at all: the runner and the navigation walk hand each line to the session itself.
final class NoLines: LineSource {
  func nextLine(prompt: String) -> LineInput { .endOfInput }
}

/// A clock standing still at one instant, whose sleeps end at once: `qa explore`'s runs
/// never wait on the wall clock, and every run sees the same "now".
struct InstantClock: AppClock {
  let instant: Date
  func now() -> Date { instant }
  func sleep(milliseconds: Int) async throws {}
}

/// The private directory `qa explore` keeps its stores in: made with `mkdtemp` (mode
/// 0700) under `TMPDIR`, else in memory (`/dev/shm`) where the system has it, else under
/// `/tmp`; removed with what is in it when the runner goes away. Nothing outside it is
/// ever touched. Its name holds the process id (`whatsnew-explore.<pid>.XXXXXX`), so a new
/// exploration removes what one of ours that died (a crash, a kill) left: directories of that
/// name, owned by this user, whose process is no longer running.
///
/// The runs' store is emptied before each run, and on a disk most of a run's time was
/// SQLite syncing it (about 40 s of the shipped content's 50 s here), so memory it is.
final class ExplorationDirectory: Sendable {
  let path: String

  init() throws {
    let environment = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 }
    let base = environment ?? (access("/dev/shm", W_OK | X_OK) == 0 ? "/dev/shm" : "/tmp")
    Self.removeLeftovers(in: base)
    var template = Array("\(base)/\(Self.prefix)\(getpid()).XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: base])
    }
    path = String(cString: made)
  }

  func path(_ name: String) -> String { path + "/" + name }

  static let prefix = "whatsnew-explore."

  /// Removes `whatsnew-explore.<pid>.*` directories in `base` that this user owns and whose
  /// process has ended; returns how many.
  @discardableResult
  static func removeLeftovers(in base: String) -> Int {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return 0 }
    var removed = 0
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let dot = rest.firstIndex(of: "."), let pid = pid_t(rest[..<dot]) else { continue }
      let path = base + "/" + name
      guard Leftover.isAbandoned(path, pid: pid, directory: true) else { continue }
      if (try? FileManager.default.removeItem(atPath: path)) != nil { removed += 1 }
    }
    return removed
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}
