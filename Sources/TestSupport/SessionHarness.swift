package import Foundation
package import LineEditor
import Synchronization
package import WhatsNewApp
import WhatsNewCore
package import WhatsNewStore

/// A clock for tests: a fixed "now" that tests move by hand, and sleeps that return at
/// once, so nothing depends on the wall clock.
///
/// A clock made with `holdingSleeps: true` keeps every sleep (a `qa delay`, say) waiting
/// instead, until ``wakeSleepers()``: an operation that is in flight, not held by QA, for
/// as long as the test wants.
package final class TestClock: AppClock {
  private struct Sleepers {
    var holding: Bool
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let current: Mutex<Date>
  private let sleepers: Mutex<Sleepers>

  /// Starts at Monday 2026-11-30 12:00 UTC unless told otherwise.
  package init(now: Date = Date(timeIntervalSince1970: 1_796_040_000), holdingSleeps: Bool = false) {
    current = Mutex(now)
    sleepers = Mutex(Sleepers(holding: holdingSleeps))
  }

  package func now() -> Date { current.withLock { $0 } }

  /// Moves the clock forward.
  package func advance(seconds: Int64) { current.withLock { $0 += TimeInterval(seconds) } }

  package func sleep(milliseconds: Int) async throws {
    if sleepers.withLock({ $0.holding }) {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let wait = sleepers.withLock { sleepers -> Bool in
          if sleepers.holding { sleepers.waiting.append(continuation) }
          return sleepers.holding
        }
        if !wait { continuation.resume() }
      }
    }
    await Task.yield()
  }

  /// How many sleeps are waiting for ``wakeSleepers()``.
  package var sleeperCount: Int { sleepers.withLock { $0.waiting.count } }

  /// Ends every sleep that is waiting; later sleeps return at once.
  package func wakeSleepers() {
    let waiting = sleepers.withLock { sleepers in
      sleepers.holding = false
      defer { sleepers.waiting = [] }
      return sleepers.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}

/// A whole app session over a temporary store, driven the way the REPL drives it, with
/// the output captured: the base of the transcript and choice tests.
///
/// ```swift
/// let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
/// let transcript = await harness.transcript(of: ["next", "choose 2", "state"])
/// ```
@MainActor
package final class SessionHarness {
  package let directory: TemporaryDirectory
  package let databasePath: String
  package let store: SettingsStore
  package let session: Session
  package let clock: TestClock
  private var captured = ""
  /// What the last command sent produced besides the screen (``Session/run(_:)``).
  package private(set) var lastOutcome = CommandOutcome()
  private var capturedErrors = ""

  /// The sessions' time zone: UTC, as `TZ=UTC` gives the app.
  package static let timeZone = TimeZone.gmt

  /// Builds a session as `whatsnew <arguments>` would, in scripted mode, on a new store in a
  /// fresh temporary directory (or `databasePath`), with the shipped content unless
  /// `--releases`/`--localizations` say otherwise, in UTC, 80 columns, no colour.
  /// `widthProvider`, when given, is asked at every draw instead of the fixed `width` (a
  /// terminal being resized). `rows` is the terminal's height (`nil`: unlimited, as in a script, so nothing is trimmed).
  /// `prepare` runs on the store before the session exists (to seed legacy flags, say).
  /// `placement` says where the store's work runs: on a queue of its own (the default, so
  /// that races can be built by hand) or, as `whatsnew` runs a script, on the main actor's
  /// executor (`.sharing(MainActor.sharedUnownedExecutor)`). `environment` is what the
  /// process's environment would be (it decides the language when nothing else does).
  /// `clock` is the session's clock (one that holds sleeps keeps delayed operations in flight).
  /// `compensatingRestore` is how the weekday's repair writes the old weekday back (a
  /// ``PlantedDefect`` to plant one).
  package init(
    arguments: [String] = [], databasePath: String? = nil, width: Int = 80, rows: Int? = nil,
    placement: StorePlacement = .ownQueue, environment: [String: String] = [:], clock: TestClock = TestClock(),
    prepare: ((SettingsStore) async throws -> Void)? = nil, widthProvider: (@Sendable () -> Int)? = nil,
    compensatingRestore: CompensatingRestore = .live,
    stopRequested: @escaping @Sendable () -> Bool = { false }, observe: @escaping @Sendable (String) -> Void = { _ in }
  ) async throws {
    directory = try TemporaryDirectory()
    self.databasePath = databasePath ?? directory.path("settings.sqlite")
    var options = try Options.parse(arguments, environment: environment)
    if options.releasesDirectory == nil { options.releasesDirectory = RepositoryPaths.releases }
    if options.localizationsDirectory == nil { options.localizationsDirectory = RepositoryPaths.localizations }
    // As the app starts: the whole history read only with --dev.
    let content =
      try options.developerMode
      ? ContentLibrary.load(
        releasesDirectory: options.releasesDirectory!, localizationsDirectory: options.localizationsDirectory!)
      : ContentLibrary.open(
        releasesDirectory: options.releasesDirectory!, localizationsDirectory: options.localizationsDirectory!,
        observe: observe)
    store = try SettingsStore(path: self.databasePath, placement: placement, defaultsAsOf: options.appVersion)
    try await prepare?(store)
    self.clock = clock
    let tracker = OperationTracker()
    let faults = FaultInjector(tracker: tracker, clock: clock)
    for spec in options.faultSpecs { faults.add(try FaultSpec.parse(spec)) }
    let backends = Backends(
      store: store, faults: faults, tracker: tracker, clock: clock, timeZone: Self.timeZone,
      compensatingRestore: compensatingRestore)
    var configuration = SessionConfiguration(
      options: options, content: content, language: Language.resolve(flag: options.localeTag, environment: environment),
      width: widthProvider ?? { width }, rows: { rows }, ascii: options.asciiOnly,
      isInteractive: false, storeWasCreated: store.wasCreated,
      environmentLanguage: Language.resolve(flag: nil, environment: environment))
    configuration.stopRequested = stopRequested
    let console = Console(styler: Styler(colors: false), writeOut: { _ in }, writeError: { _ in })
    session = Session(configuration: configuration, backends: backends, console: console)
    console.writeOut = { [unowned self] text in self.captured += text }
    console.writeError = { [unowned self] text in self.capturedErrors += text }
  }

  /// The whole scripted run, exactly as `whatsnew` prints it for this script. A line
  /// `<esc>` stands for the Esc key.
  package func transcript(of lines: [String]) async -> String {
    let repl = REPL(session: session, source: ArrayLineSource(lines), isInteractive: false, echoCommands: true)
    await repl.run()
    return takeOutput()
  }

  /// Runs `lines` in a fresh session and returns its transcript.
  package static func transcript(of lines: [String], arguments: [String] = []) async throws -> String {
    try await SessionHarness(arguments: arguments).transcript(of: lines)
  }

  /// Boots the session and waits for the boot step (unless held).
  package func boot() async {
    session.runner.boot()
    await session.runner.backends.tracker.waitUntilSettled()
  }

  /// Runs one command without waiting for background work (to build races by hand); what
  /// it produced besides the screen is kept as ``lastOutcome``.
  package func send(_ line: String) async {
    lastOutcome = await session.run(line)
  }

  /// Waits until every operation that is not held has finished.
  package func settle() async {
    await session.runner.backends.tracker.waitUntilSettled()
  }

  /// Runs `line`, waits for its background work, and returns what it printed.
  package func output(of line: String) async -> String {
    await send(line)
    await settle()
    return takeOutput()
  }

  /// Everything printed so far, cleared.
  package func takeOutput() -> String {
    session.console.flush()
    defer { captured = "" }
    return captured
  }

  /// Everything printed to standard error so far.
  package var errors: String { capturedErrors }

  /// The faults in force.
  package var faults: FaultInjector { session.runner.backends.faults }
}

/// Lines for the REPL from an array; `<esc>` stands for the Esc key.
package final class ArrayLineSource: LineSource, @unchecked Sendable {
  private var lines: [LineInput]
  package init(_ lines: [String]) { self.lines = lines.map { $0 == "<esc>" ? .escape : .line($0) } }
  package func nextLine(prompt: String) -> LineInput { lines.isEmpty ? .endOfInput : lines.removeFirst() }
}

extension FaultInjector {
  /// How many operations of a kind reached the gate (performed or failed): tests prove with
  /// it that an untouched page writes nothing.
  package func attempts(of operation: FaultOperation) -> Int {
    attemptCounts.reduce(0) { $0 + ($1.key.operation == operation ? $1.value : 0) }
  }
}

extension ExitSaver.Outcome {
  /// Whether everything was saved.
  package var savedEverything: Bool { held.isEmpty && timedOut.isEmpty }
}
