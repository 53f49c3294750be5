import LineEditor
import TestSupport
import Testing
import WhatsNewCore
import WhatsNewStore

@testable import WhatsNewApp

/// Issue 15, "Tools that tell the truth": check while operations are in flight and after a
/// boot failure, what a failed reminder move says, restore against held writes, a failed
/// boot's seed, and what makes a script's exit status.
@Suite("Tools that tell the truth")
@MainActor
struct TruthfulToolsTests {
  /// A session past the tour on `screen`, on a store seeded as a 2.14.0 user.
  func session(on screen: String, clock: TestClock = TestClock()) async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"], clock: clock)
    await harness.boot()
    await harness.send("go " + screen)
    await harness.settle()
    if harness.session.state.overlay == .guidance {  // the screen's own guide (settings_intro)
      await harness.send("skip")
      await harness.settle()
    }
    #expect(harness.session.state.overlay == nil)
    _ = harness.takeOutput()
    return harness
  }

  func run(_ harness: SessionHarness, _ line: String) async -> String {
    _ = harness.takeOutput()
    await harness.send(line)
    // Rows joined again: what was said, whatever the width wrapped.
    return harness.takeOutput().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  // MARK: check

  @Test("check lists a held write and never says consistent while it is in flight")
  func checkWithHeldWrite() async throws {
    let harness = try await session(on: "settings")
    await harness.send("qa hold write theme")
    await harness.send("set theme dark")
    await harness.settle()
    let output = await run(harness, "check")
    #expect(output.contains("write theme (held)"), "\(output)")
    #expect(output.contains("qa release write:theme"), "\(output)")
    #expect(!output.contains("Consistent"), "\(output)")
    #expect(harness.lastOutcome.checkVerdict == .unsettled)
  }

  @Test("check during a held weekday reschedule lists it and reports no schedule disagreement")
  func checkWithHeldSchedule() async throws {
    let harness = try await session(on: "review")
    await harness.send("qa schedule=hold")
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    // Store has friday, the reminder was cancelled: they rightly differ until the job ends.
    let output = await run(harness, "check")
    #expect(output.contains("schedule (held)"), "\(output)")
    #expect(!output.contains("no reminder is scheduled"), "\(output)")
    #expect(output.contains("What has settled agrees with the store."), "\(output)")
    await harness.send("qa release schedule")
    await harness.settle()
    #expect(await run(harness, "check") == "Consistent: screen, store and schedule agree.")
  }

  @Test("check calls an operation that is not held pending, and says to wait")
  func checkWithPendingWrite() async throws {
    let clock = TestClock(holdingSleeps: true)
    let harness = try await session(on: "settings", clock: clock)
    await harness.send("qa delay write theme 500")
    await harness.send("set theme dark")
    let output = await run(harness, "check")
    #expect(output.contains("write theme (pending)"), "\(output)")
    #expect(output.contains("Type wait, then check again."), "\(output)")
    clock.wakeSleepers()
    await harness.settle()
    #expect(harness.session.runner.backends.tracker.entries.isEmpty)
  }

  @Test("check still reports a settled control's disagreement while another write is held")
  func checkDisagreementWhileHeld() async throws {
    let harness = try await session(on: "settings")
    await harness.send("qa hold write theme")
    await harness.send("set theme dark")
    await harness.settle()
    try await harness.store.setSetting(.units, to: "imperial")  // another process, behind the screen's back
    let output = await run(harness, "check")
    #expect(output.contains("units: the screen shows metric, the store has imperial."), "\(output)")
    #expect(output.contains("write theme (held)"), "\(output)")
    #expect(harness.lastOutcome.checkVerdict == .disagreement)
  }

  @Test("after a failed boot, check names the failure and what to do, not wait")
  func checkAfterBootFailure() async throws {
    let harness = try await SessionHarness(arguments: ["--fault", "boot=fail"])
    await harness.boot()
    let output = await run(harness, "check")
    #expect(output.contains("did not start (injected failure (boot))"), "\(output)")
    #expect(output.contains("start whatsnew again"), "\(output)")
    #expect(!output.contains("wait"), "\(output)")
    #expect(harness.lastOutcome.checkVerdict == .unsettled)
  }

  @Test("while QA holds the boot, check says how to release it")
  func checkWhileBootHeld() async throws {
    let harness = try await SessionHarness(arguments: ["--fault", "boot=hold"])
    await harness.boot()
    let output = await run(harness, "check")
    #expect(output.contains("qa release boot"), "\(output)")
  }

  @Test("check speaks the session's language")
  func checkLocalized() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--locale", "es"])
    await harness.boot()
    #expect(await run(harness, "check") == "Coherente: la pantalla, el almacén y la programación coinciden.")
  }

  @Test(
    "a check's verdict",
    arguments: [
      (CheckReport.Finding.compared([], inFlight: []), CheckReport.Verdict.consistent),
      (.compared([.notScheduled(stored: "monday")], inFlight: []), .disagreement),
      (
        .compared([], inFlight: [.init(id: 1, operation: .write, target: "theme", isHeld: true, blockedBy: nil)]),
        .unsettled
      ),
      (
        .compared(
          [.screenDiffers(.units, shown: "metric", stored: "imperial")],
          inFlight: [.init(id: 1, operation: .schedule, target: nil, isHeld: false, blockedBy: nil)]), .disagreement
      ),
      (.bootFailed("disk full"), .unsettled),
      (.booting(held: true), .unsettled),
      (.storeUnreadable("locked"), .unsettled),
    ])
  func verdict(finding: CheckReport.Finding, expected: CheckReport.Verdict) {
    #expect(CheckReport(finding: finding).verdict == expected)
  }

  // MARK: What a failed weekday change says

  /// One way a weekday change can fail: faults added before the tap (`before`), and
  /// faults added while the job is held at `heldAt` and then released (`during`).
  struct WeekdayCase: Sendable, CustomTestStringConvertible {
    var name: String
    var before: [String]
    var heldAt: String?
    var during: [String]
    var message: String
    var stored: String
    var reminder: String?
    var testDescription: String { name }
  }

  nonisolated static let weekdayCases: [WeekdayCase] = [
    WeekdayCase(
      name: "the write fails", before: ["write:reviewWeekday=fail:1"], heldAt: nil, during: [],
      message: "Couldn't save Weekly review day: injected failure (write reviewWeekday). Back to Sunday.",
      stored: "sunday", reminder: "sunday"),
    WeekdayCase(
      name: "the cancel fails, all put back", before: ["cancel=fail:1"], heldAt: nil, during: [],
      message:
        "Saved Weekly review day: Friday, but the old reminder could not be cancelled (injected failure (cancel)). Weekly review day is back to Sunday. The reminder is still set for Sunday.",
      stored: "sunday", reminder: "sunday"),
    WeekdayCase(
      name: "the schedule fails once, all put back", before: ["schedule=fail:1"], heldAt: nil, during: [],
      message:
        "Saved Weekly review day: Friday, but the new reminder could not be scheduled (injected failure (schedule)). Weekly review day is back to Sunday. The reminder is set for Sunday again.",
      stored: "sunday", reminder: "sunday"),
    WeekdayCase(
      name: "the schedule fails, and so does setting the old reminder again", before: ["schedule=fail"], heldAt: nil,
      during: [],
      message:
        "Saved Weekly review day: Friday, but the new reminder could not be scheduled (injected failure (schedule)). Weekly review day is back to Sunday. Setting the reminder for Sunday again failed too (injected failure (schedule)): no reminder is set. The next start sets the reminder to match the store.",
      stored: "sunday", reminder: nil),
    WeekdayCase(
      name: "the cancel fails, and so does putting the day back", before: [], heldAt: "cancel",
      during: ["cancel=fail:1", "write:reviewWeekday=fail:1"],
      message:
        "Saved Weekly review day: Friday, but the old reminder could not be cancelled (injected failure (cancel)). Putting Weekly review day back to Sunday failed too (injected failure (write reviewWeekday)); the store has Friday. The reminder is still set for Sunday. The next start sets the reminder to match the store.",
      stored: "friday", reminder: "sunday"),
    WeekdayCase(
      name: "the schedule fails, and so does putting the day back", before: [], heldAt: "schedule",
      during: ["schedule=fail:1", "write:reviewWeekday=fail:1"],
      message:
        "Saved Weekly review day: Friday, but the new reminder could not be scheduled (injected failure (schedule)). Putting Weekly review day back to Sunday failed too (injected failure (write reviewWeekday)); the store has Friday. No reminder is set. The next start sets the reminder to match the store.",
      stored: "friday", reminder: nil),
  ]

  @Test("in Russian the reminder's day after «на» is named so that its case is right: на день «Среда»")
  func russianWeekdayCase() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0", "--locale", "ru"])
    await harness.boot()
    await harness.send("set reviewWeekday wednesday")
    await harness.settle()
    harness.faults.add(try FaultSpec.parse("cancel=fail:1"))
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    let error = try #require(harness.session.state.choices.state(of: .reviewWeekday).error)
    let message = PageRenderer(context: harness.session.runner.renderContext).describe(error, setting: .reviewWeekday)
    #expect(message.contains("на день «Среда»"), "\(message)")
    #expect(!message.contains("на «Среда»"), "\(message)")
  }

  @Test("each way a weekday change fails is said as it is, and left as said", arguments: weekdayCases)
  func weekdayFailure(_ example: WeekdayCase) async throws {
    let harness = try await session(on: "review")
    for spec in example.before { harness.faults.add(try FaultSpec.parse(spec)) }
    if let heldAt = example.heldAt { harness.faults.add(try FaultSpec.parse(heldAt + "=hold")) }
    await harness.send("set reviewWeekday friday")
    await harness.settle()
    if let heldAt = example.heldAt {
      for spec in example.during { harness.faults.add(try FaultSpec.parse(spec)) }
      harness.faults.release(try #require(FaultOperation(rawValue: heldAt)), target: nil)
      await harness.settle()
    }
    let control = harness.session.state.choices.state(of: .reviewWeekday)
    let error = try #require(control.error)
    let message = PageRenderer(context: harness.session.runner.renderContext).describe(error, setting: .reviewWeekday)
    #expect(message == example.message)
    #expect(try await harness.store.setting(.reviewWeekday) == example.stored)
    #expect(try await harness.store.notification(id: WeeklyReview.notificationID)?.weekday == example.reminder)
    #expect(control.shown == example.stored, "the screen shows what the store holds")
    let agrees = example.reminder == example.stored
    _ = await run(harness, "check")
    #expect(harness.lastOutcome.checkVerdict == (agrees ? .consistent : .disagreement))
  }

  // MARK: restore

  @Test("restore refuses while a write is held, naming it, so the held write never lands on the restored data")
  func restoreRefusedWhileHeld() async throws {
    let harness = try await session(on: "settings")
    let backup = harness.directory.path("backup.sqlite")
    await harness.send("backup " + backup)  // theme: system
    await harness.send("qa hold write theme")
    await harness.send("set theme dark")
    await harness.settle()
    let output = await run(harness, "restore " + backup)
    #expect(output.contains("write theme is held by QA"), "\(output)")
    #expect(output.contains("qa release write:theme"), "\(output)")
    #expect(!output.contains("Restored from"), "\(output)")
    await harness.send("qa release write theme")
    await harness.settle()
    #expect(try await harness.store.setting(.theme) == "dark", "the write the user made, not lost in silence")
    // Now nothing is held: the restore goes through, and nothing lands on it afterwards.
    #expect(await run(harness, "restore " + backup).contains("Restored from"))
    await harness.settle()
    #expect(try await harness.store.setting(.theme) == "system")
    #expect(await run(harness, "check") == "Consistent: screen, store and schedule agree.")
  }

  @Test("restore waits for a write in flight, then replaces what it wrote")
  func restoreWaitsForPendingWrite() async throws {
    let clock = TestClock(holdingSleeps: true)
    let harness = try await session(on: "settings", clock: clock)
    let backup = harness.directory.path("backup.sqlite")
    await harness.send("backup " + backup)
    await harness.send("qa delay write theme 500")
    await harness.send("set theme dark")
    let restore = Task { await harness.send("restore " + backup) }
    await Task.yield()
    clock.wakeSleepers()
    await restore.value
    await harness.settle()
    #expect(try await harness.store.setting(.theme) == "system")
    #expect(harness.takeOutput().contains("Restored from"))
  }

  @Test(
    "at a terminal restore asks first; no keeps the data, yes and --yes replace it",
    arguments: [("n", false, false), ("y", false, true), ("", false, false), ("n", true, true)])
  func restoreAsks(answer: String, withYes: Bool, restores: Bool) async throws {
    let harness = try await session(on: "settings")
    let backup = harness.directory.path("backup.sqlite")
    await harness.send("backup " + backup)
    await harness.send("set theme dark")
    await harness.settle()
    var asked: [String] = []
    harness.session.runner.confirm = { question in
      asked.append(question)
      return ConfirmAnswer.isYes(.line(answer), yesWords: "y, yes")
    }
    let output = await run(harness, "restore " + backup + (withYes ? " --yes" : ""))
    await harness.settle()
    #expect(asked.count == (withYes ? 0 : 1))
    #expect(try await harness.store.setting(.theme) == (restores ? "system" : "dark"))
    #expect(output.contains(restores ? "Restored from" : "Not restored; your data is unchanged."), "\(output)")
  }

  @Test(
    "a yes is a yes word of the language; anything else is no",
    arguments: [
      (LineInput.line("y"), "y, yes", true), (.line(" YES "), "y, yes", true), (.line("sí"), "s, sí, si", true),
      (.line("да"), "д, да", true), (.line(""), "y, yes", false), (.line("no"), "y, yes", false),
      (.endOfInput, "y, yes", false), (.interrupted, "y, yes", false),
    ])
  func yesWords(input: LineInput, words: String, expected: Bool) {
    #expect(ConfirmAnswer.isYes(input, yesWords: words) == expected)
  }

  // MARK: a failed boot's seed

  @Test("a failed boot on a new store keeps --upgrade-from's seed for the next start that boots")
  func failedBootKeepsSeed() async throws {
    let first = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0", "--fault", "boot=fail"])
    await first.boot()
    #expect(first.session.state.bootFailure != nil)
    #expect(try await first.store.pendingSeed() == Version(major: 2, minor: 11, patch: 0))
    #expect(try await first.store.isOnboardingComplete() == false)

    let second = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"], databasePath: first.databasePath)
    await second.boot()
    #expect(second.session.state.onboarding == nil, "an upgrading user, not a new one")
    #expect(second.session.state.tour != nil, "the post-update tour opens")
    #expect(try await second.store.isOnboardingComplete())
    #expect(try await second.store.seenThrough() == .version(Version(major: 2, minor: 11, patch: 0)))
    #expect(try await second.store.pendingSeed() == nil, "applied once, then forgotten")
  }

  // MARK: a script's exit status

  /// Runs `lines` as a script and returns the tally and what went to standard error.
  func script(_ lines: [String], arguments: [String] = ["--upgrade-from", "2.14.0"]) async throws -> (
    tally: ScriptTally, errors: String
  ) {
    let harness = try await SessionHarness(arguments: arguments, placement: .sharing(MainActor.sharedUnownedExecutor))
    let repl = REPL(session: harness.session, source: ArrayLineSource(lines), isInteractive: false, echoCommands: true)
    let tally = await repl.run()
    _ = harness.takeOutput()
    return (tally, harness.errors)
  }

  @Test(
    "lines that are not valid commands",
    arguments: [
      "nxet", "go nowhere", "set theme", "set theme purple", "set colour dark", "qa write:theme=explode",
      "qa fail nothing", "qa fial", "debug seen set 2.x", "help nxet", "restore", "lang klingon",
    ])
  func invalidLine(line: String) async throws {
    let run = try await script(["home", line, "check"])
    #expect(run.tally.invalidLines == [2], "\(line)")
    #expect(run.tally.exitStatus == ExitStatus.dataError)
    #expect(run.errors.contains("line 2: not a valid command: \(line)"), "\(run.errors)")
  }

  @Test(
    "valid commands, even those the moment refuses, are not data errors",
    arguments: ["help", "next", "show", "wait", "qa faults", "set theme dark", "notifications", "debug seen"])
  func validLine(line: String) async throws {
    let run = try await script(["home", line, "check"])
    #expect(run.tally.invalidLines.isEmpty, "\(line): \(run.errors)")
    #expect(run.tally.exitStatus == ExitStatus.success)
  }

  @Test(
    "a script's exit status: 0, 1 for a check that did not find agreement, 65 for an invalid line (65 wins)",
    arguments: [
      (["check"], ExitStatus.success),
      (["qa schedule=fail", "set reviewWeekday friday", "check"], ExitStatus.checkFailed),
      (["qa hold write theme", "set theme dark", "check"], ExitStatus.checkFailed),
      (["qa schedule=fail", "set reviewWeekday friday", "check", "nxet"], ExitStatus.dataError),
      (["qa hold write theme", "set theme dark", "qa release write:theme", "wait", "check"], ExitStatus.success),
    ])
  func exitStatus(lines: [String], expected: Int32) async throws {
    #expect(try await script(lines).tally.exitStatus == expected)
  }

  @Test("a failed boot makes a script's check fail")
  func bootFailureFailsCheck() async throws {
    let run = try await script(["check"], arguments: ["--fault", "boot=fail"])
    #expect(run.tally.exitStatus == ExitStatus.checkFailed)
  }

  @Test(
    "the tally's rule",
    arguments: [
      ([], [], Int32(0)), ([3], [], Int32(65)), ([], [CheckReport.Verdict.disagreement], Int32(1)),
      ([], [.unsettled], Int32(1)), ([1], [.disagreement], Int32(65)), ([], [.consistent, .consistent], Int32(0)),
    ])
  func tallyRule(invalid: [Int], checks: [CheckReport.Verdict], expected: Int32) {
    var tally = ScriptTally()
    for line in invalid { tally.record(line: line, invalid: true, check: nil) }
    for verdict in checks { tally.record(line: 99, invalid: false, check: verdict) }
    #expect(tally.exitStatus == expected)
  }
}

