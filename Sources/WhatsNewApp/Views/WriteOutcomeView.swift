package import WhatsNewCore

/// What a finished write of a setting says: saved (and, for the review weekday,
/// rescheduled), the control's error, or that a newer tap on the same setting stands.
/// Values in, lines out: one line each, printed as they come.
package struct WriteOutcomeView: Sendable {
  package var ticket: ChoiceMachine.WriteTicket
  package var outcome: ChoiceMachine.WriteOutcome
  /// The control once the outcome was applied.
  package var control: ChoiceMachine.ControlState

  /// The lines, worded in `context`.
  package func lines(in context: RenderContext) -> [Line] {
    let name = context.text(ticket.setting.titleKey)
    let value = context.text(ticket.setting.valueKey(ticket.value))
    switch outcome {
    case .saved:
      var lines = [Line(context.text("ui.choice.saved", name, value), .success)]
      if ticket.setting == .reviewWeekday {
        lines.append(Line(context.text("ui.notification.rescheduled", value), .dim))
      }
      return lines
    case .changedSince(let current):
      // Only an undo's write is conditional: the setting moved after the tour, nothing was written.
      return [Line(context.text("ui.undo.changedSince", name, context.text(ticket.setting.valueKey(current))), .warning)]
    case .failed, .reminderFailed:
      if let error = control.error {
        return [Line("! " + PageRenderer(context: context).describe(error, setting: ticket.setting), .error, hangingIndent: 2)]
      }
      // A newer tap on the same setting stands; this failure changes nothing on screen.
      return [Line(context.text("ui.choice.superseded", name, value), .dim)]
    }
  }
}
