import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// `news <version>` (issue 22's "a promise that holds", and issue 23's history): that
/// release's pages as a person sees them, writing no record; a version that has none is
/// answered with the nearest that has.
@Suite("news <version>")
@MainActor
struct NewsVersionTests {
  func atHome() async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    _ = harness.takeOutput()
    return harness
  }

  @Test(
    "each release up to the app's opens its own pages, writing no record", arguments: ["2.11.0", "2.12.0", "2.13.1", "2.14.0"])
  func opensThatRelease(version: String) async throws {
    let harness = try await atHome()
    let writesBefore = harness.faults.attempts(of: .seenWrite)
    _ = await harness.output(of: "news \(version)")
    let tour = try #require(harness.session.state.tour)
    #expect(tour.mode == .news)
    #expect(Set(tour.pages.map(\.release.description)) == [version])
    _ = await harness.output(of: "close")
    #expect(harness.faults.attempts(of: .seenWrite) == writesBefore, "news records nothing")
    #expect(try await harness.store.seenThrough() == .version(Version("2.14.0")!))
  }

  @Test("another release's news replaces the one open; news alone lists the releases and leaves it open")
  func replaces() async throws {
    let harness = try await atHome()
    _ = await harness.output(of: "news 2.12.0")
    _ = await harness.output(of: "news 2.13.1")
    #expect(harness.session.state.tour?.pages.first?.release == Version("2.13.1"))
    let list = await harness.output(of: "news")
    #expect(list.contains("Releases, newest first:"), "\(list)")
    #expect(harness.session.state.tour?.pages.first?.release == Version("2.13.1"))
  }

  @Test("news's pages left with Esc say they wait, as news's pages, not as the tour; a preview's say whose")
  func leftWithEscape() async throws {
    let harness = try await atHome()
    _ = await harness.output(of: "news 2.13.1")
    await harness.session.send(.escape)
    let said = harness.takeOutput()
    #expect(said.contains("The release pages news opened wait on page 1 of "), "\(said)")
    #expect(!said.contains("The tour waits"), "\(said)")
    #expect(harness.session.state.tour?.isSuspended == true)
    _ = await harness.output(of: "close")
    _ = await harness.output(of: "debug preview 2.12.0")
    await harness.session.send(.escape)
    #expect(harness.takeOutput().contains("The preview of 2.12.0 waits on page 1 of 2"))
  }

  @Test(
    "a version with nothing to show names the nearest that has, and opens nothing",
    arguments: [("2.17.0", "2.14.0"), ("2.15.0", "2.14.0"), ("2.13.0", "2.13.1")])
  func nearest(typed: String, suggested: String) async throws {
    let harness = try await atHome()
    let output = await harness.output(of: "news \(typed)")
    #expect(output.contains("did you mean '\(suggested)'?"), "\(output)")
    #expect(harness.session.state.tour == nil)
    #expect(harness.lastOutcome.wasInvalid)
  }

  @Test("Tab after news offers the releases it can open, newest first, then all")
  func completion() async throws {
    let harness = try await atHome()
    #expect(
      harness.session.runner.completionVocabulary.candidates(forLine: "news ") == ["2.14.0", "2.13.1", "2.12.0", "2.11.0", "all"])
  }
}
