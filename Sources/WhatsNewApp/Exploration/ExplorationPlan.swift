package import Foundation
package import WhatsNewCore

/// A script `qa explore` starts from and varies: the lines that reach a choice (or a way out
/// of the tour) and make it, run on a fresh store as `whatsnew --script` runs a script.
package struct ExplorationCase: Sendable, Hashable {
  /// What the case makes.
  package enum Kind: Sendable, Hashable {
    /// One tap on one option.
    case choice
    /// Two taps on one choice, the second while the first may be in flight.
    case overlap
    /// `done`, `skip` or `close`: the seen-through record.
    case dismissal
    /// A choice made in the tour, the tour ended with `done`, then `undo 1`: the recap's entry put back.
    case undo
    /// The lines of a script `qa explore <file>` was given.
    case script
  }

  package var kind: Kind
  /// The REPL lines, as typed.
  package var lines: [String]
  /// The lines whose operations are explored (indexes into ``lines``).
  package var actionLines: [Int]
  /// Where a held operation may be released: after these lines.
  package var releasePoints: [Int]
  /// The settings whose reads are explored too, wherever they happen (the page's opening,
  /// the boot step); `nil`: the settings the action lines write.
  package var readSettings: [String]?
}

/// The operations a run performed at each step: at boot, then after each line.
package struct ObservedOperations: Sendable, Hashable {
  /// What the boot step performed (the first page's reads, say).
  package var boot: [FaultAttempt] = []
  /// What each line performed, in line order.
  package var lines: [[FaultAttempt]] = []

  /// What line `index` performed; `-1` is the boot step.
  package func at(_ index: Int) -> [FaultAttempt] {
    index < 0 ? boot : (index < lines.count ? lines[index] : [])
  }
}

/// One run `qa explore` makes: faults in force from the start (`--fault`, for what the
/// boot step performs) and the lines, with the `qa` lines that add and release faults.
package struct ExplorationScenario: Sendable, Hashable {
  /// Fault specs as `--fault` takes them: `read:workoutView=hold`.
  package var startFaults: [String] = []
  package var lines: [String]
}

