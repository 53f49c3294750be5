import WhatsNewCore
import WhatsNewStore

/// The rules each step of a choice exploration's run keeps, judged once the step settled
/// (issue 22: "never moves back" alone let a tour that recorded itself when it opened, and a
/// skip that recorded nothing, pass every run):
/// - only Done, Skip and Close move the seen-through record (or the start, when there is
///   nothing to show), and never back (``NavigationWalk/badMove(from:to:by:session:)``); a
///   dismissal whose write is held moves it when the write lands, steps later;
/// - a Done, Skip or Close that ended the tour recorded it, once its write settled;
/// - after every step where nothing is left in flight, screen, store, schedule and the
///   screens' reminder agree: a weekday whose reminder failed to move is never left marked as
///   saved, even where a later line would cover it up. A step that ends mid-flight is not
///   compared (a weekday change has cancelled the old reminder and not yet scheduled the new
///   one; a shortened script that lost its release does not count as failing), nor a session
///   that never booted (as `check`: it has nothing on screen to compare).
@MainActor
struct StepRules {
  /// A Done, Skip or Close run while the tour showed, whose outcome is not settled yet: the
  /// step that ran it (in words) and the record before it.
  private var pendingDismissal: (step: String, before: SeenThroughRecord)?

  /// What the step broke: `line` is the script's line `number` (from 1), `nil` for the start;
  /// `before` the record before it and `after` the record now (the runner reads it once for
  /// the step), and `tourWasShowing` whether the what's-new tour was on top.
  mutating func judge(
    line: String?, number: Int, before: SeenThroughRecord, after: SeenThroughRecord, tourWasShowing: Bool,
    session: Session, store: SettingsStore
  ) async throws -> [String] {
    // The step in words only where a problem names it: most steps break nothing (the bench
    // row "qa explore, single faults: runs per second").
    func words() -> String {
      line.map { session.runner.text("ui.explore.step.line", String(number), $0) } ?? session.runner.text("ui.explore.step.start")
    }
    if tourWasShowing && CommandTable.traits(ofLine: line ?? "").contains(.endsTour) && pendingDismissal == nil {
      pendingDismissal = (words(), before)
    }
    // The rule reads the command that moved the record (a pending dismissal's, when one is
    // in flight); the problem names the step.
    let mover = pendingDismissal == nil ? line ?? "" : "done"
    if let moved = NavigationWalk.badMove(from: before, to: after, by: mover, session: session, step: words) {
      return [moved.words(in: session.runner)]
    }
    guard session.runner.backends.tracker.entries.isEmpty else { return [] }
    if let dismissal = pendingDismissal {
      pendingDismissal = nil
      // A record that already covers the app's version leaves a dismissal nothing to move.
      let covered = after.version.map { $0 >= session.runner.appVersion } ?? false
      if session.state.showingTour == nil, after == dismissal.before, !covered {
        let stayed = after.version?.description ?? session.runner.text("ui.explore.problem.none")
        return [session.runner.text("ui.explore.problem.dismissNoRecord", dismissal.step, stayed)]
      }
    }
    guard session.state.isBooted else { return [] }
    let disagreements = try await ExplorationRunner.disagreements(session.state, in: session.runner.renderContext, store: store)
    guard !disagreements.isEmpty else { return [] }
    let step = words()
    return disagreements.map { session.runner.text("ui.explore.afterStep", step, $0) }
  }
}
