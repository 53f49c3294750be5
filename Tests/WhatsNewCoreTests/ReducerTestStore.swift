import Testing
import WhatsNewCore

/// The app's rules driven the way reducer test stores drive them: `send` an action and say how
/// the state must change; `receive` each effect it asked for, in order. Whatever changed that
/// the test did not say, and whatever effect it did not receive, fails the test.
///
/// ```swift
/// var store = ReducerTestStore(home())
/// store.send(.command("next", [])) { $0.tours = … }
/// store.receive(.say(.refused("next")))
/// store.finish()
/// ```
struct ReducerTestStore {
  private(set) var state: AppState
  /// The effects asked for and not received yet, oldest first.
  private(set) var pending: [AppEffect] = []

  init(_ state: AppState) { self.state = state }

  /// Sends `action`; `update` changes the state as the rules must (nothing, when left out).
  /// The effects left from the action before must all have been received.
  mutating func send(
    _ action: AppAction, sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout AppState) -> Void = { _ in }
  ) {
    #expect(pending.isEmpty, "effects not received before \(action): \(pending)", sourceLocation: sourceLocation)
    var expected = state
    update(&expected)
    pending = reduce(&state, action)
    #expect(state == expected, "the state after \(action) is not the one described", sourceLocation: sourceLocation)
  }

  /// Takes the next effect the last action asked for, which must be `effect`.
  mutating func receive(_ effect: AppEffect, sourceLocation: SourceLocation = #_sourceLocation) {
    guard !pending.isEmpty else {
      Issue.record("expected \(effect), but no effect is left", sourceLocation: sourceLocation)
      return
    }
    #expect(pending.removeFirst() == effect, sourceLocation: sourceLocation)
  }

  /// Takes the next effect, which must match `matches` (an effect whose ticket is the machine's
  /// business: a read, a write).
  mutating func receive(
    sourceLocation: SourceLocation = #_sourceLocation, where matches: (AppEffect) -> Bool
  ) {
    guard !pending.isEmpty else {
      Issue.record("expected an effect, but none is left", sourceLocation: sourceLocation)
      return
    }
    #expect(matches(pending.removeFirst()), sourceLocation: sourceLocation)
  }

  /// Every effect asked for was received.
  func finish(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(pending.isEmpty, "effects not received: \(pending)", sourceLocation: sourceLocation)
  }
}
