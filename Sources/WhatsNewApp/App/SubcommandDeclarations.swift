import WhatsNewCore

/// One subcommand, declared once: its name, its argument, what the USAGE lines say of it,
/// and how a parsed command line becomes it. Parsing, `--help`'s USAGE section, the
/// one-line usage after an error, did-you-mean and shell completion read it.
public struct SubcommandDeclaration: Sendable {
  public let name: String
  /// Its one argument (`<version>`, `<file>`) and what a shell completes for it; `nil` for none.
  public let argument: (placeholder: String, completion: ValueCompletion)?
  /// The options it cannot do without (`--seen <version|none>`), in every usage line.
  public let required: String
  /// The rest of its USAGE line: the options it takes.
  public let usage: String
  let builds: @Sendable (ParsedCommandLine, String?) throws(UsageError) -> Subcommand

  init(
    _ name: String, argument: (placeholder: String, completion: ValueCompletion)? = nil, required: String = "",
    usage: String, builds: @escaping @Sendable (ParsedCommandLine, String?) throws(UsageError) -> Subcommand
  ) {
    self.name = name
    self.argument = argument
    self.required = required
    self.usage = usage
    self.builds = builds
  }

  /// `flow --seen <version|none> [--json] [<options>]`.
  public var usageLine: String { [shortUsage, usage].filter { !$0.isEmpty }.joined(separator: " ") }

  /// `flow --seen <version|none>`, `backup <file>`: what the one-line usage shows.
  public var shortUsage: String {
    ([name, required] + (argument.map { [$0.placeholder] } ?? [])).filter { !$0.isEmpty }.joined(separator: " ")
  }
}

/// The subcommands of `whatsnew`, in the order USAGE lists them.
public enum SubcommandDeclarations {
  public static let all: [SubcommandDeclaration] = [
    .init("flow", required: "--seen <version|none>", usage: "[--json] [<options>]") { parsed, _ throws(UsageError) in
      guard let seen = parsed.flowSeen else {
        throw UsageError.missingOption(option: "--seen", command: "flow", example: "--seen 2.11.0")
      }
      return .flow(seen: seen, json: parsed.json)
    },
    .init("lint", usage: "[--format \(LintFormat.allCases.map(\.rawValue).joined(separator: "|"))] [<options>]") { parsed, _ in
      .lint(format: parsed.json ? .json : parsed.format ?? .text)
    },
    .init("schema", usage: "[--manifest]") { parsed, _ in .schema(manifest: parsed.manifest) },
    .init(
      "new-release", argument: ("<version>", .none), usage: "[--releases <dir>] [--localizations <dir>]"
    ) { _, text throws(UsageError) in
      .newRelease(version: try OptionDeclarations.version(text ?? "", for: "new-release"))
    },
    .init("backup", argument: ("<file>", .file), usage: "[--db <path>]") { _, path in .backup(path: path ?? "") },
    .init("restore", argument: ("<file>", .file), usage: "[--yes] [--db <path>]") { _, path in
      .restore(path: path ?? "")
    },
    .init("completion", argument: ("<shell>", .words(ShellCompletion.shells)), usage: "") {
      _, shell throws(UsageError) in
      guard let shell, ShellCompletion.shells.contains(shell) else {
        throw UsageError.invalidValue(
          option: "completion", value: shell ?? "", expected: "one of " + ShellCompletion.shells.joined(separator: ", "))
      }
      return .completion(shell: shell)
    },
  ]

  /// The declaration named `name`, if any.
  public static func find(_ name: String) -> SubcommandDeclaration? {
    all.first { $0.name == name }
  }

  /// `--help`'s USAGE section.
  static var usageSection: String {
    let first = "USAGE: whatsnew [<options>]                 start the REPL (a script when stdin is not a terminal)"
    return ([first] + all.map { "       whatsnew " + $0.usageLine }).joined(separator: "\n")
  }

  /// The one-line usage printed after a usage error.
  static var usageLine: String {
    "Usage: whatsnew [<options>] | "
      + all.map(\.shortUsage).joined(separator: " | ")
      + "\n  See 'whatsnew --help' for more information."
  }
}
