// whatsnew-bench: `make bench`. Measures the app against `whatsnew-idiomatic` (the same start
// work written plainly, with no caches) in the same shuffled runs, prints a table, writes
// bench/results.json and bench/README.md.
//
//   whatsnew-bench --app .build/release/whatsnew --idiomatic .build/release/whatsnew-idiomatic \
//     --content . --out bench [--quick] [--swift-version "…"]
//   whatsnew-bench … --only start   (the start rows on the shipped content; prints, writes nothing)
//   whatsnew-bench … --only load    (the generated-content and missing-file rows; prints, writes nothing)
//   whatsnew-bench … --only missing (the missing-file row alone; prints, writes nothing)
//   whatsnew-bench … --only explore (the qa explore rows; prints, writes nothing)
//   whatsnew-bench … --only script  (the long-script row; prints, writes nothing)
//   whatsnew-bench … --only why     (the rule-evaluation and why rows; prints, writes nothing)
//   whatsnew-bench --generate N DIR (writes generated content for profiling)
import Foundation
import Glibc
import LineEditor
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// The command line.
struct BenchOptions {
  var app = ".build/release/whatsnew"
  var idiomatic = ".build/release/whatsnew-idiomatic"
  var content = "."
  var out = "bench"
  var quick = false
  var swiftVersion = "unknown"
  /// `start`, `load`, `missing`, `explore`, `script` or `why`: only those rows, printed, nothing written.
  var only: String?

  static func parse(_ arguments: [String]) -> BenchOptions {
    var options = BenchOptions()
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--app": options.app = iterator.next() ?? options.app
      case "--idiomatic": options.idiomatic = iterator.next() ?? options.idiomatic
      case "--content": options.content = iterator.next() ?? options.content
      case "--out": options.out = iterator.next() ?? options.out
      case "--swift-version": options.swiftVersion = iterator.next() ?? options.swiftVersion
      case "--quick": options.quick = true
      case "--only":
        guard let part = iterator.next(), ["load", "start", "missing", "explore", "script", "why"].contains(part) else {
          exit(64)
        }
        options.only = part
      case "--generate":
        // --generate N DIR: write generated content for profiling, and stop.
        guard let count = iterator.next().flatMap(Int.init), let directory = iterator.next() else { exit(64) }
        do { try GeneratedContent.write(count: count, to: directory, sharedFrom: options.content) } catch { exit(1) }
        exit(0)
      default:
        FileHandle.standardError.write(Data("whatsnew-bench: unknown argument \(argument)\n".utf8))
        exit(64)
      }
    }
    return options
  }
}

/// One row of the table: a median set against a baseline measured in the same run.
struct Row {
  var name: String
  var value: Double
  var unit: String
  var baselineName: String
  var baseline: Double
  var goal: String
  var passed: Bool?
  var runs: Int
  var ratio: Double { baseline > 0 ? value / baseline : 0 }
}

let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
let releasesDirectory = options.content + "/Releases"
let localizationsDirectory = options.content + "/Localizations"
/// The user's language in every start row: Spanish, so a start reads two tables (English,
/// which keys are checked against, and the user's).
let userLanguage = "es"
let scratch = Scratch()
var rows: [Row] = []

