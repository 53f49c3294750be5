import WhatsNewCore
import WhatsNewStore

/// `guidance [reset [<id>]]`: every guide with its seen state, read from the store, and
/// clearing it. Starting a guide (`tour <guide>`), a popover (`info <popover>`) and a guide's
/// steps are the rules' (``AppState/command(_:_:)``).
@MainActor
struct GuidanceCommands: Sendable {
  let session: Session

  var messages: CommandMessages { CommandMessages(session: session) }

  /// `guidance`: every guide with its seen state; `guidance reset [<id>]` clears one or all.
  func list(_ arguments: [String]) async {
    guard session.state.isBooted else { return messages.notBooted() }
    let catalog = session.state.guidance.catalog
    switch arguments.first {
    case nil:
      let seen = await session.runner.guidanceSeenSet() ?? []
      // One row a guide: its id, then its name, kind and whether it was seen, wrapped in a column.
      var rows: [HelpTable.Row] = []
      for guide in catalog {
        let kind =
          guide.mode == .tour
          ? session.text("ui.guidance.list.tour", String(guide.steps.count)) : session.text("ui.guidance.list.info")
        let seenText = session.text(seen.contains(guide.id) ? "ui.guidance.list.seen" : "ui.guidance.list.unseen")
        rows.append(.command(guide.id, summary: "\(session.text(guide.nameKey)) (\(kind), \(seenText))"))
      }
      let table = HelpTable(
        title: session.text("ui.guidance.list.title"), rows: rows, footnote: session.text("ui.guidance.list.hint"))
      session.console.emit(table.document(in: session.renderContext))
    case "reset"?:
      let id = arguments.count > 1 ? arguments[1] : nil
      if let id, session.state.guidance.guidance(id) == nil {
        return messages.unknownValue(id, kind: .guide, candidates: session.guidanceIDs)
      }
      switch await session.runner.performNow(.write, target: EffectRunner.guidanceTarget, { try await $0.resetGuidance(id) }) {
      case .success:
        session.console.emit(
          id.map { session.text("ui.guidance.reset.one", $0) } ?? session.text("ui.guidance.reset.all"), .success)
      case .failure(let reason):
        session.console.emit(session.text("ui.guidance.reset.failed", reason.text), .error)
      }
    default:
      messages.usage("guidance")
    }
  }
}
