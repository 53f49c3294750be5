import Foundation
package import WhatsNewCore
import WhatsNewStore

/// What `qa explore` found.
package struct ExplorationReport: Sendable, Equatable {
  /// One failure, reduced to a script that reproduces it.
  package struct Counterexample: Sendable, Equatable {
    /// The shortest scenario found that still fails.
    package var scenario: ExplorationScenario
    /// What its run found wrong.
    package var problems: [String]
    /// How many explored runs reduced to this script.
    package var runs: Int
    /// The settings the store held before the start (``ExplorationRunner/chosen``).
    package var chosen: [Setting: String] = [:]
    /// The line the script ends with, which shows the problem: `check`, or the `why` of a rule.
    package var closing = "check"
  }

  /// Runs explored (the plain run of each case and every fault on it; not the runs that
  /// shortened counterexamples).
  package var runs: Int
  /// The pages of the flows explored, one flow for each store state (`nil` for a script).
  package var pages: Int? = nil
  /// The choices explored: choice blocks of the flow, or the script's action lines.
  package var choices: Int
  /// The start arguments every run used, `--upgrade-from` first.
  package var startArguments: [String]
  package var counterexamples: [Counterexample]
  /// A script line and its number in the file (from 1).
  package struct NumberedLine: Sendable, Equatable {
    package var number: Int
    package var line: String
  }

  /// The script's lines left out of every run because they reach outside it.
  package var skippedLines: [NumberedLine] = []
  /// Whether the exploration stopped early because the person asked (SIGTERM, SIGHUP).
  package var stopped = false
  /// Whether every ordered pair of faults was explored (`--pairs`).
  package var pairs = false
  /// How long the explored runs took, in seconds (not the runs that shortened counterexamples).
  package var seconds: Double = 0
  /// The rules explored at their boundaries (`qa explore --rules`); `nil` for choices.
  package var rules: Int? = nil
}

/// Why an exploration did not start: it would do more than its bounds allow.
package enum ExplorationBound: Error, Equatable, Sendable {
  /// More runs than `limit` (raise with `qa explore --max-runs`).
  case tooManyRuns(needed: Int, limit: Int)
}

