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
  var flow: GuidanceFlow { session.guidanceFlow }

  /// Before any command runs: closes an open popover (except for `info <id>`), and gives a
  /// showing guide its step commands. Returns whether the command was handled here.
  func interceptIfShowing(_ name: String, _ arguments: [String]) async -> Bool {
    if session.state.guidance.active?.mode == .info, !(name == "info" && !arguments.isEmpty) {
      // An open popover closes on close, or on any other command (which then runs).
      flow.closeInfo()
      if name == "close" { return true }
    }
    guard let active = session.state.guidance.active, active.mode == .tour else { return false }
    switch name {
    case "next": await flow.apply(session.state.guidance.next(), for: active)
    case "back": await flow.apply(session.state.guidance.back(), for: active)
    case "skip", "close": await flow.apply(session.state.guidance.skip(), for: active)
    case "finish", "done": await flow.apply(session.state.guidance.finish(), for: active)
    default: return false
    }
    return true
  }

  /// Runs the guidance command `name` (`tour` here always has a guide's id).
  func run(_ name: String, _ arguments: [String]) async {
    switch name {
    case "tour": if let id = arguments.first { await flow.startByHand(id) }
    case "info": await info(arguments)
    case "guidance": await list(arguments)
    default: break
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
    await flow.openInfo(guide)
  }

  /// `guidance`: every guide with its seen state; `guidance reset [<id>]` clears one or all.
  func list(_ arguments: [String]) async {
    guard session.state.isBooted else { return messages.notBooted() }
    let catalog = session.state.guidance.catalog
    switch arguments.first {
    case nil:
      let seen = await flow.seenSet() ?? []
      var rows: Document = [Line(session.text("ui.guidance.list.title"), .title)]
      let idWidth = (catalog.map { DisplayWidth.of($0.id) }.max() ?? 10) + 2
      for guide in catalog {
        let kind =
          guide.mode == .tour
          ? session.text("ui.guidance.list.tour", String(guide.steps.count)) : session.text("ui.guidance.list.info")
        let isSeen = seen.contains(guide.id)
        rows.append(
          Line([
            Span("  " + TextLayout.pad(guide.id, toWidth: idWidth), .command),
            Span(TextLayout.pad(kind, toWidth: 18), .dim),
            Span(
              TextLayout.pad(session.text(isSeen ? "ui.guidance.list.seen" : "ui.guidance.list.unseen"), toWidth: 12),
              isSeen ? .success : .plain),
            Span(session.text(guide.nameKey)),
          ]))
      }
      rows += session.renderContext.wrapped(
        session.text("ui.guidance.list.hint"), indent: 2, style: .dim, firstPrefix: "  ")
      session.console.emit(rows)
    case "reset"?:
      let id = arguments.count > 1 ? arguments[1] : nil
      if let id, session.state.guidance.guidance(id) == nil {
        return messages.unknownValue(id, kind: .guide, candidates: session.guidanceIDs)
      }
      do {
        try await session.backends.store.resetGuidance(id)
        session.console.emit(
          id.map { session.text("ui.guidance.reset.one", $0) } ?? session.text("ui.guidance.reset.all"), .success)
      } catch {
        session.console.emit(session.text("ui.guidance.reset.failed", Backends.describe(error)), .error)
      }
    default:
      messages.usage("guidance")
    }
  }
}
