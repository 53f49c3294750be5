import Foundation
import TestSupport
import Testing
import WhatsNewApp
import WhatsNewCore

@Suite("Command-line options")
struct OptionsTests {
  @Test("no arguments start the REPL with the defaults")
  func defaults() throws {
    let options = try Options.parse([], environment: [:])
    #expect(options.subcommand == .repl)
    #expect(options.appVersion == Version("2.14.0"))
    #expect(options.databasePath == nil)
    #expect(options.color == .auto)
  }

  @Test("global options are read, with --name value and --name=value")
  func globals() throws {
    let options = try Options.parse(
      [
        "--db", "/tmp/a.sqlite", "--releases=R", "--localizations", "L", "--app-version", "2.15.0", "--locale", "pt_BR",
        "--color", "never", "--script", "s.txt", "--dev", "--upgrade-from", "2.11.0", "--launch-source", "widget:scan-food",
        "--fault", "write:theme=fail:2", "--accessible",
      ], environment: [:])
    #expect(options.databasePath == "/tmp/a.sqlite")
    #expect(options.releasesDirectory == "R")
    #expect(options.localizationsDirectory == "L")
    #expect(options.appVersion == Version("2.15.0"))
    #expect(options.localeTag == "pt_BR")
    #expect(options.color == .never)
    #expect(options.scriptPath == "s.txt")
    #expect(options.developerMode)
    #expect(options.upgradeFrom == Version("2.11.0"))
    #expect(options.launchSource?.isWidget == true)
    #expect(options.faultSpecs == ["write:theme=fail:2"])
    #expect(options.accessible)
  }

  @Test("the environment fills in WHATSNEW_DB, WHATSNEW_FAULTS and WHATSNEW_ACCESSIBLE; flags win")
  func environment() throws {
    let environment = ["WHATSNEW_DB": "/env.sqlite", "WHATSNEW_FAULTS": "read=delay:5, boot=hold", "WHATSNEW_ACCESSIBLE": "1"]
    let fromEnvironment = try Options.parse([], environment: environment)
    #expect(fromEnvironment.databasePath == "/env.sqlite")
    #expect(fromEnvironment.faultSpecs == ["read=delay:5", "boot=hold"])
    #expect(fromEnvironment.accessible)
    #expect(try Options.parse(["--db", "/flag.sqlite"], environment: environment).databasePath == "/flag.sqlite")
  }

