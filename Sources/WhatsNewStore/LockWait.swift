/// How opening a store waits while another process holds its lock.
package struct LockWait: Sendable {
  /// The longest wait, in whole seconds; 0 waits only SQLite's busy timeout, silently.
  package var seconds: Int
  /// Told the seconds left, at once when the store is found locked and then once a second.
  package var onWaiting: @Sendable (_ secondsLeft: Int) -> Void

  package init(seconds: Int, onWaiting: @escaping @Sendable (_ secondsLeft: Int) -> Void) {
    self.seconds = seconds
    self.onWaiting = onWaiting
  }

  /// No wait of its own: a locked store fails after SQLite's busy timeout.
  package static let none = LockWait(seconds: 0) { _ in }
}
