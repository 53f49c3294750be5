import Foundation
import LineEditor
import WhatsNewCore
import WhatsNewStore

/// Exit statuses, after BSD's sysexits.
package enum ExitStatus {
  package static let success: Int32 = 0
  /// A command-line usage error.
  package static let usage: Int32 = 64
  /// Bad input data (lint problems).
  package static let dataError: Int32 = 65
  /// An input file that cannot be read (a missing script or content directory).
  package static let noInput: Int32 = 66
  /// An unusable database.
  package static let ioError: Int32 = 74
  /// EX_TEMPFAIL: the store is locked by another program; trying again later may work.
  package static let temporaryFailure: Int32 = 75

  /// The status for a store that cannot be opened: 75 when it is only locked, else 74.
  static func forStore(_ error: any Error) -> Int32 {
    (error as? StoreError)?.kind == .busy ? temporaryFailure : ioError
  }
  /// A script's `check` did not find screen, store and schedule in agreement.
  package static let checkFailed: Int32 = 1
}

/// The `whatsnew` command: parses the command line and runs the REPL or a subcommand.
///
/// ```swift
/// // main.swift
/// exit(await WhatsNewCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
/// ```
package enum WhatsNewCommand {
  /// This tool's own version.
  package static let toolVersion = "1.0.0"

  /// Runs the command and returns the exit status.
  @MainActor
  package static func main(arguments: [String], environment: [String: String]) async
    -> Int32
  {
    // First of all: a TZ naming a FIFO would block the first date formatted, inside tzset.
    var environment = environment
    let timeZoneProblem = SystemTimeZone.refuseUnsafeFile(in: &environment)
    let options: Options
    do {
      options = try Options.parse(arguments, environment: environment)
    } catch {
      // A bad fault spec says why from the English table: the bundled one, as a command line
      // that did not parse names no other for sure.
      let message = error.words(english: {
        try? EnglishTable.read(localizationsDirectory: nil)
      })
      StandardStream.error("Error: \(TextSanitizer.clean(message))\n\(SubcommandDeclarations.usageLine)\n")
      return ExitStatus.usage
    }
    if case .repl = options.subcommand {
      return await runREPL(options, environment: environment, timeZoneProblem: timeZoneProblem)
    }
    // No session outside the REPL: the message from the English table, read for it. Without a
    // readable one the subcommand goes on in UTC unwarned (one that needs English refuses, saying why).
    if let timeZoneProblem,
      let english = try? EnglishTable.read(localizationsDirectory: options.localizationsDirectory)
    {
      let text = english["ui.timeZone.fileRefused"] ?? "ui.timeZone.fileRefused"
      report(Localizer.format(text, arguments: [timeZoneProblem.path, String(SystemTimeZone.fileSizeLimit)]))
    }
    return await subcommand(for: options.subcommand).run(options, environment: environment)
  }

  /// The one type that runs `subcommand`.
  static func subcommand(for subcommand: Subcommand) -> any SubcommandRunner {
    switch subcommand {
    case .help: HelpSubcommand()
    case .version: VersionSubcommand()
    case .flow(let seen, let json): FlowSubcommand(seen: seen, json: json)
    case .lint(let format): LintSubcommand(format: format)
    case .newRelease(let version): NewReleaseSubcommand(version: version)
    case .schema(let manifest): SchemaSubcommand(manifest: manifest)
    case .backup(let path): BackupSubcommand(path: path)
    case .restore(let path): RestoreSubcommand(path: path)
    case .completion(let shell): CompletionSubcommand(shell: shell)
    case .manual: ManualSubcommand()
    case .repl: REPLSubcommand()
    }
  }

  /// The width `flow` and `lint` wrap their text to: `COLUMNS`, else the terminal's; into a
  /// pipe or a file, unlimited (one problem a line, for tools).
  static func reportWidth(_ environment: [String: String]) -> Int {
    if TerminalSize.positive(environment["COLUMNS"]) == nil && Terminal.columns(fileDescriptor: 1) == nil { return .max }
    return TerminalSize.columns(environment: environment, terminal: Terminal.columns(fileDescriptor: 1))
  }

  /// Prints `whatsnew: <message>` to standard error and returns `status`, to exit with.
  /// The message is sanitized: it may quote an argument, a path or SQLite's own words.
  static func fail(_ message: String, _ status: Int32) -> Int32 {
    report(message)
    return status
  }

  /// Writes a subcommand's output (`what`, like "the lint report") and returns `status`, or,
  /// when standard output cannot take it, says so on standard error and returns 74: a report
  /// that was lost must not pass for one that was read. `written` says what was done anyway.
  static func emit(_ text: String, _ what: String, status: Int32 = ExitStatus.success, written: String? = nil) -> Int32 {
    guard let reason = StandardStream.writeOutput(text) else { return status }
    let done = written.map { "\($0); only " } ?? ""
    return fail(
      "cannot write \(what) to standard output: \(reason); \(done)the output is lost: "
        + "send it to a file or a pipe that can take it, and run the command again",
      ExitStatus.ioError)
  }

  /// Prints `whatsnew: <message>` to standard error, sanitized.
  static func report(_ message: String) {
    StandardStream.error("whatsnew: " + TextSanitizer.cleanKeepingNewlines(message) + "\n")
  }

  /// The default store: `$XDG_STATE_HOME/whatsnew/whatsnew.sqlite`, or under `~/.local/state`.
  package static func defaultDatabasePath(_ environment: [String: String]) -> String {
    stateDirectory(environment) + "/whatsnew.sqlite"
  }

  /// `$XDG_STATE_HOME/whatsnew`, or `~/.local/state/whatsnew`.
  package static func stateDirectory(_ environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/whatsnew" }
    let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
    return home + "/.local/state/whatsnew"
  }

  /// The content directories: `--releases` and `--localizations`, else the bundled ones.
  static func contentDirectories(_ options: Options) throws(ContentError) -> (releases: String, localizations: String) {
    let releases = try ContentLibrary.locateBundled("Releases", unless: options.releasesDirectory)
    return (releases, try ContentLibrary.locateBundled("Localizations", unless: options.localizationsDirectory))
  }

  static func loadContent(_ options: Options, environment: [String: String]) throws(ContentError) -> ContentLibrary {
    let directories = try contentDirectories(options)
    let language = Language.resolve(flag: options.localeTag, environment: environment)
    let (cache, warning) = TranslationCache(environment: environment).checked()
    if let warning { report(warning) }
    // `--dev` lists what the validator dropped from every release, so it reads them all; a
    // start reads the manifest and the app's own tables, and the tour's releases when shown.
    if options.developerMode {
      return try ContentLibrary.load(
        releasesDirectory: directories.releases, localizationsDirectory: directories.localizations, languages: [language],
        cache: cache)
    }
    return try ContentLibrary.open(
      releasesDirectory: directories.releases, localizationsDirectory: directories.localizations, languages: [language],
      cache: cache)
  }

  /// A store message at start (a refusal, a file set aside) in the person's language: the
  /// flag's or the environment's, as no stored choice can be read yet.
  static func startWords(
    for message: StoreMessage, _ options: Options, _ content: ContentLibrary, _ environment: [String: String]
  ) -> String {
    let localizer = Localizer(
      language: Language.resolve(flag: options.localeTag, environment: environment), tables: content.tables,
      builtInEnglish: EnglishTable.builtIn)
    return localizer.text(message.key, arguments: message.arguments.map(TextSanitizer.clean))
  }

  @MainActor
  static func runREPL(
    _ options: Options, environment: [String: String], timeZoneProblem: SystemTimeZone.FileProblem? = nil
  ) async -> Int32 {
    let content: ContentLibrary
    do {
      content = try loadContent(options, environment: environment)
    } catch {
      return fail(error.description, error.exitStatus)
    }
    // SIGTERM and SIGHUP end the session the way quit does (writes in flight waited for,
    // the history saved), not the process on the spot.
    Terminal.installTerminationHandlers()
    let stopDescriptor = Terminal.terminationDescriptor
    let source: any LineSource
    let interactive: Bool
    if let script = options.scriptPath {
      do {
        source = try ScriptLineSource(path: script, stopDescriptor: stopDescriptor)
      } catch {
        return fail(error.description, ExitStatus.noInput)
      }
      interactive = false
    } else {
      interactive = Terminal.isInteractive()
      source = ScriptLineSource(fileDescriptor: 0, stopDescriptor: stopDescriptor)
    }

    let databasePath = options.databasePath ?? defaultDatabasePath(environment)
    let store: SettingsStore
    do {
      // A script waits for every operation after each command, so the store may as well
      // run on the main actor's thread: no hop to another thread and back for each call.
      // At a terminal it keeps its own queue, so the prompt never waits for SQLite.
      let waitReport = LockWaitReport(seconds: options.lockWaitSeconds, path: databasePath)
      defer { waitReport.finish() }
      store = try SettingsStore(
        path: databasePath, createParentDirectory: options.databasePath == nil,
        placement: interactive ? .ownQueue : .sharing(MainActor.sharedUnownedExecutor),
        lockWait: waitReport.lockWait, defaultsAsOf: options.appVersion)
    } catch {
      for file in error.setAside { report(startWords(for: file.message, options, content, environment)) }
      // In the person's language where the store gave the message a key (``StoreMessages``), else in its own words.
      let words = error.message.map { startWords(for: $0, options, content, environment) } ?? error.description
      return fail(words, ExitStatus.forStore(error))
    }
    // A journal or WAL beside the store that was not its own was moved aside, not applied.
    for file in store.setAside { report(startWords(for: file.message, options, content, environment)) }

    // A TERM that is no terminal's name (an escape sequence, a shell word) counts as dumb.
    let term = Terminal.name(environment["TERM"])
    let colors = options.color.colors(environment: environment, isInteractive: interactive, accessible: options.accessible)
    let size = TerminalSize.live(environment: environment, isInteractive: interactive)
    let language = Language.resolve(flag: options.localeTag, environment: environment)
    // A locale that is not UTF-8 (C, POSIX, KOI8-R) gets ASCII chrome, and bytes in its own set.
    let charset = StandardStream.charset
    var configuration = SessionConfiguration(
      options: options, content: content, language: language, width: size.width, rows: size.rows,
      ascii: options.asciiOnly || term == Terminal.dumb || !charset.isUTF8,
      isInteractive: interactive,
      storeWasCreated: store.wasCreated,
      environmentLanguage: Language.resolve(flag: nil, environment: environment))
    configuration.charset = charset
    configuration.unknownTimeZone = SystemTimeZone.unknownZone(environment: environment)
    // SIGTERM or SIGHUP anywhere; Ctrl-C at a terminal (pressed while the work runs, not at the prompt).
    configuration.stopRequested = { [interactive] in
      Terminal.terminationSignal != nil || (interactive && InteractiveLineEditor.takeInterrupt())
    }

    let tracker = OperationTracker()
    let clock = SystemClock()
    let faults = FaultInjector(tracker: tracker, clock: clock, specs: options.faultSpecs)
    let backends = Backends(
      store: store, faults: faults, tracker: tracker, clock: clock, timeZone: SystemTimeZone.current(environment: environment))
    let console = Console(
      styler: Styler(colors: colors), writeOut: { StandardStream.output($0) },
      writeError: { StandardStream.error($0) })
    if options.developerMode {
      for diagnostic in content.diagnostics { console.diagnostic(diagnostic) }
    }
    let session = Session(configuration: configuration, backends: backends, console: console)
    // Says what the start found, in the session's language, on standard error.
    func warn(_ key: String, _ arguments: String...) {
      console.diagnostic("whatsnew: " + session.runner.text(key, arguments: arguments))
    }
    if !charset.isUTF8 { warn("ui.charset.notUTF8", charset.displayName) }
    if let zone = configuration.unknownTimeZone { warn("ui.timeZone.unknown", zone) }
    if let timeZoneProblem {
      let limit = session.runner.renderContext.formats.number(SystemTimeZone.fileSizeLimit)
      warn("ui.timeZone.fileRefused", timeZoneProblem.path, limit)
    }

    var editor: InteractiveLineEditor?
    var lineSource = source
    if interactive {
      let stateDirectory = stateDirectory(environment)
      try? FileManager.default.createDirectory(
        atPath: stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      // Tab runs on libedit's thread: it reads the snapshot the session publishes after
      // every command and redraw, so completion follows the page on screen.
      session.publishCompletions()
      let completions = session.completions
      let redraw = ResizeRedraw { session.redrawAfterResize() }
      let created = InteractiveLineEditor(
        historyFile: stateDirectory + "/history",
        completer: { line in completions.candidates(forLine: line) }, onResize: { redraw.request() })
      if let refusal = created.libraryRefusal {
        // Why the file `WHATSNEW_LIBEDIT` names was refused, in the session's language.
        let problem =
          switch refusal.problem {
          case .notRegularFile: session.runner.text("ui.libedit.notRegularFile")
          case .foreignOwner(let uid): session.runner.text("ui.libedit.foreignOwner", String(uid))
          case .writableByOthers(let mode): session.runner.text("ui.libedit.writableByOthers", String(mode, radix: 8))
          }
        warn("ui.libedit.refused", refusal.path, problem)
      } else if let reason = created.unavailableReason {
        console.diagnostic("whatsnew: line editing is off: " + reason)
      }
      if let refusal = created.historyRefusal, let movedTo = refusal.movedTo {
        warn("ui.history.refused", refusal.path, refusal.reason, movedTo)
      } else if let refusal = created.historyRefusal {
        warn("ui.history.refusedKept", refusal.path, refusal.reason)
      }
      console.showAbovePrompt = { [created] text in created.printAbove(bytes: charset.encode(text)) }
      console.updatePrompt = { [created] prompt in created.setPrompt(prompt) }
      editor = created
      lineSource = created
    }
    let repl = REPL(
      session: session, source: lineSource, isInteractive: interactive, echoCommands: !interactive,
      stopRequested: { Terminal.terminationSignal != nil })
    // From here on the loop acts on SIGTERM and SIGHUP; until now they ended the start at once.
    Terminal.setSessionRunning(true)
    let tally = await repl.run()
    do {
      try editor?.writeHistory()
    } catch {
      if case .cannotSaveHistory(let path, let reason) = error {
        warn("ui.history.notSaved", path, reason)
      }
    }
    // 128 + the signal's number when SIGTERM or SIGHUP ended the session (143, 129), as a shell
    // reports a process the signal killed, though what was in flight and the history were saved
    // first; else, for a script, what its lines and checks make it (``ScriptTally/exitStatus``).
    if let signal = Terminal.terminationSignal { return 128 + signal }
    return interactive ? ExitStatus.success : tally.exitStatus
  }
}

/// Standard output and standard error, written at once (no buffering): text printed above a
/// prompt must reach the terminal before the prompt is drawn again. A closed stream drops
/// the text: there is nowhere left to report that.
enum StandardStream {
  /// The character set of the person's locale: what the session and its messages are written in.
  static let charset = TerminalCharset.current(environment: ProcessInfo.processInfo.environment)

  static func output(_ text: String) { try? FileHandle.standardOutput.write(contentsOf: Data(charset.encode(text))) }
  static func error(_ text: String) { try? FileHandle.standardError.write(contentsOf: Data(charset.encode(text))) }

  /// Writes all of `text` to standard output (after anything `print` buffered): `nil`, or
  /// the C library's words for why it could not be written (a full disk, `/dev/full`).
  static func writeOutput(_ text: String) -> String? {
    guard fflush(nil) == 0 else { return String(cString: strerror(errno)) }
    var bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeMutableBytes { write(1, $0.baseAddress! + done, $0.count - done) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return count < 0 ? String(cString: strerror(errno)) : "nothing could be written" }
      done += count
    }
    return nil
  }
}
