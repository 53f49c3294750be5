import WhatsNewCore

/// The recap family: `recap` lists what the tour changed in this session; `undo <n>` and
/// `undo all` put it back (``AppAction/undo(_:)``).
@MainActor
struct RecapCommands: Sendable {
  let session: Session

  var messages: CommandMessages { CommandMessages(session: session) }

  /// Runs the recap command `name`.
  func run(_ name: String, _ arguments: [String]) async {
    switch name {
    case "recap":
      guard arguments.isEmpty else { return messages.usage(name) }
      show()
    case "undo": await undo(arguments)
    default: messages.notAvailable(name)
    }
  }

  /// `undo <n>` or `undo all`. A preview runs on a copy of the store, so an undo there would
  /// put back nothing real: refused, naming the preview and its ways out.
  func undo(_ arguments: [String]) async {
    guard arguments.count == 1, let word = arguments.first?.lowercased() else { return messages.usage("undo") }
    if session.isInSandbox { return messages.refused("undo") }
    let recap = session.state.recap
    let numbers: [Int]
    if word == "all" {
      numbers = recap.undoableNumbers
    } else if let number = Int(word) {
      numbers = [number]
    } else {
      return messages.usage("undo")
    }
    // No tour, or one that changed nothing: the recap says so in its one line.
    guard recap.hasTour, !recap.entries.isEmpty else { return show() }
    guard !numbers.isEmpty else { return session.console.emit(session.text("ui.undo.nothingLeft"), .dim) }
    await session.send(.undo(numbers))
  }

  /// `recap`: the list, as it stands now.
  func show() {
    session.console.emit(RecapView(recap: session.state.recap).document(in: session.renderContext))
  }
}
