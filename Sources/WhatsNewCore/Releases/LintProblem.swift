/// One problem the content linter found.
///
/// ```swift
/// LintProblem(file: "Releases/2.13.1.json", path: "pages[0].blocks[1].setting", message: "unknown setting …",
///   rule: .releaseDropped, position: SourcePosition(line: 12, column: 20)).compilerStyle
/// // "Releases/2.13.1.json:12:20: error: pages[0].blocks[1].setting: unknown setting …"
/// ```
package struct LintProblem: Sendable, Hashable, SourceMessageConvertible {
  /// How bad a problem is. `lint` fails on an error or a warning (a shipped file has
  /// neither), but an editor shows them differently; a note is never a problem by itself.
  package enum Severity: String, Sendable, Hashable, CaseIterable {
    /// Something is lost or wrong for users: a unit the validator drops, a missing or
    /// broken translation, a missing file.
    case error
    /// Nothing is lost: an unknown or repeated field, an unregistered file, an orphan key,
    /// an option label that differs from its value's name (the app shows the name).
    case warning
    /// Not a problem: what explains another one, as a compiler's `note:` line does (the
    /// translations of a release that did not load, counted once instead of each reported
    /// as an orphan).
    case note

    /// Whether `lint` counts it (and fails on it).
    package var isProblem: Bool { self != .note }
  }

  /// The file as people should see it.
  package var file: String
  /// Where in the file: a JSON path for releases, the key for localization tables; may be empty.
  package var path: String
  /// What is wrong and how to fix it.
  package var message: String
  package var severity: Severity = .error
  /// The kind of problem, for tools (``LintRule/id``).
  package var rule: LintRule
  /// The line and column: of the value at the path (the key, for an unknown field), of the
  /// key in a table; ``SourcePosition/start`` for the whole file or a key the file lacks.
  package var position: SourcePosition = .start

  /// `file:line:column: error|warning: path: message`, as compilers print (`path: ` left
  /// out when empty), for editors and `lint`'s text output.
  package var compilerStyle: String {
    text(at: filePosition + ": " + severity.rawValue)
  }
}
