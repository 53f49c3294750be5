/// How far a long `qa explore` has got, said at a terminal once it has taken a while: the runs
/// so far, every couple of seconds, so the prompt never goes quiet for long (`--pairs` and
/// `--navigation` take many seconds). Scripts are told nothing: their output stays the same.
///
/// ```swift
/// let progress = ExplorationProgress { runs, elapsed in console.emit("… \(runs) runs so far") }
/// progress.ran(120)   // said only once ``interval`` has passed since the start, or since the last
/// ```
@MainActor
package final class ExplorationProgress {
  /// Nothing is said sooner than this after the start, nor more often.
  static let interval = Duration.seconds(2)

  private let now: () -> ContinuousClock.Instant
  private let say: (_ runs: Int, _ elapsed: Duration) -> Void
  private let started: ContinuousClock.Instant
  private var lastSaid: ContinuousClock.Instant

  /// `say` is given the runs so far and the time since the start; `now` is the clock (tests pass their own).
  package init(now: @escaping () -> ContinuousClock.Instant = { .now }, say: @escaping (_ runs: Int, _ elapsed: Duration) -> Void)
  {
    self.now = now
    self.say = say
    started = now()
    lastSaid = started
  }

  /// `runs` runs are done: says so when ``interval`` has passed since it last spoke (or began).
  func ran(_ runs: Int) {
    let instant = now()
    guard instant - lastSaid >= Self.interval else { return }
    lastSaid = instant
    say(runs, instant - started)
  }
}
