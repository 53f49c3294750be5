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
      case .run(let name, let arguments): await CommandDispatcher(runner: self).runFamily(name, arguments)
      case .readSnapshotForCheck:
        do {
          let snapshot = try await snapshot()
          await send(.checkRead(snapshot, failure: nil))
        } catch {
          await send(.checkRead(nil, failure: "\(error)"))
        }
      case .readReleases(var facts):
        let window = catalog.window(seenThrough: facts.seenThrough, current: appVersion)
        facts.now = backends.clock.now()
        await send(.releasesRead(window, facts))
      case .checkWhatsNew(let snapshot): await send(.checkWhatsNew(snapshot))
      case .recordSeenThrough(let version):
        // The check's own write when there is nothing to show (or the tour is off): a failure
        // is a developer note, and the next start tries again.
        perform(.seenWrite, target: nil, { try await $0.advanceSeenThrough(to: version) }) { [self] result in
          guard case .failure(let reason) = result else { return }
          developerNote("could not record seen through \(version): \(reason.text)")
        }
      case .startOnboarding:
        let pages = OnboardingPlan.pages(catalog: catalog, appVersion: appVersion)
        await send(.tour(.startOnboarding(pages)))
      case .readSetting(let ticket):
        read(ticket.setting) { [self] result in await send(.readFinished(ticket, result)) }
      case .write(let ticket, let expected): write(ticket, expected: expected)
      case .endTour(let showings): endTour(showings)
      case .completeOnboarding:
        // Onboarding complete and seen through the app's version, in one transaction.
        let version = appVersion
        perform(.seenWrite, target: nil, { try await $0.completeOnboarding(seenThrough: version) }) { [self] result in
          switch result {
          case .success: await send(.tour(.onboardingWriteFinished(nil)))
          case .failure(let reason): await send(.tour(.onboardingWriteFinished(reason)))
          }
          // At a terminal the wizard's write lands after the command: home is drawn above the prompt.
          host.viewChanged()
        }
      case .recordTourPosition(let position):
        // The tour's progress, as the seen record is, so the same gate (`qa hold seen-write`
        // holds it too); never a setting's write. A failure costs only the page a later start
        // resumes on: a developer note.
        perform(.seenWrite, target: nil, { try await $0.setTourPosition(position) }) { [self] result in
          guard case .failure(let reason) = result else { return }
          developerNote("could not remember the tour's page \(position): \(reason.text)")
        }
      case .keepRecap(let recap):
        // Tour bookkeeping, as the position is (`qa hold seen-write` holds it too), and on the
        // real store during a preview. A failure costs only the recap a later start shows.
        let store = (sandbox?.real ?? backends).store
        perform(.seenWrite, target: nil, { _ in try await store.keepRecap(recap) }) { [self] result in
          guard case .failure(let reason) = result else { return }
          developerNote("could not keep what the tour changed for the next start: \(reason.text)")
        }
      case .leaveSandbox: await leaveSandbox()
      case .startGuideIfUnseen(let id):
        // Not read when nothing could start (the machine decides again with the set).
        guard state.guidanceMayStartByItself, let seen = await guidanceSeenSet()
        else { continue }
        await send(.guide(.startIfUnseen(id, seen: seen, now: backends.clock.now())))
      case .donate(let event):
        // Kept on the real store (during a preview too) with the session's clock; a failure
        // costs only what a rule counts later.
        let now = backends.clock.now()
        let store = (sandbox?.real ?? backends).store
        perform(.eventWrite, target: nil, { _ in try await store.recordEvent(StoredEvent(name: event.name, at: now)) }) {
          [self] result in
          guard case .failure(let reason) = result else { return }
          developerNote("could not keep the event \(event.name): \(reason.text)")
        }
        await send(.donated(event, at: now))
      case .markGuidanceSeen(let id):
        // Tracked, so the way out waits for it; a failure is said.
        perform(.write, target: Self.guidanceTarget, { try await $0.markGuidanceSeen(id) }) { [self] result in
          guard case .failure(let reason) = result else { return }
          console.emit(text("ui.guidance.markFailed", id, reason.text), .error)
          host.viewChanged()
        }
      case .viewShownByLines(let inScriptToo):
        if console.isAtPrompt || inScriptToo { host.viewShown() }
      case .readStoreFacts: await readStoreFacts()
      case .languageChanged(let language, let note):
        languageChanged(to: language)
        if let note { developerNote(note) }
      case .say(let message): messages.say(message)
      case .note(let text): developerNote(text)
      case .showSettingRow(let setting):
        // A slow read finished while the person sat at the prompt: show the control now.
        guard console.isAtPrompt else { continue }
        console.emit(ScreenRenderer(context: renderContext).settingRow(setting, state.choices.states))
        host.viewShown()
      case .reportWrite(let ticket, let outcome):
        // How a write ended, one line at a time; words no one reads are not written (`qa
        // explore`'s runs; the bench row "qa explore, single faults: runs per second").
        if !console.discardsOutput {
          let view = WriteOutcomeView(ticket: ticket, outcome: outcome, control: state.choices.state(of: ticket.setting))
          for line in view.lines(in: renderContext) { console.emit([line]) }
        }
        // Above the prompt the outcome shows the change; in a script the view follows the command.
        if console.isAtPrompt { host.viewShown() }
      }
    }
  }

  /// Writes a choice the rules tapped (``AppEffect/write(_:expected:)``) through
  /// ``Backends/apply(_:_:expected:id:)`` (for the review weekday, the whole
  /// ``WeekdayChangePlan``) after any earlier write of the same setting; its result goes back
  /// to the rules. With `expected` (an `undo`), the write lands only while the store holds it.
  private func write(_ ticket: ChoiceMachine.WriteTicket, expected: String?) {
    // A preview's writes land on its private copy: they are no tour's changes.
    let isReal = sandbox == nil
    let setting = ticket.setting
    writeChains[setting] = chainedWrite(target: setting.rawValue, after: writeChains[setting]) { [self] backends, id in
      let applied = await backends.apply(setting, ticket.value, expected: expected, id: id)
      await send(.writeFinished(ticket, applied, onRealStore: isReal, isUndo: expected != nil))
    }
  }

  /// The dismissal's write: seen through the app's version, the resume position forgotten,
  /// and what the tour did with each release recorded (for `news`), in one transaction
  /// (operation `seen-write`), its result fed back to the tour machine. A write QA holds or
  /// delays does not land at once: it is announced, so the person knows why the tour is still
  /// open (a write that merely hops to the store's queue is not).
  private func endTour(_ showings: [ReleaseShowing]) {
    let version = appVersion
    let finished = perform(.seenWrite, target: nil, { try await $0.endTour(seenThrough: version, showings: showings) }) {
      [self] result in
      await send(.tour(.seenWriteFinished(result)))
      host.viewChanged()
    }
    let waitsOnQA = backends.faults.rules.contains { rule in
      switch rule.kind {
      case .hold, .delay: rule.operation == .seenWrite
      case .fail: false
      }
    }
    if !finished && waitsOnQA { messages.say(.tour(.savingDismissal)) }
  }

  /// The boot step: waits for the boot gate (QA can delay, hold or fail it), makes the
  /// notification schedule agree with the stored weekday, reads the store once, and hands
  /// what it read to the rules (``AppAction/booted(_:)``): onboarding, or the what's-new check.
  package func boot() {
    let backends = self.backends
    let id = backends.tracker.begin(.boot, target: nil)
    Task.immediate { @MainActor [self] in
      defer { backends.tracker.end(id) }
      let action: AppAction
      do {
        // A new store records what --upgrade-from asks for before the boot gate, and the
        // seed is applied (and forgotten) only by a boot that gets past it: a failed boot
        // leaves the store to be seeded by the next start that boots.
        if configuration.storeWasCreated, let upgradeFrom = configuration.options.upgradeFrom {
          try await backends.store.recordPendingSeed(seenThrough: upgradeFrom)
        }
        try await backends.faults.gate(.boot, target: nil, id: id)
        if let seeded = try await backends.store.applyPendingSeed(
          legacyWalkthroughBefore: Version(major: 2, minor: 13, patch: 0))
        {
          developerNote("seeded a new store as a user who finished onboarding and has seen through \(seeded)")
        }
        // One read of everything boot needs: one transaction, one trip to the store.
        let snapshot = try await backends.snapshot(withEvents: true)
        // The baseline for noticing another program's changes at each command.
        dataVersionSeen = try? await backends.store.dataVersion()
        if let change = try await backends.compensatingRestore.repairAtStart(backends, snapshot) {
          developerNote(
            "boot: the weekly review notification was \(change.was ?? "not scheduled"); now \(change.now), matching the stored weekday"
          )
        }
        action = .booted(snapshot)
      } catch {
        action = .bootFailed(String(describing: error))
      }
      await send(action)
      // A failed boot said why; a widget launch before onboarding shows nothing new.
      guard case .booted(let snapshot) = action, snapshot.onboardingComplete || !state.launchedFromWidget
      else { return }
      host.viewChanged()
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
    guard state.isBooted, sandbox == nil else { return nil }
    let backends = self.backends
    let id = backends.tracker.begin(.read, target: nil)
    return Task.immediate { @MainActor [self] in
      defer { backends.tracker.end(id) }
      guard let version = try? await backends.store.dataVersion() else { return }
      let last = dataVersionSeen
      dataVersionSeen = version
      guard let last, last != version, sandbox == nil else { return }
      guard let snapshot = try? await backends.snapshot() else { return }
      await send(.adopt(snapshot, .outside))
      host.viewChanged()
    }
  }
}
