import Foundation
import TestSupport
import Testing

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
    #expect(misuse.error.contains("'--manifest' only applies to 'whatsnew schema'"), "\(misuse.error)")
  }
}
