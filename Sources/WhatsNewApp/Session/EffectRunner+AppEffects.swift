import WhatsNewCore
import WhatsNewStore

/// The runner's side of the app's rules (``reduce(_:_:)``): the boot step and the look for
/// other programs' changes, whose reads become actions, and each ``AppEffect`` performed in
/// order, its result sent back as an action.
extension EffectRunner {
  /// Performs `effects` in order; an effect whose result the rules decide on sends it back
  /// (``Session/send(_:)``) before the next one runs.
  func run(_ effects: [AppEffect]) async {
    for effect in effects {
      switch effect {
      case .run(let name, let arguments): await CommandDispatcher(session: session).runFamily(name, arguments)
      case .readSnapshotForCheck:
        do {
          let snapshot = try await snapshot()
          await session.send(.checkRead(snapshot, failure: nil))
        } catch {
          await session.send(.checkRead(nil, failure: "\(error)"))
        }
      case .readReleases(let facts):
        let window = session.catalog.window(seenThrough: facts.seenThrough, current: session.appVersion)
        await session.send(.releasesRead(window, facts))
      case .checkWhatsNew(let snapshot): await session.send(.checkWhatsNew(snapshot))
      case .recordSeenThrough(let version): recordSeenThroughQuietly(version)
      case .startOnboarding:
        let pages = OnboardingPlan.pages(catalog: session.catalog, appVersion: session.appVersion)
        await session.send(.tour(.startOnboarding(pages)))
      case .readSetting(let ticket):
        read(ticket.setting) { result in await session.send(.readFinished(ticket, result)) }
      case .write(let ticket, let expected): write(ticket, expected: expected)
      case .endTour(let showings): endTour(showings)
      case .completeOnboarding:
        completeOnboarding(seenThrough: session.appVersion) { result in
          switch result {
          case .success: await session.send(.tour(.onboardingWriteFinished(nil)))
          case .failure(let reason): await session.send(.tour(.onboardingWriteFinished(reason)))
          }
          // At a terminal the wizard's write lands after the command: home is drawn above the prompt.
          session.showViewIfAtPrompt()
        }
      case .recordTourPosition(let position): recordTourPosition(position)
      case .leaveSandbox: await session.leaveSandbox()
      case .startGuideIfUnseen(let id):
        // Not read when nothing could start (the machine decides again with the set).
        guard session.state.guidanceMayStartByItself, let seen = await guidanceSeenSet()
        else { continue }
        await session.send(.guide(.startIfUnseen(id, seen: seen)))
      case .markGuidanceSeen(let id): markGuidanceSeen(id)
      case .viewShownByLines(let inScriptToo):
        if session.console.isAtPrompt || inScriptToo { session.markViewShown() }
      case .readStoreFacts: await session.readStoreFacts()
      case .languageChanged(let language, let note):
        session.languageChanged(to: language)
        if let note { session.developerNote(note) }
      case .say(let message): CommandMessages(session: session).say(message)
      case .note(let text): session.developerNote(text)
      case .showSettingRow(let setting):
        // A slow read finished while the person sat at the prompt: show the control now.
        guard session.console.isAtPrompt else { continue }
        session.console.emit(ScreenRenderer(context: session.renderContext).settingRow(setting, session.state.choices.states))
        session.markViewShown()
      case .reportWrite(let ticket, let outcome): session.reportWrite(ticket, outcome: outcome)
      }
    }
  }

  /// Writes a choice the rules tapped (``AppEffect/write(_:expected:)``), after any earlier
  /// write of the same setting; its result goes back to the rules.
  private func write(_ ticket: ChoiceMachine.WriteTicket, expected: String?) {
    // A preview's writes land on its private copy: they are no tour's changes.
    let isReal = session.sandbox == nil
    let setting = ticket.setting
    session.writeChains[setting] = apply(setting, ticket.value, expected: expected, after: session.writeChains[setting]) {
      applied in
      await session.send(.writeFinished(ticket, applied, onRealStore: isReal, isUndo: expected != nil))
    }
  }

