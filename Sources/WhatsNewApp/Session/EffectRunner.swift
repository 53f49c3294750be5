package import WhatsNewCore
import WhatsNewStore

/// The session's one door to what is outside its state, and what lives there: the
/// configuration, the console, the translation tables and the words drawn from them, the
/// backends, the writes in flight. It never holds the session: it reads the state and sends
/// actions through ``Host``. The command families (`Commands/`) hold it.
///
/// Every write (a choice, the language, the tour's record and position, onboarding, the
/// guidance seen-set, `debug seen`, a guide's reset) and every read of a choice is begun in
/// the ``OperationTracker`` (so `wait`, `check` and the way out see it), passes the
/// ``FaultInjector``'s gate (so QA can fail, delay or hold it), runs on the real store, and
/// reports its result back on the main actor. The other trips to the store each say why they
/// are not gated: the boot step (one tracked job behind the `boot` gate,
/// `EffectRunner+AppEffects.swift`), the look for other programs' changes, the reads that
/// report what is true now (`EffectRunner+Reads.swift`), the preview's copy
/// (`EffectRunner+Sandbox.swift`). It is the only place a background task starts.
///
/// Every write starts with `Task.immediate`: it runs at once up to its first real wait, so
/// in a script (the store on the main actor's executor) a write nothing holds has landed
/// before the call returns, and the call says so.
@MainActor
package final class EffectRunner {
  /// What the runner needs of the session that holds it: the way to change the state, and
  /// the view it prints. Closures, so the runner (and the command families it runs) never
  /// holds the session; once the session is gone they do nothing.
  package struct Host {
    /// Takes an action through the rules (``Session/send(_:)``).
    var send: @MainActor (AppAction) async -> Void
    /// What the view is drawn from besides the state (``Session/viewInputs``).
    var viewInputs: @MainActor () -> ViewInputs?
    /// A background result arrived: the view is printed above the prompt if it changed
    /// (``Session/showViewIfAtPrompt()``).
    var viewChanged: @MainActor () -> Void
    /// What was printed above the prompt stands for the view (``Session/markViewShown()``).
    var viewShown: @MainActor () -> Void
  }

  package let configuration: SessionConfiguration
  package let console: Console
  let host: Host
  /// The store and scheduler behind the faults. While a `debug preview` is open they are the
  /// preview's private copy (``sandbox``); the real ones come back when it closes.
  package internal(set) var backends: Backends
  /// While a preview is open: the real backends and what the screens showed from them.
  var sandbox: (real: Backends, facts: StoreFacts)?
  /// Translation tables read so far: English and the start-up language, then any the
  /// user switches to (read on demand).
  package internal(set) var tables: [Language: TranslationTable]
  /// What the command being run produced besides the screen, begun empty for each command
  /// (``CommandDispatcher/run(_:)``).
  var outcome = CommandOutcome()
  /// Asks the person at the terminal a yes-or-no question (the text given) and returns
  /// whether they answered yes; `nil` in a script, where nobody is asked (the REPL sets it).
  package var confirm: ((String) async -> Bool)?
  /// The store's `PRAGMA data_version` when last looked at (``lookForOutsideChanges()``).
  var dataVersionSeen: Int?
  /// Per-setting chains, so writes to one setting are applied in tap order.
  var writeChains: [Setting: ChainedWrite] = [:]
  /// The latest write of the language chosen with `lang`, so those writes land in order too.
  var languageWrite: ChainedWrite?

  /// The app's state as the session's last action left it: the runner and the commands read
  /// it, and only the session changes it (``Session/send(_:)``, then ``stateChanged(to:)``).
  package private(set) var state: AppState

  init(configuration: SessionConfiguration, state: AppState, backends: Backends, console: Console, host: Host) {
    self.configuration = configuration
    self.state = state
    self.backends = backends
    self.console = console
    self.host = host
    self.tables = configuration.content.tables
  }

  /// The session changed the state (``Session/send(_:)``): what the runner and the commands read from now on.
  func stateChanged(to state: AppState) { self.state = state }

  /// Takes `action` through the rules (``Session/send(_:)``).
  func send(_ action: AppAction) async { await host.send(action) }

  // MARK: - Content and words

  package var appVersion: Version { configuration.options.appVersion }
  /// The registered releases, each read when first asked for.
  package var catalog: ReleaseCatalog { configuration.content.catalog }

  package var localizer: Localizer {
    // Past the tables: the store's own English for its messages, and a setting's name or value
    // no table has in words (the vocabulary's name), never its key.
    Localizer(
      language: state.language, tables: tables, releaseTexts: configuration.content.catalog.text(for:in:),
      builtInEnglish: EnglishTable.builtIn)
  }

  package var renderContext: RenderContext {
    var context = RenderContext(
      localizer: localizer, width: configuration.width(), ascii: configuration.ascii, accessible: configuration.accessible)
    context.charset = configuration.charset
    return context
  }

  /// The short names `page` offers, numbered as this session draws them (one menu across
  /// the page in accessible mode).
  func shortcuts(of page: Page) -> PageShortcuts {
    PageShortcuts(page: page, numbering: configuration.accessible ? .acrossPage : .perChoice)
  }

  /// A localized UI string, sanitized (and its symbols in ASCII in ASCII mode).
  func text(_ key: String, _ arguments: String...) -> String { text(key, arguments: arguments) }

  /// ``text(_:_:)`` with its arguments as an array.
  func text(_ key: String, arguments: [String]) -> String {
    RenderContext.text(
      key, arguments: arguments, localizer: localizer, ascii: configuration.ascii, charset: configuration.charset)
  }

  /// Why `error` happened, in the session's language where the store gave its message a key
  /// (``StoreMessages``), else in the words it came with.
  func words(for error: any Error) -> String {
    if let error = error as? StoreError, let message = error.message {
      return text(message.key, arguments: message.arguments)
    }
    return String(describing: error)
  }

  /// The replies every command gives (``CommandMessages``).
  var messages: CommandMessages { CommandMessages(runner: self) }

  /// The language in force is now `new`: reads its table on first use (the view, its
  /// anchors with it, is drawn in it when next rendered).
  func languageChanged(to new: Language) {
    if tables[new] == nil {
      let content = configuration.content
      switch ContentLibrary.readTable(
        new, localizationsDirectory: content.localizationsDirectory, cache: content.translationCache)
      {
      case .success(let table):
        // Texts lint refuses for their length are dropped here too, as at start.
        let limited = ContentLibrary.limitingTexts(table, new, localizationsDirectory: content.localizationsDirectory)
        tables[new] = limited.table
        for note in limited.notes { developerNote(note) }
      case .failure(let problem):
        // Missing translations fall back to English, key by key; say so to developers.
        developerNote(TextSanitizer.clean(problem.description))
      }
    }
  }

  func developerNote(_ text: String) {
    if configuration.options.developerMode { console.diagnostic("whatsnew: " + text) }
  }

  // MARK: - The door

  /// The write target of the guidance seen-set, not a setting: `qa fail write` (every target) reaches it.
  static let guidanceTarget = FaultSpec.writeTargets[1]

  /// Runs `body` as operation `operation` on `target`, tracked and gated, then hands its
  /// result to `completion` on the main actor. Returns whether it finished before returning.
  @discardableResult
  func perform<T: Sendable>(
    _ operation: FaultOperation, target: String?,
    _ body: nonisolated(nonsending) @escaping @Sendable (SettingsStore) async throws -> T,
    then completion: @escaping @MainActor (Result<T, BackendFailure>) async -> Void
  ) -> Bool {
    let backends = self.backends
    let id = backends.tracker.begin(operation, target: target)
    let finished = Flag()
    Task.immediate { @MainActor in
      defer {
        backends.tracker.end(id)
        finished.isSet = true
      }
      let result: Result<T, BackendFailure>
      do {
        result = .success(try await backends.run(operation, target: target, id: id, body))
      } catch {
        result = .failure(BackendFailure(String(describing: error)))
      }
      await completion(result)
    }
    return finished.isSet
  }

  /// Runs `body` as operation `operation` on `target`, tracked and gated, and returns its
  /// result: for a command that reports the outcome itself (`debug seen`, `guidance reset`).
  func performNow<T: Sendable>(
    _ operation: FaultOperation, target: String?,
    _ body: nonisolated(nonsending) @escaping @Sendable (SettingsStore) async throws -> T
  ) async -> Result<T, BackendFailure> {
    let backends = self.backends
    let id = backends.tracker.begin(operation, target: target)
    defer { backends.tracker.end(id) }
    do {
      return .success(try await backends.run(operation, target: target, id: id, body))
    } catch {
      return .failure(BackendFailure(String(describing: error)))
    }
  }

  /// Reads a choice's setting (operation `read`, gated as it is delivered), then hands the
  /// result to `completion` on the main actor. The backends of now: a preview's sandbox
  /// opening or closing meanwhile does not move the read.
  func read(_ setting: Setting, then completion: @escaping @MainActor (Result<String, BackendFailure>) async -> Void) {
    let backends = self.backends
    let id = backends.tracker.begin(.read, target: setting.rawValue)
    Task.immediate { @MainActor in
      defer { backends.tracker.end(id) }
      do {
        await completion(.success(try await backends.read(setting, id: id)))
      } catch {
        await completion(.failure(BackendFailure(String(describing: error))))
      }
    }
  }

  /// A write in a chain: its task and its operation, so the next write of the same subject waits for it.
  typealias ChainedWrite = (task: Task<Void, Never>, id: OperationID)

  /// Remembers the language chosen in the app (or forgets it) after `previous` (operation
  /// `write`, target `language`); a failure goes to `failed` on the main actor.
  func writeLanguage(
    _ language: Language?, after previous: ChainedWrite?, failed: @escaping @MainActor (String) -> Void
  ) -> ChainedWrite {
    chainedWrite(target: Backends.languageTarget, after: previous) { backends, id in
      do {
        _ = try await backends.run(.write, target: Backends.languageTarget, id: id) {
          try await $0.setLanguagePreference(language)
        }
      } catch {
        failed(String(describing: error))
      }
    }
  }

  /// Begins a `write` of `target` queued behind `previous` (writes of one subject land in
  /// order), then runs `body` with the backends of now (a preview's sandbox opening or
  /// closing before it lands does not move it) and the write's id.
  func chainedWrite(
    target: String, after previous: ChainedWrite?,
    _ body: @escaping @MainActor (Backends, OperationID) async -> Void
  ) -> ChainedWrite {
    let backends = self.backends
    let id = backends.tracker.begin(.write, target: target, blockedBy: previous?.id)
    let task = Task.immediate { @MainActor in
      defer { backends.tracker.end(id) }
      await previous?.task.value
      await body(backends, id)
    }
    return (task, id)
  }
}

/// A flag a task sets when it ends, read by the code that started it (on the same actor).
@MainActor
private final class Flag {
  var isSet = false
}