/// `qa explore`: every choice on every page of the flow the session would show (or the
/// choices a script makes), each on a fresh store, under every single fault at each
/// operation it performs, and two overlapping taps on each choice; what fails is reduced
/// to a minimal script for the plain REPL.
///
/// ```swift
/// let report = try await Explorer(exploring: session.runner).explore()
/// report.counterexamples.isEmpty   // screen, store and schedule always agreed
/// ```
@MainActor
package struct Explorer {
  /// The exploring session's runner: its content, settings, store and app version.
  let exploring: EffectRunner

  /// The most runs one exploration makes unless told otherwise (`qa explore --max-runs`).
  package static let defaultMaximumRuns = 5_000
  /// The most command lines a script may have.
  package static let maximumScriptLines = 2_000

  let maximumRuns: Int
  /// Whether every ordered pair of faults is explored too (`qa explore --pairs`), not only each single fault.
  let pairs: Bool
  /// Whether each case runs again with the clock moved (`qa explore --clock`, ``ExplorationPlanner/clockRuns(of:now:zone:)``).
  let clock: Bool

  /// `maximumRuns` defaults to ``defaultMaximumRuns``, with `pairs` to
  /// ``ExplorationPlanner/defaultMaximumPairRuns``.
  package init(exploring: EffectRunner, maximumRuns: Int? = nil, pairs: Bool = false, clock: Bool = false) {
    self.exploring = exploring
    (self.pairs, self.clock) = (pairs, clock)
    self.maximumRuns = maximumRuns ?? (pairs ? ExplorationPlanner.defaultMaximumPairRuns : Explorer.defaultMaximumRuns)
  }

  /// The version the runs start from: the session's seen-through record, else its
  /// `--upgrade-from`; `nil` when there is neither (a user who never finished onboarding).
  package func startVersion() async -> Version? {
    (try? await exploring.seenThrough())?.version ?? exploring.configuration.options.upgradeFrom
  }

  /// Explores the flow a user who has seen through `seenThrough` is shown, or, given
  /// `script`, the choices its lines make.
  package func explore(
    seenThrough: Version, script: [String]? = nil, progress: ExplorationProgress? = nil
  ) async throws -> ExplorationReport {
    let runner = try ExplorationRunner(like: exploring, seenThrough: seenThrough)
    let releases = exploring.configuration.content.releases
    // Each setting whose default a release in the window changes is explored undecided (a fresh
    // store) and decided (a row holding its old default): each state has its own flow.
    let changes = releases.filter { $0.version > seenThrough && $0.version <= exploring.appVersion }.flatMap(\.defaultChanges)
    let states: [[Setting: String]] = [[:]] + (script == nil ? changes.map { [$0.setting: $0.from] } : [])
    let flows = states.map {
      selectFlow(releases: releases, seenThrough: seenThrough, current: exploring.appVersion, decided: Set($0.keys))
    }
    let cases =
      script.map { [([:], ExplorationPlanner.scriptCase($0))] }
      ?? zip(states, flows).flatMap { state, flow in ExplorationPlanner.cases(flow: flow).map { (state, $0) } }
    var runs = 0
    var stopped = false
    let stopRequested = exploring.configuration.stopRequested
    var failing: [(ExplorationScenario, [String], chosen: [Setting: String])] = []
    let started = ContinuousClock.now
    /// Runs `scenario`; nothing (`nil`) once the person asked to stop.
    func explore(_ scenario: ExplorationScenario) async throws -> ExplorationRun? {
      if stopRequested() { stopped = true }
      if stopped { return nil }
      let run = try await runner.run(scenario)
      runs += 1
      progress?.ran(runs)
      if !run.problems.isEmpty { failing.append((scenario, run.problems, runner.chosen)) }
      return run
    }
    cases: for (chosen, explorationCase) in cases {
      runner.chosen = chosen
      guard let plain = try await explore(ExplorationScenario(lines: explorationCase.lines)) else { break }
      let singles = ExplorationPlanner.singleFaults(for: explorationCase, observed: plain.observed)
      let moved =
        clock
        ? ExplorationPlanner.clockRuns(of: explorationCase.lines, now: runner.clock.instant, zone: exploring.backends.timeZone)
        : []
      if runs + singles.count + moved.count > maximumRuns {
        throw ExplorationBound.tooManyRuns(needed: runs + singles.count + moved.count, limit: maximumRuns)
      }
      for scenario in moved {
        guard try await explore(scenario) != nil else { break cases }
      }
      // What this case has run already: a second fault that changes nothing is not run again.
      var seen: Set<ExplorationScenario> = [ExplorationScenario(lines: explorationCase.lines)]
      seen.formUnion(singles.map(\.scenario))
      for single in singles {
        guard let run = try await explore(single.scenario) else { break cases }
        guard pairs else { continue }
        let doubles = ExplorationPlanner.pairs(of: single, in: explorationCase, observed: run.observed).filter {
          seen.insert($0).inserted
        }
        if runs + doubles.count > maximumRuns {
          throw ExplorationBound.tooManyRuns(needed: runs + doubles.count, limit: maximumRuns)
        }
        for double in doubles {
          guard try await explore(double) != nil else { break cases }
        }
      }
    }
    let elapsed = ContinuousClock.now - started
    var counterexamples: [ExplorationReport.Counterexample] = []
    // Stopped: the failures are reported as found, without the runs that would shorten them.
    for (scenario, problems, chosen) in failing where stopped {
      counterexamples.append(.init(scenario: scenario, problems: problems, runs: 1, chosen: chosen))
    }
    for (scenario, _, chosen) in failing where !stopped {
      runner.chosen = chosen
      let minimal = try await ScriptMinimizer.minimize(scenario) { try await !runner.run($0).problems.isEmpty }
      if let index = counterexamples.firstIndex(where: { $0.scenario == minimal && $0.chosen == chosen }) {
        counterexamples[index].runs += 1
      } else {
        let problems = try await runner.run(minimal).problems
        counterexamples.append(.init(scenario: minimal, problems: problems, runs: 1, chosen: chosen))
      }
    }
    let pages = flows.joined()
    let choices =
      script == nil
      ? pages.reduce(0) { $0 + $1.page.blocks.compactMap(\.choice).count } : cases.first?.1.actionLines.count ?? 0
    return ExplorationReport(
      runs: runs, pages: script == nil ? pages.count : nil, choices: choices, startArguments: runner.startArguments,
      counterexamples: counterexamples, stopped: stopped, pairs: pairs,
      seconds: elapsed / .seconds(1))
  }
}