  @Test("subcommands: flow, lint, backup, restore, help, version")
  func subcommands() throws {
    #expect(
      try Options.parse(["flow", "--seen", "2.11.0", "--json"], environment: [:]).subcommand
        == .flow(seen: Version("2.11.0"), json: true))
    #expect(try Options.parse(["flow", "--seen", "none"], environment: [:]).subcommand == .flow(seen: nil, json: false))
    #expect(try Options.parse(["lint", "--format", "json"], environment: [:]).subcommand == .lint(format: .json))
    #expect(try Options.parse(["schema"], environment: [:]).subcommand == .schema(manifest: false))
    #expect(try Options.parse(["schema", "--manifest"], environment: [:]).subcommand == .schema(manifest: true))
    #expect(try Options.parse(["backup", "b.sqlite"], environment: [:]).subcommand == .backup(path: "b.sqlite"))
    #expect(try Options.parse(["restore", "b.sqlite", "--db", "x"], environment: [:]).subcommand == .restore(path: "b.sqlite"))
    #expect(try Options.parse(["--help"], environment: [:]).subcommand == .help)
    #expect(try Options.parse(["-h"], environment: [:]).subcommand == .help)
    #expect(try Options.parse(["--version"], environment: [:]).subcommand == .version)
  }

  @Test(
    "--app-version, --upgrade-from and flow's --seen take SemVer 2.0.0 pre-releases and build metadata",
    arguments: ["2.14.0-beta.1", "2.15.0-rc.1+build.7", "3.0.0-alpha"])
  func semanticVersions(text: String) throws {
    let options = try Options.parse(["--app-version", text, "--upgrade-from", text], environment: [:])
    #expect(options.appVersion.description == text && options.upgradeFrom?.description == text)
    #expect(try Options.parse(["flow", "--seen", text], environment: [:]).subcommand == .flow(seen: Version(text), json: false))
  }

  @Test("flow's --settings reads the chosen settings as set names them: values in any case, on/off for a switch")
  func chosenSettings() throws {
    let options = try Options.parse(
      ["flow", "--seen", "2.14.0", "--settings", "homeSummaryCard=Weekly_Streak,restTimerHaptics=off"], environment: [:])
    #expect(options.chosenSettings == [.homeSummaryCard: "weekly_streak", .restTimerHaptics: "false"])
  }

  @Test(
    "bad command lines are one clear error",
    arguments: [
      (["--colour", "never"], "unknown option '--colour' (did you mean '--color'?)"),
      (["--db"], "missing value for '--db'"),
      (
        ["--app-version", "2.14"],
        "invalid value '2.14' for '--app-version': expected a version like 2.14.0 or 2.15.0-beta.1 (MAJOR.MINOR.PATCH[-pre.release][+build])"
      ),
      (["--color", "sometimes"], "invalid value 'sometimes' for '--color': expected auto, always or never"),
      (["--locale", "fr"], "invalid value 'fr' for '--locale': expected one of en, es, nl, pt-BR, ru"),
      (["flow"], "'flow' needs '--seen' (for example: whatsnew flow --seen 2.11.0)"),
      (["flwo"], "unknown command 'flwo' (did you mean 'flow'?)"),
      (["backup"], "'backup' needs a FILE argument (for example: whatsnew backup ~/whatsnew-backup.sqlite)"),
      (["--seen", "2.11.0"], "'--seen' only applies to 'whatsnew flow'"),
      (
        ["flow", "--seen", "2.14.0", "--settings", "units=metric,homeSumaryCard=weekly_streak"],
        "invalid value 'homeSumaryCard=weekly_streak' for '--settings': expected setting=value, and 'homeSumaryCard' is no setting "
          + "(did you mean 'homeSummaryCard'?): one of " + Setting.allCases.map(\.rawValue).joined(separator: ", ")
      ),
      (
        ["flow", "--seen", "2.14.0", "--settings", "homeSummaryCard=weekly"],
        "invalid value 'homeSummaryCard=weekly' for '--settings': expected homeSummaryCard=<value> with one of daily_summary, weekly_streak"
      ),
      (
        ["flow", "--seen", "2.14.0", "--settings", "homeSummaryCard"],
        "invalid value 'homeSummaryCard' for '--settings': expected homeSummaryCard=<value> with one of daily_summary, weekly_streak"
      ),
      (["lint", "extra"], "unexpected argument 'extra'"),
      (["--manifest"], "'--manifest' only applies to 'whatsnew schema'"),
      (["schema", "releases"], "unexpected argument 'releases'"),
      (["schmea"], "unknown command 'schmea' (did you mean 'schema'?)"),
      (
        ["restore", "b.sqlite", "--json"],
        "'--json' does not apply to 'whatsnew restore': it applies only to 'whatsnew flow' and 'whatsnew lint'"
      ),
      (
        ["backup", "b.sqlite", "--color", "never"],
        "'--color' does not apply to 'whatsnew backup': it applies only to 'whatsnew' without a subcommand"
      ),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError.self) { try Options.parse(arguments, environment: [:]) }
    do {
      _ = try Options.parse(arguments, environment: [:])
    } catch {
      #expect(error.description == message)
    }
  }

  @Test(
    "a bad fault spec is refused with the grammar",
    arguments: ["write=explode", "nope=fail", "schedule:theme=fail", "write:thme=hold", "read=fail:0"])
  func badFaults(spec: String) {
    #expect(throws: UsageError.self) { try Options.parse(["--fault", spec], environment: [:]) }
    #expect(throws: UsageError.self) { try Options.parse([], environment: ["WHATSNEW_FAULTS": spec]) }
  }

  @Test(
    "a bad fault spec says why in the English table's words, as a session does; without the table, its syntax",
    arguments: [
      (
        "write=explode",
        "op[:target]=fail|fail:N|delay:MS|hold, where op is one of read, write, schedule, cancel, seen-write, event-write, boot"
      ),
      ("schedule:theme=fail", "no target for 'schedule' (targets are settings, for read and write)"),
      ("write:thme=hold", "a setting, language, guidance or 'all' as the target, not 'thme' (did you mean 'theme'?)"),
      ("read=fail:0", "fail:N with N a positive whole number"),
      ("read=delay:x", "delay:MS with MS between 0 and 600000"),
    ])
  func faultWords(spec: String, expected: String) throws {
    let english = try ShippedTables.english
    for (arguments, environment, start) in [
      (["--fault", spec], [:], "invalid value '\(spec)' for '--fault': expected "),
      ([], ["WHATSNEW_FAULTS": spec], "invalid WHATSNEW_FAULTS entry '\(spec)': expected "),
    ] as [([String], [String: String], String)] {
      do {
        _ = try Options.parse(arguments, environment: environment)
        Issue.record("\(spec) was taken")
      } catch {
        #expect(error.words(english: { english }) == start + expected)
        #expect(error.description == start + "op[:target]=fail|fail:N|delay:MS|hold")
      }
    }
  }

  @Test("fault specs round-trip through their description")
  func faultSpecs() throws {
    for text in ["write:theme=fail:2", "read=delay:40", "boot=hold", "seen-write=fail", "cancel=fail:1"] {
      #expect(try FaultSpec.parse(text).description == text)
    }
    #expect(try FaultSpec.parse("write:all=fail").target == nil)
  }
}

