/// The state machine behind every choice control: the tour's choice blocks, the
/// onboarding wizard and the settings screens.
///
/// It decides what a control shows while reads and writes overlap, and never performs
/// them: each transition returns the work to do (a ``ChoiceMachine/ReadTicket`` or a
/// ``ChoiceMachine/WriteTicket``) and the caller reports the result back.
///
/// The rules, from "Choices that don't lie":
/// - Opening a page reads each setting; until the read returns the control is loading.
/// - A tap shows the new value at once and asks for a write; writes to one setting are
///   performed by the caller in tap order.
/// - A failed write puts the control back on the last confirmed value with an error,
///   unless a newer tap on the same setting came after it: then the newer intent stands.
/// - Each setting has a revision (bumped by every tap) and each opened page a
///   generation; a read result is discarded when either moved since the read began.
/// - A choice never touched writes nothing; choosing the confirmed value writes nothing.
///
/// ```swift
/// var machine = ChoiceMachine()
/// let reads = machine.openPage([.workoutView])
/// let write = machine.tap(.workoutView, "inline")      // shown at once
/// machine.readFinished(reads[0], result: .success("guided"))  // stale: discarded
/// machine.writeFinished(write!, outcome: .saved)
/// machine.state(of: .workoutView).shown                // "inline"
/// ```
package struct ChoiceMachine: Sendable, Equatable {
  /// What one control knows and shows.
  package struct ControlState: Sendable, Equatable {
    /// The value last confirmed by the backend (read or written), if any.
    package var confirmed: String?
    /// The value the control shows; `nil` while nothing is known.
    package var shown: String?
    /// A read is in flight and nothing better is known yet.
    package var isLoading: Bool = false
    /// Writes asked for and not yet finished.
    package var pendingWrites: Int = 0
    /// The error shown on the control, if its last write or read failed.
    package var error: ChoiceError?
    /// Bumped by every tap; read results from an older revision are discarded.
    package var revision: Int = 0

    package init() {}

    /// Whether the control is neither loading nor waiting for a write.
    package var isSettled: Bool { !isLoading && pendingWrites == 0 }
  }

  /// Why a control shows an error.
  package enum ChoiceError: Sendable, Equatable {
    /// The initial read failed; the control shows no value.
    case readFailed(reason: String)
    /// A write failed and the control went back to `restored`.
    case writeFailed(reason: String, restored: String?)
    /// A write was saved but moving its reminder failed: what failed, what was put back,
    /// and what the store and the schedule hold now.
    case reminderFailed(ReminderFailure)
  }

  /// A read the caller must perform, then report with ``readFinished(_:result:)``.
  package struct ReadTicket: Sendable, Hashable {
    package let setting: Setting
    package let generation: Int
    package let revision: Int
  }

  /// A write the caller must perform after every earlier write of the same setting,
  /// then report with ``writeFinished(_:outcome:)``.
  package struct WriteTicket: Sendable, Hashable {
    package let setting: Setting
    package let value: String
    package let revision: Int
    package let sequence: Int
  }

  /// How a write ended.
  package enum WriteOutcome: Sendable, Equatable {
    case saved
    /// The write failed and stored nothing.
    case failed(reason: String)
    /// The write was saved, but moving the reminder failed; the old value was written
    /// back, or that failed too (``ReminderFailure/stored`` says what the store holds).
    case reminderFailed(ReminderFailure)
    /// A conditional write (`undo`) found `current` stored, not the value it expected, and
    /// wrote nothing: the control shows what is stored.
    case changedSince(current: String)
  }

  /// The generation of the page currently open; bumped by every open and leave.
  package private(set) var generation: Int = 0
  private var controls: [Setting: ControlState] = [:]
  private var nextSequence = 0

  /// The state of one control (a fresh state for a setting never seen).
  package func state(of setting: Setting) -> ControlState { controls[setting] ?? ControlState() }

  /// Every setting's control state, for the views and the consistency check.
  package var states: [Setting: ControlState] {
    Dictionary(uniqueKeysWithValues: Setting.allCases.map { ($0, state(of: $0)) })
  }

  /// Opens a page showing `settings`: a new generation, and a read for each setting
  /// that has no write in flight (a pending write already shows the user's intent).
  package mutating func openPage(_ settings: [Setting]) -> [ReadTicket] {
    // Whatever the previous page was still reading is stale now (found by the property
    // test: a control left off the new page otherwise stayed "loading" for ever).
    leavePage()
    var tickets: [ReadTicket] = []
    var seen = Set<Setting>()
    for setting in settings where seen.insert(setting).inserted {
      var control = state(of: setting)
      if control.pendingWrites == 0 {
        control.isLoading = true
        if case .readFailed = control.error { control.error = nil }
        tickets.append(ReadTicket(setting: setting, generation: generation, revision: control.revision))
      }
      controls[setting] = control
    }
    return tickets
  }

  /// Leaves the current page: every read still in flight becomes stale.
  package mutating func leavePage() {
    generation += 1
    for (setting, var control) in controls where control.isLoading {
      control.isLoading = false
      controls[setting] = control
    }
  }

  /// Reports a read. Returns whether the result was applied (`false`: it was stale).
  @discardableResult
  package mutating func readFinished(_ ticket: ReadTicket, result: Result<String, BackendFailure>) -> Bool {
    var control = state(of: ticket.setting)
    guard ticket.generation == generation, ticket.revision == control.revision, control.pendingWrites == 0 else {
      return false
    }
    control.isLoading = false
    switch result {
    case .success(let value):
      control.confirmed = value
      control.shown = value
      control.error = nil
    case .failure(let failure):
      control.error = .readFailed(reason: failure.text)
    }
    controls[ticket.setting] = control
    return true
  }

  /// A user picks `value`. Shows it at once; returns the write to perform, or `nil`
  /// when there is nothing to write (the value is already confirmed and nothing is pending).
  package mutating func tap(_ setting: Setting, _ value: String) -> WriteTicket? {
    var control = state(of: setting)
    let writes = control.pendingWrites > 0 || control.confirmed != value
    control.shown = value
    control.isLoading = false
    control.error = nil
    if writes {
      control.revision += 1
      control.pendingWrites += 1
    }
    controls[setting] = control
    guard writes else { return nil }
    nextSequence += 1
    return WriteTicket(setting: setting, value: value, revision: control.revision, sequence: nextSequence)
  }

  /// Reports a write. Writes of one setting must be reported in the order they were asked for.
  package mutating func writeFinished(_ ticket: WriteTicket, outcome: WriteOutcome) {
    var control = state(of: ticket.setting)
    control.pendingWrites = max(0, control.pendingWrites - 1)
    let isNewestIntent = ticket.revision == control.revision
    switch outcome {
    case .saved:
      control.confirmed = ticket.value
      if isNewestIntent { control.error = nil }
    case .failed(let reason):
      if isNewestIntent {
        control.shown = control.confirmed
        control.error = .writeFailed(reason: reason, restored: control.confirmed)
      }
    case .reminderFailed(let failure):
      control.confirmed = failure.stored
      if isNewestIntent {
        control.shown = failure.stored
        control.error = .reminderFailed(failure)
      }
    case .changedSince(let current):
      control.confirmed = current
      if isNewestIntent {
        control.shown = current
        control.error = nil
      }
    }
    controls[ticket.setting] = control
  }

  /// Records a value learnt outside a page open (a settings command reading the store
  /// before it writes). Ignored while the control is loading or has writes in flight.
  package mutating func learn(_ setting: Setting, confirmed value: String) {
    var control = state(of: setting)
    guard !control.isLoading, control.pendingWrites == 0 else { return }
    control.confirmed = value
    control.shown = value
    controls[setting] = control
  }

  /// Forgets what is known about settings that have nothing in flight, so the next open
  /// reads them afresh (after a restore replaced the stored values, say).
  package mutating func forgetSettledValues() {
    generation += 1
    for (setting, control) in controls where control.pendingWrites == 0 {
      var fresh = ControlState()
      fresh.revision = control.revision + 1
      controls[setting] = fresh
    }
  }
}

