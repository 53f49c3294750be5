package import Foundation

/// The app's clock: the time of day for the notification schedule, and sleeping for
/// injected delays. Tests pass a manual clock (TestSupport's `TestClock`); nothing else reads the time.
package protocol AppClock: Sendable {
  /// The current instant.
  func now() -> Date
  /// Waits `milliseconds` (cancellable).
  func sleep(milliseconds: Int) async throws
}

/// The real clock: the system's wall clock.
package struct SystemClock: AppClock {
  package init() {}
  package func now() -> Date { Date() }
  package func sleep(milliseconds: Int) async throws {
    try await Task.sleep(for: .milliseconds(milliseconds))
  }
}
