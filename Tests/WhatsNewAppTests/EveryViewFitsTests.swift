import Synchronization
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewStore

@testable import WhatsNewCore

/// Every view the app draws, at every width in every language: no printed row is wider
/// than the width, and with `--ascii` the app's chrome is ASCII.
@Suite("Every view fits")
@MainActor
struct EveryViewFitsTests {
  nonisolated static let widths = [40, 60, 80, 160]
  nonisolated static let languages = Language.allCases.map(\.rawValue)
  nonisolated static let modes: [[String]] = [[], ["--ascii"], ["--accessible"]]

  /// Commands that show every view: each release's pages, each screen, each guide's steps,
  /// each popover, help and every command's help, notifications, the guide list, faults,
  /// failed writes and every kind of error list.
  static var walk: [String] {
    var script: [String] = []
    for version in ["2.11.0", "2.12.0", "2.13.1", "2.14.0", "2.15.0"] {
      script += ["debug preview \(version)"] + Array(repeating: "next", count: 6) + ["close"]
    }
    for screen in Screen.allCases { script += ["go \(screen.rawValue)", "skip"] }
    for guide in GuidanceCatalog.all {
      if guide.mode == .tour {
        script += ["tour \(guide.id)"] + Array(repeating: "next", count: guide.steps.count)
      } else {
        script += ["info \(guide.id)", "close"]
      }
    }
    script += ["help"] + CommandTable.all.map { "help \($0.name)" }
    script += [
      "notifications", "guidance", "qa faults", "chose 2", "set units foo", "set reviewWeekday someday", "go nowhere",
      "open nowhere", "lang xx", "tour nowhere", "info nowhere", "debug preview 9.9.9", "choose 9", "qa fail write theme",
      "set theme dark", "go settings", "qa fail read all", "go workouts", "qa clear", "qa hold write units",
      "set units imperial", "show", "check", "wait", "qa release write units", "wait", "check", "backup", "lang ru",
      "go review", "news", "news 2.14.0", "next", "tour", "close",
    ]
    return script
  }

