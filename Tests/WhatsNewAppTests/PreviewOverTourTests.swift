import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// `debug preview` from inside the tour: the tour waits, the preview closes back to it.
@Suite("debug preview over an open tour")
@MainActor
struct PreviewOverTourTests {
  func upgraded() async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    await harness.boot()
    _ = harness.takeOutput()
    return harness
  }

  @Test(
    "the preview suspends the showing tour; closing it (close, skip or done) comes back to the same page, writing nothing",
    arguments: [["close"], ["skip"], ["next", "done"]])
  func returnsToTheTour(closing: [String]) async throws {
    let harness = try await upgraded()
    #expect(harness.session.state.tour?.mode == .automatic)
    _ = await harness.output(of: "next")
    let pageCount = try #require(harness.session.state.tour?.pages.count)
    let output = await harness.output(of: "debug preview 2.15.0")
    #expect(output.contains("The tour waits on page 2 of \(pageCount)"), "\(output)")
    #expect(harness.session.state.tour?.mode == .preview(Version("2.15.0")!))
    #expect(harness.session.state.tourUnderPreview?.index == 1)
    #expect(harness.session.state.overlay == .whatsNew)
    var closed = ""
    for line in closing { closed += await harness.output(of: line) }
    #expect(closed.contains("Preview closed. Back to the tour, page 2 of \(pageCount)."), "\(closed)")
    let tour = try #require(harness.session.state.tour)
    #expect(tour.mode == .automatic)
    #expect(tour.index == 1)
    #expect(!tour.isSuspended)
    #expect(harness.session.state.tourUnderPreview == nil)
    #expect(harness.session.state.overlay == .whatsNew)
    #expect(
      try await harness.store.seenThrough() == .version(Version("2.11.0")!),
      "neither the preview nor coming back records anything")
    // The tour goes on and records as before.
    _ = await harness.output(of: "skip")
    #expect(harness.session.state.tour == nil)
    #expect(try await harness.store.seenThrough() == .version(Version("2.14.0")!))
  }

  @Test("a tour that waits behind a screen still waits after the preview, and tour brings it back")
  func suspendedTour() async throws {
    let harness = try await upgraded()
    _ = await harness.output(of: "go settings")
    #expect(harness.session.state.tour?.isSuspended == true)
    #expect(harness.session.state.overlay == nil, "no guide starts by itself over a person who came from the tour")
    _ = await harness.output(of: "tour settings_intro")
    let refused = await harness.output(of: "debug preview 2.12.0")
    #expect(
      refused.split(separator: "\n").joined(separator: " ")
        == "The guide settings_intro is showing: type close to end it, then debug preview 2.12.0.")
    #expect(harness.session.state.tour?.mode == .automatic)
    _ = await harness.output(of: "close")
    _ = await harness.output(of: "debug preview 2.12.0")
    #expect(harness.session.state.tour?.mode == .preview(Version("2.12.0")!))
    _ = await harness.output(of: "close")
    #expect(harness.session.state.tour?.mode == .automatic)
    #expect(harness.session.state.tour?.isSuspended == true)
    #expect(harness.session.state.screen == .settings, "the screen under the preview stays")
    _ = await harness.output(of: "tour")
    #expect(harness.session.state.overlay == .whatsNew)
    #expect(harness.session.state.tour?.index == 0)
  }

  @Test("a second preview replaces the first; closing it still comes back to the tour")
  func previewOverPreview() async throws {
    let harness = try await upgraded()
    _ = await harness.output(of: "debug preview 2.12.0")
    _ = await harness.output(of: "debug preview 2.15.0")
    #expect(harness.session.state.tour?.mode == .preview(Version("2.15.0")!))
    _ = await harness.output(of: "close")
    #expect(harness.session.state.tour?.mode == .automatic)
    #expect(harness.session.state.tour?.index == 0)
  }

  @Test("without a tour, closing a preview opened on Home says it goes back there, and does")
  func noTourUnder() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    _ = await harness.output(of: "debug preview 2.15.0")
    let closed = await harness.output(of: "close")
    #expect(closed.hasPrefix("Preview closed. Back to Home."), "\(closed)")
    #expect(harness.session.state.tour == nil)
    #expect(harness.session.state.screen == .home)
  }

  @Test("the welcome wizard cannot be previewed over: the message says what is open and what to type")
  func onboarding() async throws {
    let harness = try await SessionHarness()
    await harness.boot()
    #expect(harness.session.state.overlay == .onboarding)
    _ = harness.takeOutput()
    let output = await harness.output(of: "debug preview 2.15.0")
    #expect(
      output.split(separator: "\n").joined(separator: " ")
        == "The welcome wizard is open: type finish (or skip) to complete it, then debug preview 2.15.0.")
    #expect(harness.session.state.overlay == .onboarding)
  }

  @Test("the preview lists what the validator reported for that release's file, sanitized, and only that file")
  func diagnostics() async throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-preview-diagnostics")
    try FileManager.default.copyItem(atPath: RepositoryPaths.releases, toPath: directory.path("Releases"))
    let path = directory.path("Releases/2.15.0.json")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try text.replacingOccurrences(of: #""id": "streak","#, with: #""id": "streak", "colour\u001b[31m": 1,"#)
      .write(toFile: path, atomically: true, encoding: .utf8)
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.14.0", "--releases", directory.path("Releases")], width: 200)
    await harness.boot()
    _ = harness.takeOutput()
    let output = await harness.output(of: "debug preview 2.15.0")
    #expect(output.hasPrefix("The validator reported on 2.15.0.json (1):\n  - pages[1]"), "\(output)")
    #expect(!output.contains("\u{1B}"))
    #expect(harness.session.state.tour?.mode == .preview(Version("2.15.0")!), "the preview opens all the same")
    _ = await harness.output(of: "close")
    let quiet = await harness.output(of: "debug preview 2.14.0")
    #expect(!quiet.contains("validator"))
  }

  @Test("while the tour's dismissal is being written, the preview waits: the message says to type wait")
  func whileDismissing() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--fault", "seen-write=hold"])
    await harness.boot()
    await harness.send("skip")
    _ = harness.takeOutput()
    #expect(harness.session.state.tour?.isDismissing == true)
    let output = await harness.output(of: "debug preview 2.15.0")
    #expect(
      output.split(separator: "\n").joined(separator: " ")
        == "The tour is still saving that you have seen it: type wait, then debug preview 2.15.0.")
    #expect(harness.session.state.tour?.mode == .automatic)
    harness.faults.release(.seenWrite, target: nil)
    await harness.settle()
    #expect(harness.session.state.tour == nil, "the dismissal ends the tour it belongs to")
    _ = await harness.output(of: "debug preview 2.15.0")
    #expect(harness.session.state.tour?.mode == .preview(Version("2.15.0")!))
  }

  @Test("a tour that ended under a preview (a restore) never comes back when a later preview closes")
  func restoreEndsTheWaitingTour() async throws {
    let harness = try await upgraded()
    let backup = harness.directory.path("backup.sqlite")
    _ = await harness.output(of: "backup \(backup)")
    _ = await harness.output(of: "next")
    _ = await harness.output(of: "debug preview 2.15.0")
    #expect(harness.session.state.tourUnderPreview?.index == 1)
    _ = await harness.output(of: "open 1")  // the preview waits behind the review screen
    if harness.session.state.overlay == .guidance { _ = await harness.output(of: "close") }  // its intro guide
    #expect(harness.session.state.overlay == nil)
    _ = await harness.output(of: "restore \(backup)")
    // The restored store's tour (a new one, from its first page) replaces everything.
    #expect(harness.session.state.tourUnderPreview == nil)
    #expect(harness.session.state.tour.map { $0.mode == .automatic && $0.index == 0 } ?? true)
    _ = await harness.output(of: "debug preview 2.12.0")
    _ = await harness.output(of: "close")
    #expect(harness.session.state.tour.map { $0.mode == .automatic && $0.index == 0 } ?? true, "never the old tour's page 2")
  }

  @Test(
    "a preview opened on a screen closes back to that screen and says so, in every language",
    arguments: [
      ("en", "home", "Preview closed. Back to Home."),
      ("en", "workouts", "Preview closed. Back to Workout settings."),
      ("es", "home", "Vista previa cerrada. De vuelta en "),
      ("nl", "cardio", "Voorbeeld gesloten. Terug naar "),
      ("pt-BR", "review", "Prévia fechada. De volta a "),
      ("ru", "home", "Предпросмотр закрыт. Снова на экране «"),
    ])
  func returnsToTheScreen(locale: String, screen: String, said: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--locale", locale])
    await harness.boot()
    _ = await harness.output(of: screen == "home" ? "home" : "go \(screen)")
    _ = await harness.output(of: "close")  // a screen's first-visit guide, if it started
    let opened = try #require(Screen(rawValue: screen))
    #expect(harness.session.state.screen == opened)
    _ = await harness.output(of: "debug preview 2.13.1")
    #expect(harness.session.state.tour?.mode == .preview(Version("2.13.1")!))
    let closed = await harness.output(of: "close")
    let title = harness.session.runner.text(opened.titleKey)
    #expect(closed.contains(said) && closed.contains(title), "\(closed)")
    #expect(harness.session.state.tour == nil)
    #expect(harness.session.state.screen == opened, "it goes where it says")
    #expect(!harness.session.runner.isInSandbox)
  }

  @Test(
    "an unknown version suggests the release nearest by version, not by spelling",
    arguments: [
      ("2.17.0", "2.15.0"), ("2.13.0", "2.13.1"), ("2.12.9", "2.12.0"), ("1.0.0", "2.11.0"), ("2.14.1-beta.1", "2.14.0"),
    ])
  func nearestRelease(asked: String, suggested: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    await harness.boot()
    let output = await harness.output(of: "debug preview \(asked)")
    #expect(output.contains("No release '\(asked)' (did you mean '\(suggested)'?)"), "\(output)")
  }
}
