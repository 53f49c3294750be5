// Hand-written: swift-argument-parser cannot be fetched on this machine. Its idea is kept:
// each option and subcommand is declared once, and parsing, help, usage, did-you-mean,
// shell completion and the README test all read the declaration.

import WhatsNewCore

/// What a shell offers after an option or as a subcommand's argument.
package enum ValueCompletion: Sendable, Equatable {
  /// Nothing: a flag, or a value no list names.
  case none
  /// A file name.
  case file
  /// A directory name.
  case directory
  /// One of these words.
  case words([String])
}

/// A command line as parsing reads it: the options, and what only a subcommand uses until
/// the subcommand is known.
package struct ParsedCommandLine: Sendable {
  package var options = Options()
  var flowSeen: Version??
  var json = false
  var manifest = false
  var format: LintFormat?
  /// The options given, checked against the subcommand once it is known.
  var given: [OptionDeclaration] = []
}

/// One command-line option, declared once: its names, its value, what `--help` says of it,
/// what a shell completes after it, which commands take it (parsing refuses it elsewhere,
/// completion offers it only there, USAGE and the man page say so), how it is applied, and
/// whether the README's option table lists it.
package struct OptionDeclaration: Sendable {
  /// Every spelling, the long one last (`-h`, `--help`).
  package let names: [String]
  /// The value it takes, as help shows it (`<path>`), or `nil` for a flag.
  package var value: String?
  /// What `--help` says, one line each.
  package let help: [String]
  /// What a shell completes as its value.
  package var completion: ValueCompletion = .none
  /// The commands that take it: subcommands by name, ``OptionDeclarations/session`` for
  /// `whatsnew` without one; `nil` for every command (`--help`, `--version`).
  package let commands: [String]?
  /// Whether `--help`'s OPTIONS section lists it (subcommands' own options are in USAGE).
  package var listedInHelp = true
  /// Whether the README's option table lists it.
  package var listedInREADME = true
  /// Applies the option to the parse, with its value (`""` for a flag).
  let apply: @Sendable (inout ParsedCommandLine, String) throws(UsageError) -> Void

  /// The long name: `--help`.
  package var name: String { names[names.count - 1] }
  /// Whether it takes a value.
  package var takesValue: Bool { value != nil }

  /// Whether `command` (a subcommand's name, or ``OptionDeclarations/session``) takes it.
  package func applies(to command: String) -> Bool { commands?.contains(command) ?? true }

  /// `[--db <path>]`: how a usage line shows it.
  var usage: String { "[" + name + (value.map { " " + $0 } ?? "") + "]" }
}

