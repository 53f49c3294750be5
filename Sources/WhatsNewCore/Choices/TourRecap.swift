/// What the tour changed, and its undoing: the settings a what's-new tour (or `news`) changed,
/// each as the value before the tour and the value it left, numbered for `undo <n>`.
///
/// It is built from what the writes confirmed, never from what was tapped: a write that
/// failed is not in it, a weekday whose reminder could not be moved is in it as the store
/// holds it after the repair. While a tour is open (``isRecording``) every confirmed write of
/// the session counts (on the tour's pages, and on a screen the tour was left for): so, when
/// no other program wrote meanwhile, the recap of a tour is exactly the difference between the
/// store at its start and at its end. A setting changed and changed back is not in it.
///
/// `undo` is a choice like any other: the session taps the old value, conditionally (the write
/// lands only while the store still holds the tour's value), and reports the outcome here.
/// An undone entry keeps its number and is marked undone; one another program (or a later
/// choice) changed since is marked so, and nothing is written.
///
/// The store keeps it (``stored``), so `recap` and `undo` work after a restart until the next
/// tour: the next run reads it back (``init(stored:continuesTour:)``) and learns from the
/// store which entries still hold.
///
/// ```swift
/// var recap = TourRecap()
/// recap.startRecording()
/// recap.confirmed(.theme, replaced: "system", now: "dark")   // 1. Theme: System → Dark
/// recap.stopRecording()
/// let undo = recap.beginUndo(1)                               // .start(setting: .theme, to: "system", expected: "dark")
/// recap.undoFinished(.theme, outcome: .saved)                 // 1. marked undone
/// ```
package struct TourRecap: Sendable, Equatable {
  /// Where one entry stands.
  package enum Status: Sendable, Equatable {
    /// The tour's value is what it left (as far as the session knows).
    case changed
    /// An undo is being written.
    case undoing
    /// Put back: the store holds the value from before the tour again.
    case undone
    /// Changed since the tour (to `current`), by another program or a later choice: `undo`
    /// wrote nothing.
    case changedSince(current: String)
  }

  /// One setting the tour changed.
  package struct Entry: Sendable, Equatable {
    package var setting: Setting
    /// The value before the tour's first confirmed change of it.
    package var before: String
    /// The value the tour's last confirmed change left.
    package var after: String
    package var status: Status = .changed

    /// What the store should hold for the setting, as the entry claims it: the tour's value,
    /// the value from before (undone), or what it was changed to since; `nil` while an undo is
    /// in flight. `qa explore` compares this with the store after every settled step.
    package var claimedValue: String? {
      switch status {
      case .changed: after
      case .undone: before
      case .changedSince(let current): current
      case .undoing: nil
      }
    }

    /// Whether `undo` would put it back: only while the store holds the tour's value. One
    /// changed since holds another program's (or a later) value, which `undo` leaves, so the
    /// recap offers nothing for it and `undo all` skips it (`undo <n>` still asks the store).
    package var isUndoable: Bool { status == .changed }
  }

  /// What `undo <n>` asks for.
  package enum UndoStart: Sendable, Equatable {
    /// Write `value` to `setting`, only while the store holds `expected`.
    case start(setting: Setting, to: String, expected: String)
    /// Entry `n` does not exist (the recap has `count` entries).
    case noSuchEntry(count: Int)
    /// Entry `n` is undone already.
    case alreadyUndone(Setting)
    /// Entry `n`'s undo is being written.
    case inFlight(Setting)
  }

  /// The entries, numbered from 1 in the order the tour first changed them.
  package private(set) var entries: [Entry] = []
  /// A tour is open: the session's confirmed writes are the tour's.
  package private(set) var isRecording = false
  /// Whether a tour was open in this session, or kept its recap from an earlier run (a recap
  /// of nothing says so).
  package private(set) var hasTour = false
  /// The recap was read back from an earlier run whose tour ended: the next tour starts a new
  /// one (``startRecording()``).
  package private(set) var isFromEarlierRun = false
  /// The list shows on the home screen, under the tour that `done` just ended, until the
  /// person goes elsewhere (a screen, another tour): so it is the last thing on screen, not
  /// a message the home screen pushes out of a short window.
  package var isListed = false

  package init() {}

  /// A recap an earlier run kept (``stored``), every entry as it left it (changed or undone;
  /// ``observe(_:)`` then says which were changed since). `continuesTour`: that run left its
  /// tour unfinished, and this run's tour goes on recording into it. `nil` for text whatsnew
  /// never writes: a setting or value the vocabulary lacks, a setting twice, no entry.
  package init?(stored text: String, continuesTour: Bool) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 3 || (fields.count == 4 && fields[3] == "undone"), let setting = Setting(rawValue: fields[0]),
        setting.kind.values.contains(fields[1]), setting.kind.values.contains(fields[2]), fields[1] != fields[2],
        !entries.contains(where: { $0.setting == setting })
      else { return nil }
      entries.append(Entry(setting: setting, before: fields[1], after: fields[2], status: fields.count == 4 ? .undone : .changed))
    }
    hasTour = true
    isFromEarlierRun = !continuesTour
  }

  /// What the store keeps between runs: an entry a line, `setting TAB before TAB after`, with
  /// `TAB undone` for one put back (one being put back is kept as changed: its undo may not
  /// land); `nil` when there is nothing to keep.
  package var stored: String? {
    guard !entries.isEmpty else { return nil }
    return entries.map { entry in
      [entry.setting.rawValue, entry.before, entry.after] + (entry.status == .undone ? ["undone"] : [])
    }.map { $0.joined(separator: "\t") }.joined(separator: "\n")
  }

  /// A tour opened: writes confirmed from now on are its changes. An earlier run's recap
  /// gives way to it.
  package mutating func startRecording() {
    if isFromEarlierRun { entries = [] }
    isFromEarlierRun = false
    isRecording = true
    hasTour = true
    isListed = false
  }

  /// The tour ended: what it changed stays listed, and only `undo` moves it.
  package mutating func stopRecording() { isRecording = false }

  /// The entries `undo all` would put back, by number.
  package var undoableNumbers: [Int] { entries.indices.filter { entries[$0].isUndoable }.map { $0 + 1 } }

  /// The entries still changed by the tour (not undone, not changed since).
  package var changedEntries: [Entry] { entries.filter { $0.status == .changed || $0.status == .undoing } }

  /// A write of `setting` confirmed: it replaced `replaced`, and the store now holds `now`.
  /// While recording it is the tour's change; after, it only tells whether an entry still
  /// holds (``observe(_:stored:)``). An undo's own write is reported with ``undoFinished(_:outcome:)``.
  package mutating func confirmed(_ setting: Setting, replaced: String, now: String) {
    guard isRecording else { return observe(setting, stored: now) }
    guard let index = entries.firstIndex(where: { $0.setting == setting }) else {
      if replaced != now { entries.append(Entry(setting: setting, before: replaced, after: now)) }
      return
    }
    entries[index].after = now
    if now == entries[index].before {
      // Changed back by a choice, not by `undo`: the tour left it as it was.
      if entries[index].status != .undone { entries.remove(at: index) }
    } else {
      entries[index].status = .changed
    }
  }

  /// The store holds `stored` for `setting` (a later choice, or another program's change the
  /// session noticed): an entry whose value moved is marked changed since, one that came back
  /// to the tour's value is changed again. An undo in flight reports its own outcome.
  package mutating func observe(_ setting: Setting, stored: String) {
    guard let index = entries.firstIndex(where: { $0.setting == setting }) else { return }
    let entry = entries[index]
    switch entry.status {
    case .undoing: return
    case .undone where stored == entry.before: return
    default: entries[index].status = stored == entry.after ? .changed : .changedSince(current: stored)
    }
  }

  /// ``observe(_:stored:)`` for every setting of `stored` (a snapshot, a restored backup).
  package mutating func observe(_ stored: [Setting: String]) {
    for (setting, value) in stored { observe(setting, stored: value) }
  }

  /// `undo <n>`: what to write, or why nothing is.
  package mutating func beginUndo(_ number: Int) -> UndoStart {
    guard entries.indices.contains(number - 1) else { return .noSuchEntry(count: entries.count) }
    let entry = entries[number - 1]
    switch entry.status {
    case .undone: return .alreadyUndone(entry.setting)
    case .undoing: return .inFlight(entry.setting)
    case .changed, .changedSince:
      entries[number - 1].status = .undoing
      return .start(setting: entry.setting, to: entry.before, expected: entry.after)
    }
  }

  /// How the undo of `setting` ended (``ChoiceMachine/WriteOutcome``). Returns the entry as it
  /// stands now, for the message that names what was put back.
  @discardableResult
  package mutating func undoFinished(_ setting: Setting, outcome: ChoiceMachine.WriteOutcome) -> Entry? {
    guard let index = entries.firstIndex(where: { $0.setting == setting }) else { return nil }
    var entry = entries[index]
    switch outcome {
    case .saved:
      entry.status = .undone
    case .failed:
      entry.status = .changed
    case .reminderFailed(let failure):
      // The weekday was saved but its reminder could not follow, so the repair wrote the
      // tour's weekday back: the entry stands as the store holds it.
      if failure.stored == entry.before {
        entry.status = .undone
      } else if let stored = failure.stored, stored != entry.after {
        entry.status = .changedSince(current: stored)
      } else {
        entry.status = .changed
      }
    case .changedSince(let current):
      entry.status = current == entry.before ? .undone : .changedSince(current: current)
    }
    entries[index] = entry
    return entry
  }
}
