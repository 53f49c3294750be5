import CSQLite
import Synchronization

/// Tells a listener, each time SQLite's busy handler runs, that the store is waiting for
/// another connection's lock: the app's prompt waits for the store's work itself, and a
/// store that is waiting on another program is work that will not finish soon.
package final class LockWaitSignal: Sendable {
  private let listener = Mutex<(@Sendable () -> Void)?>(nil)

  /// Calls `body` (on the store's thread) whenever the store waits for a lock; replaces
  /// any listener before it.
  package func listen(_ body: @escaping @Sendable () -> Void) {
    listener.withLock { $0 = body }
  }

  func raise() {
    listener.withLock { $0 }?()
  }
}

/// The busy handler of one connection: SQLite's own busy timeout (the same back-off
/// steps), plus a ``LockWaitSignal`` raised at each retry. Hand-written because
/// `sqlite3_busy_timeout` is a busy handler of its own and cannot tell anyone it is waiting.
final class BusyWait {
  /// How long one statement waits in all before failing with `SQLITE_BUSY`.
  var timeoutMilliseconds = SQLiteConnection.defaultBusyTimeout
  let signal = LockWaitSignal()
  private var waitedMilliseconds: Int32 = 0
  /// SQLite's own back-off (`sqliteDefaultBusyCallback`), in milliseconds.
  private static let delays: [Int32] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]

  /// One call of the busy handler: whether to try again.
  func retry(count: Int32) -> Bool {
    if count == 0 { waitedMilliseconds = 0 }
    guard waitedMilliseconds < timeoutMilliseconds else { return false }
    signal.raise()
    let step = min(Self.delays[min(Int(count), Self.delays.count - 1)], timeoutMilliseconds - waitedMilliseconds)
    sqlite3_sleep(step)
    waitedMilliseconds += step
    return true
  }

  /// Installs this handler on `handle`; the caller keeps `self` alive as long as the handle.
  func install(on handle: OpaquePointer) {
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_busy_handler(
      handle,
      { context, count in
        guard let context else { return 0 }
        return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().retry(count: count) ? 1 : 0
      }, context)
  }
}
