import WhatsNewCore

/// What `check` says, from what it found: values in, lines and a verdict out.
///
/// `check` never says "consistent" while anything is in flight: it lists each operation
/// (`write theme (held)`, `schedule (pending)`), still reports disagreements among the
/// settled controls, and says what would let the rest finish. Before a boot it names what
/// the boot is waiting for; after a failed boot it names the failure and what to do.
package struct CheckReport: Sendable, Equatable {
  /// What `check` could compare.
  package enum Finding: Sendable, Equatable {
    /// The boot step failed with this reason: nothing to compare this runner.
    case bootFailed(String)
    /// The boot step has not finished; `held` when QA holds it.
    case booting(held: Bool)
    /// The store could not be read.
    case storeUnreadable(String)
    /// Screen, store and schedule compared, with these operations still in flight.
    case compared([ConsistencyCheck.Problem], inFlight: [OperationTracker.Entry])
  }

  /// How a check ended, for a script's exit status.
  package enum Verdict: Sendable, Equatable {
    /// Screen, store and schedule agree and nothing is in flight.
    case consistent
    /// A disagreement was found.
    case disagreement
    /// Nothing disagrees, but agreement cannot be vouched for: operations in flight, no
    /// boot, an unreadable store.
    case unsettled
  }

  package var finding: Finding
  /// The disagreements among those found that a failed repair left, as the app said when it
  /// happened (``ConsistencyCheck/reported(_:leftApart:)``): the next start mends them.
  package var leftForNextStart: [ConsistencyCheck.Problem] = []

  package var verdict: Verdict {
    switch finding {
    case .bootFailed, .booting, .storeUnreadable: .unsettled
    case .compared(let problems, let inFlight):
      !problems.isEmpty ? .disagreement : inFlight.isEmpty ? .consistent : .unsettled
    }
  }

  /// The lines, worded in `context`.
  package func lines(in context: RenderContext) -> [Line] {
    switch finding {
    case .bootFailed(let reason):
      return [Line(context.text("ui.boot.unavailable", reason), .error, hangingIndent: 2)]
    case .booting(let held):
      return [Line(context.text(held ? "ui.boot.held" : "ui.boot.notReady"), .warning, hangingIndent: 2)]
    case .storeUnreadable(let reason):
      return [Line(context.text("ui.check.storeUnreadable", reason), .error, hangingIndent: 2)]
    case .compared(let problems, let inFlight):
      var lines = problems.map { Line(Self.describe($0, in: context), .error, hangingIndent: 2) }
      if !leftForNextStart.isEmpty {
        lines.append(Line(context.text("ui.check.leftForNextStart"), .dim, hangingIndent: 2))
      }
      if inFlight.isEmpty {
        if problems.isEmpty { lines.append(Line(context.text("ui.check.consistent"), .success)) }
        // A screen that differs from the store is read again by `show` (another program's change, say).
        if problems.contains(where: { if case .screenDiffers = $0 { true } else { false } }) {
          lines.append(Line(context.text("ui.check.reloadHint"), .dim, hangingIndent: 2))
        }
        return lines
      }
      let listed = inFlight.map { entry in
        context.text(entry.isHeld ? "ui.check.held" : "ui.check.pending", Self.name(of: entry))
      }
      lines.append(Line(context.text("ui.check.inFlight", listed.joined(separator: ", ")), .warning, hangingIndent: 2))
      if problems.isEmpty { lines.append(Line(context.text("ui.check.settledAgree"), .dim, hangingIndent: 2)) }
      // What lets the rest finish: releasing what QA holds, else waiting.
      let release = inFlight.first(where: \.isHeld).map { context.text("ui.check.releaseHint", Self.subject(of: $0)) }
      lines.append(Line(release ?? context.text("ui.check.waitHint"), .dim, hangingIndent: 2))
      return lines
    }
  }

  /// A disagreement in words: settings and values by their names in commands.
  static func describe(_ problem: ConsistencyCheck.Problem, in context: RenderContext) -> String {
    switch problem {
    case .screenDiffers(let setting, let shown, let stored):
      context.text("ui.check.screenDiffers", setting.rawValue, shown, stored)
    case .scheduleDiffers(let stored, let scheduled):
      context.text("ui.check.scheduleDiffers", Setting.reviewWeekday.rawValue, stored, scheduled)
    case .notScheduled(let stored):
      context.text("ui.check.notScheduled", Setting.reviewWeekday.rawValue, stored)
    case .noNextDate(let weekday, let clock):
      context.text("ui.check.noNextDate", Setting.reviewWeekday.rawValue, weekday, clock)
    }
  }

  /// An operation in words: `write theme`, `seen-write`.
  package static func name(of entry: OperationTracker.Entry) -> String {
    entry.operation.rawValue + (entry.target.map { " " + $0 } ?? "")
  }

  /// An operation as `qa release` and `qa faults` write it: `write:theme`, `schedule`.
  /// A target that is not a setting (`language`) is left out: `qa release write` reaches it.
  package static func subject(of entry: OperationTracker.Entry) -> String {
    guard let target = entry.target, Setting(rawValue: target) != nil else { return entry.operation.rawValue }
    return entry.operation.rawValue + ":" + target
  }
}