@Suite("restore --yes on the command line")
struct RestoreYesOptionTests {
  @Test("--yes goes with restore, and only with restore")
  func yesOption() throws {
    let options = try Options.parse(["restore", "b.sqlite", "--yes"], environment: [:])
    #expect(options.assumeYes)
    #expect(options.subcommand == .restore(path: "b.sqlite"))
    #expect(throws: UsageError.optionNotTaken(option: "--yes", command: "backup", takenBy: ["restore"])) {
      try Options.parse(["backup", "b.sqlite", "--yes"], environment: [:])
    }
  }
}

@Suite("A failed write whose old value was never read")
struct UnknownValueWriteTests {
  @Test(
    "says what the setting is now: back to the known value, or still unknown with how to read it again",
    arguments: [
      (
        "light" as String?,
        "Couldn't save Theme: the settings store is in use by another program. Back to Light."
      ),
      (
        nil,
        "Couldn't save Theme: the settings store is in use by another program. Its value could not be read before"
          + " either, so it is shown as unknown; type show to read it again."
      ),
    ])
  func message(restored: String?, expected: String) async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.14.0"])
    let error = ChoiceMachine.ChoiceError.writeFailed(
      reason: "the settings store is in use by another program", restored: restored)
    let context = await harness.session.runner.renderContext
    #expect(PageRenderer(context: context).describe(error, setting: .theme) == expected)
  }
}
