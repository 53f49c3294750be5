public import Foundation
public import LineEditor
public import WhatsNewApp
import WhatsNewCore
public import WhatsNewStore

/// A clock stopped at one instant, so screens that show dates print the same text every run.
public struct FixedClock: AppClock {
  public let instant: Date
  /// 2026-01-07 12:00 UTC (a Wednesday) unless told otherwise.
  public init(_ instant: Date = Date(timeIntervalSince1970: 1_767_787_200)) { self.instant = instant }
  public func now() -> Date { instant }
  public func sleep(milliseconds: Int) async throws { try await Task.sleep(for: .milliseconds(milliseconds)) }
}

/// Lines a scripted REPL reads, then the end of input.
public final class ArrayLineSource: LineSource, @unchecked Sendable {
  private var lines: [LineInput]
  public init(_ lines: [String]) { self.lines = lines.map { $0 == "<esc>" ? .escape : .line($0) } }
  public func nextLine(prompt: String) -> LineInput { lines.isEmpty ? .endOfInput : lines.removeFirst() }
}

/// The repository's root, found from this file's path.
public let repositoryRoot: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().path

/// A whole app session on a temporary store, driven like `whatsnew` with a script: boot,
/// then each line, settling after each and printing output then the view. The transcript
/// is everything it printed (no colour), with the commands echoed after their prompts.
///
/// ```swift
/// let run = try await ScriptedSession.run(["finish", "next", "state"])
/// print(run.transcript)
/// ```
@MainActor
public final class ScriptedSession {
  public let directory: TemporaryDirectory
  public let store: SettingsStore
  public let session: Session
  private var output = ""

  /// A session over a fresh store in a temporary directory; `arguments` are `whatsnew` flags
  /// (`--accessible`, `--upgrade-from 2.12.0`, …). `prepare` runs on the store before boot.
  public init(
    arguments: [String] = [], width: Int = 80, ascii: Bool = false, prepare: ((SettingsStore) async throws -> Void)? = nil
  ) async throws {
    directory = try TemporaryDirectory()
    let path = directory.path("settings.sqlite")
    let options = try Options.parse(["--db", path] + arguments, environment: [:])
    store = try SettingsStore(path: path)
    try await prepare?(store)
    let content = try ContentLibrary.load(
      releasesDirectory: repositoryRoot + "/Releases", localizationsDirectory: repositoryRoot + "/Localizations")
    let configuration = SessionConfiguration(
      options: options, content: content, language: Language(tag: options.localeTag ?? "en") ?? .en, width: width,
      ascii: ascii || options.asciiOnly, accessible: options.accessible, isInteractive: false,
      storeWasCreated: store.wasCreated, databasePath: path)
    let tracker = OperationTracker()
    let clock = FixedClock()
    let backends = Backends(
      store: store, faults: FaultInjector(tracker: tracker, clock: clock), tracker: tracker, clock: clock,
      timeZone: TimeZone(identifier: "UTC")!)
    let console = Console(styler: Styler(colors: false), writeOut: { _ in }, writeError: { _ in })
    session = Session(configuration: configuration, backends: backends, console: console)
    console.writeOut = { [unowned self] text in self.output += text }
  }

  /// Runs the script to its end and returns everything printed so far.
  @discardableResult
  public func run(_ lines: [String]) async -> String {
    let repl = REPL(session: session, source: ArrayLineSource(lines), isInteractive: false, echoCommands: true)
    await repl.run()
    return output
  }

  /// Everything printed so far.
  public var transcript: String { output }

  /// Runs `lines` in a fresh session and returns its transcript.
  public static func run(_ lines: [String], arguments: [String] = []) async throws -> String {
    let scripted = try await ScriptedSession(arguments: arguments)
    return await scripted.run(lines)
  }
}
