// Hand-written argument parsing: swift-argument-parser cannot be fetched on this machine.

import Foundation
import LineEditor
package import WhatsNewCore

/// How the app decides whether to colour its output (`--color`): `always` and `never` say so;
/// `auto` colours only an interactive session, and never with `NO_COLOR` set (to anything but
/// the empty string), `TERM=dumb` (or a `TERM` that is no terminal's name, see
/// ``Terminal/name(_:)``) or `--accessible`.
package enum ColorChoice: String, Sendable, CaseIterable {
  case auto, always, never

  /// Whether to colour in `environment`.
  package func colors(environment: [String: String], isInteractive: Bool, accessible: Bool) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      let noColor = !(environment["NO_COLOR"] ?? "").isEmpty || Terminal.name(environment["TERM"]) == Terminal.dumb
      return isInteractive && !noColor && !accessible
    }
  }
}

/// The subcommand the command line asks for.
package enum Subcommand: Sendable, Equatable {
  /// Start the REPL (the default).
  case repl
  /// Print the pages a user who has seen through `seen` would be shown.
  case flow(seen: Version?, json: Bool)
  /// Check releases and translations.
  case lint(format: LintFormat)
  /// Start a release: its file, its manifest entry and its keys marked untranslated.
  case newRelease(version: Version)
  /// Print the JSON Schema of release files (of `manifest.json` with `manifest`).
  case schema(manifest: Bool)
  /// Copy the store into a backup file.
  case backup(path: String)
  /// Replace the store's data with a backup file's.
  case restore(path: String)
  /// Print a shell's completion script.
  case completion(shell: String)
  /// Print the manual page (roff), from the same declarations as `--help`.
  case manual
  /// Print help.
  case help
  /// Print the version.
  case version
}

/// Where the app was launched from; widget shortcuts keep the session quiet.
package struct LaunchSource: Sendable, Equatable, CustomStringConvertible {
  package var raw: String
  package init(_ raw: String) { self.raw = raw }
  /// `widget:<name>` launches (the camera shortcut, say) never show the tour.
  package var isWidget: Bool { raw.hasPrefix("widget:") || raw == "widget" }
  package var description: String { raw }
}

