/// One run of a case with faults added, as planned: its scenario, where its first fault went,
/// and which of its lines are the case's own (the rest the faults added).
package struct SingleFaultRun: Sendable, Hashable {
  package private(set) var scenario: ExplorationScenario
  /// The step the fault was added before: the index of its `qa` line in the scenario's
  /// lines, `-1` for a start fault (`--fault`, for what the boot step performs).
  package private(set) var faultStep: Int
  /// For each line of the scenario, the index of the case's line it is; `nil` for a line the
  /// faults added (`qa …`, `show`).
  package private(set) var caseLines: [Int?]

  /// A case's lines, no fault added yet.
  init(lines: [String]) {
    scenario = ExplorationScenario(lines: lines)
    faultStep = -1
    caseLines = lines.indices.map { $0 }
  }

  /// The case's lines with the fault `spec` added before case line `line` (`qa <spec>`), or
  /// from the start (`--fault <spec>`) when `line` is the boot step (`-1`).
  func adding(_ spec: String, beforeCaseLine line: Int) -> SingleFaultRun {
    var run = self
    guard line >= 0, let index = caseLines.firstIndex(of: line) else {
      run.scenario.startFaults.append(spec)
      run.faultStep = -1
      return run
    }
    run.insert(["qa \(spec)"], at: index)
    run.faultStep = index
    return run
  }

  /// Adds `lines` right after case line `line`.
  mutating func insert(_ lines: [String], afterCaseLine line: Int) {
    let index = caseLines.firstIndex(of: line).map { $0 + 1 } ?? scenario.lines.count
    insert(lines, at: index)
  }

  /// Adds `lines` before the scenario's line `index` (at the end when `index` is its count).
  mutating func insert(_ lines: [String], at index: Int) {
    scenario.lines.insert(contentsOf: lines, at: index)
    caseLines.insert(contentsOf: [Int?](repeating: nil, count: lines.count), at: index)
  }
}

extension ExplorationPlanner {
  /// The default bound of `qa explore --pairs` (each single fault times the operations after it).
  package static let defaultMaximumPairRuns = 100_000

  /// Every run of `single` with a second fault added after its first (`qa explore --pairs`):
  /// for each step at or after the first fault's (the boot step only when the first is a start
  /// fault) and each explored operation the single-fault run was seen to perform there
  /// (`observed`: that run's own, so the weekday's write-back and the old reminder's reschedule
  /// are among them once a cancel or schedule failed), that operation failed once, held until
  /// after the step or until the end, or failing slowly (held, `show`, `fail:1`, released) at
  /// either. The second fault is added just before its step: it meets that operation's first
  /// attempt from there on (the write-back of a weekday whose held schedule fails on release,
  /// not the write that started it).
  ///
  /// At a step that is one of the case's lines, the operations explored are those the singles
  /// explore there (every one on an action line, the reads of the case's settings elsewhere);
  /// at a line a fault added (a release, `show`), every explored operation it performed.
  package static func pairs(of single: SingleFaultRun, in explorationCase: ExplorationCase, observed: ObservedOperations)
    -> [ExplorationScenario]
  {
    let lines = single.scenario.lines
    let readSettings = Set(
      explorationCase.readSettings
        ?? explorationCase.actionLines.flatMap { caseLine in
          single.caseLines.indices.filter { single.caseLines[$0] == caseLine }.flatMap { observed.at($0) }
        }.filter { $0.operation == .write }.compactMap(\.target))
    func isRead(_ attempt: FaultAttempt) -> Bool {
      attempt.operation == .read && attempt.target.map(readSettings.contains) == true
    }
    var result: [ExplorationScenario] = []
    let firstStep = single.faultStep < 0 ? -1 : single.faultStep + 1
    for step in firstStep..<lines.count {
      let caseLine = step < 0 ? -1 : single.caseLines[step]
      let attempts = observed.at(step).sorted().filter { attempt in
        guard exploredOperations.contains(attempt.operation) else { return false }
        guard let caseLine else { return true }
        return explorationCase.actionLines.contains(caseLine) || isRead(attempt)
      }
      for attempt in attempts {
        result.append(adding("\(attempt)=fail:1", to: single.scenario, before: step))
        // Let go after the step that held it, or at the end (after the first fault's own release).
        for release in Set([step + 1, lines.count]).sorted() {
          for later in lettingGo(attempt) {
            result.append(adding("\(attempt)=hold", to: single.scenario, before: step, then: later, at: release))
          }
        }
      }
    }
    var seen: Set<ExplorationScenario> = [single.scenario]
    return result.filter { seen.insert($0).inserted }
  }

  /// `scenario` with the fault `spec` added before its step `step` (`-1`: from the start), and
  /// `later` added before its line `release` (counted before the fault's line went in).
  static func adding(
    _ spec: String, to scenario: ExplorationScenario, before step: Int, then later: [String] = [], at release: Int = 0
  ) -> ExplorationScenario {
    var scenario = scenario
    if !later.isEmpty { scenario.lines.insert(contentsOf: later, at: min(release, scenario.lines.count)) }
    if step < 0 {
      scenario.startFaults.append(spec)
    } else {
      scenario.lines.insert("qa \(spec)", at: step)
    }
    return scenario
  }
}
