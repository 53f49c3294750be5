import Foundation

// MARK: - qa explore: single faults, and every pair

/// `qa explore` and `qa explore --pairs` as a whole process on the shipped content, from
/// 2.11.0, on a store of their own each time: runs per second from the run count the app
/// prints and the process's time (its start is a few milliseconds of the seconds measured).
@MainActor func benchExplore() {
  say("qa explore, single faults and pairs…")
  let script = scratch.path("explore.txt")
  let pairsScript = scratch.path("explore-pairs.txt")
  writeFile(script, "qa explore\n")
  writeFile(pairsScript, "qa explore --pairs\n")
  let output = scratch.path("explore-out.txt")
  let environment = childEnvironment([
    "XDG_CACHE_HOME": scratch.path("cache-explore"), "TZ": "UTC", "LANG": "C.UTF-8", "COLUMNS": "300",
  ])
  var store = 0
  func explore(_ input: String) -> (runs: Int, seconds: Double) {
    store += 1
    let arguments = [
      "--db", scratch.path("explore-\(store).sqlite"), "--upgrade-from", "2.11.0", "--releases", releasesDirectory,
      "--localizations", localizationsDirectory, "--color", "never",
    ]
    let result = runChild(options.app, arguments, stdinPath: input, stdoutPath: output, environment: environment)
    let text = readText(output)
    guard result.status == 0, text.contains("no counterexample"), let runs = exploredRuns(text) else {
      fail("qa explore exited \(result.status) or found a counterexample; see \(output)")
    }
    return (runs, result.seconds)
  }
  let rounds = options.quick ? 3 : 7
  var rates: [Double] = []
  var singleSeconds: [Double] = []
  var singleRuns = 0
  for _ in 0..<rounds {
    let single = explore(script)
    singleRuns = single.runs
    singleSeconds.append(single.seconds)
    rates.append(Double(single.runs) / single.seconds)
  }
  rows.append(
    Row(
      name: "qa explore, single faults: runs per second", value: median(rates), unit: "runs/s",
      baselineName: "the goal", baseline: 500, goal: "≥ 500 (\(singleRuns) runs)", passed: median(rates) >= 500,
      runs: rounds))
  let pairs = explore(pairsScript)
  rows.append(
    Row(
      name: "qa explore --pairs: seconds", value: pairs.seconds, unit: "s", baselineName: "single faults",
      baseline: median(singleSeconds),
      goal: "≤ 60 s (\(pairs.runs) runs, \(String(format: "%.0f", Double(pairs.runs) / pairs.seconds)) runs/s)",
      passed: pairs.seconds <= 60, runs: 1))
}

/// The run count in `qa explore`'s summary line ("Runs explored: 877," or "… faults: 10963 in").
func exploredRuns(_ text: String) -> Int? {
  for marker in ["Runs explored: ", "every ordered pair of faults: "] {
    guard let range = text.range(of: marker) else { continue }
    return Int(text[range.upperBound...].prefix { $0.isNumber })
  }
  return nil
}
