package import WhatsNewCore
import WhatsNewStore

/// One run of the app: the screens, the overlays, the choices and the gates.
///
/// The session holds the app as one value (``AppState``) and the effects passed in
/// (``Backends`` over the store, the ``Console``). ``send(_:)`` takes an ``AppAction`` through
/// the core's rules (``reduce(_:_:)``) and hands the effects to the ``EffectRunner``; views
/// (``AppView``) render from the state alone. Commands (grouped by family under `Commands/`)
/// work through it; it runs on the main actor, and reads and writes run in the background and
/// report back here as actions.
///
/// Each background operation starts with `Task.immediate`, in the runner: it runs at once, up to its first
/// real wait (a held fault gate, or the hop to a store on its own queue at a terminal), and
/// only then does the command go on. In a script, where the store shares the main actor's
/// executor, an operation nothing holds has therefore finished before the command returns,
/// and a scripted run never starts a thread of the concurrency pool.
@MainActor
package final class Session {
  package let configuration: SessionConfiguration
  /// The store and scheduler behind the faults. While a `debug preview` is open they are the
  /// preview's private copy (``sandbox``); the real ones come back when it closes.
  package internal(set) var backends: Backends
  /// While a preview is open: the real backends and what the screens showed from them.
  var sandbox: (real: Backends, facts: StoreFacts)?
  package let console: Console

  /// Translation tables read so far: English and the start-up language, then any the
  /// user switches to (read on demand).
  package internal(set) var tables: [Language: TranslationTable]
  /// The app as one value (``AppState``): where the user is, which gates are open, the controls.
  package private(set) var state: AppState
  package internal(set) var shouldQuit = false
  /// What the command being run produced besides the screen, begun empty for each command
  /// and returned by ``run(_:)``.
  var outcome = CommandOutcome()
  /// Asks the person at the terminal a yes-or-no question (the text given) and returns
  /// whether they answered yes; `nil` in a script, where nobody is asked (the REPL sets it).
  package var confirm: ((String) async -> Bool)?
  /// The store's `PRAGMA data_version` when last looked at (``noticeOutsideChanges()``).
  var dataVersionSeen: Int?
  /// The view last printed (``viewIsOutOfDate``).
  var shownView: PrintedView?
  /// `show all`: the next view is printed whole, not cut to the terminal's rows.
  var wholeViewRequested = false
  /// The part of a tall tour or onboarding page Enter has reached: the page (its header row)
  /// and the first row shown (``Viewport/part(_:from:context:)``); another page starts at its top.
  var pagePart: (page: String, start: Int)?
  /// Per-setting chains, so writes to one setting are applied in tap order.
  var writeChains: [Setting: (task: Task<Void, Never>, id: OperationID)] = [:]
  /// The latest write of the language chosen with `lang`, so those writes land in order too.
  var languageWrite: (task: Task<Void, Never>, id: OperationID)?
  /// What Tab completes from, published after every command and redraw for the line
  /// editor's thread (``publishCompletions()``).
  package let completions = CompletionSnapshot()

  package init(configuration: SessionConfiguration, backends: Backends, console: Console) {
    self.configuration = configuration
    self.backends = backends
    self.console = console
    self.tables = configuration.content.tables
    self.state = AppState(
      appVersion: configuration.options.appVersion,
      launchedFromWidget: configuration.options.launchSource?.isWidget ?? false,
      languageChoice: LanguageChoice(
        flag: configuration.options.localeTag.flatMap(Language.init(tag:)), stored: nil,
        environment: configuration.environmentLanguage))
    // Whatever the session prints fits the width it draws in, in the characters it may use.
    console.width = configuration.widthProvider
    console.ascii = configuration.ascii
    let charset = configuration.charset
    console.showable = { charset.showable($0) }
  }

  // MARK: - Derived values

  package var appVersion: Version { configuration.options.appVersion }
  /// Every release, oldest first: reads the whole history the first time (the QA explorers);
  /// the start, `news` and `debug preview` ask ``catalog`` for the ones they show.
  package var releases: [Release] { configuration.content.releases }
  /// The registered releases, each read when first asked for.
  package var catalog: ReleaseCatalog { configuration.content.catalog }
  /// The versions `news` can be asked for, oldest first: registered, up to the app's version
  /// (from the manifest alone: Tab completes them without reading a release).
  var newsVersions: [Version] { catalog.versions.filter { $0 <= appVersion } }
  /// The release `news` opens, if it has pages to show: `version`'s, else the newest with any.
  func newsRelease(_ version: Version? = nil) -> Release? {
    let shows = { (release: Release) in !previewRelease(release, asOf: self.appVersion).isEmpty }
    if let version {
      guard version <= appVersion, let release = catalog.release(version), shows(release) else { return nil }
      return release
    }
    for version in newsVersions.reversed() {
      if let release = catalog.release(version), shows(release) { return release }
    }
    return nil
  }

  package var localizer: Localizer {
    // Past the tables: the store's own English for its messages, and a setting's name or value
    // no table has in words (the vocabulary's name), never its key.
    Localizer(
      language: state.language, tables: tables, releaseTexts: configuration.content.catalog,
      builtInEnglish: EnglishTable.builtIn)
  }

  package var renderContext: RenderContext {
    var context = RenderContext(
      localizer: localizer, width: configuration.width, ascii: configuration.ascii, accessible: configuration.accessible)
    context.charset = configuration.charset
    return context
  }

  /// A localized UI string, sanitized (and its symbols in ASCII in ASCII mode).
  func text(_ key: String, _ arguments: String...) -> String { text(key, arguments: arguments) }

  /// Why `error` happened, in the session's language where the store gave its message a key
  /// (``StoreMessages``), else in the words it came with.
  func words(for error: any Error) -> String {
    if let error = error as? StoreError, let message = error.message {
      return text(message.key, arguments: message.arguments)
    }
    return Backends.describe(error)
  }

  /// ``text(_:_:)`` with its arguments as an array.
  func text(_ key: String, arguments: [String]) -> String {
    RenderContext.text(
      key, arguments: arguments, localizer: localizer, ascii: configuration.ascii, charset: configuration.charset)
  }

  // MARK: - The rules

  /// Takes `action` through the app's rules (``reduce(_:_:)``) and runs the effects they
  /// return (``EffectRunner/run(_:)``).
  func send(_ action: AppAction) async {
    await runner.run(reduce(&state, action))
  }

  /// The boot step (``EffectRunner/boot()``).
  package func boot() { runner.boot() }

  /// The session's what's-new check, when every gate holds (``AppState/whatsNewCheckIsDue``):
  /// with `snapshot`, the store as the caller just read it; without one, the check reads it.
  package func checkWhatsNew(using snapshot: StoreSnapshot? = nil) async {
    await send(.checkWhatsNew(snapshot))
  }

  /// Looks for another program's changes before a command (``EffectRunner/lookForOutsideChanges()``).
  @discardableResult
  func noticeOutsideChanges() -> Task<Void, Never>? { runner.lookForOutsideChanges() }

  func developerNote(_ text: String) {
    if configuration.options.developerMode { console.diagnostic("whatsnew: " + text) }
  }

  // MARK: - Navigation

  /// Goes to a screen (``AppState/navigate(to:)``): opens its controls and reads the facts it
  /// shows from the store; coming home runs the what's-new check if it has not run yet.
  func navigate(to destination: Screen) async {
    await send(.navigate(destination))
  }
}
