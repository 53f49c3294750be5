// whatsnew-bench: `make bench`. Measures the app against floors measured in the same run,
// prints a table, writes bench/results.json and bench/README.md.
//
//   whatsnew-bench --app .build/release/whatsnew --floor .build/release/whatsnew-floor \
//     [--floor-foundation .build/release/whatsnew-floor-foundation] \
//     --content . --out bench [--quick] [--swift-version "…"]
//   whatsnew-bench --only load [--runs N]   (only ReleaseLibrary.load on in-memory files; prints, writes nothing)
//   whatsnew-bench --generate N DIR         (writes generated content for profiling)
import Foundation
import Glibc
import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

struct BenchOptions {
  var app = ".build/release/whatsnew"
  var floor = ".build/release/whatsnew-floor"
  /// The second floor: the same work with Foundation linked in (reported, not a goal).
  var floorFoundation: String?
  var content = "."
  var out = "bench"
  var quick = false
  var swiftVersion = "unknown"
  /// `load`: time only `ReleaseLibrary.load` on generated files already in memory.
  var only: String?
  var runs: Int?

  static func parse(_ arguments: [String]) -> BenchOptions {
    var options = BenchOptions()
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
      switch argument {
      case "--app": options.app = iterator.next() ?? options.app
      case "--floor": options.floor = iterator.next() ?? options.floor
      case "--floor-foundation": options.floorFoundation = iterator.next()
      case "--content": options.content = iterator.next() ?? options.content
      case "--out": options.out = iterator.next() ?? options.out
      case "--swift-version": options.swiftVersion = iterator.next() ?? options.swiftVersion
      case "--quick": options.quick = true
      case "--only":
        guard let part = iterator.next(), part == "load" || part == "start" else { exit(64) }
        options.only = part
      case "--runs":
        guard let runs = iterator.next().flatMap(Int.init), runs > 0 else { exit(64) }
        options.runs = runs
      case "--generate":
        // --generate N DIR: write generated content for profiling, and stop.
        guard let count = iterator.next().flatMap(Int.init), let directory = iterator.next() else { exit(64) }
        do { try GeneratedContent.write(count: count, to: directory) } catch { exit(1) }
        exit(0)
      default:
        FileHandle.standardError.write(Data("whatsnew-bench: unknown argument \(argument)\n".utf8))
        exit(64)
      }
    }
    return options
  }
}

/// One row of the table.
struct Row {
  var name: String
  var value: Double
  var unit: String
  var floorName: String
  var floor: Double
  var goal: String
  var passed: Bool?
  var runs: Int
  var ratio: Double { floor > 0 ? value / floor : 0 }
}

let options = BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
let releasesDirectory = options.content + "/Releases"
let localizationsDirectory = options.content + "/Localizations"
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

// MARK: - Cold start and peak memory (whole processes)

