import Dispatch

/// Where a ``SettingsStore`` runs its SQLite work: the interactive app on the store's own
/// queue (a tap never waits for SQLite), a scripted run, which waits after every command
/// anyway, on the main actor's executor (no thread switches).
package enum StorePlacement: Sendable {
  /// On a serial queue of the store's own. Callers on other actors never wait for a
  /// statement, not even one waiting out another process's lock (up to the busy timeout).
  case ownQueue
  /// On another actor's serial executor, such as the main actor's. A call from that actor
  /// runs at once on the same thread, with no hop to another thread and back; the caller
  /// waits for each statement, so this suits callers that would wait anyway.
  case sharing(UnownedSerialExecutor)
}

/// A serial executor on a dispatch queue of its own: the store's ``StorePlacement/ownQueue``.
final class QueueExecutor: SerialExecutor {
  private let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}
