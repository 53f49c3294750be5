import Foundation
import LineEditor
package import WhatsNewCore
import WhatsNewStore

/// `qa explore --navigation`: from the start of each gate configuration (a new user, an
/// upgrader, a user with nothing new, a widget launch), a breadth-first walk over every
/// command the session offers (the command table's, with the arguments completion offers:
/// screens, the page's `open` numbers, guides, popovers, releases to preview) and Esc, to
/// `depth` commands, each path run on a fresh session and store, states deduplicated.
///
/// In every state reached it checks: every line printed fits 80 columns; home and a
/// waiting tour are each reachable in at most 2 commands; every refusal names what is open
/// and a way out that really leaves it; the seen record never moves back, and moves only
/// through Done, Skip, Close, finishing onboarding, or the check recording a version with
/// nothing to show; after everything settled nothing is left in flight.
@MainActor
package struct NavigationExplorer {
  /// A start: the seed and the launch source, and its name in the report.
  package struct Start: Sendable, Equatable {
    package var name: String
    package var upgradeFrom: Version?
    package var launchSource: LaunchSource? = nil

    /// The start arguments a person types to get here.
    package var arguments: [String] {
      (upgradeFrom.map { ["--upgrade-from", $0.description] } ?? [])
        + (launchSource.map { ["--launch-source", $0.raw] } ?? [])
    }
  }

  /// What the walk found: states, runs and time, and each problem with the shortest script.
  package struct Report: Sendable, Equatable {
    package struct Problem: Sendable, Equatable {
      package var start: Start
      package var lines: [String]
      package var problem: NavigationProblem
    }
    package var states: Int
    package var runs: Int
    package var seconds: Double
    package var problems: [Problem]
  }

  /// How a walk runs one of its lines on a session: a command, or Esc (``escape``).
  package typealias Interpreter = @MainActor (Session, String) async -> CommandOutcome

  /// The exploring session's runner: its content, settings and app version.
  let exploring: EffectRunner
  let depth: Int
  let interpret: Interpreter

  /// The line that stands for the Esc key in a walk's paths (not a command: the key).
  package static let escape = "<Esc>"

  /// The real interpreter: the line as the REPL runs it.
  package static let runs: Interpreter = { session, line in
    guard line == NavigationExplorer.escape else { return await session.run(line) }
    await session.send(.escape)
    return CommandOutcome()
  }

  /// An explorer over `exploring`'s content and settings, `depth` commands deep; `interpret`
  /// runs each line (tests wrap ``runs`` to plant a defect for the walk to find).
  package init(exploring: EffectRunner, depth: Int = 4, interpret: @escaping Interpreter = NavigationExplorer.runs) {
    self.exploring = exploring
    self.depth = depth
    self.interpret = interpret
  }

  /// The four gate configurations, for the session's app version.
  package var starts: [Start] {
    [
      Start(name: "new user", upgradeFrom: nil),
      Start(name: "upgrader", upgradeFrom: Version(major: 2, minor: 11, patch: 0)),
      Start(name: "up to date", upgradeFrom: exploring.appVersion),
      Start(
        name: "widget launch", upgradeFrom: Version(major: 2, minor: 11, patch: 0), launchSource: LaunchSource("widget:scan-food")
      ),
    ]
  }

  /// Walks every start.
  package func explore(starts: [Start]? = nil, progress: ExplorationProgress? = nil) async throws -> Report {
    let began = Date()
    let runner = try ExplorationRunner(like: exploring, seenThrough: Version(major: 2, minor: 11, patch: 0))
    var report = Report(states: 0, runs: 0, seconds: 0, problems: [])
    for start in starts ?? self.starts {
      var walk = NavigationWalk(start: start, runner: runner, depth: depth, interpret: interpret)
      walk.progress = progress.map { progress in { [runs = report.runs] in progress.ran(runs + $0) } }
      try await walk.run()
      report.states += walk.nodes.count
      report.runs += walk.runs
      report.problems += walk.problems.map { Report.Problem(start: start, lines: $0.lines, problem: $0.problem) }
    }
    report.seconds = Date().timeIntervalSince(began)
    return report
  }
}

/// One start's walk: the graph of states met, and what went wrong.
@MainActor
struct NavigationWalk {
  /// A state met: the shortest path to it, its depth and where each command led.
  struct Node {
    var path: [String]
    var sample: Sample
    var edges: [String: String] = [:]
    /// The refusal each command met here, if it was refused.
    var refusals: [String: Refusal] = [:]
  }

  /// What one run ended in.
  struct Sample {
    var key: String
    var stack: OpenStack
    var refusal: Refusal?
    /// The mode of the tour waiting under a screen or guide, if one is.
    var waitingTour: TourState.Mode?
    /// The mode of the tour showing, if one is.
    var showingTour: TourState.Mode?
    /// The commands to try next (``NavigationWalk/alphabet(of:)``).
    var alphabet: [String]
  }

