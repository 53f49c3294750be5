import Synchronization

/// Redraws the view when the terminal is resized: asked from the line editor's reading thread,
/// drawn on the main actor; a burst of resizes while one redraw waits to run makes no more.
final class ResizeRedraw: Sendable {
  /// Draws the view again at the terminal's new size (live: ``Session/redrawAfterResize()``).
  private let redraw: @MainActor @Sendable () -> Void
  private let isScheduled = Mutex(false)

  init(redraw: @escaping @MainActor @Sendable () -> Void) { self.redraw = redraw }

  /// Schedules a redraw unless one is already waiting. Any thread; returns at once.
  func request() {
    let alreadyScheduled = isScheduled.withLock { scheduled in
      defer { scheduled = true }
      return scheduled
    }
    guard !alreadyScheduled else { return }
    Task { @MainActor in
      self.isScheduled.withLock { $0 = false }
      self.redraw()
    }
  }
}
