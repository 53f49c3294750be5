/// One command-line option, declared once: its names, its value, what `--help` says of it,
/// and whether the README's option table lists it. Parsing's did-you-mean
/// (``Options/knownOptions``), the OPTIONS section of `--help` (``OptionDeclarations/helpSection``)
/// and the test that holds the README's table to the program all read this declaration.
public struct OptionDeclaration: Sendable, Equatable {
  /// Every spelling, the long one last (`-h`, `--help`).
  public let names: [String]
  /// The value it takes, as help shows it (`<path>`), or `nil` for a flag.
  public let value: String?
  /// What `--help` says, one line each.
  public let help: [String]
  /// Whether `--help`'s OPTIONS section lists it (subcommands' own options are in USAGE).
  public let listedInHelp: Bool
  /// Whether the README's option table lists it.
  public let listedInREADME: Bool

  init(_ names: [String], _ value: String? = nil, help: [String], listedInHelp: Bool = true, listedInREADME: Bool = true) {
    self.names = names
    self.value = value
    self.help = help
    self.listedInHelp = listedInHelp
    self.listedInREADME = listedInREADME
  }

  /// The long name: `--help`.
  public var name: String { names[names.count - 1] }
}

/// The options of `whatsnew`, in the order `--help` lists them.
public enum OptionDeclarations {
  public static let all: [OptionDeclaration] = [
    .init(
      ["--db"], "<path>",
      help: ["The settings store (default: $XDG_STATE_HOME/whatsnew/whatsnew.sqlite;", "also WHATSNEW_DB)."]),
    .init(["--releases"], "<dir>", help: ["Release files and manifest.json (default: the bundled Releases/)."]),
    .init(
      ["--localizations"], "<dir>", help: ["<lang>.lproj/Localizable.strings files (default: the bundled Localizations/)."]),
    .init(["--app-version"], "<x.y.z>", help: ["The app version to act as (default: 2.14.0)."]),
    .init(
      ["--locale"], "<tag>",
      help: [
        "en, es, nl, pt-BR or ru, for this run only (default: the language",
        "chosen with lang, else from LANGUAGE, LC_ALL, LC_MESSAGES, LANG).",
      ]),
    .init(["--color"], "<when>", help: ["auto, always or never (default: auto; NO_COLOR and TERM=dumb turn it off)."]),
    .init(["--script"], "<file>", help: ["Read commands from a file instead of the terminal."]),
    .init(
      ["--dev"],
      help: [
        "Print content diagnostics and other developer notes to stderr",
        "(flow: also what the validator dropped from the releases shown;", "the settings screen: its Debug section).",
      ]),
    .init(["--upgrade-from"], "<x.y.z>", help: ["Seed a new store as a user who finished onboarding on that version."]),
    .init(["--launch-source"], "<src>", help: ["Where the app was opened from (widget:<name> keeps the session quiet)."]),
    .init(
      ["--fault"], "<spec>",
      help: ["Inject a fault: op[:target]=fail|fail:N|delay:MS|hold (repeatable;", "also WHATSNEW_FAULTS, comma-separated)."]),
    .init(
      ["--lock-wait"], "<seconds>",
      help: [
        "While another program holds the store's lock at start, wait this long",
        "(0 to 600, default 10) with a countdown, then exit 75 (try again).",
      ]),
    .init(
      ["--accessible"],
      help: [
        "No boxes, dimming or colour: spotlights and popovers in words, a page's",
        "options one numbered menu (also WHATSNEW_ACCESSIBLE=1).",
      ]),
    .init(["--ascii"], help: ["ASCII icons instead of Unicode glyphs."]),
    .init(["--yes"], help: ["restore without asking (at a terminal it asks before replacing the data)."]),
    .init(
      ["--manifest"], help: ["With schema: the JSON Schema of manifest.json instead of release files."],
      listedInREADME: false),
    .init(
      ["--seen"], "<version|none>", help: ["With flow: the version seen through."], listedInHelp: false, listedInREADME: false),
    .init(["--json"], help: ["With flow: JSON instead of text."], listedInHelp: false, listedInREADME: false),
    .init(["--format"], "<text|json>", help: ["With lint: text or JSON."], listedInHelp: false, listedInREADME: false),
    .init(["--version"], help: ["Show the version."], listedInREADME: false),
    .init(["-h", "--help"], help: ["Show help information."], listedInREADME: false),
  ]

  /// The declaration `argument` names (any spelling), if any.
  public static func find(_ argument: String) -> OptionDeclaration? {
    all.first { $0.names.contains(argument) }
  }

  /// `--help`'s OPTIONS section: each listed option's names and value in a column of 24, its
  /// help beside it, continuation lines under the help.
  public static var helpSection: String {
    let column = 24
    var lines: [String] = []
    for option in all where option.listedInHelp {
      let label = option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
      let padded = label.count < column ? label + String(repeating: " ", count: column - label.count) : label + " "
      lines.append("  " + padded + option.help[0])
      lines += option.help.dropFirst().map { String(repeating: " ", count: column + 2) + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