/// Everything the command line and the environment say, parsed and checked.
///
/// Parsing is pure: it takes the arguments and the environment and returns options or
/// a ``UsageError``; nothing is opened or printed.
///
/// ```swift
/// let options = try Options.parse(["--db", "/tmp/x.sqlite", "--locale", "ru"], environment: [:])
/// options.databasePath   // "/tmp/x.sqlite"
/// ```
package struct Options: Sendable, Equatable {
  /// The app version this binary pretends to be, unless `--app-version` says otherwise.
  package static let defaultAppVersion = Version(major: 2, minor: 14, patch: 0)

  package var subcommand: Subcommand = .repl
  package var databasePath: String?
  package var releasesDirectory: String?
  package var localizationsDirectory: String?
  package var appVersion: Version = Options.defaultAppVersion
  /// `flow --settings`: the settings the previewed person has chosen, as the store would hold them.
  package var chosenSettings: [Setting: String] = [:]
  package var localeTag: String?
  package var color: ColorChoice = .auto
  package var scriptPath: String?
  package var developerMode = false
  package var upgradeFrom: Version?
  package var launchSource: LaunchSource?
  package var faultSpecs: [String] = []
  /// How long start-up waits while another process holds the store's lock (`--lock-wait`; 10 s by default).
  package var lockWaitSeconds = 10
  package var accessible = false
  package var asciiOnly = false
  /// `--yes`: `restore` replaces the data without asking (at a terminal it asks first).
  package var assumeYes = false

  /// Parses `arguments` (without the program name) by the declarations
  /// (``OptionDeclarations``, ``SubcommandDeclarations``). The environment supplies
  /// `WHATSNEW_DB`, `WHATSNEW_FAULTS`, `WHATSNEW_ACCESSIBLE`; flags win over it.
  package static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> Options {
    var parsed = ParsedCommandLine()
    var positionals: [String] = []
    var index = 0
    while index < arguments.count {
      var argument = arguments[index]
      index += 1
      if argument == "help" && positionals.isEmpty {
        parsed.options.subcommand = .help
        continue
      }
      guard argument.hasPrefix("-") && argument != "-" else {
        positionals.append(argument)
        continue
      }
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        argument = String(argument[..<equals])
      }
      guard let declaration = OptionDeclarations.find(argument) else {
        throw UsageError.unknownOption(
          argument, suggestion: Suggestion.closest(to: argument, in: OptionDeclarations.all.flatMap(\.names)))
      }
      var value = ""
      if declaration.takesValue {
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else { throw UsageError.missingValue(option: argument) }
          value = arguments[index]
          index += 1
        }
      }
      try declaration.apply(&parsed, value)
      parsed.given.append(declaration)
    }
    var options = parsed.options
    // `WHATSNEW_DB` (when `--db` was not given) and `WHATSNEW_ACCESSIBLE`.
    if options.databasePath == nil, let fromEnvironment = environment["WHATSNEW_DB"], !fromEnvironment.isEmpty {
      options.databasePath = fromEnvironment
    }
    if let accessible = environment["WHATSNEW_ACCESSIBLE"], ["1", "true", "yes"].contains(accessible.lowercased()) {
      options.accessible = true
    }
    if let faults = environment["WHATSNEW_FAULTS"], !faults.isEmpty {
      for spec in faults.split(separator: ",").map({ String($0).trimmingWhitespace() }) where !spec.isEmpty {
        do { _ = try FaultSpec.parse(spec) } catch {
          throw UsageError.invalidFaultEntry(value: spec, reason: error)
        }
        options.faultSpecs.append(spec)
      }
    }
    if options.subcommand == .help || options.subcommand == .version { return options }

    let command = positionals.first
    let declaration = command.flatMap(SubcommandDeclarations.find)
    if let command, declaration == nil {
      throw UsageError.unknownCommand(
        command, suggestion: Suggestion.closest(to: command, in: SubcommandDeclarations.all.map(\.name)))
    }
    // An option the command does not take is refused, whatever else the line holds.
    if let misplaced = parsed.given.first(where: { !$0.applies(to: command ?? OptionDeclarations.session) }) {
      throw UsageError.optionNotTaken(option: misplaced.name, command: command, takenBy: misplaced.commands ?? [])
    }
    if let command, let declaration {
      let rest = Array(positionals.dropFirst())
      if let argument = declaration.argument {
        guard let first = rest.first else {
          throw UsageError.missingArgument(
            command: command, argument: argument.placeholder.filter { $0 != "<" && $0 != ">" }.uppercased())
        }
        guard rest.count == 1 else { throw UsageError.unexpectedArgument(rest[1]) }
        options.subcommand = try declaration.builds(parsed, first)
      } else {
        guard rest.isEmpty else { throw UsageError.unexpectedArgument(rest[0]) }
        options.subcommand = try declaration.builds(parsed, nil)
      }
    }
    return options
  }

  /// The usage text `--help` prints: the overview, USAGE and OPTIONS from the declarations,
  /// where the content comes from, the exit statuses and the closing note from ``CommandLineReference`` (as the man page).
  package static var helpText: String {
    let statuses = CommandLineReference.exitStatuses.flatMap { helpColumns($0.code, $0.lines, column: 8) }
    return """
      OVERVIEW: \(CommandLineReference.overview)

      \(SubcommandDeclarations.usageSection)

      OPTIONS:
      \(OptionDeclarations.helpSection)

      CONTENT:
      \(CommandLineReference.content.map { "  " + $0 }.joined(separator: "\n"))

      EXIT STATUS:
      \(statuses.joined(separator: "\n"))

      \(CommandLineReference.closing.joined(separator: "\n"))
      """
  }

  /// `--help`'s two columns: `label` padded to `column` (or one space past a longer one),
  /// beside the first of `lines`; the others under it.
  static func helpColumns(_ label: String, _ lines: [String], column: Int) -> [String] {
    ["  " + TextLayout.pad(label + " ", toWidth: column) + lines[0]]
      + lines.dropFirst().map { String(repeating: " ", count: column + 2) + $0 }
  }
}