@MainActor func benchProcesses() {
  say("cold start and peak memory…")
  let store = scratch.path("cold.sqlite")
  let quit = scratch.path("quit.txt")
  let stateQuit = scratch.path("state-quit.txt")
  let walk = scratch.path("walk.txt")
  let output = scratch.path("out.txt")
  writeFile(quit, "quit\n")
  writeFile(stateQuit, "state\nquit\n")
  writeFile(walk, "state\nnext\nnext\nnext\nnext\nnext\nback\nlang ru\nnext\nlang pt-BR\nstate\ncheck\ngo settings\nquit\n")
  let appArguments = [
    "--db", store, "--releases", releasesDirectory, "--localizations", localizationsDirectory, "--color", "never",
    "--upgrade-from", "2.11.0",
  ]
  // The compiled translation tables live here (the app's XDG cache), not in the user's home.
  let cacheHome = scratch.path("cache")
  let environment = childEnvironment(["XDG_CACHE_HOME": cacheHome, "TZ": "UTC", "LANG": "C.UTF-8"])
  // Seed the store: a user upgrading from 2.11.0, who has not dismissed the tour yet.
  let seeded = runChild(options.app, appArguments, stdinPath: quit, stdoutPath: output, environment: environment)
  guard seeded.status == 0 else { fail("seeding the store failed (exit \(seeded.status)); see \(output)") }

  let floorArguments = [store, releasesDirectory]
  let runs = options.quick ? 7 : 51
  var appTimes: [Double] = []
  var coldCacheTimes: [Double] = []
  var floorTimes: [Double] = []
  var foundationFloorTimes: [Double] = []
  var versionTimes: [Double] = []
  // Each round runs every measurement once, in a shuffled order, so each follows each of the
  // others about equally often. A process starts
  // measurably slower right after a heavier one (measured: the app by 0.26 ms after the
  // first-start run, which runs the Foundation-linked helper; the floor by 0.24 ms after the
  // app), so a fixed order would tilt every ratio against whatever follows the heaviest run.
  enum Measurement: CaseIterable { case app, floor, foundationFloor, version, firstStart }
  for run in 0..<(runs + 2) {
    let measured = run >= 2  // two warm-up rounds for the page cache
    // The first round renders the page the app's output is checked for, so the app runs first.
    let order = run == 0 ? Measurement.allCases : Measurement.allCases.shuffled()
    for measurement in order {
      switch measurement {
      case .app:
        let app = runChild(options.app, appArguments, stdinPath: stateQuit, stdoutPath: output, environment: environment)
        guard app.status == 0 else { fail("the app exited \(app.status); see \(output)") }
        if run == 0 {
          let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
          guard text.contains("What's new in"), text.contains("\"overlay\":\"whatsNew\"") else {
            fail("the app did not render a tour page; see \(output)")
          }
        }
        if measured { appTimes.append(app.seconds) }
      case .floor:
        let floor = runChild(options.floor, floorArguments, stdinPath: stateQuit, stdoutPath: output, environment: environment)
        guard floor.status == 0 else { fail("the floor exited \(floor.status)") }
        if measured { floorTimes.append(floor.seconds) }
      case .foundationFloor:
        guard let floorFoundation = options.floorFoundation else { continue }
        let second = runChild(
          floorFoundation, floorArguments + [localizationsDirectory], stdinPath: stateQuit, stdoutPath: output,
          environment: environment)
        guard second.status == 0 else { fail("the Foundation floor exited \(second.status)") }
        if measured { foundationFloorTimes.append(second.seconds) }
      case .version:
        // The binary alone: start, print one line, exit. What the app costs before it does anything.
        let version = runChild(options.app, ["--version"], stdinPath: quit, stdoutPath: output, environment: environment)
        guard version.status == 0 else { fail("the app exited \(version.status) for --version; see \(output)") }
        if measured { versionTimes.append(version.seconds) }
      case .firstStart:
        // The first start after an update: no compiled translations yet. It leaves them
        // compiled again, for the next round's warm start.
        try? FileManager.default.removeItem(atPath: cacheHome)
        let cold = runChild(options.app, appArguments, stdinPath: stateQuit, stdoutPath: output, environment: environment)
        guard cold.status == 0 else { fail("the app exited \(cold.status) with an empty cache; see \(output)") }
        if measured { coldCacheTimes.append(cold.seconds) }
      }
    }
  }
  rows.append(
    Row(
      name: "cold start to first tour page", value: median(appTimes) * 1000, unit: "ms", floorName: "whatsnew-floor",
      floor: median(floorTimes) * 1000, goal: "≤ 1.5× floor", passed: median(appTimes) <= 1.5 * median(floorTimes), runs: runs))
  rows.append(
    Row(
      name: "cold start, no compiled translations yet (first start after an update)", value: median(coldCacheTimes) * 1000,
      unit: "ms", floorName: "whatsnew-floor", floor: median(floorTimes) * 1000, goal: "report", passed: nil, runs: runs))
  rows.append(
    Row(
      name: "the binary alone: start, print --version, exit", value: median(versionTimes) * 1000, unit: "ms",
      floorName: "whatsnew-floor", floor: median(floorTimes) * 1000, goal: "report", passed: nil, runs: runs))
  if !foundationFloorTimes.isEmpty {
    rows.append(
      Row(
        name: "cold start against a floor that links Foundation", value: median(appTimes) * 1000, unit: "ms",
        floorName: "whatsnew-floor-foundation", floor: median(foundationFloorTimes) * 1000, goal: "report", passed: nil,
        runs: runs))
    rows.append(
      Row(
        name: "linking Foundation, floor against floor", value: median(foundationFloorTimes) * 1000, unit: "ms",
        floorName: "whatsnew-floor", floor: median(floorTimes) * 1000, goal: "report", passed: nil, runs: runs))
  }

  var appRSS: [Double] = []
  var floorRSS: [Double] = []
  for _ in 0..<(options.quick ? 3 : 7) {
    guard
      let app = peakMemory(
        options.app, appArguments, stdinPath: walk, stdoutPath: output, environment: environment, scratch: scratch),
      let floor = peakMemory(
        options.floor, floorArguments, stdinPath: walk, stdoutPath: output, environment: environment, scratch: scratch)
    else { fail("/usr/bin/time could not measure the app walking the tour (make deps installs GNU time); see \(output)") }
    appRSS.append(app)
    floorRSS.append(floor)
  }
  rows.append(
    Row(
      name: "peak memory (shipped content, tour walk)", value: median(appRSS), unit: "MiB", floorName: "whatsnew-floor",
      floor: median(floorRSS), goal: "< 30 MiB", passed: median(appRSS) < 30, runs: appRSS.count))
}

