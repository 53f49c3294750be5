import Foundation
import TestSupport
import Testing

/// A script's exit status and a failed boot's seed, through the built binary.
@Suite("A script's exit status, end to end")
struct ScriptExitStatusTests {
  @Test(
    "piped scripts exit 0, 1 for a check that found no agreement, 65 for a line that is no valid command",
    arguments: [
      ("check\n", Int32(0)),
      ("nxet\ncheck\n", Int32(65)),
      ("qa schedule=fail\nset reviewWeekday friday\ncheck\n", Int32(1)),
      ("qa hold write theme\nset theme dark\ncheck\n", Int32(1)),
      ("qa schedule=fail\nset reviewWeekday friday\ncheck\nset theme purple\n", Int32(65)),
      ("qa hold write theme\nset theme dark\nqa release write:theme\nwait\ncheck\n", Int32(0)),
    ])
  func pipedStatus(script: String, expected: Int32) throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(["--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0"], input: script)
    #expect(result.status == expected, "\(result.output)\n\(result.error)")
  }

  @Test(
    "a line that cannot act on what it names exits 65, whatever the command (issue 22)",
    arguments: [
      "next\nchoose 9\n", "next\nchoose 2\n", "next\n2\n", "next\nchoose theme dark\n", "next\nchoose mode.7\n",
      "next\nchoose purple\n", "close\nchoose 1\n",
    ])
  func cannotActExits65(script: String) throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(["--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0"], input: script)
    #expect(result.status == 65, "\(script): \(result.error)")
    #expect(result.error.contains("not a valid command"), "named on stderr: \(result.error)")
  }

  @Test(
    "qa explore in a script: a file it cannot read exits 66, an exploration of nothing exits 1, one that proves something 0",
    arguments: [
      ("2.14.0", "qa explore /nonexistent/choices.txt\n", Int32(66), "Cannot read the script"),
      ("2.14.0", "qa explore\n", Int32(1), "Nothing was explored"),
      ("2.11.0", "qa explore SCRIPT\n", Int32(1), "Nothing was explored"),
      ("2.13.0", "qa explore\n", Int32(0), "Runs explored: "),
    ])
  func exploreStatus(upgradeFrom: String, script: String, expected: Int32, says: String) throws {
    let directory = try TemporaryDirectory()
    let file = directory.path("nothing.txt")
    try "state\nnext\n".write(toFile: file, atomically: true, encoding: .utf8)
    let result = try runWhatsNew(
      ["--db", directory.path("x.sqlite"), "--upgrade-from", upgradeFrom],
      input: script.replacingOccurrences(of: "SCRIPT", with: file))
    #expect(result.status == expected, "\(result.output)\n\(result.error)")
    #expect((result.output + result.error).contains(says), "\(result.output)")
  }

  @Test("a script saved with a UTF-8 byte order mark runs its first line as a command")
  func byteOrderMark() throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(
      ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0"], input: "\u{FEFF}next\ncheck\n")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("page 2 of 6"), "\(result.output)")
  }

  @Test("a comment after a UTF-8 byte order mark is a comment, as qa explore reads it (issue 34)")
  func byteOrderMarkBeforeComment() throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(
      ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0"], input: "\u{FEFF}# a saved script\nnext\ncheck\n")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("page 2 of 6"), "\(result.output)")
  }

  @Test("skip now is refused: the script exits 65, the tour stays open and the seen record does not move (issue 34)")
  func wordsACommandDoesNotTake() throws {
    let directory = try TemporaryDirectory()
    let arguments = ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.11.0"]
    let result = try runWhatsNew(arguments, input: "skip now\nstate overlay\nstate seenThrough\n")
    #expect(result.status == 65, "\(result.error)")
    #expect(result.output.contains("skip takes no words, so 'skip now' was not run: type skip alone."), "\(result.output)")
    #expect(result.error.contains("whatsnew: line 1: not a valid command: skip now"), "\(result.error)")
    #expect(result.output.contains("> state overlay\n\"whatsNew\"\n"), "the tour is open: \(result.output)")
    #expect(result.output.contains("> state seenThrough\n\"2.11.0\"\n"), "nothing recorded: \(result.output)")
    let next = try runWhatsNew(arguments, input: "state seenThrough\n")
    #expect(next.output.contains("\"2.11.0\"\n"), "the store kept the record: \(next.output)")
  }

  @Test("qa can target every write state shows: the language and the guidance seen-set", arguments: ["language", "guidance"])
  func writeTargets(target: String) throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(
      ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0"], input: "qa hold write \(target)\nqa faults\n")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("write:\(target)=hold"), "\(result.output)")
  }

  @Test("each line that is not a valid command is named on stderr with its number, and the script goes on")
  func invalidLinesNamed() throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("qa.txt")
    try "home\nnxet\n\ngo nowhere\ncheck\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try runWhatsNew(["--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0", "--script", script])
    #expect(result.status == 65)
    #expect(result.error.contains("whatsnew: line 2: not a valid command: nxet"), "\(result.error)")
    #expect(result.error.contains("whatsnew: line 4: not a valid command: go nowhere"), "\(result.error)")
    #expect(result.output.contains("Consistent: screen, store and schedule agree."), "the script went on")
  }

  @Test("a line over 64 KiB is skipped with its number, the lines after it run, and the script exits 65")
  func overlongLine() throws {
    let directory = try TemporaryDirectory()
    let script = "home\n" + String(repeating: "x", count: 200_000) + "\nset theme dark\nstate\n"
    let result = try runWhatsNew(["--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0"], input: script)
    #expect(result.status == 65)
    #expect(result.output.contains("Line 2 of the script is longer than 65,536 bytes, so it was skipped"), "\(result.output)")
    #expect(result.output.contains(#""theme":"dark""#), "the script went on")
    #expect(!result.output.contains("xxxxxxxx"), "the long line is neither run nor echoed")
  }

  @Test("a failed boot on a new store leaves the upgrading user to be seeded by the next start")
  func failedBootThenSeeded() throws {
    let directory = try TemporaryDirectory()
    let database = directory.path("x.sqlite")
    let failed = try runWhatsNew(
      ["--db", database, "--upgrade-from", "2.11.0", "--fault", "boot=fail"], input: "check\n")
    #expect(failed.status == 1)
    #expect(failed.output.contains("did not start"))
    let next = try runWhatsNew(["--db", database, "--upgrade-from", "2.11.0"], input: "state\n")
    #expect(next.status == 0)
    let json = next.output.split(separator: "\n").first { $0.hasPrefix("{") }.map(String.init) ?? ""
    #expect(json.contains(#""onboardingComplete":true"#), "\(json)")
    #expect(json.contains(#""overlay":"whatsNew""#), "the post-update tour: \(json)")
  }
}
