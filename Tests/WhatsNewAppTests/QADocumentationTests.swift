import Foundation
import TestSupport
import Testing

@testable import WhatsNewApp

/// Keeps the transcripts in `Documentation/QA.md` true: each block after a
/// `<!-- qa-transcript: <arguments> -->` line is run again, command by command (the lines
/// after a prompt), in a fresh session, and the doc must say exactly what the app says.
/// `WHATSNEW_RECORD=1` writes the new text into the doc instead.
@Suite("The QA walkthrough's transcripts")
@MainActor
struct QADocumentationTests {
  static let path = RepositoryPaths.root + "/Documentation/QA.md"
  static let marker = "<!-- qa-transcript:"
  /// The doc's width: a transcript fits a page.
  static let width = 72

  /// The commands of a block: what follows each prompt (`whatsnew:home> `).
  static func commands(in block: [Substring]) -> [String] {
    block.compactMap { line in
      guard line.hasPrefix("whatsnew:"), let end = line.range(of: "> ") else { return nil }
      return String(line[end.upperBound...])
    }
  }

  /// Runs `commands` as a script would, leaving out the views: each prompt and command, what
  /// the command and its background work said, and at the end the exit status.
  static func transcript(arguments: [String], commands: [String]) async throws -> String {
    let harness = try await SessionHarness(
      arguments: arguments, width: width, placement: .sharing(MainActor.sharedUnownedExecutor))
    let temporary = harness.directory.path("")
    var text = ""
    var tally = ScriptTally()
    await harness.boot()
    text += harness.takeOutput()
    for (index, command) in commands.enumerated() {
      text += harness.session.prompt + command + "\n"
      await harness.send(command.replacingOccurrences(of: "$TMP/", with: temporary))
      await harness.settle()
      tally.record(
        line: index + 1, invalid: harness.lastOutcome.wasInvalid, check: harness.lastOutcome.checkVerdict)
      text += harness.takeOutput()
    }
    await harness.send("quit")
    text += "(exit status \(tally.exitStatus))\n"
    return text.replacingOccurrences(of: temporary, with: "$TMP/")
  }

  /// The doc with every transcript block run again.
  static func regenerated(_ document: String) async throws -> String {
    var lines = document.split(separator: "\n", omittingEmptySubsequences: false)
    var index = 0
    while index < lines.count {
      defer { index += 1 }
      let line = lines[index]
      guard line.hasPrefix(marker), index + 1 < lines.count, lines[index + 1].hasPrefix("```") else { continue }
      let arguments = line.dropFirst(marker.count).replacingOccurrences(of: "-->", with: "")
        .split(separator: " ").map(String.init)
      guard let close = lines[(index + 2)...].firstIndex(where: { $0 == "```" }) else { break }
      let commands = commands(in: Array(lines[(index + 2)..<close]))
      let output = try await transcript(arguments: arguments, commands: commands)
      let produced = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      lines.replaceSubrange((index + 2)..<close, with: produced)
      index += 2 + produced.count
    }
    return lines.joined(separator: "\n")
  }

  @Test("every transcript in Documentation/QA.md is what the app says")
  func transcriptsAreTrue() async throws {
    let document = try String(contentsOfFile: Self.path, encoding: .utf8)
    #expect(document.components(separatedBy: Self.marker).count > 5, "the doc has its transcripts")
    let regenerated = try await Self.regenerated(document)
    if GoldenFile.isRecording {
      try regenerated.write(toFile: Self.path, atomically: true, encoding: .utf8)
      // A recording run never passes: the doc it wrote is checked by the next run.
      Issue.record("recorded Documentation/QA.md; run the tests again without WHATSNEW_RECORD=1 to check it")
      return
    }
    let diff = GoldenFile.lineDiff(expected: document, actual: regenerated)
    #expect(
      regenerated == document, "Documentation/QA.md differs from what the app says (re-record with WHATSNEW_RECORD=1):\n\(diff)")
  }

  @Test("a transcript's commands are read from its prompts")
  func commandsFromPrompts() {
    let block: [Substring] = ["whatsnew:tour 1/2> next", "Saved: Theme is now Dark.", "whatsnew:home> check"]
    #expect(Self.commands(in: block) == ["next", "check"])
  }
}