  let start: NavigationExplorer.Start
  let runner: ExplorationRunner
  let depth: Int
  let interpret: NavigationExplorer.Interpreter
  var nodes: [String: Node] = [:]
  var runs = 0
  /// Told the runs so far after each one (``ExplorationProgress``, at a terminal).
  var progress: ((Int) -> Void)?
  var problems: [(lines: [String], problem: NavigationProblem)] = []

  mutating func run() async throws {
    let root = try await sample([])
    nodes[root.key] = Node(path: [], sample: root)
    var frontier = [root.key]
    for _ in 0..<depth {
      var next: [String] = []
      for key in frontier {
        guard let node = nodes[key] else { continue }
        for command in node.sample.alphabet {
          let child = try await sample(node.path + [command])
          nodes[key]?.edges[command] = child.key
          if let refusal = child.refusal { nodes[key]?.refusals[command] = refusal }
          if nodes[child.key] == nil {
            nodes[child.key] = Node(path: node.path + [command], sample: child)
            next.append(child.key)
          }
        }
      }
      frontier = next
    }
    checkWaysOut()
  }

  /// The commands to try in `session`'s state: the session's commands with completion's
  /// arguments. Every command of the tour's family that runs bare is tried bare.
  static func alphabet(of session: Session) -> [String] {
    var commands = CommandTable.all.filter { $0.family == .tour && $0.syntax.contains($0.name) }.map(\.name)
    commands.append(NavigationExplorer.escape)
    commands += Screen.allCases.map { "go \($0.rawValue)" }
    let shortcuts = session.state.visiblePage.map(session.runner.shortcuts(of:))
    commands += (shortcuts?.openTargets.indices ?? 0..<0).map { "open \($0 + 1)" }
    // `choose` and `set` change settings, which `qa explore` walks; here one
    // option stands for them (the first block's second option, a real change), so a preview's sandbox is walked too.
    if let second = shortcuts?.chooseTokens.dropFirst().first { commands.append("choose \(second)") }
    commands += GuidanceCatalog.all.map { ($0.mode == .tour ? "tour " : "info ") + $0.id }
    commands += session.configuration.content.releases.map { "debug preview \($0.version)" }
    // `news` alone lists and changes nothing; the newest release it opens stands for the rest.
    if let newest = session.runner.catalog.newsRelease(nil, upTo: session.runner.appVersion) {
      commands.append("news \(newest.version)")
    }
    return commands
  }

  /// Runs `path` on a fresh session and store, checks what each step did, and says where it ended.
  mutating func sample(_ path: [String]) async throws -> Sample {
    runs += 1
    progress?(runs)
    let (session, problem, outcome) = try await replayChecking(path)
    if let problem { problems.append((path, problem)) }
    let state = session.state
    let stack = state.openStack
    let seen = (try? await session.runner.seenThrough()).map { "\($0)" } ?? "?"
    let guidanceSeen = ((await session.runner.guidanceSeenSet()) ?? []).sorted().joined(separator: ",")
    // States are told apart by what decides where a command leads: the layers, each page or
    // step as first, middle or last (every middle page behaves alike), the gates, the record
    // and the sandbox. The guidance seen-set counts only as "does this screen's guide start".
    let key = [
      stack.layers.map(Self.shape).joined(separator: ","),
      state.tourUnderPreview.map { Self.position($0.index, $0.pages.count) } ?? "-",
      "\(state.onboardingComplete)", "\(state.hasCheckedWhatsNew)", seen, "\(session.runner.isInSandbox)",
      GuidanceCatalog.introID(for: state.screen).map { guidanceSeen.contains($0) ? "seen" : "unseen" } ?? "-",
    ].joined(separator: "|")
    return Sample(
      key: key, stack: stack, refusal: outcome.refusal, waitingTour: state.tour?.isSuspended == true ? state.tour?.mode : nil,
      showingTour: state.showingTour?.mode, alphabet: Self.alphabet(of: session))
  }

  /// A layer as the walk tells states apart: its kind and where it is (first, middle, last).
  static func shape(_ layer: OpenLayer) -> String {
    switch layer {
    case .home: return "home"
    case .screen(let screen): return screen.rawValue
    case .tour(let mode, let page, let count, let waiting):
      // Every preview behaves alike, whichever release it shows.
      return "tour(\(mode.name),\(position(page - 1, count)),\(waiting ? "waiting" : "showing"))"
    case .onboarding(let page, let count): return "onboarding(\(position(page - 1, count)))"
    // Guides and popovers behave alike whichever they are; first_run alone spans screens.
    case .guide(let id, let step, let count):
      return "guide(\(id == GuidanceCatalog.firstRun ? id : "screen"),\(position(step - 1, count)))"
    case .popover: return "popover"
    }
  }

  /// `first`, `middle` or `last` (`only` for one) of `count`.
  static func position(_ index: Int, _ count: Int) -> String {
    if count == 1 { return "only" }
    return index == 0 ? "first" : index == count - 1 ? "last" : "middle"
  }

