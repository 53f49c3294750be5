import WhatsNewCore

/// The QA family: failure injection (`qa fail|delay|hold|release …`, `qa clear`,
/// `qa faults`), waiting for the background work (`wait`), comparing screen, store and
/// schedule (`check`), and the session as JSON (`state`, in ``StateCommand``).
@MainActor
struct QACommands: Sendable {
  let runner: EffectRunner

  /// `qa …`: adds, releases, lists or clears injected faults; explores; moves the clock.
  func qa(_ arguments: [String]) async {
    guard let verb = arguments.first else { return runner.messages.usage("qa") }
    let console = runner.console
    let faults = runner.backends.faults
    let rest = Array(arguments.dropFirst())
    switch verb {
    case "clear":
      faults.clear()
      console.emit(runner.text("ui.qa.cleared"), .success)
    case "explore":
      await explore(rest)
    case "clock":
      ClockCommand(runner: runner).run(rest)
    case "faults":
      let rules = faults.rules
      console.emit(rules.isEmpty ? runner.text("ui.qa.noFaults") : rules.map(\.description).joined(separator: "\n"))
    case "fail", "delay", "hold", "release":
      do {
        let parsed = try QACommand.parse(verb: verb, rest)
        switch parsed {
        case .add(let spec):
          faults.add(spec)
          console.emit(runner.text("ui.qa.added", spec.description), .success)
        case .release(let operation, let target):
          let count = faults.release(operation, target: target)
          console.emit(
            runner.text("ui.qa.released", operation.rawValue + (target.map { " " + $0 } ?? ""), String(count)), .success)
        }
      } catch {
        runner.outcome.wasInvalid = true
        console.emit(error.words { runner.text($0, arguments: $1) }, .error)
      }
    default:
      guard verb.contains("=") else {
        return runner.messages.unknownValue(verb, kind: .qaCommand, candidates: CommandTable.find("qa")?.subcommands ?? [])
      }
      addSpecs(arguments)
    }
  }

  /// `qa write:workoutView=fail:2 seen-write=hold`: the `--fault` syntax, several at once.
  /// Every spec is checked before any is added, so a typo in the second adds nothing.
  func addSpecs(_ texts: [String]) {
    var specs: [FaultSpec] = []
    for text in texts {
      do {
        specs.append(try FaultSpec.parse(text))
      } catch {
        return runner.messages.invalid(.error, "ui.qa.badSpec", text, error.words { runner.text($0, arguments: $1) })
      }
    }
    for spec in specs {
      runner.backends.faults.add(spec)
      runner.console.emit(runner.text("ui.qa.added", spec.description), .success)
    }
  }

  /// `wait`: blocks until every operation that is not held has settled; lists what is held.
  func wait() async {
    let tracker = runner.backends.tracker
    await tracker.waitUntilSettled()
    let held = tracker.entries.filter(\.isHeld)
    if held.isEmpty {
      runner.console.emit(runner.text("ui.wait.settled"), .dim)
    } else {
      runner.console.emit(runner.text("ui.wait.held", held.map(CheckReport.name(of:)).joined(separator: ", ")), .dim)
    }
  }

  /// `check`: for every setting, what the screen shows (when settled), what is stored
  /// and, for the weekday, what is scheduled; and every operation still in flight, since
  /// while one is, screen and store may rightly disagree. Never "consistent" then.
  func check() async {
    let report = await Self.report(runner)
    runner.outcome.checkVerdict = report.verdict
    runner.console.emit(report.lines(in: runner.renderContext))
  }

  /// What `check` finds now.
  static func report(_ runner: EffectRunner) async -> CheckReport {
    guard runner.state.isBooted else { return CheckReport(finding: bootFinding(runner)) }
    // Settings and schedule from one read transaction: a write landing between two separate
    // reads could otherwise show as a disagreement that never existed. Not through the effect
    // runner: `check` judges the store as it is, so QA's faults must not reach its own read.
    let snapshot: StoreSnapshot
    do {
      snapshot = try await runner.snapshot()
    } catch {
      return CheckReport(finding: .storeUnreadable(String(describing: error)))
    }
    let inFlight = runner.backends.tracker.entries
    var problems = ConsistencyCheck.problems(
      controls: runner.state.choices.states, stored: snapshot.settings, scheduledWeekday: snapshot.notification?.weekday,
      scheduleInFlight: inFlight.contains(where: ConsistencyCheck.touchesSchedule))
    let (now, zone) = (runner.backends.clock.now(), runner.backends.timeZone)
    if let scheduled = snapshot.notification, Weekday(rawValue: scheduled.weekday) != nil,
      scheduled.nextFireDate(after: now, in: zone) == nil
    {
      problems.append(.noNextDate(weekday: scheduled.weekday, clock: RFC3339.day(now, in: zone)))
    }
    return CheckReport(
      finding: .compared(problems, inFlight: inFlight),
      leftForNextStart: ConsistencyCheck.reported(problems, leftApart: runner.state.scheduleLeftApart))
  }

  /// Why there is nothing to compare before the boot step has finished.
  static func bootFinding(_ runner: EffectRunner) -> CheckReport.Finding {
    if let failure = runner.state.bootFailure { return .bootFailed(failure) }
    let boot = runner.backends.tracker.entries.first { $0.operation == .boot }
    return .booting(held: boot?.isHeld ?? false)
  }
}
