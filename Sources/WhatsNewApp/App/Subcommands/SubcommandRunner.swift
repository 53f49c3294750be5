import WhatsNewCore

/// One subcommand of `whatsnew` (`flow`, `lint`, `backup`, …), one type each: given the parsed
/// options and the environment, it does its work and returns the exit status.
@MainActor
protocol SubcommandRunner {
  func run(_ options: Options, environment: [String: String]) async -> Int32
}

/// `whatsnew --help`.
struct HelpSubcommand: SubcommandRunner {
  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    WhatsNewCommand.emit(Options.helpText + "\n", "the help")
  }
}

/// `whatsnew --version`.
struct VersionSubcommand: SubcommandRunner {
  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    WhatsNewCommand.emit(
      "whatsnew \(WhatsNewCommand.toolVersion) (acting as app version \(options.appVersion))\n", "the version")
  }
}

/// `whatsnew` with no subcommand: the REPL, or a script.
struct REPLSubcommand: SubcommandRunner {
  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    await WhatsNewCommand.runREPL(options, environment: environment)
  }
}

/// `whatsnew schema [--manifest]`: the JSON Schema of release files (or of the manifest). The
/// release schema's descriptions quote the English table (`--localizations`, else the bundled
/// one), so it needs one as a start does; the manifest's schema reads nothing.
struct SchemaSubcommand: SubcommandRunner {
  let manifest: Bool

  func run(_ options: Options, environment: [String: String]) async -> Int32 {
    guard !manifest else {
      return WhatsNewCommand.emit(ReleaseSchema.manifest().serialized() + "\n", "the schema")
    }
    let english: TranslationTable
    do {
      english = try EnglishTable.read(localizationsDirectory: options.localizationsDirectory)
    } catch {
      return WhatsNewCommand.fail(error.description, error.exitStatus)
    }
    let schema = ReleaseSchema.release(english: { english[$0] })
    return WhatsNewCommand.emit(schema.serialized() + "\n", "the schema")
  }
}
