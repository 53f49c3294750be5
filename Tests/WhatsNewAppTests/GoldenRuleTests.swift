import Foundation
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// Rules the golden transcripts show but no other test stated (issue 21): each named here, so
/// that re-recording a golden cannot quietly accept a transcript that breaks one.
@Suite("Rules the transcripts show, each stated")
@MainActor
struct GoldenRuleTests {
  @Test("a tour switched to another language mid-way keeps its page, and skip still records the installed version")
  func languageSwitchKeepsTheTour() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.12.0", "--locale", "ru"])
    await harness.boot()
    let transcript = await harness.transcript(of: ["next", "lang en"])
    let afterSwitch = try #require(transcript.components(separatedBy: "> lang en").last)
    #expect(harness.session.state.tour?.index == 1, "the tour stays on its page")
    #expect(afterSwitch.contains("What's new in"), "the page is drawn again in the new language: \(afterSwitch)")
    #expect(afterSwitch.contains("page 2 of"), "\(afterSwitch)")
    _ = await harness.output(of: "skip")
    #expect(harness.session.state.tour == nil)
    #expect(try await harness.store.seenThrough() == .version(Version("2.14.0")!))
  }

  @Test(
    "a mistyped command runs nothing and writes nothing; it names the command meant",
    arguments: ["nxet", "chose 2", "sett theme dark"])
  func mistypedCommandDoesNothing(line: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.12.0"])
    await harness.boot()
    _ = harness.takeOutput()
    let before = harness.session.state.tour?.index
    let output = await harness.output(of: line)
    #expect(output.contains("did you mean"), "\(output)")
    #expect(harness.session.state.tour?.index == before, "the page did not move")
    #expect(harness.faults.attempts(of: .write) == 0)
    #expect(harness.faults.attempts(of: .seenWrite) == 0)
  }

  @Test("a failed write shows the stored value again, names what failed, and check agrees with the store")
  func failedWriteRollsBack() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    _ = await harness.output(of: "qa fail write workoutView")
    let output = await harness.output(of: "set workoutView inline")
    await harness.settle()
    let after = output + harness.takeOutput()
    #expect(after.contains("injected failure"), "\(after)")
    #expect(try await harness.store.setting(.workoutView) == "guided")
    #expect(harness.session.state.choices.state(of: .workoutView).shown == "guided")
    let check = await harness.output(of: "check")
    #expect(check.contains("Consistent"), "\(check)")
  }
}
