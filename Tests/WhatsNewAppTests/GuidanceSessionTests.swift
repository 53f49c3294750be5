import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// The part of `text` after the first `start` (and before the next `end`), or "" when absent.
func text(of text: String, after start: String, before end: String? = nil) -> String {
  guard let from = text.range(of: start) else { return "" }
  let rest = text[from.upperBound...]
  guard let end, let to = rest.range(of: end) else { return String(rest) }
  return String(rest[..<to.lowerBound])
}

/// Scripted sessions over a temp-file store, compared with golden transcripts in
/// `Transcripts/guidance-*.txt` (`WHATSNEW_RECORD=1 swift test` re-records them).
@Suite("Guidance in a session")
@MainActor
struct GuidanceSessionTests {
  /// Compares `transcript` with its golden file, then runs `script` again with the store on
  /// the main actor's executor (as `whatsnew` runs scripts), which must print the same.
  func expectGolden(
    _ transcript: String, _ name: String, arguments: [String] = [], script: [String],
    prepare: ((SettingsStore) async throws -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let mismatch = GoldenFile.compare(transcript, named: "guidance-\(name).txt", in: "WhatsNewAppTests")
    #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""), sourceLocation: sourceLocation)
    let sharing = try await SessionHarness(
      arguments: arguments, placement: .sharing(MainActor.sharedUnownedExecutor), prepare: prepare)
    let again = GoldenFile.compare(
      await sharing.transcript(of: script), named: "guidance-\(name).txt", in: "WhatsNewAppTests", recording: false)
    #expect(
      again == nil, Comment(rawValue: "store on the main actor's executor: " + (again ?? "")), sourceLocation: sourceLocation)
  }

  @Test("first_run, taken up from home's offer after onboarding, spotlights home's Today card with a frame inside the scrim")
  func spotlight() async throws {
    let script = ["finish", "tour first_run", "next", "state"]
    let scripted = try await SessionHarness()
    let transcript = await scripted.transcript(of: script)
    #expect(transcript.contains("┌─ Today card "))
    #expect(transcript.contains("░ Go to"))
    #expect(
      transcript.contains(
        #""guidance":{"id":"first_run","mode":"tour","step":2,"stepCount":6,"anchor":"home.summary","anchorOnScreen":true}"#))
    try await expectGolden(transcript, "spotlight", arguments: [], script: script)
  }

  @Test("an anchor not on screen gives a scrim with no cut-out and says where it is")
  func missingAnchor() async throws {
    let script = ["finish", "tour first_run", "next", "next", "go settings", "state"]
    let scripted = try await SessionHarness()
    let transcript = await scripted.transcript(of: script)
    let afterGo = text(of: transcript, after: "> go settings")
    #expect(!afterGo.contains("┌─"))
    #expect(afterGo.contains("Workout view is on Workout settings, not on this screen"))
    #expect(afterGo.contains(#""anchor":"workouts.view","anchorOnScreen":false"#))
    try await expectGolden(transcript, "missing-anchor", arguments: [], script: script)
  }

  @Test("a new user who finishes onboarding is offered first_run, not put in it, and told nothing of releases")
  func newUserIsOffered() async throws {
    let harness = try await SessionHarness()
    let home = await harness.transcript(of: ["finish"])
    #expect(harness.session.state.guidance.active == nil, "no guide after the wizard's pages")
    #expect(home.contains("New here? Type tour first_run"), "\(home)")
    #expect(!home.contains("New in 2.14.0"), "\(home)")
    _ = await harness.output(of: "tour first_run")
    #expect(harness.session.state.guidance.active?.id == "first_run")
    _ = await harness.output(of: "skip")
    #expect(!(await harness.output(of: "home")).contains("New here?"), "the offer ends once taken up")
    // An upgrader whose history starts before this version is still told what is new: not the
    // moment the tour told it, but once the pace allows.
    let upgrader = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    #expect(!(await upgrader.transcript(of: ["skip"])).contains("New in 2.14.0"), "the tour was just shown")
    let dayOn = await upgrader.transcript(of: ["qa clock +1d", "home"])
    #expect(dayOn.contains("New in 2.14.0: type news"), "\(dayOn)")
    #expect(!dayOn.contains("New here?"))
  }

  @Test("in a window too short for a popover and its element, the popover's way out and border stay on screen")
  func shortWindowPopover() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"], rows: 10)
    await harness.boot()
    for line in ["go review", "skip", "info review.weekday_info"] { _ = await harness.output(of: line) }
    let shown = harness.session.renderCurrentView().map(\.plainText)
    #expect(shown.count <= 10 - Viewport.reservedRows, "\(shown)")
    let close = harness.session.runner.text("ui.guidance.info.close")
    #expect(shown.contains { $0.contains(String(close.prefix(20))) }, "the popover's only instruction: \(shown)")
    #expect(shown.contains { $0.contains("└") }, "its bottom border: \(shown)")
  }