// MARK: - Load and validate

@MainActor func benchLoad() throws {
  var byCount: [Int: Double] = [:]
  for count in [10, 100, 1000] {
    say("load and validate \(count) releases…")
    let root = scratch.path("generated-\(count)")
    try GeneratedContent.write(count: count, to: root)
    let cache = TranslationCache(directory: scratch.path("cache-\(count)"))
    let runs = options.quick ? 3 : (count == 1000 ? 9 : 15)
    var times: [Double] = []
    var coldCacheTimes: [Double] = []
    var floorTimes: [Double] = []
    func load(_ cache: TranslationCache) throws -> Double {
      var library: ContentLibrary?
      // What start-up does: validate every release against English and read the user's
      // language (Spanish here); other tables are read when the user switches to them.
      let seconds = try time {
        library = try ContentLibrary.load(
          releasesDirectory: root + "/Releases", localizationsDirectory: root + "/Localizations", languages: [.es],
          cache: cache)
      }
      let loaded = library?.releases.count ?? 0
      guard loaded == count, library?.tables.count == 2 else {
        fail("generated content for \(count) loaded \(loaded) releases: \(library?.diagnostics.prefix(3) ?? [])")
      }
      guard library?.diagnostics.isEmpty == true else {
        fail("generated content has diagnostics: \(library!.diagnostics.prefix(3))")
      }
      return seconds
    }
    for run in 0..<(runs + 1) {
      // The first start after the content changed: the tables are parsed and compiled.
      try? FileManager.default.removeItem(atPath: cache.directory!)
      let cold = try load(cache)
      // Every later start: the compiled tables are read back.
      let warm = try load(cache)
      // Floor: read the same files' bytes, nothing else.
      let floorSeconds = time {
        let fileManager = FileManager.default
        var bytes = 0
        for name in (try? fileManager.contentsOfDirectory(atPath: root + "/Releases")) ?? [] {
          bytes += fileManager.contents(atPath: root + "/Releases/" + name)?.count ?? 0
        }
        for language in [Language.en, .es] {
          bytes += fileManager.contents(atPath: "\(root)/Localizations/\(language.directoryName)/Localizable.strings")?.count ?? 0
        }
        blackHole &+= bytes
      }
      if run > 0 {  // the first round warms the page cache
        times.append(warm)
        coldCacheTimes.append(cold)
        floorTimes.append(floorSeconds)
      }
    }
    byCount[count] = median(times)
    let goal: String
    let passed: Bool?
    switch count {
    case 1000:
      goal = "< 150 ms; ≤ 12× the 100 case (\(String(format: "%.1f", median(times) / byCount[100]!))×)"
      passed = median(times) < 0.150 && median(times) <= 12 * byCount[100]!
    default:
      goal = "—"
      passed = nil
    }
    rows.append(
      Row(
        name: "load + validate \(count) releases (6×4, 5 languages)", value: median(times) * 1000, unit: "ms",
        floorName: "read the same files", floor: median(floorTimes) * 1000, goal: goal, passed: passed, runs: runs))
    if count == 1000 {
      rows.append(
        Row(
          name: "load + validate 1000 releases, tables not compiled yet", value: median(coldCacheTimes) * 1000, unit: "ms",
          floorName: "read the same files", floor: median(floorTimes) * 1000, goal: "report", passed: nil, runs: runs))
    }
    try? FileManager.default.removeItem(atPath: root)
  }
}