@MainActor func say(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

@MainActor func fail(_ text: String) -> Never {
  say("whatsnew-bench: " + text)
  exit(1)
}

@MainActor func writeFile(_ path: String, _ text: String) {
  guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { fail("cannot write \(path)") }
}

@MainActor func readText(_ path: String) -> String {
  (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}

// MARK: - Whole processes: the app and the idiomatic program on one content tree

/// The app and `whatsnew-idiomatic` set up on one content tree, one store, one cache.
@MainActor struct Contestants {
  let app: [String]
  let idiomatic: [String]
  let environment: [String]
  let cacheHome: String
  let stateQuit = scratch.path("state-quit.txt")
  let output = scratch.path("out.txt")

  /// Seeds `store` as a user upgrading from `upgradeFrom` who has not seen the tour yet, and
  /// fills the app's caches (the compiled tables) with one run.
  init(name: String, releases: String, localizations: String, appVersion: String, upgradeFrom: String = "2.11.0") {
    let store = scratch.path(name + ".sqlite")
    cacheHome = scratch.path("cache-" + name)
    let common = ["--db", store, "--releases", releases, "--localizations", localizations, "--locale", userLanguage]
    app = common + ["--color", "never", "--upgrade-from", upgradeFrom, "--app-version", appVersion]
    idiomatic = common + ["--app-version", appVersion]
    // The compiled translation tables live here (the app's XDG cache), not in the user's home.
    environment = childEnvironment(["XDG_CACHE_HOME": cacheHome, "TZ": "UTC", "LANG": "C.UTF-8"])
    writeFile(stateQuit, "state\nquit\n")
    let seeded = runChild(options.app, app, stdinPath: stateQuit, stdoutPath: output, environment: environment)
    guard seeded.status == 0 else { fail("seeding the store failed (exit \(seeded.status)); see \(output)") }
  }

  /// The app's start: the script `state`, `quit`.
  func runApp() -> (seconds: Double, output: String) { run(options.app, app) }

  /// The app's first start after the translations changed: no compiled tables.
  func runAppFirstStart() -> (seconds: Double, output: String) {
    try? FileManager.default.removeItem(atPath: cacheHome)
    return run(options.app, app)
  }

  func runIdiomatic() -> (seconds: Double, output: String) { run(options.idiomatic, idiomatic) }

  func run(_ path: String, _ arguments: [String], keepOutput: Bool = false) -> (seconds: Double, output: String) {
    let result = runChild(path, arguments, stdinPath: stateQuit, stdoutPath: output, environment: environment)
    guard result.status == 0 else { fail("\(path) exited \(result.status); see \(output)") }
    return (result.seconds, keepOutput ? readText(output) : "")
  }

  /// Checks once that both programs show the same first page: the idiomatic program's heading
  /// and first block title (lines 1 and 2, empty lines dropped) are in the app's output, and the app's tour is open.
  func checkSamePage() {
    let app = run(options.app, app, keepOutput: true).output
    let idiomatic = run(options.idiomatic, idiomatic, keepOutput: true).output.split(separator: "\n")
    guard app.contains("\"overlay\":\"whatsNew\""), idiomatic.count > 1,
      let heading = idiomatic[0].components(separatedBy: " · ").first, app.contains(heading),
      app.contains(idiomatic[1].trimmingCharacters(in: .whitespaces))
    else { fail("the app and whatsnew-idiomatic do not show the same first page; see \(output)") }
  }
}

/// Runs each of `measurements` once per round, in a shuffled order, so each follows each of
/// the others about equally often (a process starts about 0.25 ms slower right after a
/// heavier one, so a fixed order would tilt every ratio against whatever follows the
/// heaviest run). The first `warmUp` rounds warm the page cache and are not kept.
@MainActor func shuffledRounds<Key: Hashable>(
  _ measurements: [Key], rounds: Int, warmUp: Int, _ measure: (Key) -> Double
) -> [Key: [Double]] {
  var times: [Key: [Double]] = [:]
  for round in 0..<(rounds + warmUp) {
    for key in measurements.shuffled() {
      let seconds = measure(key)
      if round >= warmUp { times[key, default: []].append(seconds) }
    }
  }
  return times
}

@MainActor func benchStart() {
  say("warm start, first start and the bare process…")
  let shipped = Contestants(
    name: "shipped", releases: releasesDirectory, localizations: localizationsDirectory, appVersion: "2.14.0")
  shipped.checkSamePage()
  enum Measurement: CaseIterable { case app, idiomatic, firstStart, appBare, idiomaticBare }
  let runs = options.quick ? 7 : 101
  let times = shuffledRounds(Measurement.allCases, rounds: runs, warmUp: 2) { measurement in
    switch measurement {
    case .app: shipped.runApp().seconds
    case .idiomatic: shipped.runIdiomatic().seconds
    case .firstStart: shipped.runAppFirstStart().seconds  // leaves the cache filled again
    case .appBare: shipped.run(options.app, ["--version"]).seconds
    case .idiomaticBare: shipped.run(options.idiomatic, ["--version"]).seconds
    }
  }
  let idiomatic = median(times[.idiomatic]!) * 1000
  func row(_ name: String, _ key: Measurement, against: Double, _ againstName: String, goal: Double?) {
    let value = median(times[key]!) * 1000
    rows.append(
      Row(
        name: name, value: value, unit: "ms", baselineName: againstName, baseline: against,
        goal: goal.map { "≤ \(String(format: "%.2g", $0))× idiomatic" } ?? "report",
        passed: goal.map { value <= $0 * against }, runs: runs))
  }
  // Guards: the per-release layout must not cost the shipped content's start.
  row("warm start to the first tour page", .app, against: idiomatic, "whatsnew-idiomatic", goal: 1.2)
  row(
    "first start after the translations changed (no compiled tables)", .firstStart, against: idiomatic,
    "whatsnew-idiomatic", goal: 1.3)
  row(
    "the bare process: --version", .appBare, against: median(times[.idiomaticBare]!) * 1000,
    "whatsnew-idiomatic --version", goal: nil)
  row(
    "whatsnew-idiomatic's start against its bare process", .idiomatic, against: median(times[.idiomaticBare]!) * 1000,
    "whatsnew-idiomatic --version", goal: nil)

  say("peak memory…")
  let walk = scratch.path("walk.txt")
  writeFile(walk, "state\nnext\nnext\nnext\nnext\nnext\nback\nlang ru\nnext\nlang pt-BR\nstate\ncheck\ngo settings\nquit\n")
  var appRSS: [Double] = []
  var idiomaticRSS: [Double] = []
  for _ in 0..<(options.quick ? 3 : 7) {
    guard
      let app = peakMemory(
        options.app, shipped.app, stdinPath: walk, stdoutPath: shipped.output, environment: shipped.environment,
        scratch: scratch),
      let idiomatic = peakMemory(
        options.idiomatic, shipped.idiomatic, stdinPath: walk, stdoutPath: shipped.output,
        environment: shipped.environment, scratch: scratch)
    else { fail("/usr/bin/time could not measure the app walking the tour (make deps installs GNU time)") }
    appRSS.append(app)
    idiomaticRSS.append(idiomatic)
  }
  rows.append(
    Row(
      name: "peak memory (shipped content, tour walk)", value: median(appRSS), unit: "MiB",
      baselineName: "whatsnew-idiomatic's start", baseline: median(idiomaticRSS), goal: "< 30 MiB",
      passed: median(appRSS) < 30, runs: appRSS.count))
}

// MARK: - Generated content: 10 and 1,000 releases, a tour of one release

@MainActor func benchLoad() throws {
  let counts = [10, 1000]
  var trees: [Int: (root: String, contestants: Contestants)] = [:]
  for count in counts {
    say("\(count) generated releases…")
    let root = scratch.path("generated-\(count)")
    try GeneratedContent.write(count: count, to: root, sharedFrom: options.content)
    // The newest generated release is 9.0.(count-1): act as 9.1.0, seen through the one
    // before it, so the tour shows one release (six pages) whatever the history.
    let contestants = Contestants(
      name: "generated-\(count)", releases: root + "/Releases", localizations: root + "/Localizations",
      appVersion: "9.1.0", upgradeFrom: GeneratedContent.version(count - 2))
    contestants.checkSamePage()
    trees[count] = (root, contestants)
  }
  // Both sizes in the same shuffled rounds, so a busy spell on the machine falls on both.
  enum Program: CaseIterable { case app, idiomatic, firstStart }
  struct Measurement: Hashable {
    var count: Int
    var program: Program
  }
  let runs = options.quick ? 3 : 15
  let measurements = counts.flatMap { count in Program.allCases.map { Measurement(count: count, program: $0) } }
  let times = shuffledRounds(measurements, rounds: runs, warmUp: 1) { measurement in
    let contestants = trees[measurement.count]!.contestants
    return switch measurement.program {
    case .app: contestants.runApp().seconds
    case .idiomatic: contestants.runIdiomatic().seconds
    case .firstStart: contestants.runAppFirstStart().seconds
    }
  }
  let value = { (count: Int, program: Program) in median(times[Measurement(count: count, program: program)]!) * 1000 }
  rows.append(
    Row(
      name: "warm start, 1,000 releases against 10 (a tour of one release)", value: value(1000, .app), unit: "ms",
      baselineName: "the same, 10 releases", baseline: value(10, .app), goal: "≤ 1.5×",
      passed: value(1000, .app) <= 1.5 * value(10, .app), runs: runs))
  rows.append(
    Row(
      name: "first start after an update, 1,000 releases against 10 (no compiled tables)", value: value(1000, .firstStart),
      unit: "ms", baselineName: "the same, 10 releases", baseline: value(10, .firstStart), goal: "≤ 1.5×",
      passed: value(1000, .firstStart) <= 1.5 * value(10, .firstStart), runs: runs))
  for count in counts {
    rows.append(
      Row(
        name: "\(count) generated releases, warm start (a tour of one release)", value: value(count, .app), unit: "ms",
        baselineName: "whatsnew-idiomatic", baseline: value(count, .idiomatic), goal: "report", passed: nil, runs: runs))
  }

  say("peak memory, 1,000 releases…")
  let thousand = trees[1000]!.contestants
  let walk = scratch.path("walk-generated.txt")
  writeFile(walk, "state\nnext\nnext\nnext\nback\nlang ru\nnext\nlang pt-BR\nstate\ncheck\ngo settings\nnews\nquit\n")
  var rss: [Double] = []
  for _ in 0..<(options.quick ? 3 : 7) {
    guard
      let peak = peakMemory(
        options.app, thousand.app, stdinPath: walk, stdoutPath: thousand.output, environment: thousand.environment,
        scratch: scratch)
    else { fail("/usr/bin/time could not measure the app walking the tour (make deps installs GNU time)") }
    rss.append(peak)
  }
  let idiomaticPeak =
    peakMemory(
      options.idiomatic, thousand.idiomatic, stdinPath: walk, stdoutPath: thousand.output,
      environment: thousand.environment, scratch: scratch) ?? 0
  rows.append(
    Row(
      name: "peak memory, 1,000 releases (tour walk)", value: median(rss), unit: "MiB",
      baselineName: "whatsnew-idiomatic's start", baseline: idiomaticPeak, goal: "< 30 MiB", passed: median(rss) < 30,
      runs: rss.count))

  // Linearity of the whole load (`flow`, `--dev`: read and validate every release and its
  // tables), in this process, 1,000 and 100 releases in shuffled rounds.
  say("content load, 100 against 1,000 releases…")
  let hundred = scratch.path("generated-100")
  try GeneratedContent.write(count: 100, to: hundred, sharedFrom: options.content)
  let roots = [100: hundred, 1000: trees[1000]!.root]
  let loadRuns = options.quick ? 3 : 11
  let cache = TranslationCache(directory: scratch.path("load-cache"))
  let loads = shuffledRounds([100, 1000], rounds: loadRuns, warmUp: 1) { count in
    var library: ContentLibrary?
    let seconds = time {
      library = try? ContentLibrary.load(
        releasesDirectory: roots[count]! + "/Releases", localizationsDirectory: roots[count]! + "/Localizations",
        languages: [.es], cache: cache)
    }
    guard library?.releases.count == count, library?.diagnostics.isEmpty == true else {
      fail("generated content for \(count) loaded \(library?.releases.count ?? 0): \(library?.diagnostics.prefix(3) ?? [])")
    }
    return seconds
  }
  let load = { (count: Int) in median(loads[count]!) * 1000 }
  rows.append(
    Row(
      name: "content load (ContentLibrary.load, every release), 1,000 releases against 100", value: load(1000),
      unit: "ms", baselineName: "the same, 100 releases", baseline: load(100), goal: "≤ 12× (10× the content)",
      passed: load(1000) <= 12 * load(100), runs: loadRuns))
  for root in [hundred] + counts.map({ trees[$0]!.root }) { try? FileManager.default.removeItem(atPath: root) }
}

// MARK: - In process: selectFlow, tap while the write is held, the write itself

@MainActor func benchFlow() {
  say("selectFlow over 10,000 releases…")
  let releases = GeneratedContent.releases(count: 10_000)
  let seen = releases[releases.count - 3].version
  let current = releases[releases.count - 1].version
  let runs = options.quick ? 21 : 201
  var times: [Double] = []
  var floors: [Double] = []
  for _ in 0..<runs {
    times.append(time { blackHole &+= selectFlow(releases: releases, seenThrough: seen, current: current).count })
    // Baseline: one pass over the same array, reading every version.
    floors.append(
      time {
        var sum = 0
        for release in releases { sum &+= release.version.patch }
        blackHole &+= sum
      })
  }
  guard selectFlow(releases: releases, seenThrough: seen, current: current).count == 6 else { fail("selectFlow gave no pages") }
  rows.append(
    Row(
      name: "selectFlow, 10,000 releases", value: median(times) * 1000, unit: "ms",
      baselineName: "one pass over the array", baseline: median(floors) * 1000, goal: "report", passed: nil, runs: runs))
}

/// A script's one long line, 4 MB against 1 MB, read through `ScriptLineSource` from a file
/// (64 KB reads): the reader must stay linear in the input (issue 16; it rescanned the whole
/// line after every read before). The line is over the limit, so it is dropped as it arrives.
@MainActor func benchLongLine() {
  say("a 4 MB script line against a 1 MB one…")
  let runs = options.quick ? 5 : 21
  func file(megabytes: Int) -> String {
    let path = scratch.path("line-\(megabytes).txt")
    let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: megabytes << 20) + Array("\nstate\n".utf8)
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { fail("cannot write \(path)") }
    return path
  }
  let paths = [1: file(megabytes: 1), 4: file(megabytes: 4)]
  var times: [Int: [Double]] = [1: [], 4: []]
  for _ in 0..<runs {
    for size in [1, 4] {
      var inputs: [LineInput] = []
      times[size]!.append(
        time {
          guard let source = try? ScriptLineSource(path: paths[size]!) else { fail("cannot open \(paths[size]!)") }
          while case let input = source.nextLine(prompt: ""), input != .endOfInput { inputs.append(input) }
        })
      guard inputs == [.overlongLine(number: 1, limit: ScriptLineSource.lineLimit), .line("state")] else {
        fail("the long line read as \(inputs.prefix(3))")
      }
    }
  }
  let one = median(times[1]!) * 1000
  let four = median(times[4]!) * 1000
  rows.append(
    Row(
      name: "reading a 4 MB script line (ScriptLineSource)", value: four, unit: "ms",
      baselineName: "a 1 MB line", baseline: one, goal: "≤ 5× (4× the input)", passed: four <= 5 * one, runs: runs))
}

/// Tap → re-rendered page with every write held, then the choice write itself. Uses as little
/// of `Session` as it can (init, `boot`, `tap`, `renderCurrentView`) and checks the page's text.
@MainActor
func benchTap() async throws {
  say("tap to re-rendered page with the write held…")
  let content = try ContentLibrary.load(releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory)
  let databasePath = scratch.path("tap.sqlite")
  let appOptions = try Options.parse(
    ["--db", databasePath, "--upgrade-from", "2.11.0", "--color", "never"], environment: [:])
  let store = try SettingsStore(path: databasePath)
  let configuration = SessionConfiguration(
    options: appOptions, content: content, language: .en, width: { 80 }, ascii: false, isInteractive: false,
    storeWasCreated: store.wasCreated)
  let tracker = OperationTracker()
  let clock = SystemClock()
  let faults = FaultInjector(tracker: tracker, clock: clock)
  let backends = Backends(store: store, faults: faults, tracker: tracker, clock: clock, timeZone: .gmt)
  let console = Console(styler: Styler(colors: false), writeOut: { _ in }, writeError: { _ in })
  let session = Session(configuration: configuration, backends: backends, console: console)
  session.runner.boot()
  await tracker.waitUntilSettled()
  let styler = Styler(colors: false)
  guard styler.render(session.renderCurrentView()).contains("What's new in 2.13.1") else {
    fail("the tour did not open in-process on the 2.13.1 workout view page")
  }
  faults.add(FaultSpec(operation: .write, target: nil, kind: .hold))
  // The page's choice lists guided (1) then inline (2); the chosen one shows "saving…" while held.
  let values = [("inline", "2) (●)"), ("guided", "1) (●)")]
  var times: [Double] = []
  var floors: [Double] = []
  let runs = options.quick ? 41 : 401
  for run in 0..<runs {
    let (value, marker) = values[run % 2]
    var text = ""
    times.append(
      await time {
        await session.send(.tap(.workoutView, value))
        text = styler.render(session.renderCurrentView())
      })
    guard let line = text.split(separator: "\n").first(where: { $0.contains(marker) }), line.contains("saving…") else {
      fail("the tap did not show \(value) at once with its write pending:\n\(text)")
    }
    // Baseline: render the same page, no tap.
    floors.append(time { blackHole &+= styler.render(session.renderCurrentView()).utf8.count })
    await Task.yield()  // let the write task reach the hold
  }
  guard tracker.entries.contains(where: { $0.operation == .write && $0.isHeld }) else { fail("no write was held") }
  faults.clear()
  await tracker.waitUntilSettled()
  rows.append(
    Row(
      name: "tap → re-rendered page, write held", value: median(times) * 1000, unit: "ms",
      baselineName: "render the page alone", baseline: median(floors) * 1000, goal: "< 1 ms", passed: median(times) < 0.001,
      runs: runs))

  say("choice writes to the store…")
  let writeRuns = options.quick ? 40 : 300
  var writes: [Double] = []
  var syncs: [Double] = []
  let syncFile = scratch.path("fsync.bin")
  let descriptor = open(syncFile, O_CREAT | O_WRONLY, 0o600)
  defer { close(descriptor) }
  var page = [UInt8](repeating: 7, count: 4096)
  for run in 0..<writeRuns {
    let start = now()
    try await store.setSetting(.workoutView, to: values[run % 2].0)
    writes.append(now() - start)
    // Baseline: one durable 4 KiB write to a file in the same directory.
    syncs.append(
      time {
        page[0] = UInt8(run & 0xff)
        _ = pwrite(descriptor, &page, page.count, 0)
        fsync(descriptor)
      })
  }
  rows.append(
    Row(
      name: "choice write to the store, p50 / p99", value: median(writes) * 1000, unit: "ms",
      baselineName: "4 KiB pwrite + fsync", baseline: median(syncs) * 1000,
      goal: "report (p99 \(format(percentile(writes, 99) * 1000)) ms)", passed: nil, runs: writeRuns))
}

// MARK: - Machine and report

@MainActor func machine() -> [String: String] {
  let cpuinfo = readText("/proc/cpuinfo")
  let model =
    cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }.map {
      $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    } ?? "unknown"
  var name = utsname()
  uname(&name)
  let kernel = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  return [
    "nproc": String(sysconf(Int32(_SC_NPROCESSORS_ONLN))), "cpu": model, "swift": options.swiftVersion, "kernel": kernel,
    "loadBefore": loadBefore, "loadAfter": loadAverage(),
  ]
}

