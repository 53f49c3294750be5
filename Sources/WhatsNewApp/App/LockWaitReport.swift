import Glibc
import Synchronization
import WhatsNewStore

/// What a person sees on stderr while start-up waits for another program's lock on the
/// store: one line saying so at once, then, at a terminal, a countdown on the line below
/// (a script's log gets the first line only).
final class LockWaitReport: Sendable {
  private let seconds: Int
  private let path: String
  private let isTerminal = isatty(2) == 1
  private let counting = Mutex(false)

  /// The report for `--lock-wait <seconds>` on the store at `path`.
  init(seconds: Int, path: String) {
    self.seconds = seconds
    self.path = path
  }

  /// The wait to open the store with.
  var lockWait: LockWait {
    LockWait(seconds: seconds) { [self] left in waiting(secondsLeft: left) }
  }

  /// Ends the countdown's line if the lock cleared mid-countdown; call once the store opened
  /// or failed to.
  func finish() {
    if counting.withLock({ $0 }) { StandardStream.error("\n") }
  }

  private func waiting(secondsLeft left: Int) {
    if left == seconds {
      WhatsNewCommand.report(
        "the settings store \(path) is in use by another program (another whatsnew, or sqlite3); waiting up to "
          + "\(seconds) s (--lock-wait)…")
    }
    guard isTerminal else { return }
    // Carriage return and erase-line: the countdown rewrites its own line.
    StandardStream.error("\r\u{1B}[2Kwhatsnew: \(left) s left…" + (left == 1 ? "\n" : ""))
    counting.withLock { $0 = left != 1 }
  }
}
