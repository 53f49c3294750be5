import Testing

@testable import WhatsNewCore

@Suite("Choice machine rules")
struct ChoiceMachineTests {
  @Test("a control loads until its read returns, then shows the real value")
  func loadsThenShows() {
    var machine = ChoiceMachine()
    let reads = machine.openPage([.workoutView])
    #expect(machine.state(of: .workoutView).isLoading)
    let applied = machine.readFinished(reads[0], result: .success("inline"))
    #expect(applied)
    #expect(machine.state(of: .workoutView).shown == "inline")
    #expect(!machine.state(of: .workoutView).isLoading)
  }

  @Test("a read that began before a tap is thrown away")
  func staleReadAfterTap() {
    var machine = ChoiceMachine()
    let reads = machine.openPage([.theme])
    let write = machine.tap(.theme, "dark")
    #expect(write != nil)
    let applied = machine.readFinished(reads[0], result: .success("system"))
    #expect(!applied)
    #expect(machine.state(of: .theme).shown == "dark")
  }

  @Test("a read from a page that was left is thrown away, even when the setting is back on screen")
  func staleReadAfterLeaving() {
    var machine = ChoiceMachine()
    let first = machine.openPage([.theme])
    machine.leavePage()
    let second = machine.openPage([.theme])
    let appliedFirst = machine.readFinished(first[0], result: .success("light"))
    #expect(!appliedFirst)
    let appliedSecond = machine.readFinished(second[0], result: .success("dark"))
    #expect(appliedSecond)
    #expect(machine.state(of: .theme).shown == "dark")
  }

  @Test("opening another page ends the loading state of controls it does not show")
  func openingAnotherPage() {
    var machine = ChoiceMachine()
    _ = machine.openPage([.theme])
    _ = machine.openPage([.units])
    #expect(!machine.state(of: .theme).isLoading)
    #expect(machine.state(of: .units).isLoading)
  }

  @Test("a failed write goes back to the confirmed value with an error")
  func failedWrite() throws {
    var machine = ChoiceMachine()
    let reads = machine.openPage([.units])
    machine.readFinished(reads[0], result: .success("metric"))
    let writeTicket = machine.tap(.units, "imperial")
    let write = try #require(writeTicket)
    #expect(machine.state(of: .units).pendingWrites == 1)
    machine.writeFinished(write, outcome: .failed(reason: "disk full"))
    let state = machine.state(of: .units)
    #expect(state.shown == "metric")
    #expect(state.error == .writeFailed(reason: "disk full", restored: "metric"))
    #expect(state.isSettled)
  }

  @Test("a failed write does not undo a newer tap")
  func newerIntentStands() throws {
    var machine = ChoiceMachine()
    let reads = machine.openPage([.theme])
    machine.readFinished(reads[0], result: .success("system"))
    let firstTicket = machine.tap(.theme, "light")
    let first = try #require(firstTicket)
    let secondTicket = machine.tap(.theme, "dark")
    let second = try #require(secondTicket)
    machine.writeFinished(first, outcome: .failed(reason: "busy"))
    #expect(machine.state(of: .theme).shown == "dark")
    #expect(machine.state(of: .theme).error == nil)
    machine.writeFinished(second, outcome: .saved)
    #expect(machine.state(of: .theme).confirmed == "dark")
  }

  @Test("choosing the confirmed value asks for no write; choosing it back while a write is pending does")
  func noNeedlessWrites() throws {
    var machine = ChoiceMachine()
    let reads = machine.openPage([.theme])
    machine.readFinished(reads[0], result: .success("system"))
    let unchanged = machine.tap(.theme, "system")
    #expect(unchanged == nil)
    let toDark = machine.tap(.theme, "dark")
    #expect(toDark != nil)
    let back = machine.tap(.theme, "system")
    #expect(back != nil, "the pending write to dark must be followed by one back to system")
  }

  @Test("a side effect undone shows the restored value; a failed repair shows what the store holds")
  func sideEffects() throws {
    var machine = ChoiceMachine()
    let reads = machine.openPage([.reviewWeekday])
    machine.readFinished(reads[0], result: .success("sunday"))
    let writeTicket = machine.tap(.reviewWeekday, "friday")
    let write = try #require(writeTicket)
    machine.writeFinished(
      write,
      outcome: .reminderFailed(
        ReminderFailure(
          step: .schedule, reason: "no permission", saved: "friday", previous: "sunday", previousReminder: "sunday",
          stored: "sunday")))
    #expect(machine.state(of: .reviewWeekday).shown == "sunday")
    let againTicket = machine.tap(.reviewWeekday, "monday")
    let again = try #require(againTicket)
    machine.writeFinished(
      again,
      outcome: .reminderFailed(
        ReminderFailure(
          step: .schedule, reason: "a", saved: "monday", previous: "sunday", previousReminder: "sunday",
          settingRestoreFailure: "b", stored: "monday")))
    #expect(machine.state(of: .reviewWeekday).shown == "monday")
    #expect(machine.state(of: .reviewWeekday).confirmed == "monday")
  }
}
