import WhatsNewCore
import WhatsNewStore

/// Runs the ``TourRecap``: lists what the tour changed when it ends and on `recap`, and
/// carries out `undo`: each undo is a choice like any other (``Session/write(_:_:expected:)``:
/// shown at once, written in the background, rolled back on failure, the weekday's reminder
/// moved and, when that fails, put back), conditional on the store still holding the tour's
/// value, and its outcome goes back to the recap and is said in one line naming what was put back.
@MainActor
struct RecapFlow: Sendable {
  let session: Session

  /// The tour ended by `dismissal`: `done` lists what it changed (or says it changed nothing)
  /// on the home screen it returns to (``TourRecap/isListed``); `skip` and `close` say how to
  /// see it, when it changed anything.
  func tourEnded(_ dismissal: Dismissal) {
    session.state.recap.stopRecording()
    if dismissal == .done {
      session.state.recap.isListed = session.state.screen == .home
      return
    }
    let changed = session.state.recap.changedEntries.count
    guard changed > 0 else { return }
    session.console.emit(session.text(changed == 1 ? "ui.recap.hintOne" : "ui.recap.hint"), .dim)
  }

  /// `recap`: the list, as it stands now.
  func show() {
    session.console.emit(RecapView(recap: session.state.recap).document(in: session.renderContext))
  }

  /// `undo <n>` for each of `numbers`, in order.
  func undo(_ numbers: [Int]) {
    for number in numbers { undo(number) }
  }

  private func undo(_ number: Int) {
    switch session.state.recap.beginUndo(number) {
    case .noSuchEntry:
      session.noteInvalidCommand()
      session.console.emit(session.text("ui.undo.noSuchEntry", String(number)), .warning)
    case .alreadyUndone:
      say(session.state.recap.entries[number - 1], number: number)
    case .inFlight(let setting):
      session.console.emit(session.text("ui.undo.inFlight", session.text(setting.titleKey)), .dim)
    case .start(let setting, let value, let expected):
      // The session knows the store holds the old value already (another program put it back,
      // and the look before this command saw it): nothing to write.
      if !session.write(setting, value, expected: expected) { settle(setting, .changedSince(current: value), ticket: nil) }
    }
  }

  /// An undo's write ended (``Session/write(_:_:expected:)``).
  func undoFinished(_ ticket: ChoiceMachine.WriteTicket, _ outcome: ChoiceMachine.WriteOutcome) {
    settle(ticket.setting, outcome, ticket: ticket)
    // The line said stands for the redraw it shows: above the prompt, as for any write; and on
    // home, whose list would otherwise be printed whole again for one entry's mark (pushing
    // the line itself out of a short window).
    if session.console.isAtPrompt || session.state.recap.isListed { session.markViewShown() }
  }

  /// The recap learns how the undo of `setting` ended, and the person is told what was put
  /// back, or what failed (as for any choice: what the control shows again) and where the
  /// entry stands.
  private func settle(_ setting: Setting, _ outcome: ChoiceMachine.WriteOutcome, ticket: ChoiceMachine.WriteTicket?) {
    guard let entry = session.state.recap.undoFinished(setting, outcome: outcome),
      let index = session.state.recap.entries.firstIndex(of: entry)
    else { return }
    switch outcome {
    case .saved:
      let value = OptionWords(session: session).label(setting, entry.before)
      session.console.emit(session.text("ui.undo.putBack", session.text(setting.titleKey), value), .success)
      if setting == .reviewWeekday { session.console.emit(session.text("ui.notification.rescheduled", value), .dim) }
      return
    case .failed, .reminderFailed:
      if let ticket {
        let view = WriteOutcomeView(ticket: ticket, outcome: outcome, control: session.choices.state(of: setting))
        for line in view.lines(in: session.renderContext) { session.console.emit([line]) }
      }
    case .changedSince: break
    }
    say(entry, number: index + 1)
  }

  /// Where entry `number` stands when an undo did not put it back now: back already, changed
  /// since (and to what), or still the tour's value, to try again.
  private func say(_ entry: TourRecap.Entry, number: Int) {
    let words = OptionWords(session: session)
    let setting = entry.setting
    let name = session.text(setting.titleKey)
    switch entry.status {
    case .undone:
      session.console.emit(session.text("ui.undo.alreadyUndone", name, words.label(setting, entry.before)), .dim)
    case .changedSince(let current):
      session.console.emit(session.text("ui.undo.changedSince", name, words.label(setting, current)), .warning)
    case .changed, .undoing:
      session.console.emit(
        session.text("ui.undo.failed", name, words.label(setting, entry.after), "undo \(number)"), .warning)
    }
  }
}
