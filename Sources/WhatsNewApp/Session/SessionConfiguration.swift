package import WhatsNewCore

/// Everything the session needs that is fixed for its lifetime, and where to read the
/// terminal's size, which is not: ``width`` and ``rows`` are asked each time a view is
/// drawn, so a resized terminal gets views that fit it.
package struct SessionConfiguration: Sendable {
  package var options: Options
  package var content: ContentLibrary
  /// The language at start: the `--locale` flag's, else the environment's (the stored
  /// choice is read at boot).
  package var language: Language
  /// The language the environment asks for, whatever the flag says (`lang system`, and the
  /// start language when nothing is stored). Defaults to `language`, which is right when no
  /// `--locale` was given.
  package var environmentLanguage: Language
  /// The columns to draw in, read at every draw (live: ``TerminalSize/live(environment:isInteractive:)``).
  package var width: @Sendable () -> Int
  /// The terminal's rows, read at every draw; `nil` means unlimited (scripts, tests), so no
  /// view is trimmed.
  package var rows: @Sendable () -> Int?
  package var ascii: Bool
  /// The `TZ` that names no zone (``SystemTimeZone/unknownZone(environment:)``): the
  /// reminder is in UTC, and `notifications` says so.
  package var unknownTimeZone: String?
  /// The character set of the person's locale (``TerminalCharset``); UTF-8 unless it says otherwise.
  package var charset: TerminalCharset = .utf8
  /// `--accessible` (or `WHATSNEW_ACCESSIBLE`), as the options say.
  package var accessible: Bool { options.accessible }
  package var isInteractive: Bool
  /// Set when this run created the store (a fresh user).
  package var storeWasCreated: Bool
  /// A session `qa explore` runs: lines that reach outside its own store are refused
  /// (``CommandTrait/reachesOutside``), and it never starts another exploration.
  package var insideExploration = false
  /// Whether the person asked the long work in progress to stop (SIGTERM or SIGHUP, read
  /// between `qa explore`'s runs). Live: the termination flag; tests pass their own.
  package var stopRequested: @Sendable () -> Bool = { false }

  /// A configuration whose width and rows come from providers (by default, unlimited rows).
  package init(
    options: Options, content: ContentLibrary, language: Language, width: @escaping @Sendable () -> Int,
    rows: @escaping @Sendable () -> Int? = { nil }, ascii: Bool, isInteractive: Bool,
    storeWasCreated: Bool, environmentLanguage: Language? = nil
  ) {
    self.options = options
    self.content = content
    self.language = language
    self.environmentLanguage = environmentLanguage ?? language
    self.width = width
    self.rows = rows
    self.ascii = ascii
    self.isInteractive = isInteractive
    self.storeWasCreated = storeWasCreated
  }
}
