import Testing
import WhatsNewCore

@Suite("Guidance machine")
struct GuidanceMachineTests {
  @Test("start, next to the end, then finish records the id")
  func finishRecords() {
    var machine = GuidanceMachine()
    do {
      let effects = machine.start("first_run")
      #expect(effects == [.show])
    }
    let count = machine.active?.steps.count ?? 0
    for _ in 1..<count { #expect(machine.next() == [.show]) }
    #expect(machine.isLastStep)
    do {
      let effects = machine.finish()
      #expect(effects == [.markSeen("first_run"), .ended("first_run")])
    }
    #expect(machine.active == nil)
  }

  @Test("next on the last step finishes like finish")
  func nextOnLastStepFinishes() {
    var machine = GuidanceMachine()
    machine.start("cardio_intro")
    machine.next()
    machine.next()
    do {
      let effects = machine.next()
      #expect(effects == [.markSeen("cardio_intro"), .ended("cardio_intro")])
    }
  }

  @Test("skip records the id from any step")
  func skipRecords() {
    var machine = GuidanceMachine()
    machine.start("workouts_intro")
    machine.next()
    do {
      let effects = machine.skip()
      #expect(effects == [.markSeen("workouts_intro"), .ended("workouts_intro")])
    }
  }

  @Test("back refuses on the first step; finish refuses before the last")
  func refusals() {
    var machine = GuidanceMachine()
    do {
      let effects = machine.next()
      #expect(effects == [.refused(.nothingActive)])
    }
    machine.start("review_intro")
    do {
      let effects = machine.back()
      #expect(effects == [.refused(.firstStep)])
    }
    do {
      let effects = machine.finish()
      #expect(effects == [.refused(.notLastStep)])
    }
    machine.next()
    do {
      let effects = machine.back()
      #expect(effects == [.show])
    }
    #expect(machine.stepIndex == 0)
  }

  @Test("an info popover is not recorded when closed (triggerOnce is false)")
  func infoLeavesNoTrace() {
    var machine = GuidanceMachine()
    machine.start("review.weekday_info")
    #expect(machine.active?.mode == .info)
    do {
      let effects = machine.skip()
      #expect(effects == [.ended("review.weekday_info")])
    }
  }

  @Test("an interrupted guidance records nothing")
  func interruptRecordsNothing() {
    var machine = GuidanceMachine()
    machine.start("first_run")
    machine.next()
    machine.interrupt()
    #expect(machine.active == nil)
    do {
      let effects = machine.skip()
      #expect(effects == [.refused(.nothingActive)])
    }
  }

  @Test("startIfUnseen starts an unseen guidance")
  func startIfUnseenStarts() {
    var machine = GuidanceMachine()
    do {
      let effects = machine.startIfUnseen("first_run", seen: [], overlayActive: false)
      #expect(effects == [.show])
    }
    #expect(machine.active?.id == "first_run")
  }

  @Test("startIfUnseen is a no-op when seen, unknown, or while the what's-new tour shows")
  func startIfUnseenNoOps() {
    var machine = GuidanceMachine()
    do {
      let effects = machine.startIfUnseen("first_run", seen: ["first_run"], overlayActive: false)
      #expect(effects.isEmpty)
    }
    do {
      let effects = machine.startIfUnseen("no_such_guide", seen: [], overlayActive: false)
      #expect(effects.isEmpty)
    }
    do {
      let effects = machine.startIfUnseen("first_run", seen: [], overlayActive: true)
      #expect(effects.isEmpty)
    }
    #expect(machine.active == nil)
  }

  @Test("startIfUnseen does not hijack a running guidance; start does replace it")
  func noHijack() {
    var machine = GuidanceMachine()
    machine.start("first_run")
    machine.next()
    do {
      let effects = machine.startIfUnseen("workouts_intro", seen: [], overlayActive: false)
      #expect(effects.isEmpty)
    }
    #expect(machine.active?.id == "first_run")
    #expect(machine.stepIndex == 1)
    do {
      let effects = machine.start("workouts_intro")
      #expect(effects == [.show])
    }
    #expect(machine.active?.id == "workouts_intro")
    #expect(machine.stepIndex == 0)
  }

  @Test("start of an unknown id is refused")
  func unknownStart() {
    var machine = GuidanceMachine()
    do {
      let effects = machine.start("nope")
      #expect(effects == [.refused(.unknown("nope"))])
    }
  }
}
