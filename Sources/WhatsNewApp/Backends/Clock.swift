package import Foundation
import Synchronization

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

/// The session's clock and time zone, as every reader of the time sees them: the real clock
/// (or a test's) moved by `qa clock` (``move(to:zone:)``), and the user's zone or the one
/// `qa clock set` named. Sleeps are the real clock's: a move never shortens a delay.
package final class SessionClock: AppClock {
  /// The clock it moves, and the zone it starts in.
  package let base: any AppClock
  package let baseZone: TimeZone
  /// How far it is moved, to which zone, and how many moves (a view worded before one is drawn again).
  private let moved = Mutex((offset: TimeInterval(0), zone: TimeZone?.none, count: 0))

  package init(_ base: any AppClock, timeZone: TimeZone) {
    self.base = base
    baseZone = timeZone
  }

  package func now() -> Date { base.now() + offset }
  /// How far the session's clock is from the clock it moves, in seconds.
  package var offset: TimeInterval { moved.withLock { $0.offset } }
  /// The session's time zone.
  package var timeZone: TimeZone { moved.withLock { $0.zone } ?? baseZone }
  /// How many times it was moved or reset.
  package var moves: Int { moved.withLock { $0.count } }

  /// Moves the session's clock to `instant`, and to `zone` when given.
  package func move(to instant: Date, zone: TimeZone? = nil) {
    let offset = instant.timeIntervalSince(base.now())
    moved.withLock { $0 = (offset, zone ?? $0.zone, $0.count + 1) }
  }

  /// Back to the clock it moves and the zone it started in.
  package func reset() { moved.withLock { $0 = (0, nil, $0.count + 1) } }

  package func sleep(milliseconds: Int) async throws { try await base.sleep(milliseconds: milliseconds) }
}
