import WhatsNewCore
import WhatsNewStore

/// Changes another program made to the store (another whatsnew, `sqlite3`, a restore from
/// elsewhere) are noticed at the next command: `PRAGMA data_version` moves only when another
/// connection committed, so the check costs one pragma when nothing changed. Then the screen
/// re-reads what it shows and says what changed ("Theme was changed by another program: Dark.").
extension Session {
  /// Looks for another program's changes before a command runs. Started at once and never
  /// waited for by the command: while another program holds the store's lock, the command
  /// (a tap, say) goes on, and the notice follows when the lock clears. Tracked as a `read`
  /// (so `wait` and `check` see it) but not gated: QA's read faults are for the controls'
  /// reads, and this one changes nothing.
  /// Returns the look's task, for commands that must see its result first (`check`).
  @discardableResult
  func noticeOutsideChanges() -> Task<Void, Never>? {
    guard state.isBooted, sandbox == nil else { return nil }
    let backends = backends
    let id = backends.tracker.begin(.read, target: nil)
    return Task.immediate { @MainActor in
      defer { backends.tracker.end(id) }
      guard let version = try? await backends.store.dataVersion() else { return }
      let last = self.dataVersionSeen
      self.dataVersionSeen = version
      guard let last, last != version, self.sandbox == nil else { return }
      guard let snapshot = try? await backends.store.snapshot(notificationID: WeeklyReviewScheduler.notificationID)
      else { return }
      self.adoptOutsideChanges(snapshot)
    }
  }

  /// Takes `snapshot` (read after another program's commit) as what the store holds: says
  /// which settings the screen showed differently, and opens what is on screen afresh.
  func adoptOutsideChanges(_ snapshot: StoreSnapshot) {
    let words = OptionWords(session: self)
    for setting in Setting.allCases {
      let control = choices.state(of: setting)
      guard control.isSettled, let shown = control.confirmed, let stored = snapshot.settings[setting], stored != shown
      else { continue }
      console.emit(text("ui.outside.changed", text(setting.titleKey), words.label(setting, stored)), .warning)
    }
    storeFacts = StoreFacts(snapshot)
    // A tour's change another program moved since: the recap says so, and `undo` leaves it.
    state.recap.observe(snapshot.settings)
    choices.forgetSettledValues()
    if state.visiblePage != nil { openCurrentPageControls() } else { openControls(for: state.screen) }
    showViewIfAtPrompt()
  }
}
