import Foundation
import TestSupport
import Testing
import WhatsNewCore

/// `whatsnew schema` checked by an independent validator (Python's `jsonschema`, in the
/// virtual environment ``SchemaValidator`` makes): the schema is a valid draft 2020-12
/// schema, every shipped release file and the manifest pass it, and what the vocabulary
/// refuses, it refuses too.
@Suite("whatsnew schema, checked by Python's jsonschema", .serialized)
struct SchemaTests {
  let directory: TemporaryDirectory

  init() throws {
    directory = try TemporaryDirectory(prefix: "whatsnew-schema")
  }

  /// The schema `whatsnew schema` prints (with `--manifest`: the manifest's), saved to a file.
  func schemaFile(manifest: Bool = false) throws -> String {
    let result = try runWhatsNew(["schema"] + (manifest ? ["--manifest"] : []))
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasSuffix("}\n"))
    let path = directory.path(manifest ? "manifest.schema.json" : "release.schema.json")
    try Data(result.output.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = directory.path(name)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test("every shipped release file passes the schema, and the manifest passes its own")
  func shippedReleasesPass() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.releases).filter {
      $0.hasSuffix(".json") && $0 != "manifest.json"
    }.sorted()
    #expect(names.count >= 5)
    let releases = try SchemaValidator.validate(
      schema: try schemaFile(), instances: names.map { RepositoryPaths.releases + "/" + $0 })
    #expect(releases.status == 0, "\(releases.output)")
    #expect(releases.output.split(separator: "\n").count == names.count, "\(releases.output)")
    let manifest = try SchemaValidator.validate(
      schema: try schemaFile(manifest: true), instances: [RepositoryPaths.releases + "/manifest.json"])
    #expect(manifest.status == 0, "\(manifest.output)")
  }

  /// A release whose one block is `block`.
  static func release(block: String) -> String {
    #"{"version": "2.13.1", "pages": [{"id": "p", "blocks": [\#(block)]}]}"#
  }

  static let rejected: [(name: String, json: String, fragment: String)] = [
    (
      "an unknown setting",
      release(
        block:
          #"{"id": "b", "type": "choice", "setting": "workoutVeiw", "titleKey": "k", "options": [{"value": "guided", "labelKey": "k"}, {"value": "inline", "labelKey": "k"}]}"#
      ), "$.pages[0].blocks[0].setting"
    ),
    (
      "an option value its setting does not take",
      release(
        block:
          #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k", "options": [{"value": "dark", "labelKey": "k"}, {"value": "guided", "labelKey": "k"}]}"#
      ), "$.pages[0].blocks[0].options[1].value"
    ),
    (
      "an enumeration choice without options",
      release(block: #"{"id": "b", "type": "choice", "setting": "units", "titleKey": "k"}"#), "'options' is a required property"
    ),
    ("an unknown icon", release(block: #"{"id": "b", "type": "info", "titleKey": "k", "icon": "sparkels"}"#), "icon"),
    (
      "an unknown action", release(block: #"{"id": "b", "type": "action", "action": "openCardiolog", "labelKey": "k"}"#), "action"
    ),
    ("an unknown block type", release(block: #"{"id": "b", "type": "choise", "titleKey": "k"}"#), "type"),
    (
      "a field another block type has", release(block: #"{"id": "b", "type": "info", "titleKey": "k", "options": []}"#),
      "'options' was unexpected"
    ),
    ("an unknown top-level field", #"{"version": "2.13.1", "colour": 1, "pages": [{"id": "p", "blocks": []}]}"#, "colour"),
    ("a version that is not MAJOR.MINOR.PATCH", #"{"version": "2.13", "pages": []}"#, "$.version"),
  ]

  @Test("what the vocabulary refuses, the schema rejects, naming where")
  func rejects() throws {
    let schema = try schemaFile()
    for (index, testCase) in Self.rejected.enumerated() {
      let file = try write("bad-\(index).json", testCase.json)
      let result = try SchemaValidator.validate(schema: schema, instances: [file])
      #expect(result.status == 1, "\(testCase.name): \(result.output)")
      #expect(result.output.contains(testCase.fragment), "\(testCase.name): \(result.output)")
    }
  }

  @Test("boolean and weekday choices may leave their options out")
  func fullSetChoices() throws {
    let file = try write(
      "full-set.json",
      Self.release(block: #"{"id": "b", "type": "choice", "setting": "reviewWeekday", "titleKey": "k"}"#))
    let result = try SchemaValidator.validate(schema: try schemaFile(), instances: [file])
    #expect(result.status == 0, "\(result.output)")
  }

  @Test("schema --manifest rejects a manifest entry that is not a version, and --manifest needs schema")
  func manifest() throws {
    let file = try write("manifest.json", #"{"releases": ["2.11.0", 3]}"#)
    let result = try SchemaValidator.validate(schema: try schemaFile(manifest: true), instances: [file])
    #expect(result.status == 1 && result.output.contains("$.releases[1]"), "\(result.output)")
    let misuse = try runWhatsNew(["lint", "--manifest"])
    #expect(misuse.status == 64)
    #expect(
      misuse.error.contains("'--manifest' does not apply to 'whatsnew lint': it applies only to 'whatsnew schema'"),
      "\(misuse.error)")
  }
}

/// `lint` and `whatsnew schema` give one verdict: the schema rejects a file exactly when lint
/// reports an error in it; what lint only warns about, the schema accepts. What a schema cannot
/// say (a repeated member, which JSON parsers fold into one; a `supersededIn` not after the
/// release) is lint's alone, and is marked so in the table.
@Suite("lint and schema agree on what is an error", .serialized)
struct LintSchemaAgreementTests {
  enum Verdict: String, Sendable {
    case clean, warning, error
  }

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var json: String
    var lint: Verdict
    var manifest = false
    /// `false` for a rule a JSON Schema cannot state: the schema then accepts the file.
    var schemaCanSay = true
    var description: String { name }
  }

  static let info = #"{"id": "b", "type": "info", "titleKey": "k"}"#

  static let cases: [Case] = [
    Case(name: "a clean release", json: SchemaTests.release(block: info), lint: .clean),
    Case(name: "no pages", json: #"{"version": "2.13.1", "pages": []}"#, lint: .error),
    Case(name: "pages missing", json: #"{"version": "2.13.1"}"#, lint: .error),
    Case(name: "a page without blocks", json: #"{"version": "2.13.1", "pages": [{"id": "p", "blocks": []}]}"#, lint: .error),
    Case(
      name: "an unknown top-level field",
      json: #"{"version": "2.13.1", "colour": 1, "pages": [{"id": "p", "blocks": [\#(info)]}]}"#, lint: .error),
    Case(
      name: "a misspelt optional field",
      json: SchemaTests.release(block: #"{"id": "b", "type": "info", "titleKey": "k", "descriptonKey": "k"}"#), lint: .error),
    Case(
      name: "an unknown icon", json: SchemaTests.release(block: #"{"id": "b", "type": "info", "titleKey": "k", "icon": "x"}"#),
      lint: .error),
    Case(
      name: "a choice with one option",
      json: SchemaTests.release(
        block:
          #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k", "options": [{"value": "dark", "labelKey": "k"}]}"#),
      lint: .error),
    Case(
      name: "a boolean choice without options",
      json: SchemaTests.release(block: #"{"id": "b", "type": "choice", "setting": "restTimerHaptics", "titleKey": "k"}"#),
      lint: .clean),
    Case(
      name: "a feature list without items",
      json: SchemaTests.release(block: #"{"id": "b", "type": "featureList", "items": []}"#), lint: .error),
    Case(name: "a version that is not one", json: #"{"version": "2.13", "pages": []}"#, lint: .error),
    Case(
      name: "a repeated member",
      json: #"{"version": "2.13.1", "version": "2.13.1", "pages": [{"id": "p", "blocks": [\#(info)]}]}"#,
      lint: .warning, schemaCanSay: false),
    Case(
      name: "supersededIn not after the release",
      json: #"{"version": "2.13.1", "pages": [{"id": "p", "supersededIn": "2.13.1", "blocks": [\#(info)]}]}"#, lint: .error,
      schemaCanSay: false),
    Case(name: "a clean manifest", json: #"{"releases": ["2.13.1"]}"#, lint: .clean, manifest: true),
    Case(name: "a manifest entry listed twice", json: #"{"releases": ["2.13.1", "2.13.1"]}"#, lint: .warning, manifest: true),
    Case(
      name: "a manifest with a comment field", json: #"{"$comment": "shipped", "releases": ["2.13.1"]}"#, lint: .warning,
      manifest: true),
    Case(name: "a manifest entry that is not a version", json: #"{"releases": ["2.13.1", 3]}"#, lint: .error, manifest: true),
  ]

  /// What lint says of the file itself (its translations left aside: no tables are given).
  static func lintVerdict(_ testCase: Case) -> Verdict {
    let bytes = Array(testCase.json.utf8)
    let release = Array(SchemaTests.release(block: info).utf8)
    let problems = ContentLinter.lint(
      manifest: testCase.manifest ? bytes : Array(#"{"releases": ["2.13.1"]}"#.utf8),
      releaseFiles: ["2.13.1.json": testCase.manifest ? release : bytes], releasesDisplayDirectory: "Releases",
      tables: [:], missingTables: [:], requiredUIKeys: [], localizationsDisplayDirectory: "Localizations")
    let file = testCase.manifest ? "Releases/manifest.json" : "Releases/2.13.1.json"
    let own = problems.filter { $0.file == file && $0.severity.isProblem }
    if own.contains(where: { $0.severity == .error }) { return .error }
    return own.isEmpty ? .clean : .warning
  }

  @Test("each case: lint's verdict as the table says, and the schema rejects exactly lint's errors", arguments: cases)
  func agree(_ testCase: Case) throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-agree")
    let schemaRun = try runWhatsNew(["schema"] + (testCase.manifest ? ["--manifest"] : []))
    let schema = directory.path("schema.json")
    try Data(schemaRun.output.utf8).write(to: URL(fileURLWithPath: schema))
    let file = directory.path(testCase.manifest ? "manifest.json" : "2.13.1.json")
    try Data(testCase.json.utf8).write(to: URL(fileURLWithPath: file))

    #expect(Self.lintVerdict(testCase) == testCase.lint, "\(testCase.name)")
    let result = try SchemaValidator.validate(schema: schema, instances: [file])
    let schemaRejects = testCase.lint == .error && testCase.schemaCanSay
    #expect(result.status == (schemaRejects ? 1 : 0), "\(testCase.name): lint says \(testCase.lint); \(result.output)")
  }
}
