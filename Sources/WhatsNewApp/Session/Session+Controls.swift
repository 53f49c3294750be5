package import WhatsNewCore
import WhatsNewStore

/// The choice controls: opening a page or screen reads its settings, a tap shows the value
/// at once and writes it in the background, and each result goes back to the choice machine.
extension Session {
  /// Every control's state, for the views.
  var controlStates: [Setting: ChoiceMachine.ControlState] {
    choices.states
  }

  /// The short names `page` offers, numbered as this session draws them (one menu across
  /// the page in accessible mode).
  func shortcuts(of page: Page) -> PageShortcuts {
    PageShortcuts(page: page, numbering: configuration.accessible ? .acrossPage : .perChoice)
  }

  /// Opens the controls of the page on screen (tour or onboarding), reading their settings.
  func openCurrentPageControls() {
    if let page = state.visiblePage { openControls(for: page.blocks) }
  }

  func openControls(for blocks: [Block]) {
    let settings = blocks.compactMap { block -> Setting? in
      if case .choice(let choice) = block.content { return choice.setting }
      return nil
    }
    launchReads(choices.openPage(settings))
  }

  /// Opens the controls of a screen.
  func openControls(for screen: Screen) {
    launchReads(choices.openPage(Setting.allCases.filter { ScreenRenderer.settings(on: screen).contains($0) }))
  }

  func launchReads(_ tickets: [ChoiceMachine.ReadTicket]) {
    for ticket in tickets {
      runner.read(ticket.setting) { result in await self.send(.readFinished(ticket, result)) }
    }
  }

  /// The user picks `value` for `setting`: shown at once, written in the background,
  /// after any earlier write of the same setting. Returns whether a write was started (not
  /// when the value is what the setting already holds); the write may have finished by the
  /// time this returns.
  @discardableResult
  package func tap(_ setting: Setting, _ value: String) -> Bool {
    write(setting, value, expected: nil)
  }

  /// ``tap(_:_:)``, and with `expected` an `undo`: the write lands only while the store holds
  /// `expected` (``Backends/apply(_:_:expected:id:)``), and its outcome goes to the recap
  /// (``RecapFlow/undoFinished(_:_:)``) instead of the tour's changes.
  func write(_ setting: Setting, _ value: String, expected: String?) -> Bool {
    guard let ticket = choices.tap(setting, value) else { return false }
    // A preview's writes land on its private copy: they are no tour's changes.
    let isReal = sandbox == nil
    writeChains[setting] = runner.apply(setting, value, expected: expected, after: writeChains[setting]) { applied in
      await self.send(.writeFinished(ticket, applied, onRealStore: isReal, isUndo: expected != nil))
    }
    return true
  }

  /// Says how a write ended, one line at a time.
  func reportWrite(_ ticket: ChoiceMachine.WriteTicket, outcome: ChoiceMachine.WriteOutcome) {
    // Words no one reads are not written (`qa explore`'s runs; the bench row "qa explore,
    // single faults: runs per second").
    if !console.discardsOutput {
      let view = WriteOutcomeView(ticket: ticket, outcome: outcome, control: choices.state(of: ticket.setting))
      for line in view.lines(in: renderContext) { console.emit([line]) }
    }
    // Above the prompt the outcome shows the change; in a script the view follows the command.
    if console.isAtPrompt { markViewShown() }
  }
}