/// `--only load`: `ReleaseLibrary.load` alone (no file reading, no `.strings` parsing) on
/// generated files read into memory once, for 100 and 1000 releases; prints the medians.
@MainActor func benchLoadInMemory() throws {
  var medians: [Int: Double] = [:]
  for count in [100, 1000] {
    let root = scratch.path("in-memory-\(count)")
    try GeneratedContent.write(count: count, to: root)
    let files = try ContentLibrary.readFiles(
      releasesDirectory: root + "/Releases", localizationsDirectory: root + "/Localizations", languages: [])
    let englishKeys = files.tables[.en] ?? [:]
    var times: [Double] = []
    for _ in 0..<((options.runs ?? 9) + 1) {
      var loaded: (releases: [Release], diagnostics: [ReleaseDiagnostic]) = ([], [])
      times.append(
        time {
          loaded = ReleaseLibrary.load(
            manifest: files.manifest, manifestDisplayPath: "Releases/manifest.json", files: files.releaseFiles,
            directoryDisplayPath: "Releases", englishKeys: englishKeys)
        })
      guard loaded.releases.count == count, loaded.diagnostics.isEmpty else {
        fail("generated content for \(count) loaded \(loaded.releases.count) releases: \(loaded.diagnostics.prefix(3))")
      }
      blackHole &+= loaded.releases.count
    }
    times.removeFirst()  // warm-up
    medians[count] = median(times)
    print("ReleaseLibrary.load, \(count) releases in memory: median \(format(median(times) * 1000)) ms of \(times.count) runs")
    try? FileManager.default.removeItem(atPath: root)
  }
  print("1000 / 100: \(String(format: "%.1f", medians[1000]! / medians[100]!))×")
}

// MARK: - selectFlow

@MainActor func benchFlow() {
  say("selectFlow over 10,000 releases…")
  let releases = GeneratedContent.releases(count: 10_000)
  let seen = releases[releases.count - 3].version
  let current = releases[releases.count - 1].version
  let shuffled = releases.shuffled()
  let runs = options.quick ? 21 : 201
  func measure(_ input: [Release]) -> (Double, Double) {
    var times: [Double] = []
    var floors: [Double] = []
    for _ in 0..<runs {
      times.append(time { blackHole &+= selectFlow(releases: input, seenThrough: seen, current: current).count })
      // Floor: one pass over the same array, reading every version.
      floors.append(
        time {
          var sum = 0
          for release in input { sum &+= release.version.patch }
          blackHole &+= sum
        })
    }
    return (median(times), median(floors))
  }
  let sorted = measure(releases)
  guard selectFlow(releases: releases, seenThrough: seen, current: current).count == 6 else { fail("selectFlow gave no pages") }
  rows.append(
    Row(
      name: "selectFlow, 10,000 releases (sorted, as loaded)", value: sorted.0 * 1000, unit: "ms",
      floorName: "one pass over the array",
      floor: sorted.1 * 1000, goal: "< 2 ms", passed: sorted.0 < 0.002, runs: runs))
  let unsorted = measure(shuffled)
  rows.append(
    Row(
      name: "selectFlow, 10,000 releases (shuffled)", value: unsorted.0 * 1000, unit: "ms", floorName: "one pass over the array",
      floor: unsorted.1 * 1000, goal: "< 2 ms", passed: unsorted.0 < 0.002, runs: runs))
}