  /// Rows of `transcript` wider than `width`, without the echoed commands (the prompt is the
  /// line editor's, not a printed row).
  static func overflowing(_ transcript: String, width: Int) -> [String] {
    transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.hasPrefix("whatsnew:") && DisplayWidth.of($0) > width }
  }

  @Test("no row is wider than the width", arguments: widths, modes)
  func everyRowFits(width: Int, mode: [String]) async throws {
    for language in Self.languages {
      let onboarding = try await SessionHarness(
        arguments: ["--locale", language] + mode, width: width, placement: .sharing(MainActor.sharedUnownedExecutor))
      let first = await onboarding.transcript(of: ["next", "next", "choose 2", "next", "back", "finish"])
      let harness = try await SessionHarness(
        arguments: ["--upgrade-from", "2.11.0", "--locale", language] + mode, width: width,
        placement: .sharing(MainActor.sharedUnownedExecutor))
      let walk = await harness.transcript(of: ["next", "next", "next", "next", "next", "done"] + Self.walk)
      let wide = Self.overflowing(first + walk, width: width)
      #expect(wide.isEmpty, "\(language) \(mode) at \(width): \(wide.count) rows too wide, e.g. \(wide.prefix(5))")
    }
  }

  @Test("at 24 rows no view is taller than the terminal", arguments: [40, 80])
  func everyViewFitsTheRows(width: Int) async throws {
    for language in Self.languages {
      let harness = try await SessionHarness(
        arguments: ["--upgrade-from", "2.11.0", "--locale", language], width: width, rows: 24,
        placement: .sharing(MainActor.sharedUnownedExecutor))
      _ = await harness.transcript(of: [])
      for command in ["next", "next", "close"] + Self.walk where !command.hasPrefix("help") {
        await harness.send(command)
        await harness.settle()
        _ = harness.takeOutput()
        let view = harness.session.renderCurrentView()
        #expect(view.count <= 22, "\(language) at \(width) after '\(command)': \(view.count) rows")
        #expect(view.allSatisfy { $0.width <= width })
      }
    }
  }

  @Test("at 40 columns every tour page's header is one row, in every language", arguments: [80, 40])
  func headerIsOneRow(width: Int) async throws {
    for language in Self.languages {
      let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--locale", language], width: width)
      await harness.boot()
      for page in 0..<6 {
        let document = harness.session.renderCurrentView()
        let header = try #require(document.first?.plainText)
        let position = "\(page + 1)/6"
        #expect(
          document.count > 1 && header.hasSuffix("──") && (header.contains(position) || header.contains("\(page + 1) ")),
          "\(language) at \(width), page \(page + 1): \(header)")
        // The second row is the page's own (blank, then its first block), not the header's tail.
        #expect(document[1].plainText.trimmingCharacters(in: .whitespaces).isEmpty, "\(language): \(document[1].plainText)")
        _ = await harness.output(of: "next")
      }
    }
  }

  @Test("in a very narrow window a guide's frame stays a frame and no row is wider than the window", arguments: [20, 12])
  func frameStaysAFrame(width: Int) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"], width: width)
    // A day after the tour, the settings guide starts by itself (the attention budget).
    let transcript = await harness.transcript(of: ["close", "qa clock +1d", "go settings"])
    let rows = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let view = rows.drop { !$0.hasPrefix("┌") }
    #expect(!view.isEmpty, "the settings guide's frame is drawn: \(transcript)")
    for row in rows where !row.hasPrefix("whatsnew:") {
      #expect(DisplayWidth.of(row) <= width, "wider than \(width): \(row)")
    }
    let framed = view.dropFirst().prefix { !$0.hasPrefix("└") }
    #expect(!framed.isEmpty)
    for row in framed {
      #expect(row.hasPrefix("│") && row.hasSuffix("│"), "a framed row broken across the frame's sides: \(row)")
    }
  }

  @Test("the width is read at every draw: after a resize the same view fits the new width")
  func widthReadAtEveryDraw() async throws {
    let columns = Mutex(80)
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.11.0"], placement: .sharing(MainActor.sharedUnownedExecutor),
      widthProvider: { columns.withLock { $0 } })
    _ = await harness.transcript(of: [])
    let wide = harness.session.renderCurrentView()
    columns.withLock { $0 = 40 }
    let narrow = harness.session.renderCurrentView()
    #expect(wide.map(\.width).max() == 80)
    #expect(narrow.map(\.width).max() == 40)
    #expect(narrow.count > wide.count)
  }

  @Test("after a guide ends over a waiting tour, the screen's footer says how to go back to it")
  func footerAfterGuide() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    let transcript = await harness.transcript(of: ["tour settings_intro", "skip", "tour", "close", "go cardio"])
    let parts = transcript.components(separatedBy: "> tour\n")
    let afterGuide = parts.first?.components(separatedBy: "> skip\n").last ?? ""
    #expect(afterGuide.contains("A what's-new tour is waiting: type tour to go back to it."))
    #expect(!(parts.last ?? "").contains("A what's-new tour is waiting"), "no tour waits once it is closed")
  }

  /// Scalars ASCII mode may print that are not ASCII: letters, digits and marks of other
  /// scripts and the punctuation of prose in translations (see ``ASCIIFallback``).
  static func nonASCIIChrome(_ transcript: String) -> [Character] {
    var found: [Character] = []
    for character in transcript where !character.unicodeScalars.allSatisfy(ASCIIFallback.isKept) {
      if !found.contains(character) { found.append(character) }
    }
    return found
  }

  @Test("with --ascii every view prints ASCII chrome", arguments: languages)
  func asciiChrome(language: String) async throws {
    let onboarding = try await SessionHarness(arguments: ["--locale", language, "--ascii"])
    let first = await onboarding.transcript(of: ["next", "next", "finish"])
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--locale", language, "--ascii"])
    let walk = await harness.transcript(of: ["next", "next", "next", "next", "next", "done"] + Self.walk)
    let found = Self.nonASCIIChrome(first + walk)
    #expect(found.isEmpty, "\(language): \(found)")
    if language == "en" {
      // English content is ASCII itself: then every scalar printed is (until `lang ru`).
      let english = (first + walk).split(separator: "> lang ru\n", maxSplits: 1).first.map(String.init) ?? ""
      let others = english.unicodeScalars.filter { !$0.isASCII }.map { String($0) }
      #expect(others.isEmpty, "\(Set(others))")
    }
  }

  @Test("without --ascii the chrome check finds the glyphs (the check can fail)")
  func unicodeChromeIsFound() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"])
    let transcript = await harness.transcript(of: ["next", "close", "qa clock +1d", "go settings", "next"])
    let found = Self.nonASCIIChrome(transcript)
    #expect(found.contains("·") && found.contains("─") && found.contains("┌"))
  }

  @Test("flow text and lint's count line fit; lint's compiler-style lines are never wrapped", arguments: widths)
  func reportsFit(width: Int) throws {
    let content = try ContentLibrary.load(
      releasesDirectory: RepositoryPaths.releases, localizationsDirectory: RepositoryPaths.localizations)
    let flow = FlowReport.render(
      releases: content.releases, seen: Version(major: 2, minor: 11, patch: 0),
      current: Version(major: 2, minor: 15, patch: 0), json: false, width: width)
    let problems = [
      LintProblem(
        file: "Localizations/ru.lproj/Localizable.strings", path: "whatsNew.v2_13_1.progression.mode.option.weight_first",
        message: "the key is missing: translate it in every language (en, es, nl, pt-BR, ru)", rule: .missingTranslation)
    ]
    let lint = LintReport.render(problems, format: .text, width: width).split(separator: "\n").map(String.init)
    // An editor matches `file:line:column: error: …` one line at a time, as it does gcc's and swiftc's.
    #expect(lint.first == problems[0].compilerStyle)
    #expect(Self.overflowing(flow + lint.dropFirst().joined(separator: "\n") + "\n", width: width).isEmpty)
  }
}
