/// One thing a release file, the manifest or the release directory got wrong, and what
/// was done about it.
///
/// ```swift
/// let diagnostic = ReleaseDiagnostic(
///   file: "Releases/2.13.1.json", path: "pages[0].blocks[1].setting",
///   message: "unknown setting 'workoutVeiw' (did you mean 'workoutView'?); block dropped",
///   severity: .dropped)
/// diagnostic.description
/// // Releases/2.13.1.json: pages[0].blocks[1].setting: unknown setting 'workoutVeiw' (did you mean 'workoutView'?); block dropped
/// ```
package struct ReleaseDiagnostic: Sendable, Hashable, SourceMessageConvertible {
  /// How much a diagnostic cost.
  package enum Severity: String, Sendable, Hashable, CaseIterable {
    /// Something was left out: a field, an option, item, block, page or the whole release.
    case dropped
    /// Nothing was left out (a duplicate key, an unknown manifest field, an unregistered file).
    case warning
  }

  /// The file as people should see it, like `Releases/2.13.1.json`.
  package var file: String
  /// Where in the file, like `pages[1].blocks[2].options[0].value`; empty for the whole file.
  package var path: String
  /// What was wrong, the rule, and what was dropped.
  package var message: String
  /// Whether something was dropped.
  package var severity: Severity
  /// Where in the file: the value at ``path`` (the key, for an unknown or repeated field),
  /// the offending byte of a file that is not JSON, or ``SourcePosition/start`` for the
  /// whole file.
  package var position: SourcePosition = .start
  /// The lint rule, when not the one its file and severity give (``LintRule/undeclaredDefaultChange``).
  package var rule: LintRule?

  /// `file:line:column: path: message` (`file:line:column: message` when the path is
  /// empty): the position an editor jumps to, and the path a person reads. `--dev` prints this.
  package var locatedDescription: String { text(at: filePosition) }
}

/// A message about a place in a content file: a release, a table, the manifest
/// (``ReleaseDiagnostic``, ``LintProblem``), which reads `file: path: message`: one wording
/// for both, so `lint`, `--dev` and `flow --dev` agree.
package protocol SourceMessageConvertible: CustomStringConvertible {
  var file: String { get }
  /// Where in it, in words (a JSON path, a key); empty for the whole file.
  var path: String { get }
  var message: String { get }
  var position: SourcePosition { get }
}

extension SourceMessageConvertible {
  /// `file: path: message`, or `file: message` when the path is empty.
  package var description: String { text(at: file) }

  /// `place: path: message`, or `place: message` when the path is empty.
  func text(at place: String) -> String { path.isEmpty ? "\(place): \(message)" : "\(place): \(path): \(message)" }

  /// `file:line:column`, as compilers and editors write a place.
  var filePosition: String { "\(file):\(position.line):\(position.column)" }
}

/// Quoting of untrusted text inside messages.
package enum Quote {
  /// `'text'` with control, format and non-ASCII-space characters written as `\u{XX}`,
  /// shortened to `limit` characters, so a hostile file cannot paint the terminal.
  package static func quoted(_ text: String, limit: Int = 80) -> String {
    var result = ""
    var count = 0
    for scalar in text.unicodeScalars {
      if count >= limit {
        result += "…"
        break
      }
      count += 1
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
        result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default:
        if scalar == "'" || scalar == "\\" { result += "\\" }
        result.unicodeScalars.append(scalar)
      }
    }
    return "'\(result)'"
  }
}