// MARK: - Tap while the write is held, and the write itself

@MainActor
func benchTap() async throws {
  say("tap to re-rendered page with the write held…")
  let content = try ContentLibrary.load(
    releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory)
  let databasePath = scratch.path("tap.sqlite")
  let appOptions = try Options.parse(
    ["--db", databasePath, "--upgrade-from", "2.11.0", "--color", "never"], environment: [:])
  let store = try SettingsStore(path: databasePath)
  let configuration = SessionConfiguration(
    options: appOptions, content: content, language: .en, width: 80, ascii: false, accessible: false, isInteractive: false,
    storeWasCreated: store.wasCreated, databasePath: databasePath)
  let tracker = OperationTracker()
  let clock = SystemClock()
  let faults = FaultInjector(tracker: tracker, clock: clock)
  let backends = Backends(store: store, faults: faults, tracker: tracker, clock: clock, timeZone: .gmt)
  let console = Console(styler: Styler(colors: false), writeOut: { _ in }, writeError: { _ in })
  let session = Session(configuration: configuration, backends: backends, console: console)
  session.boot()
  await tracker.waitUntilSettled()
  guard session.overlay == .whatsNew else { fail("the tour did not open in-process") }
  faults.add(FaultSpec(operation: .write, target: nil, kind: .hold))
  let styler = Styler(colors: false)
  let values = ["inline", "guided"]
  var times: [Double] = []
  var floors: [Double] = []
  let runs = options.quick ? 41 : 401
  for run in 0..<runs {
    let value = values[run % 2]
    var text = ""
    times.append(
      time {
        session.tap(.workoutView, value)
        text = styler.render(session.renderCurrentView())
      })
    let state = session.choices.state(of: .workoutView)
    guard state.shown == value, state.pendingWrites > 0, text.contains("(●)") else {
      fail("the tap did not show \(value) at once (shown \(state.shown ?? "nil"), pending \(state.pendingWrites))")
    }
    // Floor: render the same page, no tap.
    floors.append(time { blackHole &+= styler.render(session.renderCurrentView()).utf8.count })
    await Task.yield()  // let the write task reach the hold
  }
  guard tracker.entries.contains(where: { $0.operation == .write && $0.isHeld }) else { fail("no write was held") }
  faults.clear()
  await tracker.waitUntilSettled()
  rows.append(
    Row(
      name: "tap → re-rendered page, write held", value: median(times) * 1000, unit: "ms", floorName: "render the page alone",
      floor: median(floors) * 1000, goal: "< 1 ms", passed: median(times) < 0.001, runs: runs))

  say("choice writes to the store…")
  let writeRuns = options.quick ? 40 : 300
  var writes: [Double] = []
  var syncs: [Double] = []
  let floorFile = scratch.path("fsync.bin")
  let descriptor = open(floorFile, O_CREAT | O_WRONLY, 0o600)
  defer { close(descriptor) }
  var page = [UInt8](repeating: 7, count: 4096)
  for run in 0..<writeRuns {
    let value = values[run % 2]
    let start = now()
    try await store.setSetting(.workoutView, to: value)
    writes.append(now() - start)
    // Floor: one durable 4 KiB write to a file in the same directory.
    syncs.append(
      time {
        page[0] = UInt8(run & 0xff)
        _ = pwrite(descriptor, &page, page.count, 0)
        fsync(descriptor)
      })
  }
  guard try await store.setting(.workoutView) == values[(writeRuns - 1) % 2] else { fail("the last write is not stored") }
  rows.append(
    Row(
      name: "choice write to the store, p50", value: median(writes) * 1000, unit: "ms", floorName: "4 KiB pwrite + fsync",
      floor: median(syncs) * 1000, goal: "report", passed: nil, runs: writeRuns))
  rows.append(
    Row(
      name: "choice write to the store, p99", value: percentile(writes, 99) * 1000, unit: "ms",
      floorName: "4 KiB pwrite + fsync (p99)",
      floor: percentile(syncs, 99) * 1000, goal: "report", passed: nil, runs: writeRuns))
}

