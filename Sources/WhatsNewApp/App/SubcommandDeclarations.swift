import WhatsNewCore

/// One subcommand, declared once: its name, its argument, the option it cannot do without,
/// and how a parsed command line becomes it (the options it takes are declared with each
/// option, ``OptionDeclaration/commands``). Parsing, `--help`'s USAGE section, the one-line
/// usage after an error, did-you-mean, the man page and shell completion read it.
package struct SubcommandDeclaration: Sendable {
  package let name: String
  /// Its one argument (`<version>`, `<file>`) and what a shell completes for it; `nil` for none.
  package var argument: (placeholder: String, completion: ValueCompletion)?
  /// The option it cannot do without (`--seen`), in every usage line; `nil` for none.
  package var required: String?
  /// What it does, in a few words (the man page, zsh's and fish's completion say it).
  package let summary: String
  /// Left out of USAGE, the usage line and completion (`man`, which `make install` runs).
  package var hidden = false
  let builds: @Sendable (ParsedCommandLine, String?) throws(UsageError) -> Subcommand

  /// The options it takes, in declaration order.
  package var options: [OptionDeclaration] { OptionDeclarations.taken(by: name) }

  /// `backup <file> [--db <path>]`: the short usage, then every other option it takes (not
  /// `--help` and `--version`, which go anywhere).
  package var usageLine: String {
    ([shortUsage] + options.filter { $0.commands != nil && $0.name != required }.map(\.usage)).joined(separator: " ")
  }

  /// `flow --seen <version|none>`, `backup <file>`: what the one-line usage shows.
  package var shortUsage: String {
    let needed = required.flatMap(OptionDeclarations.find).map { $0.usage.dropFirst().dropLast() }
    return ([name] + (needed.map { [String($0)] } ?? []) + (argument.map { [$0.placeholder] } ?? [])).joined(separator: " ")
  }
}

/// The subcommands of `whatsnew`, in the order USAGE lists them.
package enum SubcommandDeclarations {
  package static let all: [SubcommandDeclaration] = [
    .init(
      name: "flow", required: "--seen",
      summary: "What a user who has seen through a version is shown"
    ) { parsed, _ throws(UsageError) in
      guard let seen = parsed.flowSeen else {
        throw UsageError.missingOption(option: "--seen", command: "flow", example: "--seen 2.11.0")
      }
      return .flow(seen: seen, json: parsed.json)
    },
    .init(
      name: "lint",
      summary: "Check releases and translations (exit 65 on problems)"
    ) { parsed, _ in
      .lint(format: parsed.json ? .json : parsed.format ?? .text)
    },
    .init(name: "schema", summary: "Print the JSON Schema of release files (of manifest.json)") {
      parsed, _ in .schema(manifest: parsed.manifest)
    },
    .init(
      name: "new-release", argument: ("<version>", .none),
      summary: "Start a release: its file, manifest entry and keys marked TODO"
    ) { _, text throws(UsageError) in
      let version = try OptionDeclarations.version(text ?? "", for: "new-release")
      // Nothing is written for a version no release may have.
      guard version.build.isEmpty else {
        let plain = Version(major: version.major, minor: version.minor, patch: version.patch, preRelease: version.preRelease)
        throw UsageError.invalidValue(
          option: "new-release", value: text ?? "",
          expected: "a release's version without build metadata (\(plain), or a pre-release such as \(plain)-rc.1): "
            + "build metadata plays no part in the order of releases")
      }
      return .newRelease(version: version)
    },
    .init(name: "backup", argument: ("<file>", .file), summary: "Copy the store into a backup file") {
      _, path in .backup(path: path ?? "")
    },
    .init(
      name: "restore", argument: ("<file>", .file),
      summary: "Check a backup and replace the store's data with its rows"
    ) { _, path in
      .restore(path: path ?? "")
    },
    .init(
      name: "completion", argument: ("<shell>", .words(ShellCompletion.shells)),
      summary: "Print a completion script for bash, zsh or fish"
    ) {
      _, shell throws(UsageError) in
      guard let shell, ShellCompletion.shells.contains(shell) else {
        throw UsageError.invalidValue(
          option: "completion", value: shell ?? "", expected: "one of " + ShellCompletion.shells.joined(separator: ", "))
      }
      return .completion(shell: shell)
    },
    .init(name: "man", summary: "Print the manual page, whatsnew(1), in roff", hidden: true) { _, _ in .manual },
  ]

  /// The subcommands a person is shown: USAGE, the usage line and completion list these.
  package static var listed: [SubcommandDeclaration] { all.filter { !$0.hidden } }

  /// The declaration named `name`, if any.
  package static func find(_ name: String) -> SubcommandDeclaration? {
    all.first { $0.name == name }
  }

  /// `--help`'s USAGE section.
  static var usageSection: String {
    let first = "USAGE: whatsnew [<options>]                 start the REPL (a script when stdin is not a terminal)"
    return ([first] + listed.map { "       whatsnew " + $0.usageLine }).joined(separator: "\n")
  }

  /// The one-line usage printed after a usage error.
  package static var usageLine: String {
    "Usage: whatsnew [<options>] | "
      + listed.map(\.shortUsage).joined(separator: " | ")
      + "\n  See 'whatsnew --help' for more information."
  }
}
