import Foundation
import Synchronization
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

/// One side's runs, collected on its own thread.
final class SideResults: Sendable {
  let runs = Mutex<[(version: String, script: StormScript, run: AppRun)]>([])
  let failure = Mutex<String?>(nil)
}

extension StormScript: @unchecked Sendable {}
extension AppRun: @unchecked Sendable {}

@Suite("Two processes on one store")
struct TwoProcessTests {
  @Test("two apps writing settings and dismissing at once lose no update, never show 'locked', never move the record back")
  func twoWriters() async throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-two")
    let database = directory.path("store.sqlite")
    let seeded = try runApp(["--db", database, "--upgrade-from", "2.11.0"] + contentArguments, script: "quit\n")
    #expect(seeded.status == 0)

    // Each side owns its settings, so "the last write wins" is well defined per setting.
    let sides: [[Setting]] = [
      [.workoutView, .theme, .units, .autoStartRestTimer, .homeSummaryCard],
      [.workoutAutonomy, .progressionMode, .restTimerHaptics, .reviewWeekday],
    ]
    let processes = Scale.pick(fast: 5, stress: 10)
    let writesPerProcess = Scale.pick(fast: 10, stress: 50)
    let results = [SideResults(), SideResults()]
    await withTaskGroup(of: Void.self) { group in
      for side in 0..<2 {
        let settings = sides[side]
        let collected = results[side]
        group.addTask {
          await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let thread = Thread {
              var generator = SystemRandomNumberGenerator()
              for index in 0..<processes {
                // Versions climb on both sides, interleaved, past the shipped releases.
                let version = index < appVersions.count ? appVersions[index] : "3.\(index).\(side)"
                let script = StormScript.random(writes: writesPerProcess, settings: settings, using: &generator)
                do {
                  let run = try runApp(
                    ["--db", database, "--app-version", version] + contentArguments, script: script.text, timeout: 120)
                  collected.runs.withLock { $0.append((version, script, run)) }
                } catch {
                  collected.failure.withLock { $0 = "\(error)" }
                }
              }
              done.resume()
            }
            thread.start()
          }
        }
      }
    }

    var highest = Version(major: 2, minor: 11, patch: 0)
    for (side, collected) in results.enumerated() {
      #expect(collected.failure.withLock { $0 } == nil)
      let runs = collected.runs.withLock { $0 }
      #expect(runs.count == processes)
      for (version, script, run) in runs {
        let current = Version(version)!
        // A start the other side's tour paced (the attention budget) records nothing: the
        // record's highest is the highest start that was not held back.
        let paced = run.states.contains { ($0["decision"] as? [String: Any])?["reason"] as? String == "paced" }
        if !paced { highest = max(highest, current) }
        #expect(run.status == 0, "side \(side) \(version) exited \(run.status): \(run.errors)")
        for word in ["locked", "busy", "SQLite error"] {
          #expect(!run.output.contains(word), "side \(side) showed '\(word)'")
          #expect(!run.errors.contains(word), "side \(side) reported '\(word)'")
        }
        let states = run.states
        #expect(states.count == script.writesBeforeState.count, "side \(side) \(version): \(states.count) states")
        var previous: Version?
        for (index, state) in states.enumerated() {
          let seen = storedVersion(state["seenThrough"])
          // After the first `wait`, this process's dismissal (or its empty-flow check) is in,
          // unless the other side's tour, shown within the day, paced this one's (the attention
          // budget): then the record waits for a later start.
          let decision = (state["decision"] as? [String: Any])?["reason"] as? String
          #expect(
            seen.map { $0 >= current } ?? false || decision == "paced",
            "side \(side) \(version): record \(String(describing: seen)) behind")
          if let previous, let seen { #expect(seen >= previous, "the record moved back from \(previous) to \(seen)") }
          previous = seen
          // This process's own writes are all there (nobody else writes these settings).
          let settings = state["settings"] as? [String: String] ?? [:]
          for write in script.writes[..<script.writesBeforeState[index]] {
            let last = script.writes[..<script.writesBeforeState[index]].last { $0.setting == write.setting }!
            #expect(settings[write.setting.rawValue] == last.value, "side \(side) \(version): \(write.setting) lost")
          }
        }
      }
    }

    let final = try await StoreSnapshot.read(database)
    #expect(final.integrity.isEmpty)
    #expect(final.seen == highest)
    for (side, collected) in results.enumerated() {
      let runs = collected.runs.withLock { $0 }
      for setting in sides[side] {
        let last = runs.flatMap(\.script.writes).last { $0.setting == setting }
        if let last { #expect(final.settings[setting] == last.value, "\(setting): last write \(last.value) lost") }
      }
    }
  }

  @Test(
    "a failed reschedule puts back the weekday another process wrote while the write was held, with that process's notification"
  )
  func repairRestoresTheOtherProcessesWeekday() async throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-weekday")
    let database = directory.path("store.sqlite")
    let seeded = try runApp(["--db", database, "--upgrade-from", "2.11.0"] + contentArguments, script: "skip\nquit\n")
    #expect(seeded.status == 0)
    let before = try SettingsStore(path: database)
    #expect(try await before.setting(.reviewWeekday) == "sunday")
    #expect(try await before.notification(id: "weekly-review")?.weekday == "sunday")

    // A: its friday write held at the gate, before the store; its next scheduling fails.
    // The `state` line shows the write held, so A has read the whole `set` and waits for input.
    let a = try RunningApp(["--db", database] + contentArguments)
    try a.send("qa hold write reviewWeekday\nqa fail schedule 1\nset reviewWeekday friday\nstate\n")
    let held = #""pending":[{"op":"write","target":"reviewWeekday","held":true}]"#
    let isHeld = a.waitForOutput { $0.contains(held) }
    guard isHeld else {
      let run = a.finish(timeout: 5)
      Issue.record("A's write never showed as held: \(run.output) \(run.errors)")
      return
    }

    // B, meanwhile: tuesday, and the tuesday notification.
    let b = try runApp(["--db", database] + contentArguments, script: "set reviewWeekday tuesday\nwait\nstate\nquit\n")
    #expect(b.status == 0, "B exited \(b.status): \(b.errors)")
    let stateB = try #require(b.states.last)
    #expect((stateB["settings"] as? [String: String])?["reviewWeekday"] == "tuesday")
    #expect((stateB["notification"] as? [String: Any])?["weekday"] as? String == "tuesday")

    // A's write lands on B's tuesday; the schedule fails, so A undoes its write: back to
    // tuesday (what its write replaced), not to the sunday A saw before it was held.
    try a.send("qa release write reviewWeekday\nwait\nstate\ncheck\nquit\n")
    let run = a.finish()
    #expect(run.status == 0, "A exited \(run.status): \(run.errors)")
    // Messages wrap at the width (80 into a pipe): compare the words, not the line breaks.
    let words = run.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains(
        "(injected failure (schedule)). Weekly review day is back to Tuesday. The reminder is set for Tuesday again."),
      "\(run.output)")
    let stateA = try #require(run.states.last)
    #expect((stateA["settings"] as? [String: String])?["reviewWeekday"] == "tuesday")
    #expect((stateA["notification"] as? [String: Any])?["weekday"] as? String == "tuesday")
    #expect((stateA["pending"] as? [Any])?.isEmpty == true)
    #expect(run.output.contains("> check\nConsistent: screen, store and schedule agree.\n"), "A's check: \(run.output)")

    let store = try SettingsStore(path: database)
    #expect(try await store.setting(.reviewWeekday) == "tuesday")
    #expect(try await store.notification(id: "weekly-review")?.weekday == "tuesday")
  }
}
