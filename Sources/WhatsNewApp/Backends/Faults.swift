import Synchronization
import WhatsNewCore

/// An operation QA can fail, delay or hold.
package enum FaultOperation: String, CaseIterable, Sendable, Hashable {
  case read
  case write
  case schedule
  case cancel
  case seenWrite = "seen-write"
  /// Keeping a donated event (``AppEvent``) for rules and the attention budget.
  case eventWrite = "event-write"
  case boot

  /// Whether the operation takes a setting as its target (`read`, `write`).
  package var takesSettingTarget: Bool { self == .read || self == .write }
}

/// What a fault does to the operations it matches.
package enum FaultKind: Sendable, Equatable {
  /// Fail the next `remaining` operations, or every one when `nil`.
  case fail(remaining: Int?)
  /// Wait this long before performing the operation.
  case delay(milliseconds: Int)
  /// Wait until `qa release`.
  case hold
}

/// One fault rule: an operation, an optional target (a setting; `nil` is all) and a kind,
/// written `write:reviewWeekday=fail:2` (``syntax``) on the command line and in `WHATSNEW_FAULTS`.
package struct FaultSpec: Sendable, Equatable, CustomStringConvertible {
  package var operation: FaultOperation
  package var target: String?
  package var kind: FaultKind

  package init(operation: FaultOperation, target: String?, kind: FaultKind) {
    self.operation = operation
    self.target = target
    self.kind = kind
  }

  /// How a fault spec is written, as the command line's help and its usage error say.
  package static let syntax = "op[:target]=fail|fail:N|delay:MS|hold"

  /// Why a fault spec cannot be used: a UI string's key and its arguments, worded by
  /// ``words(_:)`` in the session's language, or in English on the command line.
  package struct ParseError: Error, Sendable, Equatable {
    package var key: String
    package var arguments: [String]
    /// The nearest word to what was typed, said after the arguments as "(did you mean …?)".
    package var suggestion: String?

    init(_ key: String, _ arguments: String..., suggestion: String? = nil) {
      self.key = key
      self.arguments = arguments
      self.suggestion = suggestion
    }

    /// The message, worded by `text` (a key and its arguments): the suggestion, if any, is
    /// the last argument.
    package func words(_ text: (String, [String]) -> String) -> String {
      text(key, arguments + [suggestion.map { text("ui.error.didYouMean", [$0]) } ?? ""])
    }
  }

  /// Parses `op[:target]=fail|fail:N|delay:MS|hold`.
  package static func parse(_ text: String) throws(ParseError) -> FaultSpec {
    let grammar = ParseError("ui.fault.grammar", FaultOperation.allCases.map(\.rawValue).joined(separator: ", "))
    let halves = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
    guard halves.count == 2 else { throw grammar }
    let subject = halves[0].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
    guard let operation = FaultOperation(rawValue: String(subject[0])) else { throw grammar }
    let target = subject.count == 2 ? String(subject[1]) : nil
    try validateTarget(target, for: operation)
    let action = halves[1].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let kind: FaultKind
    switch (action[0], action.count) {
    case ("fail", 1): kind = .fail(remaining: nil)
    case ("fail", 2):
      guard let count = Int(action[1]), count > 0 else { throw ParseError("ui.fault.count") }
      kind = .fail(remaining: count)
    case ("delay", 2):
      guard let milliseconds = Int(action[1]), milliseconds >= 0, milliseconds <= 600_000 else {
        throw ParseError("ui.fault.delay")
      }
      kind = .delay(milliseconds: milliseconds)
    case ("hold", 1): kind = .hold
    default: throw grammar
    }
    return FaultSpec(operation: operation, target: target == "all" ? nil : target, kind: kind)
  }

  /// Checks a target: settings for `read`/`write` (or `all`), none for the rest.
  package static func validateTarget(_ target: String?, for operation: FaultOperation) throws(ParseError) {
    guard let target, target != "all" else { return }
    guard operation.takesSettingTarget else {
      throw ParseError("ui.fault.noTarget", operation.rawValue)
    }
    // Writes that are not a setting's can be targeted too: every target `state` can show.
    let extra = operation == .write ? writeTargets : []
    guard Setting(rawValue: target) != nil || extra.contains(target) else {
      let suggestion = Suggestion.closest(to: target, in: Setting.allCases.map(\.rawValue) + extra)
      let kinds = extra.isEmpty ? "ui.fault.badTarget" : "ui.fault.badWriteTarget"
      throw ParseError(kinds, Quote.quoted(target), suggestion: suggestion)
    }
  }

  /// The write targets that are not settings: the language chosen with `lang`, and the
  /// guidance seen-set (a popover closed, `guidance reset`).
  package static let writeTargets = ["language", "guidance"]

  package var description: String {
    let subject = FaultAttempt(operation: operation, target: target).description
    switch kind {
    case .fail(nil): return subject + "=fail"
    case .fail(let count?): return subject + "=fail:\(count)"
    case .delay(let milliseconds): return subject + "=delay:\(milliseconds)"
    case .hold: return subject + "=hold"
    }
  }
}

