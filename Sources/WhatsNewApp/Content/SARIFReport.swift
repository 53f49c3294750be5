import Foundation
package import WhatsNewCore

/// The output formats of `whatsnew lint`, declared once: `--format` takes these words, its
/// help and completion list them.
package enum LintFormat: String, Sendable, CaseIterable {
  /// One problem a line, as compilers print them.
  case text
  /// `{"ok":…,"problems":[…]}`.
  case json
  /// SARIF 2.1.0, for code-scanning tools.
  case sarif
}

/// `whatsnew lint --format sarif`: the problems as a SARIF 2.1.0 log (OASIS Static Analysis
/// Results Interchange Format), which code-scanning tools read; its shape is described in
/// Documentation/Authoring.md ("What lint prints"). A result's `ruleIndex` points into the
/// driver's rules, which are every ``LintRule``.
///
/// ```swift
/// SARIFReport.render(problems)   // {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [...]}
/// ```
package enum SARIFReport {
  package static let version = "2.1.0"
  package static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  package static func render(_ problems: [LintProblem]) -> String {
    let rules = LintRule.allCases
    let driver = JSONValue.object([
      ("name", .string("whatsnew lint")),
      ("version", .string(WhatsNewCommand.toolVersion)),
      (
        "rules",
        .array(
          rules.map { rule in
            .object([("id", .string(rule.id)), ("shortDescription", .object([("text", .string(rule.summary))]))])
          })
      ),
    ])
    let results = problems.map { problem in
      JSONValue.object([
        ("ruleId", .string(problem.rule.id)),
        ("ruleIndex", .number(Double(rules.firstIndex(of: problem.rule) ?? 0))),
        ("level", .string(problem.severity.rawValue)),
        ("message", .object([("text", .string(problem.path.isEmpty ? problem.message : problem.path + ": " + problem.message))])),
        ("locations", .array([location(of: problem)])),
      ])
    }
    return JSONValue.object([
      ("$schema", .string(schema)),
      ("version", .string(version)),
      (
        "runs",
        .array([
          .object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array(results)),
          ])
        ])
      ),
    ]).serialized() + "\n"
  }

  /// Where: the file as a URI reference (relative paths stay relative, against `SRCROOT`;
  /// characters a URI cannot hold are percent-encoded) and its line and column.
  static func location(of problem: LintProblem) -> JSONValue {
    var artifact: [(key: String, value: JSONValue)] = [("uri", .string(uri(problem.file)))]
    if !problem.file.hasPrefix("/") { artifact.append(("uriBaseId", .string("SRCROOT"))) }
    return .object([
      (
        "physicalLocation",
        .object([
          ("artifactLocation", .object(artifact)),
          (
            "region",
            .object([
              ("startLine", .number(Double(problem.position.line))),
              ("startColumn", .number(Double(problem.position.column))),
            ])
          ),
        ])
      )
    ])
  }

  /// A path as a URI reference: an absolute path as a `file://` URI, a relative one as is;
  /// bytes outside the URI's unreserved characters and `/` percent-encoded.
  static func uri(_ path: String) -> String {
    let encoded = path.addingPercentEncoding(withAllowedCharacters: uriCharacters) ?? path
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }

  /// A URI's unreserved characters (RFC 3986, ASCII only) and `/`.
  static let uriCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
}