/// The options of `whatsnew`, in the order `--help` lists them.
package enum OptionDeclarations {
  /// `whatsnew` without a subcommand (the REPL, or a script), among an option's commands.
  package static let session = ""

  /// The options `command` takes (``session``: without a subcommand), in declaration order.
  package static func taken(by command: String) -> [OptionDeclaration] {
    all.filter { $0.applies(to: command) }
  }

  package static let all: [OptionDeclaration] = [
    .init(
      names: ["--db"], value: "<path>",
      help: ["The settings store (default: $XDG_STATE_HOME/whatsnew/whatsnew.sqlite;", "also WHATSNEW_DB)."],
      completion: .file, commands: [session, "backup", "restore"]
    ) { $0.options.databasePath = $1 },
    .init(
      names: ["--releases"], value: "<dir>",
      help: ["Release files and manifest.json (default: the bundled", "Releases/; see CONTENT)."],
      completion: .directory, commands: [session, "flow", "lint", "new-release"]
    ) { $0.options.releasesDirectory = $1 },
    .init(
      names: ["--localizations"], value: "<dir>",
      help: ["<lang>.lproj/Localizable.strings files (default: the bundled", "Localizations/; see CONTENT)."],
      completion: .directory, commands: [session, "flow", "lint", "new-release", "schema"]
    ) { $0.options.localizationsDirectory = $1 },
    .init(
      names: ["--app-version"], value: "<version>",
      help: ["The app version to act as (default: 2.14.0); SemVer 2.0.0, a pre-release too (2.15.0-beta.1)."],
      commands: [session, "flow"]
    ) {
      parsed, raw throws(UsageError) in parsed.options.appVersion = try version(raw, for: "--app-version")
    },
    .init(
      names: ["--locale"], value: "<tag>",
      help: [
        "en, es, nl, pt-BR or ru, for this run only (default: the language",
        "chosen with lang, else from LANGUAGE, LC_ALL, LC_MESSAGES, LANG).",
      ], completion: .words(Language.allCases.map(\.rawValue)), commands: [session]
    ) { parsed, tag throws(UsageError) in
      guard Language(tag: tag) != nil else {
        throw UsageError.invalidValue(
          option: "--locale", value: tag, expected: "one of " + Language.allCases.map(\.rawValue).joined(separator: ", "))
      }
      parsed.options.localeTag = tag
    },
    .init(
      names: ["--color"], value: "<when>", help: ["auto, always or never (default: auto; NO_COLOR and TERM=dumb turn it off)."],
      completion: .words(ColorChoice.allCases.map(\.rawValue)), commands: [session]
    ) { parsed, raw throws(UsageError) in
      guard let color = ColorChoice(rawValue: raw) else {
        throw UsageError.invalidValue(option: "--color", value: raw, expected: "auto, always or never")
      }
      parsed.options.color = color
    },
    .init(
      names: ["--script"], value: "<file>", help: ["Read commands from a file instead of the terminal."], completion: .file,
      commands: [session]
    ) {
      $0.options.scriptPath = $1
    },
    .init(
      names: ["--dev"],
      help: [
        "Print content diagnostics and other developer notes to stderr",
        "(flow: also what the validator dropped from the releases shown;", "the settings screen: its Debug section).",
      ], commands: [session, "flow"]
    ) { parsed, _ in parsed.options.developerMode = true },
    .init(
      names: ["--upgrade-from"], value: "<version>",
      help: ["Seed a new store as a user who finished onboarding on that version."],
      commands: [session]
    ) {
      parsed, raw throws(UsageError) in parsed.options.upgradeFrom = try version(raw, for: "--upgrade-from")
    },
    .init(
      names: ["--launch-source"], value: "<src>",
      help: ["Where the app was opened from (widget:<name> keeps the session quiet)."],
      commands: [session]
    ) { $0.options.launchSource = LaunchSource($1) },
    .init(
      names: ["--fault"], value: "<spec>",
      help: ["Inject a fault: \(FaultSpec.syntax) (repeatable;", "also WHATSNEW_FAULTS, comma-separated)."],
      commands: [session]
    ) { parsed, spec throws(UsageError) in
      do throws(FaultSpec.ParseError) { _ = try FaultSpec.parse(spec) } catch {
        throw UsageError.invalidFault(value: spec, reason: error)
      }
      parsed.options.faultSpecs.append(spec)
    },
    .init(
      names: ["--lock-wait"], value: "<seconds>",
      help: [
        "While another program holds the store's lock at start (new-release: another",
        "new-release the content's), wait this long (0 to 600, default 10) with a",
        "countdown, then exit 75 (try again).",
      ], commands: [session, "new-release", "restore"]
    ) { parsed, raw throws(UsageError) in
      guard let seconds = Int(raw), (0...600).contains(seconds) else {
        throw UsageError.invalidValue(option: "--lock-wait", value: raw, expected: "whole seconds from 0 to 600")
      }
      parsed.options.lockWaitSeconds = seconds
    },
    .init(
      names: ["--accessible"],
      help: [
        "No boxes, dimming or colour: spotlights and popovers in words, a page's",
        "options one numbered menu (also WHATSNEW_ACCESSIBLE=1).",
      ], commands: [session]
    ) { parsed, _ in parsed.options.accessible = true },
    .init(
      names: ["--ascii"],
      help: [
        "Only ASCII in the app's own frames, markers and symbols; a release's icons",
        "are left out, translated text keeps its letters (also TERM=dumb, a locale",
        "that is not UTF-8).",
      ], commands: [session]
    ) { parsed, _ in parsed.options.asciiOnly = true },
    .init(
      names: ["--yes"], help: ["restore without asking (at a terminal it asks before replacing the data)."], commands: ["restore"]
    ) { parsed, _ in parsed.options.assumeYes = true },
    .init(
      names: ["--manifest"], help: ["With schema: the JSON Schema of manifest.json instead of release files."],
      commands: ["schema"], listedInREADME: false
    ) { parsed, _ in parsed.manifest = true },
    .init(
      names: ["--seen"], value: "<version|none>", help: ["With flow: the version seen through."], completion: .words(["none"]),
      commands: ["flow"], listedInHelp: false, listedInREADME: false
    ) { parsed, raw throws(UsageError) in
      parsed.flowSeen = raw == "none" ? .some(nil) : .some(try version(raw, for: "--seen"))
    },
    .init(
      names: ["--settings"], value: "<setting=value,…>",
      help: ["With flow: the settings the person has chosen (each a row in the store), as set names them."],
      completion: .words(Setting.allCases.map { "\($0.rawValue)=" }), commands: ["flow"], listedInHelp: false,
      listedInREADME: false
    ) { parsed, raw throws(UsageError) in
      for pair in raw.split(separator: ",", omittingEmptySubsequences: false) {
        let (name, value) = (pair.prefix { $0 != "=" }, pair.drop { $0 != "=" }.dropFirst())
        guard let setting = Setting(rawValue: String(name)) else {
          let names = Setting.allCases.map(\.rawValue)
          throw UsageError.invalidValue(
            option: "--settings", value: String(pair),
            expected: "setting=value, and \(Quote.quoted(String(name))) is no setting"
              + (Suggestion.closest(to: String(name), in: names).map { " (did you mean '\($0)'?)" } ?? "") + ": one of "
              + names.joined(separator: ", "))
        }
        let chosen = setting.kind == .boolean ? SettingsCommands.booleanAlias(String(value)) : value.lowercased()
        guard setting.accepts(chosen) else {
          throw UsageError.invalidValue(
            option: "--settings", value: String(pair),
            expected: "\(setting.rawValue)=<value> with one of \(setting.kind.values.joined(separator: ", "))")
        }
        parsed.options.chosenSettings[setting] = chosen
      }
    },
    .init(
      names: ["--json"], help: ["JSON instead of text (lint: as --format json)."], commands: ["flow", "lint"],
      listedInHelp: false,
      listedInREADME: false
    ) { parsed, _ in parsed.json = true },
    .init(
      names: ["--format"], value: "<" + LintFormat.allCases.map(\.rawValue).joined(separator: "|") + ">",
      help: ["With lint: text, JSON or SARIF 2.1.0 (for code-scanning tools)."],
      completion: .words(LintFormat.allCases.map(\.rawValue)), commands: ["lint"], listedInHelp: false,
      listedInREADME: false
    ) { parsed, raw throws(UsageError) in
      guard let format = LintFormat(rawValue: raw) else {
        throw UsageError.invalidValue(
          option: "--format", value: raw, expected: "one of " + LintFormat.allCases.map(\.rawValue).joined(separator: ", "))
      }
      parsed.format = format
    },
    .init(names: ["--version"], help: ["Show the version."], commands: nil, listedInREADME: false) { parsed, _ in
      parsed.options.subcommand = .version
    },
    .init(names: ["-h", "--help"], help: ["Show help information."], commands: nil, listedInREADME: false) { parsed, _ in
      parsed.options.subcommand = .help
    },
  ]

  /// The declaration `argument` names (any spelling), if any.
  package static func find(_ argument: String) -> OptionDeclaration? {
    all.first { $0.names.contains(argument) }
  }

  /// `--help`'s OPTIONS section: each listed option's names and value in a column of 24, its
  /// help beside it, continuation lines under the help.
  package static var helpSection: String {
    let lines = all.filter(\.listedInHelp).flatMap { option in
      let label = option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
      return Options.helpColumns(label, option.help, column: 24)
    }
    return lines.joined(separator: "\n")
  }

  static func version(_ text: String, for option: String) throws(UsageError) -> Version {
    guard let version = Version(text) else {
      throw UsageError.invalidValue(
        option: option, value: text, expected: "a version like 2.14.0 or 2.15.0-beta.1 (\(Version.form))")
    }
    return version
  }
}
