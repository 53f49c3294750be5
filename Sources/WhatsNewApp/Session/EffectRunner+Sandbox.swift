import WhatsNewCore
import WhatsNewStore

/// `debug preview` runs in a sandbox: a private in-memory copy of the store (SQLite's online
/// backup API), behind the same faults and tracker, so a choice made in a preview behaves as
/// in the tour (optimistic, rolled back on failure) but never reaches the real settings or
/// schedule. Closing the preview brings the real store back, and the screens show what
/// they showed before it.
extension EffectRunner {
  /// Whether a preview's sandbox is in force.
  package var isInSandbox: Bool { sandbox != nil }

  /// Switches to a private copy of the store; returns whether it could be made (a failure
  /// is said, and nothing changes). Already in a sandbox (a preview over a preview), the
  /// same copy goes on.
  func enterSandbox() async -> Bool {
    if sandbox != nil { return true }
    let real = backends
    do {
      let copy = try await real.store.sandboxCopy()
      sandbox = (real, state.storeFacts)
      backends = real.over(copy, faults: real.faults, tracker: real.tracker, clock: real.clock)
      await send(.sandboxEntered)
      return true
    } catch {
      console.emit(text("ui.debug.sandboxFailed", String(describing: error)), .error)
      return false
    }
  }

  /// The real store again: what the preview wrote is dropped with its copy (the rules forgot
  /// what its controls showed: ``AppEffect/leaveSandbox``).
  func leaveSandbox() async {
    guard let sandbox else { return }
    backends = sandbox.real
    self.sandbox = nil
    await send(.factsRead(.all(sandbox.facts)))
  }
}
