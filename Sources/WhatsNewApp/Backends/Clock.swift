public import WhatsNewCore
import WhatsNewSystem

/// The app's clock: the time of day for the notification schedule, and sleeping for
/// injected delays. Tests pass a manual clock (TestSupport's `TestClock`); nothing else reads the time.
public protocol AppClock: Sendable {
  /// The current instant, in whole seconds.
  func now() -> Timestamp
  /// Waits `milliseconds` (cancellable).
  func sleep(milliseconds: Int) async throws
}

/// The real clock: the system's wall clock (`CLOCK_REALTIME`), truncated to the second.
public struct SystemClock: AppClock {
  public init() {}
  public func now() -> Timestamp { Timestamp(secondsSince1970: WallClock.now().seconds) }
  public func sleep(milliseconds: Int) async throws {
    try await Task.sleep(for: .milliseconds(milliseconds))
  }
}