  /// The dismissal's write (operation `seen-write`), its result fed back to the tour machine.
  /// A write QA holds or delays does not land at once: it is announced, so the person knows
  /// why the tour is still open (a write that merely hops to the store's queue is not).
  private func endTour(_ showings: [ReleaseShowing]) {
    let finished = endTour(seenThrough: session.appVersion, showings: showings) { result in
      await session.send(.tour(.seenWriteFinished(result)))
      session.showViewIfAtPrompt()
    }
    let waitsOnQA = session.backends.faults.rules.contains { rule in
      switch rule.kind {
      case .hold, .delay: rule.operation == .seenWrite
      case .fail: false
      }
    }
    if !finished && waitsOnQA { CommandMessages(session: session).say(.tour(.savingDismissal)) }
  }

  /// The boot step: waits for the boot gate (QA can delay, hold or fail it), makes the
  /// notification schedule agree with the stored weekday, reads the store once, and hands
  /// what it read to the rules (``AppAction/booted(_:)``): onboarding, or the what's-new check.
  func boot() {
    let backends = session.backends
    let id = backends.tracker.begin(.boot, target: nil)
    Task.immediate { @MainActor [session] in
      defer { backends.tracker.end(id) }
      let action: AppAction
      do {
        // A new store records what --upgrade-from asks for before the boot gate, and the
        // seed is applied (and forgotten) only by a boot that gets past it: a failed boot
        // leaves the store to be seeded by the next start that boots.
        if session.configuration.storeWasCreated, let upgradeFrom = session.configuration.options.upgradeFrom {
          try await backends.store.recordPendingSeed(seenThrough: upgradeFrom)
        }
        try await backends.faults.gate(.boot, target: nil, id: id)
        if let seeded = try await backends.store.applyPendingSeed(
          legacyWalkthroughBefore: Version(major: 2, minor: 13, patch: 0))
        {
          session.developerNote("seeded a new store as a user who finished onboarding and has seen through \(seeded)")
        }
        // One read of everything boot needs: one transaction, one trip to the store.
        let snapshot = try await backends.snapshot()
        // The baseline for noticing another program's changes at each command.
        session.dataVersionSeen = try? await backends.store.dataVersion()
        if let change = try await backends.compensatingRestore.repairAtStart(backends.scheduler, snapshot) {
          session.developerNote(
            "boot: the weekly review notification was \(change.was ?? "not scheduled"); now \(change.now), matching the stored weekday"
          )
        }
        action = .booted(snapshot)
      } catch {
        action = .bootFailed(Backends.describe(error))
      }
      await session.send(action)
      // A failed boot said why; a widget launch before onboarding shows nothing new.
      guard case .booted(let snapshot) = action, snapshot.onboardingComplete || !session.state.launchedFromWidget
      else { return }
      session.showViewIfAtPrompt()
    }
  }

  /// Looks for another program's changes before a command runs: `PRAGMA data_version` moves
  /// only when another connection committed, so the look costs one pragma when nothing
  /// changed; then the store is read and adopted (``AppAction/adopt(_:_:)``, `.outside`).
  /// Started at once and never waited for by the command: while another program holds the
  /// store's lock, the command (a tap, say) goes on, and the notice follows when the lock
  /// clears. Tracked as a `read` (so `wait` and `check` see it) but not gated: QA's read
  /// faults are for the controls' reads, and this one changes nothing.
  /// Returns the look's task, for commands that must see its result first (`check`).
  func lookForOutsideChanges() -> Task<Void, Never>? {
    guard session.state.isBooted, session.sandbox == nil else { return nil }
    let backends = session.backends
    let id = backends.tracker.begin(.read, target: nil)
    return Task.immediate { @MainActor [session] in
      defer { backends.tracker.end(id) }
      guard let version = try? await backends.store.dataVersion() else { return }
      let last = session.dataVersionSeen
      session.dataVersionSeen = version
      guard let last, last != version, session.sandbox == nil else { return }
      guard let snapshot = try? await backends.snapshot() else { return }
      await session.send(.adopt(snapshot, .outside))
      session.showViewIfAtPrompt()
    }
  }
}