/// `qa explore`'s report in words: a summary line, then each counterexample as a script
/// that can be saved to a file and run (its comment lines say how, and what `check` says).
///
/// Comment lines wider than `width` are wrapped here, each row a comment of its own, so
/// the console never breaks one into a row the REPL would run.
struct ExplorationReportView {
  let report: ExplorationReport
  let width: Int
  /// A number with this many digits after the point, in the session's language (the time
  /// and rate `--pairs` reports).
  var number: (Double, Int) -> String = { String(format: "%.\($1)f", $0) }
  let text: (String, [String]) -> String

  var lines: [String] {
    let found =
      report.counterexamples.isEmpty
      ? text("ui.explore.none", []) : text("ui.explore.found", [String(report.counterexamples.count)])
    var lines = [report.stopped ? text("ui.explore.stopped", [String(report.runs), found]) : summary(found)]
    if !report.skippedLines.isEmpty {
      let list = report.skippedLines.map { "\($0.number) (\(TextSanitizer.clean($0.line)))" }.joined(separator: ", ")
      lines += Self.comment("# " + text("ui.explore.skipped", [list]), width: width)
    }
    for (index, counterexample) in report.counterexamples.enumerated() {
      lines.append("")
      lines.append(text("ui.explore.counterexample", [String(index + 1), String(counterexample.runs)]))
      let chosen = counterexample.chosen.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }
      let comments =
        [Self.startLine(report.startArguments, faults: counterexample.scenario.startFaults, text: text)]
        + (chosen.isEmpty ? [] : ["# " + text("ui.explore.chosen", [chosen.joined(separator: ",")])])
        + counterexample.problems.map { "# " + $0 }
      lines += comments.flatMap { Self.comment($0, width: width) }
      lines += counterexample.scenario.lines + [counterexample.closing]
    }
    return lines
  }

  /// The first line: how many runs, over what, and what was found; with `--pairs`, how long
  /// the runs took and how many a second.
  func summary(_ found: String) -> String {
    let runs = String(report.runs)
    let choices = String(report.choices)
    if let rules = report.rules { return text("ui.explore.summary.rules", [runs, String(rules), found]) }
    guard report.pairs else {
      return report.pages.map { text("ui.explore.summary", [runs, String($0), choices, found]) }
        ?? text("ui.explore.summary.script", [runs, choices, found])
    }
    let seconds = number(report.seconds, 1)
    let rate = number(report.seconds > 0 ? Double(report.runs) / report.seconds : 0, 0)
    return report.pages.map { text("ui.explore.summary.pairs", [runs, seconds, rate, String($0), choices, found]) }
      ?? text("ui.explore.summary.pairs.script", [runs, seconds, rate, choices, found])
  }

  /// `# whatsnew --db <new-file> --upgrade-from 2.11.0 --fault read:theme=hold --script <this-file>`.
  static func startLine(_ arguments: [String], faults: [String], text: (String, [String]) -> String) -> String {
    let words = arguments.map(quoted) + faults.flatMap { ["--fault", $0] }
    let line = text("ui.explore.startLine", [words.joined(separator: " ")])
    // No start arguments (a new user): no gap where they would be.
    return words.isEmpty ? line.replacingOccurrences(of: "  ", with: " ") : line
  }

  /// A `# …` line in rows at most `width` wide (when it can be), each starting with `#`.
  static func comment(_ line: String, width: Int) -> [String] {
    guard DisplayWidth.of(line) > width else { return [line] }
    let rows = TextLayout.wrap(String(line.dropFirst(2)), width: max(8, width - 4))
    return rows.enumerated().map { ($0.offset == 0 ? "# " : "#   ") + $0.element }
  }

  /// A word as a shell reads it: quoted when it holds anything but safe characters.
  static func quoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@+,")
    if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