/// A command line that cannot be used: printed as one line plus the usage, exit 64.
package enum UsageError: Error, Equatable, CustomStringConvertible, Sendable {
  case unknownOption(String, suggestion: String?)
  case missingValue(option: String)
  case invalidValue(option: String, value: String, expected: String)
  /// A `--fault` spec that does not parse: why is a UI string (``words(english:)``).
  case invalidFault(value: String, reason: FaultSpec.ParseError)
  /// A `WHATSNEW_FAULTS` entry that does not parse.
  case invalidFaultEntry(value: String, reason: FaultSpec.ParseError)
  case unknownCommand(String, suggestion: String?)
  case missingOption(option: String, command: String, example: String)
  case missingArgument(command: String, argument: String)
  case unexpectedArgument(String)
  /// An option `command` (`nil`: `whatsnew` without a subcommand) does not take; `takenBy`
  /// names the commands that do (``OptionDeclarations/session`` for none).
  case optionNotTaken(option: String, command: String?, takenBy: [String])

  /// The message, with a bad fault spec's reason in the English of the table `english` gives
  /// (asked for only then): what the command line prints. Without a table, or in
  /// ``description``, the reason is the spec's syntax alone.
  package func words(english: () -> TranslationTable?) -> String {
    switch self {
    case .invalidFault(let value, let reason):
      "invalid value \(Quote.quoted(value)) for '--fault': expected \(Self.expected(reason, english()))"
    case .invalidFaultEntry(let value, let reason):
      "invalid WHATSNEW_FAULTS entry \(Quote.quoted(value)): expected \(Self.expected(reason, english()))"
    default: description
    }
  }

  /// What a fault spec should have been, from `reason` in `english`'s words (which all start
  /// "expected …"), or its syntax alone without a table.
  private static func expected(_ reason: FaultSpec.ParseError, _ english: TranslationTable?) -> String {
    guard let english else { return FaultSpec.syntax }
    let text = reason.words { key, arguments in Localizer.format(english[key] ?? key, arguments: arguments) }
    return text.hasPrefix("expected ") ? String(text.dropFirst("expected ".count)) : text
  }

  package var description: String {
    switch self {
    case .invalidFault, .invalidFaultEntry:
      words(english: { nil })
    case .unknownOption(let option, let suggestion):
      "unknown option \(Quote.quoted(option))" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .missingValue(let option):
      "missing value for '\(option)'"
    case .invalidValue(let option, let value, let expected):
      "invalid value \(Quote.quoted(value)) for '\(option)': expected \(expected)"
    case .unknownCommand(let command, let suggestion):
      "unknown command \(Quote.quoted(command))" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .missingOption(let option, let command, let example):
      "'\(command)' needs '\(option)' (for example: whatsnew \(command) \(example))"
    case .missingArgument(let command, let argument):
      "'\(command)' needs a \(argument) argument (for example: whatsnew \(command) "
        + (["new-release": "2.16.0", "completion": "bash"][command] ?? "~/whatsnew-backup.sqlite") + ")"
    case .unexpectedArgument(let argument):
      "unexpected argument \(Quote.quoted(argument))"
    case .optionNotTaken(let option, let command, let takenBy):
      "'\(option)' " + (command.map { "does not apply to 'whatsnew \($0)': it applies only to " } ?? "only applies to ")
        // `a`, `a and b`, `a, b and c`: British English has no comma before the last.
        + takenBy.map { $0 == OptionDeclarations.session ? "'whatsnew' without a subcommand" : "'whatsnew \($0)'" }
        .formatted(.list(type: .and).locale(Locale(identifier: "en_GB")))
    }
  }
}