  @Test("a step that frames a whole screen leaves the frame unnamed: the screen's header says it")
  func wholeScreenFrame() async throws {
    let transcript = try await SessionHarness.transcript(of: ["go workouts"], arguments: ["--upgrade-from", "2.14.0"])
    let step = text(of: transcript, after: "> go workouts")
    #expect(step.contains("┌────"), "\(step)")
    #expect(!step.contains("┌─ Workout settings"), "\(step)")
    #expect(
      step.components(separatedBy: "Workout settings").count - 1 == 3,
      "the header, the card's title and the guide's name: \(step)")
  }

  @Test("a step about a whole screen, left for another, names that screen once")
  func screenStepElsewhere() async throws {
    let transcript = try await SessionHarness.transcript(
      of: ["go review", "go settings"], arguments: ["--upgrade-from", "2.14.0"])
    let afterGo = text(of: transcript, after: "> go settings").split(separator: "\n").joined(separator: " ")
    #expect(afterGo.contains("This step is about the Weekly review screen, not this one: type go review"), "\(afterGo)")
    #expect(!afterGo.contains("Weekly review is on Weekly review"))
  }

  @Test("auto-navigation follows routeForAnchor across screens without starting their intros")
  func autoNavigation() async throws {
    let script = [
      "finish", "tour first_run", "next", "next", "next", "next", "next", "back", "finish", "next", "finish", "state",
    ]
    let scripted = try await SessionHarness()
    let transcript = await scripted.transcript(of: script)
    #expect(transcript.contains("whatsnew:guide 3/6> "))
    #expect(!transcript.contains("workouts_intro"))
    #expect(transcript.contains(#""guidance":null,"guidanceSeen":["first_run"]"#))
    #expect(scripted.session.state.screen == .settings)
    try await expectGolden(transcript, "auto-navigation", arguments: [], script: script)
  }

  @Test("a language switch mid-tour rebuilds the anchors: the frame follows the new rows, never a stale one")
  func languageSwitch() async throws {
    let script = [
      "finish", "tour first_run", "skip", "tour settings_intro", "next", "lang ru", "go home", "lang es", "go settings", "state",
    ]
    let scripted = try await SessionHarness()
    let transcript = await scripted.transcript(of: script)
    #expect(transcript.contains("┌─ Единицы "))
    let homePart = text(of: transcript, after: "> go home", before: "> lang es")
    #expect(!homePart.contains("┌─"), "no stale frame on a screen without the anchor")
    #expect(transcript.contains("┌─ Unidades "))
    try await expectGolden(transcript, "language-switch", arguments: [], script: script)
  }

  @Test("info popovers sit below, above, left and right of their element, and close on close, Esc or another command")
  func infoPlacements() async throws {
    let introsSeen: (SettingsStore) async throws -> Void = { store in
      for intro in ["workouts_intro", "cardio_intro", "review_intro", "settings_intro"] {
        try await store.markGuidanceSeen(intro)
      }
    }
    let script = [
      "finish", "tour first_run", "skip",
      "go review", "info review.weekday_info", "close",
      "go settings", "info settings.whatsnew_info", "<esc>",
      "go workouts", "info workouts.view_info", "state",
      "go cardio", "info cardio.log_info", "go home",
      "info review.weekday_info", "close",
    ]
    let scripted = try await SessionHarness(prepare: introsSeen)
    let transcript = await scripted.transcript(of: script)
    #expect(transcript.contains(#""overlay":null"#), "state closed the popover")
    try await expectGolden(transcript, "info-placements", script: script, prepare: introsSeen)
  }

  @Test("accessible mode: no boxes, no dimming; the spotlight in words and a numbered card")
  func accessible() async throws {
    let script = [
      "finish", "tour first_run", "next", "next", "go home", "skip", "qa clock +1d", "go review", "skip",
      "info review.weekday_info",
    ]
    let scripted = try await SessionHarness(arguments: ["--accessible"])
    let transcript = await scripted.transcript(of: script)
    #expect(!transcript.contains("░"))
    #expect(!transcript.contains("┌"))
    #expect(transcript.contains("Spotlight: Today card, on Home."))
    #expect(transcript.contains("  1. skip: leave the guide"))
    #expect(transcript.contains("Info about Weekly review day: Why a review day?"))
    try await expectGolden(transcript, "accessible", arguments: ["--accessible"], script: script)
  }

  @Test("ASCII output marks the scrim and the cut-out with plain characters")
  func ascii() async throws {
    let scripted = try await SessionHarness(arguments: ["--ascii"])
    let transcript = await scripted.transcript(of: ["finish", "tour first_run", "next"])
    #expect(transcript.contains("+- Today card -"))
    #expect(transcript.contains(": Go to"))
    #expect(transcript.contains("| Today "))
  }

  @Test("upgraders with the legacy walkthrough flag get first_run migrated to seen, once")
  func migration() async throws {
    let scripted = try await SessionHarness(arguments: ["--upgrade-from", "2.12.0"])
    let transcript = await scripted.transcript(of: ["skip", "state"])
    #expect(transcript.contains(#""guidanceSeen":["first_run"]"#))
    let flags = try await scripted.store.legacyGuidanceFlags()
    #expect(flags.walkthroughCompleted && flags.migratedV1)
    try await scripted.store.resetGuidance(nil)
    #expect(try await scripted.store.guidanceSeenIDs().isEmpty, "the migration runs once")
  }

  @Test("the what's-new tour and guidance never overlap: intros wait while the tour shows; tour <id> suspends it")
  func noOverlap() async throws {
    let scripted = try await SessionHarness(arguments: ["--upgrade-from", "2.12.0"])
    _ = await scripted.transcript(of: ["state"])
    #expect(scripted.session.state.overlay == .whatsNew)
    await scripted.session.runner.run([.startGuideIfUnseen("workouts_intro")])
    #expect(scripted.session.state.guidance.active == nil)
    await scripted.session.run("tour workouts_intro")
    #expect(scripted.session.state.overlay == .guidance)
    #expect(scripted.session.state.tour?.isSuspended == true)
    await scripted.session.run("skip")
    #expect(scripted.session.state.overlay == nil)
    await scripted.session.run("tour")
    #expect(scripted.session.state.overlay == .whatsNew)
  }

  @Test("the what's-new check waits while a guide shows and runs when it ends at home")
  func pendingCheck() async throws {
    let scripted = try await SessionHarness()
    // first_run, taken up at home when onboarding finishes; the check waits while it shows.
    _ = await scripted.transcript(of: ["finish", "tour first_run", "debug seen set 2.12.0", "state"])
    #expect(scripted.session.state.overlay == .guidance, "first_run shows at home")
    #expect(!scripted.session.state.hasCheckedWhatsNew)
    await scripted.session.run("skip")
    #expect(scripted.session.state.overlay == .whatsNew)
  }

  @Test("guidance lists seen state; guidance reset clears one or all")
  func listAndReset() async throws {
    let scripted = try await SessionHarness()
    let transcript = await scripted.transcript(of: [
      "finish", "tour first_run", "skip", "guidance", "guidance reset first_run", "guidance reset nope", "guidance reset",
      "state",
    ])
    #expect(transcript.contains("first_run               Getting started (tour, 6 steps, seen)"))
    #expect(transcript.contains("first_run will show again."))
    #expect(transcript.contains("Unknown guide 'nope'"))
    #expect(transcript.contains(#""guidanceSeen":[]"#))
  }
}
