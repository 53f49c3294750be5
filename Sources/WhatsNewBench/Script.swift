import Foundation

// MARK: - A long QA script

/// The lines of a long QA script, shaped as QA writes them: in each hundred, 50 comments, 40
/// blank lines, 5 `state`, 3 `go` (settings, review, home) and 2 `help` (issue 35: a
/// 1,000,000-line script of comments, blank lines, `state`, `go` and `help` ran at about 5,000
/// lines a second).
func longScriptLine(_ number: Int) -> String {
  switch number % 100 {
  case 0..<50: "# step \(number): what the next command should show"
  case 50..<90: ""
  case 90..<95: "state"
  case 95: "go settings"
  case 96: "go review"
  case 97: "go home"
  default: "help"
  }
}

/// The app running a long script (`--script`, 100,000 lines) as a whole process on the
/// shipped content, its output to a file: lines per second, start included. Checks that every
/// `state` line printed its JSON.
@MainActor func benchScript() {
  say("a 100,000-line QA script…")
  let lines = 100_000
  let script = scratch.path("long-script.txt")
  writeFile(script, (0..<lines).map(longScriptLine).joined(separator: "\n") + "\n")
  let output = scratch.path("long-script-out.txt")
  let environment = childEnvironment([
    "XDG_CACHE_HOME": scratch.path("cache-script"), "TZ": "UTC", "LANG": "C.UTF-8", "COLUMNS": "80",
  ])
  let states = (0..<lines).filter { longScriptLine($0) == "state" }.count
  let rounds = options.quick ? 2 : 5
  var rates: [Double] = []
  for round in 0..<rounds {
    let arguments = [
      "--db", scratch.path("script-\(round).sqlite"), "--upgrade-from", "2.14.0", "--releases", releasesDirectory,
      "--localizations", localizationsDirectory, "--color", "never", "--script", script,
    ]
    let result = runChild(options.app, arguments, stdinPath: "/dev/null", stdoutPath: output, environment: environment)
    let printed = readText(output).split(separator: "\n").filter { $0.hasPrefix("{\"screen\"") }.count
    guard result.status == 0, printed == states else {
      fail("the long script exited \(result.status) with \(printed) of \(states) state lines; see \(output)")
    }
    rates.append(Double(lines) / result.seconds)
  }
  rows.append(
    Row(
      name: "a long script: lines per second", value: median(rates), unit: "lines/s", baselineName: "the goal",
      baseline: 10_000, goal: "≥ 10,000 (100,000 lines)", passed: median(rates) >= 10_000, runs: rounds))
}
