import Foundation
import TestSupport
import Testing

/// Runs the built `whatsnew` binary with `arguments`, feeding `input` on stdin.
func runWhatsNew(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> (
  status: Int32, output: String, error: String
) {
  let result = try runWhatsNewBytes(arguments, input: input, environment: environment)
  return (result.status, String(decoding: result.output, as: UTF8.self), String(decoding: result.error, as: UTF8.self))
}

/// ``runWhatsNew(_:input:environment:)``, with what it printed as bytes (a locale that is not UTF-8).
func runWhatsNewBytes(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> (
  status: Int32, output: [UInt8], error: [UInt8]
) {
  var processEnvironment = ProcessInfo.processInfo.environment
  processEnvironment["NO_COLOR"] = nil
  processEnvironment["WHATSNEW_DB"] = nil
  processEnvironment["WHATSNEW_FAULTS"] = nil
  processEnvironment["LANG"] = "C.UTF-8"
  processEnvironment["LC_ALL"] = nil
  processEnvironment["LC_CTYPE"] = nil
  processEnvironment["TZ"] = "UTC"
  processEnvironment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
  for (key, value) in environment { processEnvironment[key] = value }
  let child = try PipedProcess(
    RepositoryPaths.executable, arguments, environment: processEnvironment, currentDirectory: RepositoryPaths.root)
  // An app that exits without reading its input (a usage error) closes the pipe: not a failure here.
  try? child.input.write(contentsOf: Data(input.utf8))
  try? child.input.close()
  let output = child.output.readDataToEndOfFile()
  let error = child.error.readDataToEndOfFile()
  child.process.waitUntilExit()
  return (child.process.terminationStatus, Array(output), Array(error))
}

@Suite("The built binary, end to end")
struct BinaryTests {
  @Test("a piped script prints one JSON line for state and exits 0")
  func pipedState() throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(["--db", directory.path("x.sqlite")], input: "state\nquit\n")
    #expect(result.status == 0)
    let jsonLines = result.output.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(jsonLines.count == 1)
    let object = try JSONSerialization.jsonObject(with: Data(jsonLines[0].utf8)) as? [String: Any]
    #expect(object?["overlay"] as? String == "onboarding")
    #expect(object?["appVersion"] as? String == "2.14.0")
    #expect(!result.output.contains("\u{1B}"), "scripted output has no escape codes")
    let mode = try FileManager.default.attributesOfItem(atPath: directory.path("x.sqlite"))[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test("an upgrader lands in the tour; quitting mid-tour records nothing, so it returns")
  func upgraderTour() throws {
    let directory = try TemporaryDirectory()
    let database = directory.path("x.sqlite")
    let first = try runWhatsNew(["--db", database, "--upgrade-from", "2.11.0"], input: "next\nquit\n")
    #expect(first.status == 0)
    #expect(first.output.contains("What's new in 2.13.1"))
    #expect(first.output.contains("page 2 of 6"))
    let second = try runWhatsNew(["--db", database], input: "state\nskip\nstate\n")
    #expect(second.output.contains(#""overlay":"whatsNew""#))
    #expect(second.output.contains(#""seenThrough":"2.14.0""#))
    let third = try runWhatsNew(["--db", database], input: "state\n")
    #expect(third.output.contains(#""overlay":null"#))
  }

  @Test("translations are compiled into the cache once, and an edited .strings file shows at the next start")
  func translationCache() throws {
    let directory = try TemporaryDirectory()
    let cacheHome = directory.path("cache")
    let localizations = directory.path("Localizations")
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: localizations)
    let arguments = [
      "--db", directory.path("x.sqlite"), "--localizations", localizations, "--locale", "nl", "--upgrade-from", "2.14.0",
    ]
    let first = try runWhatsNew(arguments, input: "go settings\nquit\n", environment: ["XDG_CACHE_HOME": cacheHome])
    #expect(first.status == 0)
    let compiled = try FileManager.default.contentsOfDirectory(atPath: cacheHome + "/whatsnew/strings")
    #expect(compiled.count == 2, "English (for validation) and Dutch: \(compiled)")
    let dutch = localizations + "/nl.lproj/Localizable.strings"
    var text = try String(contentsOfFile: dutch, encoding: .utf8)
    let original = try #require(text.range(of: #""ui.screen.settings.title" = ""#))
    let valueEnd = try #require(text[original.upperBound...].firstIndex(of: "\""))
    text.replaceSubrange(original.upperBound..<valueEnd, with: "Instellingen (bewerkt)")
    try Data(text.utf8).write(to: URL(fileURLWithPath: dutch))
    let second = try runWhatsNew(arguments, input: "go settings\nquit\n", environment: ["XDG_CACHE_HOME": cacheHome])
    #expect(second.output.contains("Instellingen (bewerkt)"))
    #expect(!first.output.contains("Instellingen (bewerkt)"))
  }

  @Test("a broken .strings file is named with its line, once, and CoreFoundation's own report never reaches stderr")
  func brokenTable() throws {
    let directory = try TemporaryDirectory()
    let localizations = directory.path("Localizations")
    try FileManager.default.copyItem(atPath: RepositoryPaths.localizations, toPath: localizations)
    let dutch = localizations + "/nl.lproj/Localizable.strings"
    try Data("\"ui.done\" = \"Klaar\";\n\"ui.next\" = \"Volgende\"\n\"ui.back\" = \"Terug\";\n".utf8).write(
      to: URL(fileURLWithPath: dutch))
    let start = try runWhatsNew(
      ["--db", directory.path("x.sqlite"), "--localizations", localizations, "--locale", "nl", "--dev"],
      input: "quit\n", environment: ["XDG_CACHE_HOME": directory.path("cache")])
    #expect(start.status == 0)
    #expect(start.error.contains("\(dutch): not a valid .strings file: missing ';' on line 3"), "\(start.error)")
    #expect(!start.error.contains("CFPropertyList"), "\(start.error)")
    let lint = try runWhatsNew(["lint", "--localizations", localizations])
    #expect(lint.status == 65)
    #expect(
      lint.output.contains("\(dutch):3:1: error: not a valid .strings file: expected ';' after the text of 'ui.next'"),
      "the problem is where the format breaks, the file named once: \(lint.output)")
    #expect(lint.output.ranges(of: "nl.lproj").count == 1, "\(lint.output)")
    #expect(!lint.error.contains("CFPropertyList"), "\(lint.error)")
  }

  @Test("a script's views are never cut, whatever LINES says; COLUMNS still sets their width")
  func scriptIgnoresLines() throws {
    let directory = try TemporaryDirectory()
    let result = try runWhatsNew(
      ["--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0"], input: "go settings\nquit\n",
      environment: ["LINES": "10", "COLUMNS": "50"])
    #expect(result.status == 0, "\(result.error)")
    #expect(!result.output.contains("Rows below"), "\(result.output)")
    #expect(result.output.split(separator: "\n").count > 10, "\(result.output)")
    let widest = result.output.split(separator: "\n").map { $0.unicodeScalars.count }.max() ?? 0
    #expect(widest <= 50, "\(result.output)")
  }

  @Test("a script file is read with --script")
  func scriptFile() throws {
    let directory = try TemporaryDirectory()
    let script = directory.path("commands.txt")
    try "help\nstate\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try runWhatsNew(["--db", directory.path("x.sqlite"), "--script", script])
    #expect(result.status == 0)
    #expect(result.output.contains("Commands:"))
    let missing = try runWhatsNew(["--db", directory.path("x.sqlite"), "--script", directory.path("nope.txt")])
    #expect(missing.status == 66)
    #expect(missing.error.contains("nope.txt"))
  }

  @Test("usage errors print one line plus usage and exit 64")
  func usageError() throws {
    let result = try runWhatsNew(["--colour", "always"])
    #expect(result.status == 64)
    let lines = result.error.split(separator: "\n")
    #expect(lines.first == "Error: unknown option '--colour' (did you mean '--color'?)")
    #expect(lines.dropFirst().first?.hasPrefix("Usage: whatsnew") == true)
    #expect(result.output.isEmpty)
  }

  @Test("--help and --version exit 0")
  func helpAndVersion() throws {
    let help = try runWhatsNew(["--help"])
    #expect(help.status == 0)
    #expect(help.output.contains("USAGE: whatsnew"))
    #expect(help.output.contains("--fault <spec>"))
    let version = try runWhatsNew(["--version"])
    #expect(version.status == 0)
    #expect(version.output.hasPrefix("whatsnew "))
  }

  @Test("an unusable database exits 74 naming the path, and is left untouched")
  func unusableDatabase() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("corrupt.sqlite")
    let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: path))
    let result = try runWhatsNew(["--db", path], input: "state\n")
    #expect(result.status == 74)
    #expect(result.error.contains(path))
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    let missingParent = try runWhatsNew(["--db", directory.path("no/such/dir/x.sqlite")], input: "state\n")
    #expect(missingParent.status == 74)
    #expect(missingParent.error.contains(directory.path("no/such/dir")))
  }

  @Test("flow --json prints exactly the pages, and lint passes on the shipped content")
  func flowAndLint() throws {
    let flow = try runWhatsNew(["flow", "--seen", "2.12.0", "--json"])
    #expect(flow.status == 0)
    #expect(flow.output.hasPrefix(#"{"pages":[{"release":"2.13.1","page":"workoutView","blocks":["intro","view"]}"#))
    let lint = try runWhatsNew(["lint"])
    #expect(lint.status == 0, "\(lint.output)")
  }

  @Test("flow --settings previews 2.15.0's new home card default for who chose the card and who did not; a bad one exits 64")
  func flowSettings() throws {
    let base = ["flow", "--seen", "2.14.0", "--app-version", "2.15.0", "--json"]
    let never = try runWhatsNew(base)
    #expect(never.status == 0)
    #expect(
      never.output.contains(#""blocks":["cardioCounts","homeCard"],"newDefaults":{"homeCard":"weekly_streak"}"#),
      "\(never.output)")
    let chose = try runWhatsNew(base + ["--settings", "homeSummaryCard=daily_summary"])
    #expect(chose.status == 0)
    #expect(chose.output.contains(#""page":"streak","blocks":["cardioCounts"]}"#), "\(chose.output)")
    let bad = try runWhatsNew(base + ["--settings", "homeSummaryCard=weekly"])
    #expect(bad.status == 64)
    #expect(
      bad.error.hasPrefix(
        "Error: invalid value 'homeSummaryCard=weekly' for '--settings': expected homeSummaryCard=<value> with one of "
          + "daily_summary, weekly_streak"), "\(bad.error)")
  }

  @Test("backup and restore on the command line carry the seen record across stores")
  func backupRestore() throws {
    let directory = try TemporaryDirectory()
    let original = directory.path("a.sqlite")
    _ = try runWhatsNew(["--db", original, "--upgrade-from", "2.11.0"], input: "skip\n")
    let backup = try runWhatsNew(["backup", directory.path("backup.sqlite"), "--db", original])
    #expect(backup.status == 0, "\(backup.error)")
    let other = directory.path("b.sqlite")
    let restore = try runWhatsNew(["restore", directory.path("backup.sqlite"), "--db", other])
    #expect(restore.status == 0, "\(restore.error)")
    let state = try runWhatsNew(["--db", other], input: "state\n")
    #expect(state.output.contains(#""seenThrough":"2.14.0""#))
    #expect(state.output.contains(#""overlay":null"#))
    let bad = try runWhatsNew(["restore", directory.path("a.sqlite-does-not-exist"), "--db", other])
    #expect(bad.status == 74)
  }
}
