import Testing

@testable import WhatsNewCore

/// A tiny deterministic random source (SplitMix64), so every seed replays exactly.
struct SeededRandom: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A model of the app's backends: a store, the weekly notification, and the operations in
/// flight, which the test completes in any order it likes (reads), or in tap order per
/// setting (writes, which the app chains). Faults are decided per operation by the seed.
struct ModelWorld {
  var store: [Setting: String] = Dictionary(uniqueKeysWithValues: Setting.allCases.map { ($0, $0.defaultValue) })
  var scheduled: String? = Setting.reviewWeekday.defaultValue
  var machine = ChoiceMachine()
  /// Reads started; `seen` is filled when the read reaches the store.
  var reads: [(ticket: ChoiceMachine.ReadTicket, seen: String?)] = []
  /// Writes asked for, per setting, in tap order.
  var writes: [Setting: [ChoiceMachine.WriteTicket]] = [:]
  var repairFailed = false

  let settings: [Setting] = [.workoutView, .theme, .reviewWeekday]

  mutating func step(_ random: inout SeededRandom) {
    switch Int.random(in: 0..<10, using: &random) {
    case 0, 1:
      let count = Int.random(in: 1...settings.count, using: &random)
      reads += machine.openPage(Array(settings.shuffled(using: &random).prefix(count))).map { ($0, nil) }
    case 2:
      machine.leavePage()
    case 3, 4, 5:
      let setting = settings.randomElement(using: &random)!
      let value = setting.kind.values.randomElement(using: &random)!
      if let ticket = machine.tap(setting, value) { writes[setting, default: []].append(ticket) }
    case 6:
      // A read reaches the store.
      if let index = reads.indices.filter({ reads[$0].seen == nil }).randomElement(using: &random) {
        reads[index].seen = store[reads[index].ticket.setting]
      }
    case 7:
      // A read that has seen the store returns (or fails).
      if let index = reads.indices.filter({ reads[$0].seen != nil }).randomElement(using: &random) {
        let read = reads.remove(at: index)
        let fails = Int.random(in: 0..<6, using: &random) == 0
        machine.readFinished(read.ticket, result: fails ? .failure(BackendFailure("injected")) : .success(read.seen!))
      }
    default:
      // The oldest write of some setting runs to completion.
      if let setting = writes.keys.filter({ !(writes[$0] ?? []).isEmpty }).sorted().randomElement(using: &random) {
        let ticket = writes[setting]!.removeFirst()
        machine.writeFinished(ticket, outcome: perform(ticket, &random))
      }
    }
  }

  /// The app's write job: write, then for the weekday reschedule, repairing on failure.
  mutating func perform(_ ticket: ChoiceMachine.WriteTicket, _ random: inout SeededRandom) -> ChoiceMachine.WriteOutcome {
    let previous = store[ticket.setting]!
    if Int.random(in: 0..<4, using: &random) == 0 { return .failed(reason: "write") }
    store[ticket.setting] = ticket.value
    guard ticket.setting == .reviewWeekday else { return .saved }
    let oldNotification = scheduled
    scheduled = nil  // cancel
    if Int.random(in: 0..<4, using: &random) != 0 {
      scheduled = ticket.value
      return .saved
    }
    // Scheduling failed: the old weekday back, the old notification back.
    var failure = ReminderFailure(
      step: .schedule, reason: "schedule", saved: ticket.value, previous: previous, previousReminder: oldNotification,
      stored: previous)
    if Int.random(in: 0..<3, using: &random) == 0 {
      repairFailed = true
      failure.settingRestoreFailure = "write"
      failure.stored = store[ticket.setting]
      return .reminderFailed(failure)
    }
    store[ticket.setting] = previous
    if Int.random(in: 0..<3, using: &random) == 0 {
      repairFailed = true
      failure.reminderRestoreFailure = "schedule"
      return .reminderFailed(failure)
    }
    scheduled = oldNotification
    return .reminderFailed(failure)
  }

  /// Lets everything in flight finish, in a random order.
  mutating func drain(_ random: inout SeededRandom) {
    while !reads.isEmpty || writes.values.contains(where: { !$0.isEmpty }) {
      if !reads.isEmpty && (writes.values.allSatisfy(\.isEmpty) || Bool.random(using: &random)) {
        let index = Int.random(in: reads.indices, using: &random)
        if reads[index].seen == nil { reads[index].seen = store[reads[index].ticket.setting] }
        let read = reads.remove(at: index)
        machine.readFinished(read.ticket, result: .success(read.seen!))
      } else if let setting = writes.keys.filter({ !(writes[$0] ?? []).isEmpty }).sorted().randomElement(using: &random) {
        let ticket = writes[setting]!.removeFirst()
        machine.writeFinished(ticket, outcome: perform(ticket, &random))
      }
    }
  }

  /// The boot step's reconciliation: the schedule follows the stored weekday.
  mutating func reboot() {
    scheduled = store[.reviewWeekday]
    machine = ChoiceMachine()
  }
}

@Suite("Choice machine under random interleavings")
struct ChoiceMachinePropertyTests {
  @Test("once everything settles, screen, store and schedule agree (1,000 seeds)")
  func settledStateAgrees() {
    var failures: [String] = []
    for seed in UInt64(1)...1_000 {
      var random = SeededRandom(seed: seed)
      var world = ModelWorld()
      let steps = Int.random(in: 10...80, using: &random)
      for _ in 0..<steps { world.step(&random) }
      world.drain(&random)
      for setting in world.settings {
        let control = world.machine.state(of: setting)
        #expect(control.isSettled || control.isLoading == false)
        if control.isSettled, let shown = control.shown, shown != world.store[setting] {
          failures.append("seed \(seed): \(setting) shows \(shown), store has \(world.store[setting]!)")
        }
        if control.pendingWrites != 0 { failures.append("seed \(seed): \(setting) still has writes pending") }
      }
      if world.repairFailed && world.scheduled != world.store[.reviewWeekday] {
        // A failed repair may leave the schedule behind; the next boot must mend it.
        world.reboot()
      }
      if world.scheduled != world.store[.reviewWeekday] {
        failures.append("seed \(seed): schedule \(world.scheduled ?? "none"), store \(world.store[.reviewWeekday]!)")
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
  }

  @Test("the last tap wins in the store when its write succeeds")
  func lastTapWins() {
    for seed in UInt64(1)...300 {
      var random = SeededRandom(seed: seed)
      var machine = ChoiceMachine()
      var store = "system"
      _ = machine.openPage([.theme])
      var tickets: [ChoiceMachine.WriteTicket] = []
      var last = "system"
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        last = Setting.theme.kind.values.randomElement(using: &random)!
        if let ticket = machine.tap(.theme, last) { tickets.append(ticket) }
      }
      for ticket in tickets {
        store = ticket.value
        machine.writeFinished(ticket, outcome: .saved)
      }
      if !tickets.isEmpty { #expect(store == last, "seed \(seed)") }
      #expect(machine.state(of: .theme).shown == last, "seed \(seed)")
    }
  }
}
