import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// The command table against what the session does: each command reaches the runner of the
/// family the table names, and each trait is what running the command shows.
@Suite("The command table against the session")
@MainActor
struct CommandTableTests {
  /// The lines of `command` a test session runs: its examples, except those that reach
  /// outside (a file in the working directory, another exploration), for which it runs bare.
  static func lines(for command: CommandInfo) -> [String] {
    let inside = command.examples.filter { !CommandTable.traits(ofLine: $0).contains(.reachesOutside) }
    return inside.isEmpty ? [command.name] : inside
  }

  /// An upgrader's session on the first of the tour's six pages.
  static func upgrader() async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    return harness
  }

  @Test(
    "the dispatcher hands every command to the family the table names, whose runner runs it",
    arguments: CommandTable.all.map(\.name))
  func familyRunsIt(name: String) async throws {
    let command = try #require(CommandTable.find(name))
    let harness = try await Self.upgrader()
    let notAvailable = harness.session.runner.text("ui.error.notAvailable", name)
    for line in Self.lines(for: command) {
      let printed = await harness.output(of: line)
      #expect(!printed.contains(notAvailable), "\(line): \(printed)")
    }
  }

  @Test("the table's examples reach every family")
  func everyFamilyReached() {
    let reached = CommandTable.all.flatMap { command in
      command.examples.map { command.family(arguments: Array(CommandTokenizer.split($0).dropFirst())) }
    }
    #expect(Set(reached) == Set(CommandFamily.allCases))
  }

  @Test(
    "a command that reads now runs after the look for another program's change, even while that program holds the store; help does not wait",
    arguments: CommandTable.all.filter { $0.traits.contains(.readsNow) }.map(\.name) + ["help"])
  func readsNow(name: String) async throws {
    let command = try #require(CommandTable.find(name))
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    // The settings screen shows the theme, so a change to it is named.
    _ = await harness.output(of: "go settings")
    _ = await harness.output(of: "close")
    try await SettingsStore(path: harness.databasePath).setSetting(.theme, to: "dark")
    // The look waits for the lock: what the command printed by the time it returned says
    // whether it waited for the look.
    let holder = try SQLiteLockHolder(harness.databasePath)
    let running = Task { @MainActor in
      await harness.send(Self.lines(for: command)[0])
      return harness.takeOutput()
    }
    // Wait on the work itself, not a timer: the look has begun, and nothing left will finish
    // soon (it waits for the lock; a command that does not wait for it has returned).
    let tracker = harness.session.runner.backends.tracker
    for _ in 0..<100_000 where tracker.entries.isEmpty { await Task.yield() }
    #expect(!tracker.entries.isEmpty, "the look for other programs' changes began")
    await tracker.waitUntilQuiet()
    holder.release()
    let printed = await running.value
    await harness.settle()
    let notice = "Theme was changed by another program: Dark."
    #expect(printed.contains(notice) == command.traits.contains(.readsNow), "\(printed)")
    #expect((printed + harness.takeOutput()).contains(notice), "the look itself happened")
  }

  @Test(
    "a command ends the tour or onboarding for good exactly when it dismisses, and the tour exactly when it ends the tour",
    arguments: CommandTable.all.map(\.name))
  func dismisses(name: String) async throws {
    let command = try #require(CommandTable.find(name))
    let line = Self.lines(for: command)[0]
    let tour = try await Self.upgrader()
    for _ in 1..<6 { _ = await tour.output(of: "next") }
    #expect(tour.session.state.tour?.isLastPage == true)
    _ = await tour.output(of: line)
    let tourEnded = tour.session.state.tour == nil
    let wizard = try await SessionHarness()
    await wizard.boot()
    for _ in 1..<7 { _ = await wizard.output(of: "next") }
    #expect(wizard.session.state.onboarding?.isLastPage == true)
    _ = await wizard.output(of: line)
    let wizardEnded = wizard.session.state.onboarding == nil
    #expect((tourEnded || wizardEnded) == command.traits.contains(.dismisses), "\(line)")
    #expect(tourEnded == command.traits.contains(.endsTour), "\(line)")
  }

  @Test("a command writes a setting exactly when it changes settings", arguments: CommandTable.all.map(\.name))
  func changesSettings(name: String) async throws {
    let command = try #require(CommandTable.find(name))
    let harness = try await Self.upgrader()
    // A change the tour's recap lists, for undo to put back.
    _ = await harness.output(of: "set theme dark")
    let before = harness.faults.attemptCounts
    for line in Self.lines(for: command) { _ = await harness.output(of: line) }
    let settings = Set(Setting.allCases.map(\.rawValue))
    let writes = harness.faults.attemptCounts.filter { attempt, count in
      attempt.operation == .write && settings.contains(attempt.target ?? "") && count > before[attempt, default: 0]
    }
    #expect(!writes.isEmpty == command.traits.contains(.changesSettings), "\(writes)")
  }

  @Test("inside a run of qa explore, exactly the lines that reach outside are refused", arguments: CommandTable.all.map(\.name))
  func reachesOutside(name: String) async throws {
    let command = try #require(CommandTable.find(name))
    let harness = try await Self.upgrader()
    var configuration = harness.session.configuration
    configuration.insideExploration = true
    let session = Session(
      configuration: configuration, backends: harness.session.runner.backends, console: harness.session.console)
    session.runner.boot()
    await harness.settle()
    _ = harness.takeOutput()
    let copy = FileManager.default.currentDirectoryPath + "/settings-copy.sqlite"
    let existed = FileManager.default.fileExists(atPath: copy)
    for line in command.examples {
      await session.run(line)
      await harness.settle()
      let printed = harness.takeOutput().split(whereSeparator: \.isWhitespace).joined(separator: " ")
      let refused = printed.contains(session.runner.text("ui.explore.outsideRefused", line))
      let words = CommandTokenizer.split(line).dropFirst().map { $0.lowercased() }
      #expect(refused == command.traits(arguments: words).contains(.reachesOutside), "\(line)")
    }
    if !existed && FileManager.default.fileExists(atPath: copy) {
      try? FileManager.default.removeItem(atPath: copy)
      Issue.record("a run wrote \(copy)")
    }
  }
}
