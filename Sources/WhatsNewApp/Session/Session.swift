import Foundation
package import WhatsNewCore

/// One run of the app, as an interpreter: the app as one value (``AppState``), the rules that
/// change it (``send(_:)``), and the view drawn from it.
///
/// ``send(_:)`` takes an ``AppAction`` through the core's rules (``reduce(_:_:)``) and hands
/// the effects to the ``EffectRunner``, the one door to the store, the schedule, the faults,
/// the tracker and the console. The runner (and the command families it runs, `Commands/`)
/// never holds the session: it reads the state and sends actions through the closures the
/// session gives it (``EffectRunner/Host``). Views (``AppView``) render from the state
/// alone; the session prints them, and only the session changes the state.
///
/// It runs on the main actor; reads and writes run in the background and report back here
/// as actions.
@MainActor
package final class Session {
  package let configuration: SessionConfiguration
  package let console: Console
  /// The door to the store and everything else outside the state (created with the session).
  package private(set) var runner: EffectRunner!

  /// The app as one value (``AppState``): where the user is, which gates are open, the
  /// controls. Only ``send(_:)`` changes it.
  package private(set) var state: AppState
  package internal(set) var shouldQuit = false
  /// The view last printed (``viewIsOutOfDate``).
  var shownView: PrintedView?
  /// The view last drawn and what it was drawn from (``currentView``).
  var drawnView: (source: ViewSource, view: PrintedView, freshUntil: Date)?
  /// `show all`: the next view is printed whole, not cut to the terminal's rows.
  var wholeViewRequested = false
  /// The part of a tall tour or onboarding page Enter has reached: the page (its header row)
  /// and the first row shown (``Viewport/part(_:from:context:)``); another page starts at its top.
  var pagePart: (page: String, start: Int)?
  /// What Tab completes from, published after every command and redraw for the line
  /// editor's thread (``publishCompletions()``).
  package let completions = CompletionSnapshot()

  package init(configuration: SessionConfiguration, backends: Backends, console: Console) {
    self.configuration = configuration
    self.console = console
    self.state = AppState(
      appVersion: configuration.options.appVersion,
      launchedFromWidget: configuration.options.launchSource?.isWidget ?? false,
      languageChoice: LanguageChoice(
        flag: configuration.options.localeTag.flatMap(Language.init(tag:)), stored: nil,
        environment: configuration.environmentLanguage))
    // What content says of guides, popovers and the pace is part of the app from its start.
    state.attention = configuration.content.catalog.attention
    // Whatever the session prints fits the width it draws in, in the characters it may use.
    console.width = configuration.width
    console.ascii = configuration.ascii
    console.showable = configuration.charset.showable
    // Weak: work still in flight when a session ends (an exploration's run) has no one to tell.
    let host = EffectRunner.Host(
      send: { [weak self] in await self?.send($0) }, viewInputs: { [weak self] in self?.viewInputs },
      viewChanged: { [weak self] in self?.showViewIfAtPrompt() }, viewShown: { [weak self] in self?.markViewShown() })
    runner = EffectRunner(configuration: configuration, state: state, backends: backends, console: console, host: host)
  }

  // MARK: - The rules

  /// Takes `action` through the app's rules (``reduce(_:_:)``) and runs the effects they
  /// return (``EffectRunner/run(_:)``).
  package func send(_ action: AppAction) async {
    let effects = reduce(&state, action)
    runner.stateChanged(to: state)
    await runner.run(effects)
  }

  /// Runs one command line and returns what it produced besides the screen. Output goes to
  /// the console; the view follows the state. Never throws: every problem is a message and
  /// the session goes on.
  @discardableResult
  package func run(_ line: String) async -> CommandOutcome {
    let outcome = await CommandDispatcher(runner: runner).run(line)
    if outcome.quits { shouldQuit = true }
    if outcome.showsWholeView { wholeViewRequested = true }
    return outcome
  }
}