/// Each option is declared once (``OptionDeclarations``): the README's table, `--help` and
/// did-you-mean all follow the declaration.
@Suite("Options declared once")
struct OptionDeclarationTests {
  /// The options the README's option table names, in its first column.
  static func readmeOptions() throws -> Set<String> {
    let readme = try String(contentsOfFile: RepositoryPaths.root + "/README.md", encoding: .utf8)
    var names: Set<String> = []
    for line in readme.split(separator: "\n") where line.hasPrefix("| `--") {
      let firstColumn = line.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
      for word in firstColumn.split(whereSeparator: { $0 == "`" || $0 == " " || $0 == "," }) where word.hasPrefix("--") {
        names.insert(String(word))
      }
    }
    return names
  }

  @Test("the README's option table lists exactly the options declared for it")
  func readmeTable() throws {
    let declared = Set(OptionDeclarations.all.filter(\.listedInREADME).map(\.name))
    #expect(try Self.readmeOptions() == declared)
  }

  @Test("every declared option parses, with a value where it takes one", arguments: OptionDeclarations.all.map(\.name))
  func declaredOptionsParse(_ name: String) throws {
    let declaration = try #require(OptionDeclarations.find(name))
    // With every command that takes it (and what that command needs).
    for command in declaration.commands ?? [OptionDeclarations.session] {
      let arguments = Self.commandLine(command) + Self.sample(declaration)
      #expect(throws: Never.self, "\(arguments)") { _ = try Options.parse(arguments, environment: [:]) }
    }
  }

  /// `command` (``OptionDeclarations/session``: none) with what it cannot do without.
  static func commandLine(_ command: String) -> [String] {
    let needs = [
      "flow": ["--seen", "none"], "new-release": ["2.16.0"], "backup": ["b.sqlite"], "restore": ["b.sqlite"],
      "completion": ["bash"],
    ]
    return command == OptionDeclarations.session ? [] : [command] + (needs[command] ?? [])
  }

  /// The option with a value it accepts, where it takes one.
  static func sample(_ option: OptionDeclaration) -> [String] {
    let samples = [
      "--app-version": "2.14.0", "--upgrade-from": "2.11.0", "--locale": "ru", "--color": "never",
      "--fault": "write=fail", "--lock-wait": "3", "--seen": "none", "--format": "json",
      "--settings": "homeSummaryCard=daily_summary",
    ]
    return [option.name] + (option.takesValue ? [samples[option.name] ?? "x"] : [])
  }

  @Test(
    "an option a command does not take is refused, naming the commands that take it",
    arguments: OptionDeclarations.all.filter { $0.commands != nil }.map(\.name))
  func notTaken(_ name: String) throws {
    let declaration = try #require(OptionDeclarations.find(name))
    let takers = try #require(declaration.commands)
    let option = Self.sample(declaration)
    let commands = [OptionDeclarations.session] + SubcommandDeclarations.all.map(\.name)
    for command in commands where !takers.contains(command) {
      let expected = UsageError.optionNotTaken(
        option: name, command: command == OptionDeclarations.session ? nil : command, takenBy: takers)
      #expect(throws: expected, "\(command)") { _ = try Options.parse(Self.commandLine(command) + option, environment: [:]) }
    }
  }

  @Test("each subcommand's USAGE line lists exactly the options it takes (--help and --version go anywhere)")
  func usageListsTakenOptions() {
    for command in SubcommandDeclarations.all {
      let listed = command.usageLine.split(separator: " ").filter { $0.hasPrefix("--") || $0.hasPrefix("[--") }
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
      #expect(Set(listed) == Set(command.options.filter { $0.commands != nil }.map(\.name)), "\(command.name)")
    }
    #expect(SubcommandDeclarations.find("restore")?.usageLine == "restore <file> [--db <path>] [--lock-wait <seconds>] [--yes]")
  }

