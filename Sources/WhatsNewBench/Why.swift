import Foundation
import WhatsNewCore

// MARK: - Rules and `why` (issue 36)

/// A rule over 1,000 stored events (five names, each at the store's 200 newest): the count in a
/// window and a setting, evaluated as an automatic start does. Goal: at most 1 µs a rule.
@MainActor func benchRules() {
  say("rule evaluation over 1,000 stored events…")
  let start = Date(timeIntervalSince1970: 1_800_000_000)
  var log = EventLog()
  for screen in Screen.allCases {
    for minute in 0..<EventLog.retention { log.record(AppEvent.visited(screen).name, at: start + Double(minute) * 3_600) }
  }
  let rules: [Rule] = [
    .event(.visited(.review), atLeast: 2, withinDays: 14), .setting(.units, is: "imperial"),
    .event(.visited(.cardio), atLeast: 200, withinDays: nil), .seenThrough(Version("2.14.0")!),
  ]
  let facts = RuleFacts(
    settings: { $0.defaultValue }, events: log, language: .en, seenThrough: Version("2.15.0"), onboardingComplete: true,
    now: start + 200 * 3_600)
  let evaluations = 100_000
  let runs = options.quick ? 5 : 21
  var perRule: [Double] = []
  for _ in 0..<runs {
    let seconds = time {
      for index in 0..<evaluations where rules[index % rules.count].holds(facts) { blackHole &+= 1 }
    }
    perRule.append(seconds / Double(evaluations) * 1_000_000)
  }
  guard facts.events.count(AppEvent.visited(.review).name, since: start + 186 * 3_600) == 14 else {
    fail("the event window counted wrong")
  }
  rows.append(
    Row(
      name: "rule evaluation, 1,000 stored events", value: median(perRule), unit: "µs", baselineName: "the goal",
      baseline: 1, goal: "≤ 1 µs a rule", passed: median(perRule) <= 1, runs: runs))
}

/// A full `why` in a running app (the store read, every condition, the words): a script of 500
/// `why popover review.weekday_info` lines against one of 500 comments, the difference per line.
/// Goal: at most 5 ms a report.
@MainActor func benchWhy() {
  say("500 why reports…")
  let count = 500
  let environment = childEnvironment([
    "XDG_CACHE_HOME": scratch.path("cache-why"), "TZ": "UTC", "LANG": "C.UTF-8", "COLUMNS": "80",
  ])
  func seconds(_ line: String, _ name: String) -> Double {
    let script = scratch.path("why-\(name).txt")
    writeFile(script, String(repeating: line + "\n", count: count))
    let arguments = [
      "--db", scratch.path("why-\(name).sqlite"), "--upgrade-from", "2.14.0", "--releases", releasesDirectory,
      "--localizations", localizationsDirectory, "--color", "never", "--script", script,
    ]
    let output = scratch.path("why-\(name)-out.txt")
    let result = runChild(options.app, arguments, stdinPath: "/dev/null", stdoutPath: output, environment: environment)
    let reports = readText(output).components(separatedBy: "The popover").count - 1
    guard result.status == 0, reports == (name == "reports" ? count : 0) else {
      fail("the why script exited \(result.status) with \(reports) reports; see \(output)")
    }
    return result.seconds
  }
  let rounds = options.quick ? 2 : 5
  var perReport: [Double] = []
  for _ in 0..<rounds {
    let reports = seconds("why popover review.weekday_info", "reports")
    let comments = seconds("# a comment", "comments")
    perReport.append(max(0, reports - comments) / Double(count) * 1000)
  }
  rows.append(
    Row(
      name: "a full why report", value: median(perReport), unit: "ms", baselineName: "the goal", baseline: 5,
      goal: "≤ 5 ms a report", passed: median(perReport) <= 5, runs: rounds))
}
