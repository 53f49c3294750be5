import WhatsNewCore
import WhatsNewStore

/// `guidance [reset [<id>] | off | on]`: every guide with its seen state, read from the store,
/// clearing it, and turning every guide and popover off or back on. Starting a guide (`tour <guide>`), a popover (`info <popover>`) and a guide's
/// steps are the rules' (``AppState/command(_:_:)``).
@MainActor
struct GuidanceCommands: Sendable {
  let runner: EffectRunner

  /// `guidance`: every guide with its seen state; `guidance reset [<id>]` clears one or all.
  func list(_ arguments: [String]) async {
    guard runner.state.isBooted else { return runner.messages.notBooted() }
    let catalog = GuidanceCatalog.all
    switch arguments.first {
    case nil:
      let seen = await runner.guidanceSeenSet() ?? []
      // One row a guide: its id, then its name, kind and whether it was seen, wrapped in a column.
      var rows: [HelpTable.Row] = []
      for guide in catalog {
        let kind =
          guide.mode == .tour
          ? runner.text("ui.guidance.list.tour", String(guide.steps.count)) : runner.text("ui.guidance.list.info")
        let seenText = runner.text(seen.contains(guide.id) ? "ui.guidance.list.seen" : "ui.guidance.list.unseen")
        rows.append(.command(guide.id, summary: "\(runner.text(guide.nameKey)) (\(kind), \(seenText))"))
      }
      let footnote = runner.text(runner.state.guidanceOff ? "ui.guidance.list.off" : "ui.guidance.list.hint")
      let table = HelpTable(title: runner.text("ui.guidance.list.title"), rows: rows, footnote: footnote)
      runner.console.emit(table.document(in: runner.renderContext))
    case "reset"?:
      let id = arguments.count > 1 ? arguments[1] : nil
      if let id, GuidanceCatalog.find(id) == nil {
        return runner.messages.unknownValue(id, kind: .guide, candidates: runner.guidanceIDs)
      }
      switch await runner.performNow(.write, target: EffectRunner.guidanceTarget, { try await $0.resetGuidance(id) }) {
      case .success:
        runner.console.emit(
          id.map { runner.text("ui.guidance.reset.one", $0) } ?? runner.text("ui.guidance.reset.all"), .success)
      case .failure(let reason):
        runner.console.emit(runner.text("ui.guidance.reset.failed", reason.text), .error)
      }
    case let word? where word == "off" || word == "on":
      // Every guide and popover off, or back: kept in the store, so it holds at the next start.
      let off = word == "off"
      switch await runner.performNow(.write, target: EffectRunner.guidanceTarget, { try await $0.setGuidanceOff(off) }) {
      case .success:
        await runner.send(.guidanceSwitched(off: off))
        runner.console.emit(runner.text(off ? "ui.guidance.turnedOff" : "ui.guidance.turnedOn"), .success)
      case .failure(let reason):
        runner.console.emit(runner.text("ui.guidance.switchFailed", reason.text), .error)
      }
    default:
      runner.messages.usage("guidance")
    }
  }
}