  /// Runs `path` and checks each step: lines fit 80 columns, the seen record moves only
  /// forward and only through the commands that may move it, nothing is left in flight.
  /// Returns the session, the problem found, and what the last line produced.
  func replayChecking(_ path: [String]) async throws -> (Session, NavigationProblem?, CommandOutcome) {
    // In memory: a run's store is thrown away, and a file (even in /dev/shm) costs more than the run.
    let store = try SettingsStore(
      inMemory: (), placement: .sharing(MainActor.sharedUnownedExecutor), defaultsAsOf: runner.template.options.appVersion)
    var printed: [String] = []
    let session = runner.makeSession(
      store: store, path: ":memory:", startFaults: [], start: (start.upgradeFrom, start.launchSource),
      output: { printed.append($0) })
    let repl = REPL(session: session, source: NoLines(), isInteractive: false, echoCommands: false)
    session.runner.boot()
    await session.runner.backends.tracker.waitUntilSettled()
    repl.printPending()
    var record = try await store.seenThrough()
    // The steps before the last were checked when the walk met the shorter path: only the
    // last step's view is drawn and judged (drawing is most of a run's time).
    for line in path.dropLast() {
      _ = await interpret(session, line)
      await repl.settle()
      session.forgetShownView()
      record = try await store.seenThrough()
    }
    guard let line = path.last else { return (session, nil, CommandOutcome()) }
    printed.removeAll()
    let outcome = await interpret(session, line)
    await repl.settle()
    repl.printPending()
    let wide = printed.joined().split(separator: "\n").first { DisplayWidth.of(String($0)) > 80 }
    let moved = Self.badMove(from: record, to: try await store.seenThrough(), by: line, session: session)
    let inFlight = session.runner.backends.tracker.entries.map(\.operation.rawValue)
    let problem: NavigationProblem? =
      wide.map { .wideLine(String($0)) } ?? moved ?? (inFlight.isEmpty ? nil : .stillInFlight(inFlight))
    return (session, problem, outcome)
  }

  /// Why the record's move from `before` to `after` by `line` breaks the rules
  /// (``SeenRecordRule``), if it does; the problem names the step `step` gives (the line by default).
  static func badMove(
    from before: SeenThroughRecord, to after: SeenThroughRecord, by line: String, session: Session,
    step: (() -> String)? = nil
  ) -> NavigationProblem? {
    let breach = SeenRecordRule.breach(
      from: before, to: after, byDismissal: CommandTable.traits(ofLine: line).contains(.dismisses),
      current: session.runner.appVersion,
      nothingToShow: { seen in
        selectFlow(releases: session.configuration.content.releases, seenThrough: seen, current: session.runner.appVersion)
          .isEmpty
      })
    return breach.map { .seenRecord($0, by: step?() ?? line) }
  }

  /// Every state has its ways out: home and a waiting tour within 2 commands, and each
  /// refusal's named ways leave the state.
  mutating func checkWaysOut() {
    for (key, node) in nodes.sorted(by: { $0.value.path.count < $1.value.path.count }) {
      // Only states whose commands were all tried, and their children's, can be judged.
      guard node.path.count <= depth - 2 else { continue }
      if !reaches(key, within: 2, where: { $0.stack.top == .home }) {
        problems.append((node.path, .homeUnreachable(from: node.sample.stack.top)))
      }
      // The waiting tour itself must come back: a preview opened meanwhile is another tour.
      if let waiting = node.sample.waitingTour, !reaches(key, within: 2, where: { $0.showingTour == waiting }) {
        problems.append((node.path, .waitingTourUnreachable(from: node.sample.stack.top)))
      }
    }
    // A refusal names ways out of the state it was given in; each runnable one must leave it.
    for (key, node) in nodes where node.path.count < depth {
      for (command, refusal) in node.refusals.sorted(by: { $0.key < $1.key }) {
        let runnable = refusal.waysOut.filter { !$0.contains("<") && $0 != "quit" }
        if refusal.waysOut.isEmpty {
          problems.append((node.path + [command], .refusedWithoutWayOut(command)))
        } else if !runnable.isEmpty, !runnable.contains(where: { node.edges[$0].map { $0 != key } ?? true }) {
          problems.append((node.path + [command], .refusedWaysStay(command, ways: runnable)))
        }
      }
    }
  }

  /// Whether a state satisfying `goal` is reachable from `key` in at most `steps` commands.
  func reaches(_ key: String, within steps: Int, where goal: (Sample) -> Bool) -> Bool {
    var layer: Set<String> = [key]
    for _ in 0...steps {
      if layer.contains(where: { nodes[$0].map { goal($0.sample) } ?? false }) { return true }
      layer = Set(layer.flatMap { nodes[$0]?.edges.values.map { $0 } ?? [] })
    }
    return false
  }
}
