import Foundation
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

/// What the store holds, read after the app is gone.
struct StoreSnapshot {
  var integrity: [String]
  var settings: [Setting: String]
  var seen: Version?

  /// The store at `path`, a setting without a row read as the default of `appVersion` (as the
  /// app of that version reads it: the home card's default changed in 2.15.0).
  static func read(_ path: String, asOf appVersion: String? = nil) async throws -> StoreSnapshot {
    let store = try SettingsStore(path: path, defaultsAsOf: appVersion.flatMap(Version.init))
    let integrity = try await store.integrityCheck()
    let settings = try await store.allSettings()
    var seen: Version?
    if case .version(let version) = try await store.seenThrough() { seen = version }
    return StoreSnapshot(integrity: integrity, settings: settings, seen: seen)
  }
}

/// The settings the storms write (not `showWhatsNew`, which changes what the app shows).
let stormSettings: [Setting] = Setting.allCases.filter { $0 != .showWhatsNew }
let appVersions = ["2.12.0", "2.13.1", "2.14.0", "2.15.0"]

/// One script: dismiss the tour if one opened, then `set`, `wait`, `state` over and over.
struct StormScript {
  var text: String
  /// The writes in order; `stateIndex[k]` is how many writes came before the k-th `state`.
  var writes: [(setting: Setting, value: String)]
  var writesBeforeState: [Int]

  static func random(writes count: Int, settings: [Setting], using generator: inout some RandomNumberGenerator) -> StormScript {
    var lines = ["skip", "wait", "state"]
    var writes: [(Setting, String)] = []
    var before = [0]
    for _ in 0..<count {
      let setting = settings.randomElement(using: &generator)!
      let value = setting.kind.values.randomElement(using: &generator)!
      lines += ["set \(setting.rawValue) \(value)", "wait", "state"]
      writes.append((setting, value))
      before.append(writes.count)
    }
    lines.append("quit")
    return StormScript(text: lines.joined(separator: "\n") + "\n", writes: writes, writesBeforeState: before)
  }
}

func storedVersion(_ value: Any?) -> Version? { (value as? String).flatMap { Version($0) } }

@Suite("Crash safety: SIGKILL during write storms")
struct CrashSafetyTests {
  @Test("the store survives SIGKILL at random moments: intact, every reported write kept, the record never backwards")
  func killsDuringWriteStorms() async throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-crash")
    let database = directory.path("store.sqlite")
    let seeded = try runApp(["--db", database, "--upgrade-from", "2.11.0"] + contentArguments, script: "quit\n")
    #expect(seeded.status == 0, "seeding failed: \(seeded.errors)")

    var generator = SystemRandomNumberGenerator()
    let kills = Scale.pick(fast: 20, stress: 200)
    var before = try await StoreSnapshot.read(database)
    var killedMidRun = 0
    for iteration in 0..<kills {
      let script = StormScript.random(writes: 12, settings: stormSettings, using: &generator)
      let appVersion = appVersions.randomElement(using: &generator)!
      // The store as this version reads it: a setting with no row reads as this version's
      // default (2.15.0 changes homeSummaryCard's), so "as before" is read as of it too.
      let unchanged = try await StoreSnapshot.read(database, asOf: appVersion)
      // Kill after a random number of state lines, a random few hundred microseconds later.
      let killAfter = Int.random(in: 0...script.writesBeforeState.count, using: &generator)
      let extraDelay = UInt32.random(in: 0...3000, using: &generator)
      let run = try runApp(
        ["--db", database, "--app-version", appVersion] + contentArguments, script: script.text, timeout: 60,
        killWhen: { data in
          let count = data.split(separator: UInt8(ascii: "\n")).filter { $0.starts(with: Array("{\"screen\"".utf8)) }.count
          if count >= killAfter {
            usleep(extraDelay)
            return true
          }
          return false
        })
      if run.killed { killedMidRun += 1 }
      #expect(!run.output.contains("database is locked"), "iteration \(iteration)")

      let after = try await StoreSnapshot.read(database, asOf: appVersion)
      #expect(after.integrity.isEmpty, "integrity_check after kill \(iteration): \(after.integrity)")

      // The record never moves backwards, and is at least what the app last reported.
      let states = run.states
      if let old = before.seen {
        #expect(after.seen.map { $0 >= old } ?? false, "record moved back from \(old) to \(String(describing: after.seen))")
      }
      if let reported = storedVersion(states.last?["seenThrough"]) {
        #expect(
          after.seen.map { $0 >= reported } ?? false,
          "record \(String(describing: after.seen)) is behind the reported \(reported)")
      }

      // Every write the app reported done (the last complete state line read it back from
      // the store) is present, unless the script wrote that setting again later.
      if let last = states.last, let reported = last["settings"] as? [String: String] {
        let done = script.writesBeforeState[states.count - 1]
        let later = script.writes[done...]
        for setting in stormSettings {
          var allowed: Set<String> = [reported[setting.rawValue] ?? ""]
          for write in later where write.setting == setting { allowed.insert(write.value) }
          #expect(
            allowed.contains(after.settings[setting] ?? ""),
            "\(setting) is \(after.settings[setting] ?? "nil"), expected one of \(allowed)")
        }
        // The reported values are the writes the script made up to that point.
        for write in script.writes[..<done] {
          let lastWrite = script.writes[..<done].last { $0.setting == write.setting }!
          #expect(reported[write.setting.rawValue] == lastWrite.value)
        }
      } else {
        // Killed before the first state: everything is as before, or as a later write left it.
        for setting in stormSettings {
          var allowed: Set<String> = [unchanged.settings[setting] ?? ""]
          for write in script.writes where write.setting == setting { allowed.insert(write.value) }
          #expect(allowed.contains(after.settings[setting] ?? ""))
        }
      }
      before = after
    }
    // Most runs must really have been killed mid-storm, or the test proves little.
    #expect(killedMidRun >= kills / 2, "only \(killedMidRun) of \(kills) runs were killed before they finished")
  }
}