/// The 1-minute load average (`/proc/loadavg`): other work on the machine while the bench ran.
@MainActor func loadAverage() -> String {
  readText("/proc/loadavg").split(separator: " ").first.map(String.init) ?? "?"
}

@MainActor func format(_ value: Double) -> String {
  value >= 100 ? String(format: "%.0f", value) : value >= 1 ? String(format: "%.2f", value) : String(format: "%.4f", value)
}

/// The medians of the run this one replaces (`<out>/results.json`), by row name, to show
/// what a change did.
let previousMedians: [String: (median: Double, unit: String)] = {
  guard let data = FileManager.default.contents(atPath: options.out + "/results.json"),
    let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let results = object["results"] as? [[String: Any]]
  else { return [:] }
  var medians: [String: (median: Double, unit: String)] = [:]
  for result in results {
    if let name = result["name"] as? String, let median = result["median"] as? Double, let unit = result["unit"] as? String {
      medians[name] = (median, unit)
    }
  }
  return medians
}()

/// The previous run's median of `row` and the change, like `14.52 ms (−16%)`, or `—`.
@MainActor func previousColumn(_ row: Row) -> String {
  guard let previous = previousMedians[row.name], previous.unit == row.unit, previous.median > 0 else { return "—" }
  let change = (row.value / previous.median - 1) * 100
  let sign = change < 0 ? "−" : "+"
  return "\(format(previous.median)) \(row.unit) (\(sign)\(String(format: "%.0f", abs(change)))%)"
}