/// Why a read or a write of the store failed, in the backend's words (an `Error` is not
/// `Equatable`).
package struct BackendFailure: Error, Sendable, Equatable {
  package var text: String
  package init(_ text: String) { self.text = text }
}

/// How moving the weekly review reminder failed after the review weekday was saved, and
/// what the compensating steps (``WeekdayChangePlan``'s) left behind: the facts a message must state.
package struct ReminderFailure: Sendable, Equatable {
  /// The reminder step that failed.
  package enum Step: String, Sendable, Equatable {
    /// Cancelling the old reminder: it was never removed.
    case cancel
    /// Scheduling the new one: the old one had been cancelled.
    case schedule
  }

  package var step: Step
  package var reason: String
  /// The weekday the write saved.
  package var saved: String
  /// The weekday the write replaced.
  package var previous: String
  /// The weekday of the reminder the write replaced, if one was scheduled.
  package var previousReminder: String?
  /// Why writing the old weekday back failed; `nil` when it was written back.
  package var settingRestoreFailure: String?
  /// Why scheduling the old reminder again failed; `nil` when it was, or was not needed.
  package var reminderRestoreFailure: String?
  /// What the store holds now, if known.
  package var stored: String?

  /// The weekday a reminder is set for now, or `nil` for none: the old one when it was never
  /// cancelled or was scheduled again, none when it was cancelled and not put back.
  package var reminderNow: String? {
    switch step {
    case .cancel: return previousReminder
    case .schedule:
      guard settingRestoreFailure == nil, reminderRestoreFailure == nil else { return nil }
      return previousReminder
    }
  }

  /// Whether store and schedule are left apart (no reminder, or one for another weekday than
  /// the store's): the app says the next start brings them together.
  package var leavesScheduleApart: Bool { reminderNow == nil || reminderNow != stored }
}
