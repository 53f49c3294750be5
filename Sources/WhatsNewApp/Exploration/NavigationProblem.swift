package import WhatsNewCore

/// What `qa explore --navigation` can find wrong in a state (``NavigationExplorer``): a
/// value, worded in the session's language by ``words(in:)``.
package enum NavigationProblem: Sendable, Equatable {
  /// A printed line wider than 80 columns.
  case wideLine(String)
  /// The seen-through record was removed, moved back, or moved by a command other than Done,
  /// Skip, Close or finishing onboarding (``SeenRecordRule``), by the step named.
  case seenRecord(SeenRecordRule.Breach, by: String)
  /// Operations still in flight after everything settled.
  case stillInFlight([String])
  /// Home is not reachable in 2 commands from this layer.
  case homeUnreachable(from: OpenLayer)
  /// The waiting tour is not reachable in 2 commands from this layer.
  case waitingTourUnreachable(from: OpenLayer)
  /// A refusal named no way out.
  case refusedWithoutWayOut(String)
  /// A refusal's ways out all stay in the state.
  case refusedWaysStay(String, ways: [String])

  /// The problem in words, for the session's language.
  @MainActor
  package func words(in runner: EffectRunner) -> String {
    let none = runner.text("ui.explore.problem.none")
    let layers = CommandMessages(runner: runner)
    let list = OptionWords(runner.renderContext)
    switch self {
    case .wideLine(let line): return runner.text("ui.explore.problem.wide", line)
    case .seenRecord(.removed(let was), let line):
      return runner.text("ui.explore.problem.recordRemoved", line, was?.description ?? none)
    case .seenRecord(.movedBack(let from, let to), let line):
      return runner.text("ui.explore.problem.recordBack", line, from.description, to.description)
    case .seenRecord(.movedOutsideDismissal(let from, let to), let line):
      return runner.text("ui.explore.problem.recordMoved", line, from?.description ?? none, to.description)
    case .stillInFlight(let operations): return runner.text("ui.explore.problem.inFlight", list.andList(operations))
    case .homeUnreachable(let layer): return runner.text("ui.explore.problem.noHome", layers.describe(layer))
    case .waitingTourUnreachable(let layer): return runner.text("ui.explore.problem.noTour", layers.describe(layer))
    case .refusedWithoutWayOut(let command): return runner.text("ui.explore.problem.noWayOut", command)
    case .refusedWaysStay(let command, let ways):
      return runner.text("ui.explore.problem.waysStay", command, list.orList(ways))
    }
  }
}