// MARK: - Machine and report

@MainActor func machine() -> [String: String] {
  let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
  let model =
    cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }.map {
      $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    } ?? "unknown"
  var name = utsname()
  uname(&name)
  let kernel = withUnsafeBytes(of: name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  return [
    "nproc": String(sysconf(Int32(_SC_NPROCESSORS_ONLN))), "cpu": model, "swift": options.swiftVersion, "kernel": kernel,
  ]
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
    "| measurement | median | floor | ratio | goal | met | runs | previous run |",
    "| --- | ---: | ---: | ---: | --- | --- | ---: | ---: |",
  ]
  for row in rows {
    let met = row.passed.map { $0 ? "yes" : "**no**" } ?? "—"
    lines.append(
      "| \(row.name) | \(format(row.value)) \(row.unit) | \(format(row.floor)) \(row.unit) (\(row.floorName)) | \(String(format: "%.2f", row.ratio))× | \(row.goal) | \(met) | \(row.runs) | \(previousColumn(row)) |"
    )
  }
  return lines.joined(separator: "\n")
}

if options.only == "load" {
  try benchLoadInMemory()
  exit(0)
}
if options.only == "start" {  // the whole-process rows only, printed, nothing written
  benchProcesses()
  print(table())
  exit(0)
}
benchProcesses()
try benchLoad()
benchFlow()
try await benchTap()

let info = machine()
let date = ISO8601DateFormatter().string(from: Date())
let results: [String: Any] = [
  "date": date,
  "machine": info,
  "quick": options.quick,
  "results": rows.map { row -> [String: Any] in
    [
      "name": row.name, "median": row.value, "unit": row.unit, "floor": row.floor, "floorName": row.floorName,
      "ratio": row.ratio, "goal": row.goal, "met": row.passed.map { $0 as Any } ?? NSNull(), "runs": row.runs,
    ]
  },
]
let json = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
try json.write(to: URL(fileURLWithPath: options.out + "/results.json"))

let machineLine =
  "Machine: \(info["cpu"] ?? "?"), nproc \(info["nproc"] ?? "?"), Linux \(info["kernel"] ?? "?"); \(info["swift"] ?? "?"). Run \(date)."
print(table())
print()
print(machineLine)
print("blackhole \(blackHole % 10)")