/// An operation as it reaches the fault gate: what it is and, for reads and writes, which
/// setting (or `language`) it is for.
package struct FaultAttempt: Sendable, Hashable, Comparable, CustomStringConvertible {
  package var operation: FaultOperation
  package var target: String?

  /// `write:theme`, `schedule`: the subject of a fault spec.
  package var description: String { operation.rawValue + (target.map { ":" + $0 } ?? "") }

  /// In the order ``FaultOperation`` lists operations, then by target.
  package static func < (left: FaultAttempt, right: FaultAttempt) -> Bool {
    let order = FaultOperation.allCases
    let (l, r) = (order.firstIndex(of: left.operation)!, order.firstIndex(of: right.operation)!)
    return l != r ? l < r : (left.target ?? "") < (right.target ?? "")
  }
}

/// A failure injected by QA; the real operation was not performed.
package struct InjectedFault: Error, Sendable, CustomStringConvertible {
  package var operation: FaultOperation
  package var target: String?
  package var description: String {
    "injected failure (\(operation.rawValue)\(target.map { " " + $0 } ?? ""))"
  }
}

/// Identifies one operation in flight.
package typealias OperationID = Int

/// Keeps the list of operations in flight, so `wait`, `state` and scripted mode know
/// when everything that can finish has finished.
package final class OperationTracker: Sendable {
  /// One operation in flight.
  package struct Entry: Sendable, Equatable {
    package var id: OperationID
    package var operation: FaultOperation
    package var target: String?
    /// Held by QA at a gate (`qa hold`), or queued behind an operation that is.
    package var isHeld: Bool
    /// The operation this one waits behind (an earlier write of the same setting).
    package var blockedBy: OperationID?
    /// Slowed by QA (`qa delay`): it will finish, but not soon.
    package var isDelayed = false
    /// Slowed by QA for longer than ``OperationTracker/longDelayMilliseconds``: a script does
    /// not wait for it after a command (it would outlast the way out's wait).
    package var isLongDelayed = false
  }

  /// A QA delay longer than this (the way out's 5 s, ``ExitSaver/timeoutMilliseconds``) is
  /// not waited for after a script's command, nor by its `quit`.
  package static let longDelayMilliseconds = 5000

  /// Someone waiting until `goal` holds.
  struct Waiter {
    var id: Int
    var goal: @Sendable (State) -> Bool
    var continuation: CheckedContinuation<Void, Never>
  }

  struct State {
    var nextID = 1
    var nextWaiterID = 1
    var entries: [OperationID: Entry] = [:]
    var waiters: [Waiter] = []
    /// The store said it waits for another program's lock, and no operation has ended since.
    var storeIsWaitingForLock = false
    /// Everything left is held, directly or behind a held operation: nothing can finish
    /// until QA releases something.
    var isSettled: Bool { entries.values.allSatisfy { isEffectively($0, \.isHeld) } }
    /// Everything left is held, or slowed by a long QA delay (or behind such an operation).
    var isSettledExceptLongDelays: Bool {
      entries.values.allSatisfy { isEffectively($0) { $0.isHeld || $0.isLongDelayed } }
    }
    /// Nothing left will finish soon: everything is held, slowed by QA (or behind such an
    /// operation), or waits while the store waits for another program's lock.
    var isQuiet: Bool {
      storeIsWaitingForLock && !entries.isEmpty
        || entries.values.allSatisfy { isEffectively($0) { $0.isHeld || $0.isDelayed } }
    }

    /// Whether `entry`, or an operation it waits behind, is `stuck`.
    func isEffectively(_ entry: Entry, _ stuck: (Entry) -> Bool) -> Bool {
      var current = entry
      var seen = Set<OperationID>()
      while true {
        if stuck(current) { return true }
        guard let blocker = current.blockedBy, seen.insert(blocker).inserted, let next = entries[blocker] else { return false }
        current = next
      }
    }

    /// Removes and returns the waiters whose goals are now reached.
    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let (satisfied, waiting) = (waiters.filter { $0.goal(self) }, waiters.filter { !$0.goal(self) })
      waiters = waiting
      return satisfied.map(\.continuation)
    }
  }

  let state = Mutex(State())

  package init() {}

  /// Changes the state, then lets go every waiter whose goal the change reached.
  private func changing(_ change: (inout State) -> Void) {
    let waiters = state.withLock { state in
      change(&state)
      return state.takeSatisfiedWaiters()
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Starts tracking an operation.
  /// `blockedBy` names an operation this one must wait for (writes of one setting run in
  /// tap order); while that one is held, so is this.
  package func begin(_ operation: FaultOperation, target: String?, blockedBy: OperationID? = nil) -> OperationID {
    state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      state.entries[id] = Entry(id: id, operation: operation, target: target, isHeld: false, blockedBy: blockedBy)
      return id
    }
  }

  /// Marks an operation as waiting for `qa release` (or not).
  package func setHeld(_ id: OperationID, _ isHeld: Bool) {
    changing { $0.entries[id]?.isHeld = isHeld }
  }

  /// Marks an operation as slowed by QA (`qa delay`) for `milliseconds`, or no longer.
  package func setDelayed(_ id: OperationID, _ isDelayed: Bool, milliseconds: Int = 0) {
    changing { state in
      state.entries[id]?.isDelayed = isDelayed
      state.entries[id]?.isLongDelayed = isDelayed && milliseconds > Self.longDelayMilliseconds
    }
  }

  /// The store waits for another program's lock (``LockWaitSignal``): what is in flight
  /// will not finish soon. Holds until an operation ends (the store raises it again at its
  /// next retry).
  package func noteStoreWaitingForLock() {
    // Already noted: nothing changes, so no waiter is looked at again.
    guard !state.withLock({ $0.storeIsWaitingForLock }) else { return }
    changing { $0.storeIsWaitingForLock = true }
  }

  /// Records which step a multi-step job (a weekday change: write, cancel, schedule) is on.
  package func update(_ id: OperationID, operation: FaultOperation, target: String?) {
    state.withLock { state in
      state.entries[id]?.operation = operation
      state.entries[id]?.target = target
    }
  }

  /// Stops tracking an operation.
  package func end(_ id: OperationID) {
    changing { state in
      state.entries[id] = nil
      state.storeIsWaitingForLock = false
    }
  }

  /// The operations in flight, oldest first; `isHeld` includes those queued behind a held one.
  package var entries: [Entry] {
    state.withLock { state in
      state.entries.values.sorted { $0.id < $1.id }.map { entry in
        var copy = entry
        copy.isHeld = state.isEffectively(entry, \.isHeld)
        return copy
      }
    }
  }

  /// Returns once every operation that is not held has finished.
  nonisolated(nonsending) package func waitUntilSettled() async {
    await wait { $0.isSettled }
  }

  /// Returns once nothing in flight will finish soon (held, slowed by QA, or waiting on another
  /// program's lock): what a prompt waits for, so fast work lands before it, slow work above it.
  nonisolated(nonsending) package func waitUntilQuiet() async {
    await wait { $0.isQuiet }
  }

  /// Returns once everything in flight is held or slowed for longer than
  /// ``longDelayMilliseconds``: what a script waits for after each command. A short delay is
  /// waited for, so the same script prints the same text; a long one is shown as pending.
  nonisolated(nonsending) package func waitUntilSettledExceptLongDelays() async {
    await wait { $0.isSettledExceptLongDelays }
  }

  /// Returns once every operation `includes` picks has finished or is held, or when the task
  /// is cancelled (by a caller racing a deadline).
  nonisolated(nonsending) package func waitUntilSettled(_ includes: @escaping @Sendable (Entry) -> Bool) async {
    await wait { state in state.entries.values.allSatisfy { !includes($0) || state.isEffectively($0, \.isHeld) } }
  }

  /// Returns once `goal` holds (or the task is cancelled).
  nonisolated(nonsending) private func wait(until goal: @escaping @Sendable (State) -> Bool) async {
    // Most commands start nothing in the background: return without suspending at all.
    if state.withLock({ goal($0) }) { return }
    let waiterID = state.withLock { state in
      defer { state.nextWaiterID += 1 }
      return state.nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let settled = state.withLock { state -> Bool in
          if goal(state) || Task.isCancelled { return true }
          state.waiters.append(Waiter(id: waiterID, goal: goal, continuation: continuation))
          return false
        }
        if settled { continuation.resume() }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> CheckedContinuation<Void, Never>? in
        guard let index = state.waiters.firstIndex(where: { $0.id == waiterID }) else { return nil }
        return state.waiters.remove(at: index).continuation
      }
      cancelled?.resume()
    }
  }
}

