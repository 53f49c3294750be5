import WhatsNewCore
import WhatsNewStore

/// The guidance family: `tour <guide>` (start a guide by hand), `info <popover>` and
/// `guidance [reset [<id>]]`. While a guide or popover shows, it also sees every command
/// first: any command closes a popover, and a guide's tour takes `next`, `back`, `skip`,
/// `close`, `finish` and `done` for its own steps.
@MainActor
struct GuidanceCommands: Sendable {
  let session: Session

  var messages: CommandMessages { CommandMessages(session: session) }

  /// Before any command runs: closes an open popover (except for `info <id>`), and gives a
  /// showing guide its step commands. Returns whether the command was handled here.
  func interceptIfShowing(_ name: String, _ arguments: [String]) async -> Bool {
    if session.state.guidance.active?.mode == .info, !(name == "info" && !arguments.isEmpty) {
      // An open popover closes on close, or on any other command (which then runs).
      await session.send(.guide(.closeInfo))
      // `close` and `back` leave the popover and nothing more.
      if name == "close" || name == "back" { return true }
    }
    guard session.state.guidance.active?.mode == .tour else { return false }
    switch name {
    case "next": await session.send(.guide(.next))
    case "back": await session.send(.guide(.back))
    case "skip", "close": await session.send(.guide(.skip))
    case "finish", "done": await session.send(.guide(.finish))
    default: return false
    }
    return true
  }

  /// Runs the guidance command `name` (`tour` here always has a guide's id).
  func run(_ name: String, _ arguments: [String]) async {
    switch name {
    case "tour": if let id = arguments.first { await session.send(.guide(.start(id))) }
    case "info": await info(arguments)
    case "guidance": await list(arguments)
    default: messages.notAvailable(name)
    }
  }

  /// `info <id>`: opens a popover next to its element (top-centre when not on screen).
  func info(_ arguments: [String]) async {
    guard let id = arguments.first else { return messages.usage("info") }
    guard let guide = session.state.guidance.guidance(id) else {
      return messages.unknownValue(id, kind: .popover, candidates: session.infoIDs)
    }
    guard guide.mode == .info else {
      session.console.emit(session.text("ui.guidance.isTour", id, id), .warning)
      return
    }
    await session.send(.guide(.start(guide.id)))
  }

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