let readme = """
  # Benchmarks

  `make bench` builds `whatsnew`, its helper `whatsnew-strings`, the floors `whatsnew-floor` and
  `whatsnew-floor-foundation`, and `whatsnew-bench` in release mode and runs the benchmark; it
  prints this table and writes [`results.json`](results.json). Every figure is
  the median of repeated runs (the `runs` column) and is set against a floor measured in the
  same run, so a slow or busy machine moves both. The last column is the median of the run
  this one replaced (the `results.json` it overwrote), to show what a change did.

  \(machineLine)

  \(table())

  How the binaries are built: `swift build -c release --static-swift-stdlib`, the way a Swift
  command-line tool ships on Linux (the Swift runtime linked in, the system's C libraries
  shared), for the app, the helper and the floors alike. The app links no Foundation; the
  helper and `whatsnew-floor-foundation` do, statically. Linked dynamically, a program that only
  imports Foundation spends about 5 ms more loading Foundation and ICU before `main` runs than
  when linked statically.

  Known limits of these figures:

  - Cold start: the app's binary links no Foundation (`.strings` files are parsed by the
    `whatsnew-strings` helper; files, time zones and the clock go through the C library), no
    libedit (loaded with `dlopen` at a terminal only) and the same shared libraries as the
    floor; the row "the binary alone" shows that loading it costs what loading the floor does.
    The rest of the ratio is the app's own work after `main`, 1.2 to 1.8 ms depending on the
    machine's state, in parts of 0.1 to 0.3 ms (medians of a phase trace, 2026-11-30, release
    build, warm cache): options and reading the release files; the English table (read in
    place from its compiled copy, not decoded into a dictionary); the validated releases
    (from their cache while no input changed); opening the store and the first queries
    (SQLite's first open and its schema); the first page; `state`; and a longer teardown,
    because the app touches more of its larger binary than the floor (about 400 page faults
    against 290; a fault costs 2 to 4 µs here, and every page it maps is unmapped at exit).
    A scripted run starts no thread at all (operations start with `Task.immediate` and the
    store shares the main actor's executor). Much of what remains is the Swift runtime's
    one-time work on first use (type metadata). How these were measured:
    Documentation/Performance.md.
  - The second cold-start row is the first start after the translations changed (an update):
    the app runs its helper `whatsnew-strings` once, which parses the `.strings` files with
    `PropertyListSerialization` and compiles them, and stores them in the cache
    (`$XDG_CACHE_HOME/whatsnew/strings`). Every later start reads the compiled tables and
    never starts the helper.
  - Peak memory is the child's `ru_maxrss` as GNU time reports it (`/usr/bin/time -f %M`).
    Measured with `wait4` from the benchmark itself it would be wrong: `posix_spawn` uses
    `vfork`, and Linux carries the parent's high-water mark across `exec`.
  - Process timings include spawning from the benchmark, which on this virtual machine costs
    more than `perf stat` shows for the same binaries; both sides of each ratio pay it. The
    start-up measurements run in a shuffled order in each round: a process starts about
    0.25 ms slower right after a heavier one, so a fixed order would favour one side.

  What each row measures:

  - **cold start to first tour page**: the release `whatsnew` as a whole process (spawn to exit),
    reading the script `state`, `quit` from stdin against a store seeded with
    `--upgrade-from 2.11.0`, so boot, migration check, content load (the releases as last
    validated, from the cache, the first-start row validating them), the flow and the first
    tour page all happen. Floor: `whatsnew-floor` (Sources/WhatsNewFloor), a minimal
    Swift process that opens the same SQLite file, reads `user_version` and lists the same
    `Releases` directory; it imports CSQLite directly because it is the floor, not the app.
  - **the binary alone**: `whatsnew --version` as a whole process: loading the binary, the Swift
    runtime's start-up, printing one line and exiting, with none of the app's work. Set against
    the same floor, it shows how much of the cold-start ratio is spent before the app does anything.
  - **against a floor that links Foundation**: the same app runs set against
    `whatsnew-floor-foundation` (Sources/WhatsNewFloorFoundation): the first floor's work plus
    Foundation linked in (with `PropertyListSerialization`, which the project's standards
    require for `.strings` files) and the two start-up translation tables read as bytes. The
    row after it sets that floor against the first: what linking Foundation alone costs.
  - **peak memory**: the peak resident set of the app walking the shipped tour (pages,
    language switches, `check`, a screen); floor: the same for `whatsnew-floor`.
  - **load + validate N releases**: `ContentLibrary.load` as start-up runs it (read the files,
    read the English and the user's translation tables, validate every release against the
    English keys; the other three tables are read only when the user switches language) on
    generated content, in all five languages, of N releases, each 6 pages of 4 blocks (info,
    choice, action, feature list), 78 keys per release. The tables come from the compiled
    cache, as at every start but the first after a change; the row "tables not compiled yet"
    is that first start, which runs the `whatsnew-strings` helper (Foundation's
    `PropertyListSerialization`) once to compile both. Floor: reading the same files' bytes.
  - **selectFlow**: 10,000 in-memory releases, a user two releases behind; sorted input (how the
    library returns them) and shuffled input. Floor: one pass over the array reading each version.
  - **tap → re-rendered page**: in-process `Session.tap` plus `renderCurrentView` and styling to
    text, with every write held by the `FaultInjector` (`write=hold`), checking each time that
    the page shows the new value with the write still pending. Floor: rendering the page alone.
  - **choice write**: `SettingsStore.setSetting` on a file store (rollback journal,
    `synchronous=FULL`, `BEGIN IMMEDIATE`); floor: one 4 KiB `pwrite` + `fsync` in the same
    directory.

  """
try Data(readme.utf8).write(to: URL(fileURLWithPath: options.out + "/README.md"))