/// Fails, delays and holds real operations as QA asks. It wraps the real backends:
/// an operation it fails is never performed, so a failed write really writes nothing.
package final class FaultInjector: Sendable {
  private struct HeldOperation {
    var id: OperationID
    var operation: FaultOperation
    var target: String?
    var continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var rules: [FaultSpec] = []
    var held: [HeldOperation] = []
    var attempts: [FaultAttempt: Int] = [:]
  }

  private let state = Mutex(State())
  private let tracker: OperationTracker
  private let clock: any AppClock

  /// An injector with the rules `specs`, written as `--fault` takes them; one that does not
  /// parse is left out (the command line and `qa explore`'s planner write only specs that do).
  package init(tracker: OperationTracker, clock: any AppClock, specs: [String] = []) {
    self.tracker = tracker
    self.clock = clock
    for spec in specs { if let parsed = try? FaultSpec.parse(spec) { add(parsed) } }
  }

  /// The rules in force, in the order they were added.
  package var rules: [FaultSpec] { state.withLock { $0.rules } }

  /// How many operations reached the gate so far, by operation and target: `qa explore`
  /// compares two readings to learn which operations a command performed.
  package var attemptCounts: [FaultAttempt: Int] { state.withLock { $0.attempts } }

  /// Adds a rule. A new rule for the same operation, target and kind replaces the old one.
  package func add(_ spec: FaultSpec) {
    state.withLock { state in
      state.rules.removeAll { $0.operation == spec.operation && $0.target == spec.target && $0.kind.sameKind(as: spec.kind) }
      state.rules.append(spec)
    }
  }

  /// Removes the hold on `operation`/`target` and lets every operation it holds go on.
  /// Returns how many operations were released.
  @discardableResult
  package func release(_ operation: FaultOperation, target: String?) -> Int {
    let released = state.withLock { state -> [HeldOperation] in
      state.rules.removeAll { $0.operation == operation && $0.kind == .hold && (target == nil || $0.target == target) }
      let matching = state.held.filter { $0.operation == operation && (target == nil || $0.target == target) }
      state.held.removeAll { $0.operation == operation && (target == nil || $0.target == target) }
      return matching
    }
    resume(released)
    return released.count
  }

  /// Removes every rule and releases everything held.
  package func clear() {
    let released = state.withLock { state -> [HeldOperation] in
      state.rules = []
      defer { state.held = [] }
      return state.held
    }
    resume(released)
  }

  /// Lets held operations go on. Each stops counting as held at once, before its task runs
  /// again: whoever releases and then waits for the operations to settle (`qa release`,
  /// then the scripted mode's wait) must wait for them, however the tasks are scheduled.
  private func resume(_ released: [HeldOperation]) {
    for held in released {
      tracker.setHeld(held.id, false)
      held.continuation.resume()
    }
  }

  /// Runs the faults that match an operation before it is performed: waits while held,
  /// sleeps while delayed, then throws ``InjectedFault`` when a fail rule matches.
  nonisolated(nonsending) package func gate(_ operation: FaultOperation, target: String?, id: OperationID) async throws {
    tracker.update(id, operation: operation, target: target)
    let matching = state.withLock { state in
      state.attempts[FaultAttempt(operation: operation, target: target), default: 0] += 1
      return state.rules.filter { $0.matches(operation, target) }
    }
    if matching.contains(where: { $0.kind == .hold }) {
      tracker.setHeld(id, true)
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let stillHeld = state.withLock { state -> Bool in
          guard state.rules.contains(where: { $0.matches(operation, target) && $0.kind == .hold }) else { return false }
          state.held.append(HeldOperation(id: id, operation: operation, target: target, continuation: continuation))
          return true
        }
        if !stillHeld { continuation.resume() }
      }
      tracker.setHeld(id, false)
    }
    for case .delay(let milliseconds) in matching.map(\.kind) {
      tracker.setDelayed(id, true, milliseconds: milliseconds)
      defer { tracker.setDelayed(id, false) }
      try await clock.sleep(milliseconds: milliseconds)
    }
    let fails = state.withLock { state -> Bool in
      let isFail = { (rule: FaultSpec) in rule.matches(operation, target) && rule.kind.sameKind(as: .fail(remaining: nil)) }
      guard let index = state.rules.firstIndex(where: isFail) else { return false }
      if case .fail(let remaining?) = state.rules[index].kind {
        if remaining <= 1 {
          state.rules.remove(at: index)
        } else {
          state.rules[index].kind = .fail(remaining: remaining - 1)
        }
      }
      return true
    }
    if fails { throw InjectedFault(operation: operation, target: target) }
  }
}

extension FaultSpec {
  fileprivate func matches(_ operation: FaultOperation, _ target: String?) -> Bool {
    self.operation == operation && (self.target == nil || self.target == target)
  }
}

extension FaultKind {
  fileprivate func sameKind(as other: FaultKind) -> Bool {
    switch (self, other) {
    case (.fail, .fail), (.delay, .delay), (.hold, .hold): true
    default: false
    }
  }
}
