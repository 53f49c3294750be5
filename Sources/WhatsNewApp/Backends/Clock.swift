public import Foundation

/// The app's clock: the time of day for the notification schedule, and sleeping for
/// injected delays. Tests pass a manual clock (TestSupport's `TestClock`); nothing else reads the time.
public protocol AppClock: Sendable {
  /// The current instant.
  func now() -> Date
  /// Waits `milliseconds` (cancellable).
  func sleep(milliseconds: Int) async throws
}

/// The real clock: the system's wall clock.
public struct SystemClock: AppClock {
  public init() {}
  public func now() -> Date { Date() }
  public func sleep(milliseconds: Int) async throws {
    try await Task.sleep(for: .milliseconds(milliseconds))
  }
}