/// What `qa explore` runs: pure, from the flow (or a script) and what a plain run of each
/// case was seen to perform.
package enum ExplorationPlanner {
  /// The operations whose faults are explored (`boot` is not: a failed boot shows nothing to compare).
  package static let exploredOperations: Set<FaultOperation> = [.read, .write, .schedule, .cancel, .seenWrite]

  /// Every case of `flow`: for each choice on each page, each option alone, then each
  /// ordered pair of different options tapped one after the other; then the ways out
  /// (`skip` and `close` on the first page, `done` on the last); then, for each option that
  /// changes a fresh store's value, the undo of the recap's one entry after `done`.
  package static func cases(flow: [FlowPage]) -> [ExplorationCase] {
    guard !flow.isEmpty else { return [] }
    let last = flow.count - 1
    var cases: [ExplorationCase] = []
    var undos: [ExplorationCase] = []
    for (index, flowPage) in flow.enumerated() {
      let path = Array(repeating: "next", count: index)
      for choice in flowPage.page.blocks.compactMap(\.choice) {
        let setting = choice.setting.rawValue
        let values = choice.options.map(\.value)
        for value in values {
          cases.append(
            ExplorationCase(
              kind: .choice, lines: path + ["choose \(setting) \(value)"], actionLines: [index], releasePoints: [index],
              readSettings: [setting]))
          guard value != choice.newDefault ?? choice.setting.defaultValue else { continue }
          let undo = path + ["choose \(setting) \(value)"] + Array(repeating: "next", count: last - index) + ["done", "undo 1"]
          undos.append(
            ExplorationCase(
              kind: .undo, lines: undo, actionLines: [undo.count - 1], releasePoints: [undo.count - 1], readSettings: []))
        }
        for first in values {
          for second in values where second != first {
            cases.append(
              ExplorationCase(
                kind: .overlap, lines: path + ["choose \(setting) \(first)", "choose \(setting) \(second)"],
                actionLines: [index], releasePoints: [index, index + 1], readSettings: []))
          }
        }
      }
    }
    for lines in [["skip"], ["close"], Array(repeating: "next", count: last) + ["done"]] {
      cases.append(
        ExplorationCase(
          kind: .dismissal, lines: lines, actionLines: [lines.count - 1], releasePoints: [lines.count - 1], readSettings: []))
    }
    return cases + undos
  }

  /// The case of a script's lines: every line that makes a choice or ends the tour is an
  /// action (``CommandTrait/changesSettings``, ``CommandTrait/dismisses``, or a bare number
  /// picking an option), and a held operation is released after the action it was held for.
  package static func scriptCase(_ lines: [String]) -> ExplorationCase {
    let actions = lines.indices.filter { index in
      let word = CommandTokenizer.split(lines[index]).first ?? ""
      return !CommandTable.traits(ofLine: lines[index]).isDisjoint(with: [.changesSettings, .dismisses]) || Int(word) != nil
    }
    return ExplorationCase(kind: .script, lines: lines, actionLines: actions, releasePoints: actions, readSettings: nil)
  }

  /// `qa explore --clock`'s runs of a case's `lines`, the clock moved (`qa clock`) from `now` in
  /// `zone`: a minute before a fresh store's reminder, then over it after the lines; a minute
  /// after it; a minute before the zone's next daylight-saving change, then over it (a zone
  /// without one has none); and a week on after the lines.
  package static func clockRuns(of lines: [String], now: Date, zone: TimeZone) -> [ExplorationScenario] {
    let reminder = WeeklyReview.notification(on: Setting.reviewWeekday.defaultValue).nextFireDate(after: now, in: zone)
    let at = { (offset: TimeInterval) in reminder.flatMap { RFC3339.string($0 + offset, in: zone) }.map { "qa clock set " + $0 } }
    var runs = [at(-60).map { [$0] + lines + ["qa clock +2m"] }, at(60).map { [$0] + lines }].compactMap { $0 }
    if zone.nextDaylightSavingTimeTransition(after: now + 60) != nil {
      runs.append(["qa clock next-dst"] + lines + ["qa clock +2m"])
    }
    return (runs + [lines + ["qa clock +7d"]]).map { ExplorationScenario(lines: $0) }
  }

  /// The single-fault runs of `explorationCase`: for each operation explored (in line and
  /// operation order) one failure of it (`fail:1`: the next attempt fails, a retry or repair
  /// is let through), and a hold let go after each release point at or after it: released,
  /// or (a slow failure) with `show` meanwhile and a `fail:1` added before the release.
  ///
  /// Not `fail` (every attempt): a repair that fails too is a second fault, which
  /// `qa explore --pairs` explores (``pairs(of:in:observed:)``).
  package static func singleFaults(for explorationCase: ExplorationCase, observed: ObservedOperations) -> [SingleFaultRun] {
    let base = SingleFaultRun(lines: explorationCase.lines)
    var runs: [SingleFaultRun] = []
    for (line, attempt) in targets(of: explorationCase, observed: observed) {
      runs.append(base.adding("\(attempt)=fail:1", beforeCaseLine: line))
      for point in explorationCase.releasePoints where point >= line {
        for later in lettingGo(attempt) {
          var held = base.adding("\(attempt)=hold", beforeCaseLine: line)
          held.insert(later, afterCaseLine: point)
          runs.append(held)
        }
      }
    }
    var seen = Set<ExplorationScenario>()
    return runs.filter { seen.insert($0.scenario).inserted }
  }

  /// The lines that let a held `attempt` go: its release, or a slow failure (the screen drawn
  /// again meanwhile, `show` reading the store, then failing when let go).
  static func lettingGo(_ attempt: FaultAttempt) -> [[String]] {
    [["qa release \(attempt)"], ["show", "qa \(attempt)=fail:1", "qa release \(attempt)"]]
  }

  /// The operations to fault, each with the line that performed it (`-1`: boot): what the
  /// action lines performed, then the reads of the case's settings at the other lines.
  static func targets(of explorationCase: ExplorationCase, observed: ObservedOperations) -> [(Int, FaultAttempt)] {
    var result: [(Int, FaultAttempt)] = []
    for line in explorationCase.actionLines {
      for attempt in observed.at(line).sorted() where exploredOperations.contains(attempt.operation) {
        result.append((line, attempt))
      }
    }
    let readSettings = Set(
      explorationCase.readSettings
        ?? explorationCase.actionLines.flatMap { observed.at($0) }.filter { $0.operation == .write }.compactMap(\.target))
    let lastAction = explorationCase.actionLines.max() ?? -1
    for line in -1..<lastAction where !explorationCase.actionLines.contains(line) {
      for attempt in observed.at(line).sorted() where attempt.operation == .read {
        if let target = attempt.target, readSettings.contains(target) { result.append((line, attempt)) }
      }
    }
    return result
  }
}