@MainActor func table() -> String {
  var lines = [
    "| measurement | median | against | ratio | goal | met | runs | previous run |",
    "| --- | ---: | ---: | ---: | --- | --- | ---: | ---: |",
  ]
  for row in rows {
    let met = row.passed.map { $0 ? "yes" : "**no**" } ?? "—"
    lines.append(
      "| \(row.name) | \(format(row.value)) \(row.unit) | \(format(row.baseline)) \(row.unit) (\(row.baselineName)) | \(String(format: "%.2f", row.ratio))× | \(row.goal) | \(met) | \(row.runs) | \(previousColumn(row)) |"
    )
  }
  return lines.joined(separator: "\n")
}

let loadBefore = loadAverage()
switch options.only {
case "start":
  benchStart()
  print(table())
  exit(0)
case "load":
  try benchLoad()
  try benchMissingEntries()
  print(table())
  exit(0)
case "missing":
  try benchMissingEntries()
  print(table())
  exit(0)
case "explore":
  benchExplore()
  print(table())
  exit(0)
case "script":
  benchScript()
  print(table())
  exit(0)
case "why":
  benchRules()
  benchWhy()
  print(table())
  exit(0)
default:
  benchStart()
  try benchLoad()
  try benchMissingEntries()
  benchFlow()
  benchLongLine()
  try await benchTap()
  benchExplore()
  benchScript()
  benchRules()
  benchWhy()
}

let info = machine()
let date = ISO8601DateFormatter().string(from: Date())
let results: [String: Any] = [
  "date": date,
  "machine": info,
  "quick": options.quick,
  "results": rows.map { row -> [String: Any] in
    [
      "name": row.name, "median": row.value, "unit": row.unit, "baseline": row.baseline, "baselineName": row.baselineName,
      "ratio": row.ratio, "goal": row.goal, "met": row.passed.map { $0 as Any } ?? NSNull(), "runs": row.runs,
    ]
  },
]
let json = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
try json.write(to: URL(fileURLWithPath: options.out + "/results.json"))

let machineLine =
  "Machine: \(info["cpu"] ?? "?"), nproc \(info["nproc"] ?? "?"), Linux \(info["kernel"] ?? "?"); \(info["swift"] ?? "?"). Run \(date); load average \(info["loadBefore"] ?? "?") before, \(info["loadAfter"] ?? "?") after."
print(table())
print()
print(machineLine)
print("blackhole \(blackHole % 10)")

try Data(BenchReadme.text(machineLine: machineLine, table: table(), rows: rows).utf8).write(
  to: URL(fileURLWithPath: options.out + "/README.md"))
