/// What `--help` and the man page (`whatsnew man`, installed as `whatsnew.1`) say besides the
/// option and subcommand declarations: the overview, where the content comes from, the exit statuses and the closing note,
/// written once. Each text is kept in `--help`'s lines; the man page joins them.
enum CommandLineReference {
  static let overview = "A terminal \"what's new\" tour for a workout app, with real settings and in-app guidance."

  /// Each exit status and what it means, in `--help`'s lines.
  static let exitStatuses: [(code: String, lines: [String])] = [
    (
      "0",
      [
        "Success. For a script: every line was a valid command and every check",
        "found screen, store and schedule in agreement.",
      ]
    ),
    (
      "1",
      [
        "A script's check did not find them in agreement (a disagreement, operations",
        "still in flight, a failed boot, an unreadable store); or its qa explore",
        "found a counterexample or explored nothing.",
      ]
    ),
    ("64", ["A usage error."]),
    (
      "65",
      [
        "Lint problems; an English table (en.lproj/Localizable.strings) that does",
        "not parse; or a script line that was not a valid command (an unknown",
        "command, arguments that do not fit it, a line over 64 KiB), each named",
        "with its line number. The script goes on; 65 wins over 1.",
      ]
    ),
    (
      "66",
      [
        "A missing script or content directory, or an English table that is",
        "missing or cannot be read; or a script's qa explore <file> whose file",
        "cannot be read (66 wins over 65 and 1).",
      ]
    ),
    ("74", ["An unusable database (or one that cannot be written)."]),
    ("75", ["The store stayed locked by another program for --lock-wait seconds: try again."]),
    ("128+N", ["Ended by signal N (143 after SIGTERM, 129 after SIGHUP)."]),
  ]

  /// Where the bundled content comes from (``ContentLibrary/locateBundled(_:unless:)``).
  static let content = [
    "Releases/ and Localizations/ are read from --releases and --localizations, else from",
    "../share/whatsnew/ beside the program's directory, where make install puts them",
    "(/usr/local/bin/whatsnew reads /usr/local/share/whatsnew/), else from the source tree",
    "the program was built in. The current directory is never searched.",
  ]

  /// The man page's FILES: the content, then what the app keeps and what make install lists.
  static let files: [(path: String, lines: [String])] = [
    ("../share/whatsnew/Releases/, ../share/whatsnew/Localizations/", content),
    ("$XDG_STATE_HOME/whatsnew/whatsnew.sqlite", ["The settings store (default ~/.local/state/whatsnew/; --db, WHATSNEW_DB)."]),
    ("$XDG_STATE_HOME/whatsnew/history", ["The REPL's history, 1,000 lines."]),
    ("$XDG_CACHE_HOME/whatsnew/strings/", ["Compiled copies of the translation tables; always safe to delete."]),
    ("../share/whatsnew/installed-files", ["What make install wrote; make uninstall removes exactly those files."]),
  ]

  static let closing = [
    "In a script a blank line does nothing (at a terminal, Enter on an empty line turns the",
    "tour's page). Inside the REPL, type `help` for the commands.",
  ]
}
