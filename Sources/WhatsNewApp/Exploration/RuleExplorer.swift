import Foundation
import WhatsNewCore

/// `qa explore --rules`: every rule content gives, run at each of its boundaries
/// (``RulePlanner``) on a fresh store with the checks every run gets (``StepRules``: screen,
/// store and schedule agree), and at the end what the app reads of the rule (`why`'s condition,
/// or the block on the page drawn) against what the case's own lines give (``RuleOracle``).
/// A disagreement is shortened to the fewest units that still show it.
@MainActor
struct RuleExplorer {
  /// The exploring session's runner: its content, language and app version.
  let exploring: EffectRunner

  /// Explores the rules from a store seen through `seenThrough` (a block's where the tour shows
  /// its page); `planned` stands for the content's rules in the plan and the oracle, not in the
  /// app (a test plants an off-by-one that way).
  func explore(
    seenThrough: Version, progress: ExplorationProgress? = nil, planned: [String: GuidanceRules]? = nil
  ) async throws -> ExplorationReport {
    let runner = try ExplorationRunner(like: exploring, seenThrough: seenThrough)
    let flow = selectFlow(
      releases: exploring.configuration.content.releases, seenThrough: seenThrough, current: exploring.appVersion)
    let content = exploring.catalog.attention
    let rules = planned ?? content.rules
    let cases = RulePlanner(guidanceRules: rules, flow: flow, pace: content.interval).cases
    var report = ExplorationReport(
      runs: 0, choices: 0, startArguments: runner.startArguments, counterexamples: [],
      rules: Set(cases.filter { !$0.check.isReach }.map(\.check)).count)
    /// What a run of `ruleCase` finds wrong.
    func problems(_ ruleCase: RuleCase) async throws -> [String] {
      let start = runner.clock.instant
      return try await runner.run(ExplorationScenario(lines: ruleCase.lines)) { session in
        disagreement(
          ruleCase, in: session,
          oracle: RuleOracle(
            now: start, language: runner.template.language, seenThrough: seenThrough, current: exploring.appVersion,
            tourOpen: !flow.isEmpty, lines: ruleCase.lines),
          rules: rules)
      }.problems
    }
    var failing: [RuleCase] = []
    for ruleCase in cases {
      if exploring.configuration.stopRequested() {
        report.stopped = true
        break
      }
      report.runs += 1
      progress?.ran(report.runs)
      if try await !problems(ruleCase).isEmpty { failing.append(ruleCase) }
    }
    for ruleCase in failing {
      var minimal = ruleCase
      // A deadlock's script is the whole attempt: shortened, it would only show the wait.
      if !report.stopped, !ruleCase.check.isReach {
        minimal.units = try await ScriptMinimizer.minimize(ruleCase.units) { units in
          var shorter = ruleCase
          shorter.units = units
          return try await !problems(shorter).isEmpty
        }
      }
      let scenario = ExplorationScenario(lines: minimal.lines)
      if let index = report.counterexamples.firstIndex(where: { $0.scenario == scenario }) {
        report.counterexamples[index].runs += 1
      } else {
        report.counterexamples.append(
          .init(scenario: scenario, problems: try await problems(minimal), runs: 1, closing: minimal.check.why))
      }
    }
    return report
  }

  /// What the app reads of `ruleCase`'s rule in `session` when it differs from `oracle`'s, in words.
  func disagreement(
    _ ruleCase: RuleCase, in session: Session, oracle: RuleOracle, rules: [String: GuidanceRules]
  ) -> [String] {
    typealias Reading = (value: String, passes: Bool)
    let runner: EffectRunner = session.runner
    /// `why`'s condition `name` of guide or popover `id`.
    func why(_ name: String, of id: String) -> Reading? {
      guard let guidance = GuidanceCatalog.find(id) else { return nil }
      let explanation = Explanation.guidance(guidance, session.state, seen: [], now: runner.backends.clock.now())
      return explanation.conditions.first { $0.name == name }.map { ($0.value, $0.passes) }
    }
    let (id, name, expected): (String, String, Reading)
    switch ruleCase.check {
    case .rule(let guidance, let rule): (id, name, expected) = (guidance, rule.name, oracle.expected(rule))
    case .displays(let guidance, let max):
      let shown = oracle.count(.shown(guidance))
      (id, name, expected) = (guidance, "displays", ("\(shown)/\(max)", shown < max))
    case .invalidation(let guidance, let event):
      let happened = oracle.count(event) > 0
      (id, name, expected) = (guidance, "invalidatedBy:\(event.name)", (happened ? "happened" : "not yet", !happened))
    case .order(let guidance, let group, let after):
      let blocker = oracle.blocker(among: after, rules: rules)
      (id, name, expected) = (guidance, "order:\(group)", (blocker ?? "free", blocker == nil))
    case .reached(let guidance, let group):
      (id, name, expected) = (guidance, "order:\(group)", ("free", true))
      if let observed = why(name, of: id), !observed.passes {
        return [runner.text("ui.explore.deadlock", guidance, observed.value, group)]
      }
    case .block(let block, _, let rules):
      let shows = rules.allSatisfy { oracle.expected($0).passes }
      (id, name, expected) = (block, "when", (shows ? "shown" : "hidden", shows))
    }
    // What the app reads: of a block, what the person sees (the page as drawn holds its title,
    // or not); of the rest, `why`'s condition.
    let observed: Reading?
    if case .block(_, let titleKey, _) = ruleCase.check {
      let title = runner.text(titleKey)
      observed = AppView.page(session.state, runner.renderContext).map { page in
        let drawn = page.map(\.plainText).joined(separator: " ").contains(title)
        return (drawn ? "shown" : "hidden", drawn)
      }
    } else {
      observed = why(name, of: id)
    }
    guard observed?.value != expected.value || observed?.passes != expected.passes else { return [] }
    let holds = { (passes: Bool) in runner.text(passes ? "ui.explore.rule.holds" : "ui.explore.rule.fails") }
    return [
      runner.text(
        "ui.explore.ruleDiffers", name, id, observed?.value ?? runner.text("ui.explore.problem.none"),
        holds(observed?.passes ?? false), expected.value, holds(expected.passes))
    ]
  }
}