  @Test("the usage line and --help's USAGE name every declared subcommand, with its argument")
  func usageNamesEverySubcommand() {
    for command in SubcommandDeclarations.listed {
      #expect(Options.helpText.contains("whatsnew " + command.usageLine + "\n"), "\(command.name)")
      #expect(SubcommandDeclarations.usageLine.contains("| " + command.shortUsage), "\(command.name)")
    }
  }

  @Test("a subcommand's missing argument is named, with an example", arguments: ["new-release", "backup", "completion"])
  func missingArgument(_ command: String) throws {
    #expect(throws: UsageError.self) { _ = try Options.parse([command], environment: [:]) }
    do {
      _ = try Options.parse([command], environment: [:])
    } catch {
      #expect(error.description.hasPrefix("'\(command)' needs a "), "\(error)")
      #expect(error.description.contains("(for example: whatsnew \(command) "), "\(error)")
    }
  }

  @Test("--help lists each option it declares for help, with its value")
  func helpListsThem() {
    for option in OptionDeclarations.all where option.listedInHelp {
      let label = option.names.joined(separator: ", ") + (option.value.map { " " + $0 } ?? "")
      #expect(Options.helpText.contains("  " + label + " "), "\(label)")
    }
  }
}

/// `whatsnew completion bash`: the script completes what the declarations say, run by a real bash.
@Suite("Shell completion from the declarations")
struct ShellCompletionTests {
  /// What bash's completion offers for `words` (the last one is being typed), in `directory`.
  func offers(_ words: [String], in directory: String = RepositoryPaths.root) throws -> [String] {
    let script = ShellCompletion.script(for: "bash")
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    let program =
      script + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _whatsnew; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", program]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test(
    "bash completes subcommands, options, and each option's values",
    arguments: [
      (["whatsnew", "fl"], ["flow"]),
      (["whatsnew", "--loca"], ["--locale", "--localizations"]),
      (["whatsnew", "--locale", ""], ["en", "es", "nl", "pt-BR", "ru"]),
      (["whatsnew", "--color", "n"], ["never"]),
      (["whatsnew", "flow", "--se"], ["--seen", "--settings"]),
      (["whatsnew", "flow", "--seen", ""], ["none"]),
      (["whatsnew", "lint", "--se"], []),
      (["whatsnew", "lint", "--format", ""], ["text", "json", "sarif"]),
      (["whatsnew", "restore", "--y"], ["--yes"]),
      (["whatsnew", "--y"], []),
      (["whatsnew", "completion", ""], ["bash", "fish", "zsh"]),
      (["whatsnew", "--releases", "Relea"], ["Releases"]),
      (["whatsnew", "--db", "x", "sch"], ["schema"]),
      (["whatsnew", "restore", "--"], ["--db", "--lock-wait", "--yes", "--version", "--help"]),
      (["whatsnew", "backup", "-"], ["--db", "--version", "-h", "--help"]),
      (["whatsnew", "--j"], []),
    ])
  func completes(words: [String], expected: [String]) throws {
    #expect(try offers(words).sorted() == expected.sorted())
  }

  @Test("every declared option is offered where it applies, and nowhere else")
  func everyOptionOffered() throws {
    for command in [OptionDeclarations.session] + SubcommandDeclarations.listed.map(\.name) {
      let offered = Set(try offers(["whatsnew"] + (command.isEmpty ? [] : [command]) + ["-"]))
      let expected = Set(OptionDeclarations.taken(by: command).flatMap(\.names))
      #expect(offered == expected, "\(command.isEmpty ? "whatsnew" : command)")
    }
  }

  @Test(
    "a file name with a space stays one word, and a file named x* is offered as it is, not expanded",
    arguments: [
      (["whatsnew", "restore", "my"], ["my backup.sqlite"]),
      (["whatsnew", "restore", "my\\ b"], ["my backup.sqlite"]),
      (["whatsnew", "restore", "'my b"], ["my backup.sqlite"]),
      (["whatsnew", "--db", "my"], ["my backup.sqlite"]),
      (["whatsnew", "backup", "x"], ["x*", "xa"]),
      (["whatsnew", "backup", "x\\*"], ["x*"]),
    ])
  func fileNames(words: [String], expected: [String]) throws {
    let directory = try TemporaryDirectory()
    for name in ["my backup.sqlite", "x*", "xa"] {
      #expect(FileManager.default.createFile(atPath: directory.path(name), contents: nil))
    }
    #expect(try offers(words, in: directory.path).sorted() == expected.sorted())
  }
}
