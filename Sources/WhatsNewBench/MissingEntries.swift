import Foundation
import WhatsNewApp
import WhatsNewCore

/// The content load (what every start does) on the shipped content whose manifest also lists
/// N versions with no release file, 8,000 against 1,000 in shuffled rounds: linear in the
/// missing entries (issue 21: each one's diagnostic rescanned the manifest, 8,000 took 17.6 s).
@MainActor func benchMissingEntries() throws {
  say("content load with 8,000 against 1,000 missing release files…")
  let counts = [1000, 8000]
  var roots: [Int: String] = [:]
  for count in counts {
    let root = scratch.path("missing-\(count)")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: releasesDirectory, toPath: root + "/Releases")
    let missing = (0..<count).map { "\"9.\($0 / 100).\($0 % 100)\"" }
    let shipped = try ReleaseValidator.manifestEntries(
      Array(Data(contentsOf: URL(fileURLWithPath: releasesDirectory + "/manifest.json"))), displayPath: "manifest.json"
    ).entries.map { "\"\($0.version)\"" }
    try Data(("{\"releases\": [" + (shipped + missing).joined(separator: ",\n  ") + "]}\n").utf8).write(
      to: URL(fileURLWithPath: root + "/Releases/manifest.json"))
    roots[count] = root
  }
  let cache = TranslationCache(directory: scratch.path("missing-cache"))
  let runs = options.quick ? 3 : 11
  let loads = shuffledRounds(counts, rounds: runs, warmUp: 1) { count in
    var library: ContentLibrary?
    let seconds = time {
      library = try? ContentLibrary.load(
        releasesDirectory: roots[count]! + "/Releases", localizationsDirectory: localizationsDirectory, languages: [.es],
        cache: cache)
    }
    guard let library, library.diagnostics.count == count else {
      fail("\(count) missing entries gave \(library?.diagnostics.count ?? 0) diagnostics")
    }
    return seconds
  }
  let load = { (count: Int) in median(loads[count]!) * 1000 }
  rows.append(
    Row(
      name: "content load, 8,000 missing release files against 1,000", value: load(8000), unit: "ms",
      baselineName: "the same, 1,000 missing", baseline: load(1000), goal: "≤ 10× (8× the entries)",
      passed: load(8000) <= 10 * load(1000), runs: runs))
}
