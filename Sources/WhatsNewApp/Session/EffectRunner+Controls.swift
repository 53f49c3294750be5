import WhatsNewCore
import WhatsNewStore

/// The choice controls as the session shows them: a page's short names, and how a write
/// ended, in words.
extension EffectRunner {
  /// The short names `page` offers, numbered as this session draws them (one menu across
  /// the page in accessible mode).
  func shortcuts(of page: Page) -> PageShortcuts {
    PageShortcuts(page: page, numbering: configuration.accessible ? .acrossPage : .perChoice)
  }

  /// Says how a write ended, one line at a time.
  func reportWrite(_ ticket: ChoiceMachine.WriteTicket, outcome: ChoiceMachine.WriteOutcome) {
    // Words no one reads are not written (`qa explore`'s runs; the bench row "qa explore,
    // single faults: runs per second").
    if !console.discardsOutput {
      let view = WriteOutcomeView(ticket: ticket, outcome: outcome, control: state.choices.state(of: ticket.setting))
      for line in view.lines(in: renderContext) { console.emit([line]) }
    }
    // Above the prompt the outcome shows the change; in a script the view follows the command.
    if console.isAtPrompt { host.viewShown() }
  }
}
