import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// The seen-record rules the choice exploration checks after every step (issue 22), each
/// shown to catch the defect it is for: planted by writing the store behind the session's back.
@Suite("The rules each explored step keeps")
@MainActor
struct StepRulesTests {
  static let start = SeenThroughRecord.version(Version("2.11.0")!)

  func showingTour() async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    #expect(harness.session.state.showingTour != nil)
    return harness
  }

  @Test("a record written while the tour stays open (a tour recording itself) is found", arguments: [nil, "next"])
  func recordWrittenWhileOpen(line: String?) async throws {
    let harness = try await showingTour()
    if let line { await harness.send(line) }
    try await harness.store.overwriteSeenThrough(Version("2.14.0")!)
    var rules = StepRules()
    let problems = try await rules.judge(
      line: line, number: 1, before: Self.start, after: try await harness.store.seenThrough(), tourWasShowing: line != nil,
      session: harness.session, store: harness.store)
    let step = line == nil ? "the start" : "line 1 (next)"
    #expect(problems == ["\(step) moved the seen-through record from 2.11.0 to 2.14.0, though only done, skip and close may"])
  }

  @Test("a skip that ends the tour but records nothing is found")
  func skipThatRecordsNothing() async throws {
    let harness = try await showingTour()
    _ = await harness.output(of: "skip")
    #expect(harness.session.state.showingTour == nil)
    try await harness.store.overwriteSeenThrough(Version("2.11.0")!)
    var rules = StepRules()
    let problems = try await rules.judge(
      line: "skip", number: 1, before: Self.start, after: try await harness.store.seenThrough(), tourWasShowing: true,
      session: harness.session, store: harness.store)
    #expect(problems == ["line 1 (skip) ended the tour, but the seen-through record stayed 2.11.0"])
  }

  @Test("a held skip's record, landing when it is released steps later, is the skip's and breaks no rule")
  func heldDismissal() async throws {
    let harness = try await showingTour()
    var rules = StepRules()
    _ = await harness.output(of: "qa hold seen-write")
    await harness.send("skip")
    var problems = try await rules.judge(
      line: "skip", number: 2, before: Self.start, after: try await harness.store.seenThrough(), tourWasShowing: true,
      session: harness.session, store: harness.store)
    #expect(problems == [])
    _ = await harness.output(of: "qa release seen-write")
    #expect(try await harness.store.seenThrough() == .version(Version("2.14.0")!))
    problems = try await rules.judge(
      line: "qa release seen-write", number: 3, before: Self.start, after: try await harness.store.seenThrough(),
      tourWasShowing: false, session: harness.session,
      store: harness.store)
    #expect(problems == [])
  }

  @Test("a healthy skip breaks no rule")
  func healthySkip() async throws {
    let harness = try await showingTour()
    _ = await harness.output(of: "skip")
    var rules = StepRules()
    let problems = try await rules.judge(
      line: "skip", number: 1, before: Self.start, after: try await harness.store.seenThrough(), tourWasShowing: true,
      session: harness.session, store: harness.store)
    #expect(problems == [])
  }
}
