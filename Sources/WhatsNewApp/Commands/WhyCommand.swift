import WhatsNewCore

/// `why tour [--json]`: why the what's-new tour shows or not now, and what this start decided
/// (``Explanation``): every gate and rule with its value, the deciding one marked. The store
/// is read as the check reads it, and the person's window of releases as the check reads it.
@MainActor
struct WhyCommand: Sendable {
  let runner: EffectRunner

  /// Runs `why` with `arguments`.
  func run(_ arguments: [String]) async {
    let words = arguments.map { $0.lowercased() }
    guard words.filter({ $0 != "--json" }) == ["tour"] else { return runner.messages.usage("why") }
    let now = await tourNow()
    let atStart = runner.state.startDecision
    if words.contains("--json") {
      guard case .object(var members) = now.json else { return }
      members.append(("atStart", atStart?.json ?? .null))
      return runner.console.emitVerbatim(JSONValue.object(members).serialized())
    }
    runner.console.emit(WhyView(now: now, atStart: atStart).document(in: runner.renderContext))
  }

  /// Why the tour shows or not now: the store read as the check reads it (a failed read is
  /// stale), and how many pages the person's window holds.
  func tourNow() async -> Explanation {
    var facts: WhatsNewCheck.Facts
    do {
      facts = WhatsNewCheck.Facts(try await runner.snapshot())
    } catch {
      facts = WhatsNewCheck.Facts(seenThrough: nil, failure: "\(error)")
    }
    let window = runner.catalog.window(seenThrough: facts.seenThrough, current: runner.appVersion)
    let pages = TourSelection(window: window, seenThrough: facts.seenThrough, current: runner.appVersion).pages.count
    return .tour(runner.state, facts: facts, pages: pages)
  }
}
