import Glibc

/// Starts a detached POSIX thread for blocking work that must not hold up the Swift
/// concurrency pool (a line editor waiting for a key).
///
/// ```swift
/// DetachedThread.start(stackSize: 1 << 20) { _ = readLine() }
/// ```
public enum DetachedThread {
  private final class Work {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// Runs `body` on a new detached thread with a stack of `stackSize` bytes. Returns
  /// `false` when no thread could be started (then `body` never runs).
  @discardableResult
  public static func start(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN)))
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    let context = Unmanaged.passRetained(Work(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { context in
        let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
        work.body()
        return nil
      }, context)
    if started != 0 {
      Unmanaged<Work>.fromOpaque(context).release()
      return false
    }
    return true
  }
}
