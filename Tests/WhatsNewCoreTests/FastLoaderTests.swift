import Foundation
import TestSupport
import Testing

@testable import WhatsNewCore

// The release loader reads files through a flat JSON tape, compares object keys as bytes,
// and validates files on several threads. These tests pin each of those pieces down, and
// check the whole loader's answers on malformed and randomly mutated input against golden
// files: same releases, same diagnostics, same order, same JSON values and errors.
//
// The golden files (Goldens/*.txt, one per test family, one `=== case NNN` section per test
// case, the text written by LoaderGoldens.swift) were recorded from the original loader: a
// frozen copy of the loader before the tape-based reader, validator and concurrent load
// (commit c9cd60b), which the current loader matched on every case; the copy was then
// deleted (`git log -- Tests/WhatsNewCoreTests/Reference` finds it). So a difference is a
// change of behaviour. If the change is intended, re-record and review the diff:
//
//   WHATSNEW_RECORD=1 swift test --filter FastLoader
//
// The random mutation tests (byte edits and tree edits of the copies in Goldens/MutationBases/,
// seeded) no longer compare with recorded answers: with the reference loader gone those only
// pinned wording. They check properties that fail for a reason instead (``brokenPromise``).

/// The validator's answer for one release file, named `Releases/<fileName>`.
func validation(_ bytes: [UInt8], englishKeys: Set<String>?, fileName: String = "2.13.1.json") -> (
  release: Release?, diagnostics: [ReleaseDiagnostic]
) {
  ReleaseValidator.validate(bytes, fileName: fileName, displayPath: "Releases/\(fileName)", englishKeys: englishKeys)
}

/// The JSON reader's answer for one text: the value or the error.
func jsonResult(_ bytes: [UInt8], maxDepth: Int = 64) -> Result<JSONValue, JSONReadError> {
  Result { () throws(JSONReadError) in try JSONReader.parse(bytes, maxDepth: maxDepth) }
}

/// One validation's answer, indented: the release in full, then every diagnostic.
func validationText(
  _ result: (release: Release?, diagnostics: [ReleaseDiagnostic]), fileName: String = "2.13.1.json"
) -> [String] {
  (GoldenText.release(result.release)
    + result.diagnostics.map { GoldenText.diagnostic($0, defaultFile: "Releases/\(fileName)") }).map { "  " + $0 }
}

/// A release 2.13.1 whose only page holds `blocks` (a JSON array's contents).
func release(blocks: String) -> String {
  #"{"version": "2.13.1", "pages": [{"id": "p", "blocks": [\#(blocks)]}]}"#
}

/// An object with `count` members `"f0"`, `"f1"`, …, then `extra`.
func wideObject(_ count: Int, extra: String) -> String {
  "{" + (0..<count).map { #""f\#($0)": \#($0)"# }.joined(separator: ", ") + ", " + extra + "}"
}

@Suite("Fast loader")
struct FastLoaderTests {
  // MARK: Byte-level keys

  struct KeyCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// A JSON string literal, quotes included, as it appears in a file.
    var literal: String
    var field: StaticString
    var equal: Bool
    var testDescription: String { name }
  }

  static let keyCases: [KeyCase] = [
    KeyCase(name: "the same ASCII bytes", literal: #""titleKey""#, field: "titleKey", equal: true),
    KeyCase(name: "different case", literal: #""titlekey""#, field: "titleKey", equal: false),
    KeyCase(name: "a prefix", literal: #""title""#, field: "titleKey", equal: false),
    KeyCase(name: "a trailing space", literal: #""titleKey ""#, field: "titleKey", equal: false),
    KeyCase(name: "the empty key", literal: #""""#, field: "id", equal: false),
    KeyCase(name: "an escaped letter", literal: #""title\u004Bey""#, field: "titleKey", equal: true),
    KeyCase(name: "an escaped slash", literal: #""i\/d""#, field: "id", equal: false),
    KeyCase(name: "KELVIN SIGN, escaped (canonically K)", literal: #""title\u212Aey""#, field: "titleKey", equal: true),
    KeyCase(
      name: "KELVIN SIGN, raw UTF-8 (canonically K)", literal: "\"title\u{212A}ey\"", field: "titleKey", equal: true),
    KeyCase(
      name: "a look-alike that is not equivalent", literal: "\"t\u{0131}tleKey\"", field: "titleKey", equal: false),
    KeyCase(name: "a NUL byte", literal: #""id\u0000""#, field: "id", equal: false),
  ]

  @Test("object keys match field names as Swift strings compare, from their bytes", arguments: keyCases)
  func keyMatching(_ testCase: KeyCase) throws {
    let tape = try JSONTape.parse(Array("{\(testCase.literal): 1}".utf8), maxDepth: 64)
    #expect(tape.keyEquals(1, testCase.field) == testCase.equal)
    #expect(tape.keyEquals(1, testCase.field) == (tape.string(1) == testCase.field.description))
    #expect((tape.firstMember(of: 0, named: testCase.field) != nil) == testCase.equal)
  }

  @Test(
    "two keys are equal exactly when their strings are",
    arguments: [
      (#""a""#, #""a""#, true),
      (#""a""#, #""b""#, false),
      (#""ab""#, #""a""#, false),
      (#""\u0061""#, #""a""#, true),
      (#""\u00e9""#, #""e\u0301""#, true),
      ("\"\u{00E9}\"", "\"e\u{0301}\"", true),
      (#""\u00e9""#, #""e""#, false),
      (#""K""#, #""\u212A""#, true),
    ])
  func keyEquality(left: String, right: String, equal: Bool) throws {
    let tape = try JSONTape.parse(Array("[\(left), \(right)]".utf8), maxDepth: 64)
    #expect(tape.stringsEqual(1, 2) == equal)
    #expect(tape.stringsEqual(1, 2) == (tape.string(1) == tape.string(2)))
  }

  @Test("the tape steps over whole subtrees to reach the next member")
  func subtreeSkipping() throws {
    let tape = try JSONTape.parse(Array(#"{"a": [1, {"b": [2, 3]}], "c": {"d": {}}, "e": "x"}"#.utf8), maxDepth: 64)
    #expect(tape.memberKeys(of: 0).map(tape.string) == ["a", "c", "e"])
    let e = try #require(tape.firstMember(of: 0, named: "e"))
    #expect(tape.kind(e) == .string && tape.string(e) == "x")
    let a = try #require(tape.firstMember(of: 0, named: "a"))
    #expect(tape.elements(of: a).map(tape.kindName) == ["a number", "an object"])
    #expect(tape.next(after: 0) == tape.nodes.count)
  }

  // MARK: The answers recorded in Goldens/

  static let malformedReleases: [String] = [
    "",
    "   ",
    "{",
    "[]",
    "null",
    #"{"version": 2}"#,
    #"{"pages": [], "version": "2.13.1"}"#,
    #"{"version": "2.13.1", "version": "2.13.0", "pages": []}"#,
    #"{"version": "2.13.0", "pages": []}"#,
    #"{"vers\u0069on": "2.13.1", "pages": "none"}"#,
    #"{"version": "2.13.1", "pages": [], "notes": 1, "page": []}"#,
    #"{"version": "2.13.1", "pages": [1, null, "p", [], {}]}"#,
    #"{"version": "2.13.1", "pages": [{"id": "p", "blocks": []}, {"id": "p", "blocks": [{"id": "b", "type": "info", "titleKey": "k.a"}]}]}"#,
    #"{"version": "2.13.1", "pages": [{"id": "p", "supersededIn": "2.13.1", "blocks": [{"id": "b", "type": "info", "titleKey": "k.a"}]}]}"#,
    release(blocks: #"{"id": "b", "type": "info", "title\u004Bey": "k.title", "titleKey": "k.a"}"#),
    release(blocks: #"{"id": "b", "type": "info", "title\u212Aey": "k.title", "titleKey": "k.a"}"#),
    release(blocks: "{\"id\": \"b\", \"type\": \"info\", \"title\u{212A}ey\": \"k.title\"}"),
    release(blocks: #"{"id": "b", "type": "info", "titleKey": "k.title", "e\u0301": 1, "\u00e9": 2, "\u00e9": 3}"#),
    release(blocks: #"{"id": "b", "id": "c", "i\u0064": "d", "type": "info", "titleKey": "k.title"}"#),
    release(blocks: #"{"id": "b", "type": "info", "titelKey": "k.title", "titleKey": "k.a", "icn": "star"}"#),
    release(blocks: #"{"id": "b", "type": 3, "titleKey": "k.title", "items": []}"#),
    release(blocks: #"{"id": "b", "type": "inf\u006f", "titleKey": "k.title"}"#),
    release(blocks: #"{"id": "b", "type": "info", "type": "choice", "titleKey": "k.title", "setting": "theme"}"#),
    release(blocks: #"{"id": "b", "type": null, "type": "info", "titleKey": "k.title"}"#),
    release(
      blocks:
        #"{"id": "b", "type": "featureList", "titleKey": "k.nope", "items": [{"id": "i"}, {"id": "i", "titleKey": "k.a"}]}"#
    ),
    release(
      blocks:
        #"{"id": "b", "type": "featureList", "items": [{"id": "i", "titleKey": "k.a", "action": "openSetings"}, {"id": "i", "titleKey": "k.b"}, 7]}"#
    ),
    release(
      blocks:
        #"{"id": "b", "type": "featureList", "items": [{"id": "bad id", "titleKey": "k.a", "descriptionKey": null}]}"#),
    release(
      blocks: #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k.title", "options": ["#
        + #"{"value": "dark"}, {"value": "dark", "labelKey": "k.a"}, {"value": "dark", "labelKey": "k.b"}, "#
        + #"{"value": "drak", "labelKey": "k.c"}, {"value": "light", "labelKey": "k.c", "icon": "mon"}]}"#),
    release(blocks: #"{"id": "b", "type": "choice", "setting": "workoutVeiw", "titleKey": "k.title", "options": []}"#),
    release(
      blocks:
        #"{"id": "b", "type": "choice", "setting": "reviewWeekday", "titleKey": "k.title", "descriptionKey": "k.desc"}"#
    ),
    release(blocks: #"{"id": "b", "type": "choice", "setting": "units", "titleKey": "k.title"}"#),
    release(
      blocks:
        #"{"id": "b", "type": "action", "labelKey": "k.a"}, {"id": "c", "type": "action", "action": 1, "labelKey": "k.a"}"#
    ),
    release(
      blocks:
        #"{"id": "b", "type": "action", "action": "openSettings", "labelKey": "k.\u001b[31m", "supersededIn": "2.14.0"}"#
    ),
    release(
      blocks:
        #"{"id": "b", "type": "info", "titleKey": "k.title", "supersededIn": "soon"}, {"id": "b", "type": "info", "titleKey": "k.a"}"#
    ),
    release(
      blocks:
        #"{"id": "\#(String(repeating: "x", count: 65))", "type": "info", "titleKey": "\#(String(repeating: "k", count: 201))"}"#
    ),
    release(
      blocks: wideObject(20, extra: #""id": "b", "type": "info", "titleKey": "k.title", "f3": 0, "f\u0031\u0039": 0"#)),
    release(
      blocks: wideObject(
        17,
        extra: #""id": "b", "type": "info", "titleKey": "k.title", "title\u212Aey": "k.a", "e\u0301": 1, "\u00e9": 2"#)),
    release(blocks: wideObject(16, extra: #""id": "b", "type": "info", "titleKey": "k.title""#)),
    release(
      blocks:
        #"{"id": "b", "type": "info", "titleKey": "k.title", "x": \#(String(repeating: "[", count: 70))\#(String(repeating: "]", count: 70))}"#
    ),
    release(blocks: #"{"id": "b", "type": "info", "titleKey": "k.title", "n": 1e400}"#),
    release(blocks: #"{"id": -0, "type": "info", "titleKey": "k.title", "n": 1.5e3}"#),
    release(blocks: "{\"id\": \"b\", \"type\": \"info\", \"titleKey\": \"k.ti\u{1}tle\"}"),
    release(blocks: #"{"id": "b", "type": "info", "titleKey": "k.title", "\ud83d\udc4d": "\ud83d"}"#),
    release(blocks: #"{"id": "b", "type": "info", "titleKey": "k.title",}"#),
    release(blocks: #"{"id": "b", "type": "info", "titleKey": "k.title"} x"#),
  ]

  @Test(
    "malformed files give the recorded releases, diagnostics and JSON errors",
    arguments: Array(zip(malformedReleases.indices, malformedReleases)))
  func malformedRelease(index: Int, json: String) {
    let bytes = Array(json.utf8)
    var lines = ["input \(GoldenText.input(bytes))"]
    for (label, keys) in [("with the test English table", testEnglishKeys), ("without the English-table check", nil)] {
      lines.append(label + ":")
      lines += validationText(validation(bytes, englishKeys: keys, fileName: "2.13.1.json"))
    }
    lines.append(GoldenText.json(jsonResult(bytes)))
    GoldenSections.expect(
      lines.joined(separator: "\n"), file: "malformed-releases.txt", case: index, of: Self.malformedReleases.count)
  }

  static let malformedByteInputs: [[UInt8]] = [
    [0xFF],
    [0xEF, 0xBB, 0xBF] + Array(release(blocks: #"{"id": "b", "type": "info", "titleKey": "k.title"}"#).utf8),
    Array(#"{"version": "2.13.1", "pages": [""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""]}"#.utf8),
    Array(#"{"version": "2.13.1", "pa"#.utf8) + [0xC3],
    Array(#"{"version": "2.13.1"}"#.utf8) + [UInt8](repeating: 0x20, count: ReleaseValidator.maximumFileSize),
  ]

  @Test(
    "invalid UTF-8, byte order marks and oversized files give the recorded answers",
    arguments: Array(zip(malformedByteInputs.indices, malformedByteInputs)))
  func malformedBytes(index: Int, bytes: [UInt8]) {
    let lines =
      ["input \(GoldenText.input(bytes))"]
      + validationText(validation(bytes, englishKeys: testEnglishKeys, fileName: "2.13.1.json"))
      + [GoldenText.json(jsonResult(bytes))]
    GoldenSections.expect(
      lines.joined(separator: "\n"), file: "malformed-bytes.txt", case: index, of: Self.malformedByteInputs.count)
  }

  static let manifestTexts = [
    "", "[]", "{}", #"{"releases": "2.11.0"}"#,
    #"{"releases": ["2.11.0", 2, "2.13", "2.11.0", "2.10.1"], "notes": 1}"#,
    #"{"releases": [], "releases": ["2.11.0"], "release": 1}"#, #"{"r\u0065leases": ["2.11.0", "2.11.0 ", null]}"#,
  ]

  @Test("manifests give the recorded entries and diagnostics", arguments: Array(zip(manifestTexts.indices, manifestTexts)))
  func manifests(index: Int, json: String) {
    let result = ReleaseValidator.manifestEntries(Array(json.utf8), displayPath: "m.json")
    let lines =
      ["input \(GoldenText.input(Array(json.utf8)))"]
      + result.entries.map { "  entry \(GoldenText.version($0.version)) index=\($0.index)" }
      + result.diagnostics.map { "  " + GoldenText.diagnostic($0, defaultFile: "m.json") }
    GoldenSections.expect(
      lines.joined(separator: "\n"), file: "manifests.txt", case: index, of: Self.manifestTexts.count)
  }

  static let jsonTexts = [
    "0", "-0", "1e2", "[1, [2, [3]], {}]", #"{"a": {"b": [true, false, null]}, "a": "\u00e9\n"}"#, "[1,]", "{\"a\"}",
    #"["\ud83d\udc4d", "\ud83d"]"#,
    "[" + String(repeating: "{\"a\":[", count: 40) + "1" + String(repeating: "]}", count: 40) + "]",
  ]

  @Test(
    "the JSON reader reads the recorded values and refuses texts with the recorded errors",
    arguments: Array(zip(jsonTexts.indices, jsonTexts)))
  func jsonValues(index: Int, text: String) {
    let bytes = Array(text.utf8)
    let lines = [
      "input \(GoldenText.input(bytes))",
      "  maxDepth 64: " + GoldenText.json(jsonResult(bytes)),
      "  maxDepth 3: " + GoldenText.json(jsonResult(bytes, maxDepth: 3)),
    ]
    GoldenSections.expect(
      lines.joined(separator: "\n"), file: "json-values.txt", case: index, of: Self.jsonTexts.count)
  }

  /// Pieces a mutation may insert: structure, known names, equivalent spellings, bad bytes.
  static let snippets: [[UInt8]] =
    [
      "\"", ",", "{", "}", "[", "]", ":", " ", "\\", "\"id\": \"x\", ", "\"type\": \"info\", ",
      "\"titleKey\": \"k.a\", ",
      "\"title\\u004Bey\": \"k.b\", ", "\"title\u{212A}ey\": \"k.c\", ", "\"value\": \"guided\", ", "\"options\": [], ",
      "\"items\": [{\"id\": \"i\", \"titleKey\": \"k.a\"}], ", "\"supersededIn\": \"9.0.0\", ", "null", "1", "-0.5e1",
      "\"x\"",
      "\"e\u{301}\": 1, ", "\"\\u00e9\": 2, ", "\"icon\": \"star\", ", "\"action\": \"openSettings\", ",
    ].map { Array($0.utf8) } + [[0xFF], [0xC3, 0xA9], [0x01]]

  /// Valid releases to mutate: copies of the releases shipped when the goldens were first
  /// recorded (Goldens/MutationBases/, so editing Releases/ leaves the goldens valid) and a
  /// generated-style one.
  static func mutationBases() throws -> [(fileName: String, bytes: [UInt8])] {
    let directory = GoldenSections.directory + "/MutationBases"
    var bases: [(fileName: String, bytes: [UInt8])] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where name.hasSuffix(".json") {
      let data = try #require(FileManager.default.contents(atPath: directory + "/" + name))
      bases.append((name, Array(data)))
    }
    #expect(bases.count == 5)
    let generated = release(
      blocks: #"""
        {"id": "intro", "type": "info", "titleKey": "k.title", "descriptionKey": "k.desc", "icon": "sparkles"},
        {"id": "view", "type": "choice", "setting": "workoutView", "titleKey": "k.title", "descriptionKey": "k.desc",
         "options": [{"value": "guided", "labelKey": "k.a", "icon": "dumbbell"}, {"value": "inline", "labelKey": "k.b", "icon": "list"}]},
        {"id": "open", "type": "action", "action": "openSettings", "labelKey": "k.c", "descriptionKey": "k.desc", "icon": "settings"},
        {"id": "list", "type": "featureList", "titleKey": "k.title", "items": [
          {"id": "one", "titleKey": "k.a", "descriptionKey": "k.desc", "icon": "run", "action": "openCardioLog"},
          {"id": "two", "titleKey": "k.b", "descriptionKey": "k.desc", "icon": "timer", "action": "openWorkoutSettings"}]}
        """#)
    bases.append(("2.13.1.json", Array(generated.utf8)))
    return bases
  }

  /// Every string value in `bytes` (a valid JSON text), sorted, for an English table that
  /// knows them; sorted so a seed picks the same keys in every process (a `Set`'s order is not).
  static func strings(in bytes: [UInt8]) -> [String] {
    guard let value = try? JSONReader.parse(bytes) else { return [] }
    var result: Set<String> = []
    var pending = [value]
    while let next = pending.popLast() {
      switch next {
      case .string(let text): result.insert(text)
      case .array(let values): pending += values
      case .object(let members): pending += members.map(\.value)
      default: break
      }
    }
    return result.sorted()
  }

  /// One seed's answer: a line with the input's digest (bytes and English keys), the
  /// release's digest and the JSON reader's digest, then the diagnostics in full (or their
  /// digest, on the first line); `full` is the whole answer, for a failure message.
  static func seedText(
    seed: UInt64, fileName: String, bytes: [UInt8], englishKeys: Set<String>?, fullDiagnostics: Bool
  ) -> (lines: [String], full: String, result: (release: Release?, diagnostics: [ReleaseDiagnostic])) {
    let result = validation(bytes, englishKeys: englishKeys, fileName: fileName)
    let json = jsonResult(bytes)
    let header =
      "seed \(seed) \(fileName) input=\(GoldenText.inputDigest(bytes, keys: englishKeys))"
      + " keys=\(GoldenText.keys(englishKeys))"
    let defaultFile = "Releases/\(fileName)"
    var summary = "\(header): \(GoldenText.releaseDigest(result.release))"
    var lines: [String] = []
    if fullDiagnostics {
      lines = result.diagnostics.map { "  " + GoldenText.diagnostic($0, defaultFile: defaultFile) }
    } else {
      summary += "; " + GoldenText.diagnosticsDigest(result.diagnostics, defaultFile: defaultFile)
    }
    summary += "; " + GoldenText.json(json, digest: true)
    let full = ["\(header) (\(bytes.count) bytes)"] + validationText(result, fileName: fileName) + ["  " + GoldenText.json(json)]
    return ([summary] + lines, full.joined(separator: "\n"), result)
  }

  /// Checks a batch of seeds with case `batch` of golden file `name`; a mismatch also shows
  /// the whole current answer of each seed whose lines are not in the golden file.
  static func expectBatch(
    _ answers: [(lines: [String], full: String)], file name: String, batch: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let text = answers.flatMap(\.lines).joined(separator: "\n")
    guard var mismatch = GoldenSections.compare(text, file: name, case: batch, of: 8) else {
      return
    }
    let recorded = Set((GoldenSections.recorded(file: name, case: batch) ?? "").split(separator: "\n").map(String.init))
    let changed = answers.filter { !$0.lines.allSatisfy(recorded.contains) }
    mismatch += "\n\nThe current answers of the \(changed.count) seeds that changed, in full:\n"
    mismatch += changed.map(\.full).joined(separator: "\n")
    Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
  }

  /// The validator's promises on any input, each for a reason: a diagnostic points inside the
  /// file (or nobody can find what it names); its words hold no control characters (they are
  /// printed on a terminal, and the input carries escape sequences); bytes that are not JSON
  /// give no release; a release keeps no empty page; the same bytes give the same answer.
  static func brokenPromise(_ bytes: [UInt8], fileName: String, englishKeys: Set<String>?) -> (
    broken: String?, result: (release: Release?, diagnostics: [ReleaseDiagnostic])
  ) {
    let result = validation(bytes, englishKeys: englishKeys, fileName: fileName)
    return (promiseBroken(bytes, result, fileName: fileName, englishKeys: englishKeys), result)
  }

  /// Which promise `result`, the validator's answer for `bytes`, breaks, if any.
  static func promiseBroken(
    _ bytes: [UInt8], _ result: (release: Release?, diagnostics: [ReleaseDiagnostic]), fileName: String,
    englishKeys: Set<String>?
  ) -> String? {
    let lines = bytes.count { $0 == 0x0A } + 1
    for diagnostic in result.diagnostics {
      let position = diagnostic.position
      if position.line < 1 || position.line > lines || position.column < 1 || position.column > bytes.count + 1 {
        return "a diagnostic at \(position) outside a file of \(lines) lines: \(diagnostic.locatedDescription)"
      }
      if diagnostic.locatedDescription.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        return "a diagnostic with a control character: \(diagnostic.locatedDescription.debugDescription)"
      }
    }
    if result.release != nil, (try? JSONReader.parse(bytes)) == nil { return "bytes that are not JSON gave a release" }
    if let page = result.release?.pages.first(where: \.blocks.isEmpty) { return "an empty page survived: \(page.id)" }
    let again = validation(bytes, englishKeys: englishKeys, fileName: fileName)
    if again.release != result.release
      || again.diagnostics.map(\.locatedDescription) != result.diagnostics.map(\.locatedDescription)
    {
      return "the same bytes gave another answer"
    }
    return nil
  }

  @Test("randomly mutated releases keep the validator's promises, seed by seed", arguments: 0..<8)
  func mutations(batch: Int) throws {
    let bases = try Self.mutationBases()
    var outcomes = (parsed: 0, releaseWithDiagnostics: 0)
    for seed in UInt64(batch * 100)..<UInt64((batch + 1) * 100) {
      var random = SeededRandom(seed: seed)
      let base = bases[Int(seed) % bases.count]
      var bytes = base.bytes
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0...bytes.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...12, using: &random)))
        case 1: bytes.insert(contentsOf: Self.snippets.randomElement(using: &random)!, at: position)
        case 2:
          let start = Int.random(in: 0..<bytes.count, using: &random)
          let copy = Array(bytes[start..<min(bytes.count, start + Int.random(in: 1...200, using: &random))])
          bytes.insert(contentsOf: copy, at: position)
        default: if position < bytes.count { bytes[position] = UInt8.random(in: 0...255, using: &random) }
        }
      }
      // Half the time check keys against a table that knows most of the base's strings.
      let known = Self.strings(in: base.bytes).filter { _ in
        Bool.random(using: &random) || Bool.random(using: &random)
      }
      let keys = seed % 2 == 0 ? nil : Set(known).union(testEnglishKeys)
      let (broken, result) = Self.brokenPromise(bytes, fileName: base.fileName, englishKeys: keys)
      if let broken { Issue.record("seed \(seed) (\(base.fileName)): \(broken)") }
      if (try? JSONReader.parse(bytes)) != nil { outcomes.parsed += 1 }
      if result.release != nil && !result.diagnostics.isEmpty { outcomes.releaseWithDiagnostics += 1 }
    }
    // Most byte edits break the JSON; enough must not, or the validator is barely exercised.
    #expect(outcomes.parsed >= 3 && outcomes.releaseWithDiagnostics >= 2, "\(outcomes)")
  }

  /// Strings a tree mutation may put anywhere: keys, ids, values, versions, and awkward text.
  static let vocabulary = [
    "k.title", "k.a", "k.nope", "intro", "view", "p0", "guided", "inline", "dark", "theme", "workoutView", "info",
    "choice",
    "action", "featureList", "openSettings", "star", "sparkels", "2.14.0", "2.13.1", "2.9.0", "", "bad id", "\u{212A}",
    "e\u{301}", "\u{E9}", "\u{1B}[31m",
  ]
  /// Member names a tree mutation may use: the known fields, near misses and equivalent spellings.
  static let fieldNames = [
    "id", "type", "supersededIn", "titleKey", "descriptionKey", "icon", "setting", "options", "action", "labelKey",
    "items",
    "value", "version", "pages", "blocks", "titelKey", "title\u{212A}ey", "Id", "typ", "e\u{301}", "\u{E9}",
  ]

  /// `value` with a few random edits: members renamed, repeated, dropped or added; elements
  /// repeated or dropped; values replaced by other kinds or other strings.
  static func mutate(_ value: JSONValue, _ random: inout SeededRandom) -> JSONValue {
    if Int.random(in: 0..<100, using: &random) < 4 {
      switch Int.random(in: 0..<6, using: &random) {
      case 0: return .string(vocabulary.randomElement(using: &random)!)
      case 1: return .number(Double(Int.random(in: -2...2, using: &random)))
      case 2: return [.null, .bool(true), .array([]), .object([])].randomElement(using: &random)!
      default: break
      }
    }
    switch value {
    case .array(var values):
      values = values.map { mutate($0, &random) }
      if !values.isEmpty && Int.random(in: 0..<10, using: &random) == 0 {
        let index = Int.random(in: 0..<values.count, using: &random)
        if Bool.random(using: &random) { values.remove(at: index) } else { values.insert(values[index], at: index) }
      }
      return .array(values)
    case .object(var members):
      members = members.map { (key: $0.key, value: mutate($0.value, &random)) }
      for _ in 0..<2 where !members.isEmpty && Int.random(in: 0..<6, using: &random) == 0 {
        let index = Int.random(in: 0..<members.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: members[index].key = fieldNames.randomElement(using: &random)!
        case 1: members.insert(members[index], at: Int.random(in: 0...members.count, using: &random))
        case 2: members.remove(at: index)
        default:
          members.insert(
            (key: fieldNames.randomElement(using: &random)!, value: .string(vocabulary.randomElement(using: &random)!)),
            at: index)
        }
      }
      return .object(members)
    default:
      return value
    }
  }

  @Test("randomly edited release trees keep the validator's promises, and many still give a release", arguments: 0..<8)
  func treeMutations(batch: Int) throws {
    let bases = try Self.mutationBases()
    var releases = 0
    for seed in UInt64(batch * 100)..<UInt64((batch + 1) * 100) {
      var random = SeededRandom(seed: seed)
      let base = bases[Int(seed) % bases.count]
      var text = Self.mutate(try JSONReader.parse(base.bytes), &random).serialized()
      // Sometimes spell a field name with an escape: the reader must decode it before matching.
      if Bool.random(using: &random) {
        let name = Self.fieldNames[Int.random(in: 0..<11, using: &random)]
        let escaped = String(name.dropLast()) + String(format: "\\u%04X", name.unicodeScalars.last!.value)
        text = text.replacingOccurrences(of: "\"\(name)\"", with: "\"\(escaped)\"")
      }
      let known = Self.strings(in: base.bytes).filter { _ in Int.random(in: 0..<10, using: &random) > 0 }
      let keys = seed % 3 == 0 ? nil : Set(known).union(testEnglishKeys)
      let bytes = Array(text.utf8)
      let (broken, result) = Self.brokenPromise(bytes, fileName: base.fileName, englishKeys: keys)
      if let broken { Issue.record("seed \(seed) (\(base.fileName)): \(broken)") }
      // Tree edits keep the JSON whole: the smallest-unit rule must keep releases from most of them.
      if result.release != nil { releases += 1 }
    }
    #expect(releases >= 60, "only \(releases) of 100 edited trees kept a release")
  }

  static let versionTexts = [
    "0.0.0", "2.13.1", "1.2.3.", ".1.2", "1..2", "00.1.2", "1.02.3", "1.2.03", "1.2.0", "10.20.30", "1.2", "1.2.3.4",
    "",
    "...", "123456789012345678.0.0", "1234567890123456789.0.0", "0.0.999999999999999999", "1.2.3a", "-1.2.3",
    "+1.2.3",
    " 1.2.3", "1.2.3 ", "\u{FF11}.2.3", "1.2.\u{0663}",
  ]

  @Test(
    "versions parse in one pass as the recorded split-based parser did",
    arguments: Array(zip(versionTexts.indices, versionTexts)))
  func versions(index: Int, text: String) {
    let line =
      "input \(GoldenText.quoted(text)) version=\(GoldenText.version(Version(text)))"
      + " substring=\(GoldenText.version(Version(text[...])))"
    GoldenSections.expect(
      line, file: "versions.txt", case: index, of: Self.versionTexts.count)
  }

  @Test("random strings of digits and dots parse as recorded")
  func randomVersions() {
    var random = SeededRandom(seed: 7)
    var lines: [String] = []
    for index in 0..<5_000 {
      let text = String(
        (0..<Int.random(in: 0...9, using: &random)).map { _ in "0123456789.".randomElement(using: &random)! })
      if let version = Version(text) {
        lines.append("#\(index) \(GoldenText.quoted(text)) version=\(GoldenText.version(version))")
      }
    }
    lines.insert("\(lines.count) of 5000 random texts parse (listed); the others give nil", at: 0)
    GoldenSections.expect(
      lines.joined(separator: "\n"), file: "random-versions.txt", case: 0, of: 1)
  }

  // MARK: A messy library

  /// A release directory with good, broken, missing, unlisted and duplicate entries.
  static func messyLibrary(count: Int) -> (manifest: [UInt8], files: [String: [UInt8]]) {
    var versions: [String] = []
    var files: [String: [UInt8]] = [:]
    for index in 0..<count {
      let version = "3.\(index / 10).\(index % 10)"
      versions.append(version)
      let block: String
      switch index % 7 {
      case 0: block = #"{"id": "b", "type": "info", "titleKey": "k.nope"}"#
      case 1:
        block =
          #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k.title", "options": [{"value": "dark", "labelKey": "k.a"}]}"#
      case 2: continue  // registered, no file
      case 3: block = #"{"id": "b", "type": "info", "titleKey": "k.title", "titelKey": 1}"#
      default:
        block =
          #"{"id": "b", "type": "info", "titleKey": "k.title"}, {"id": "c", "type": "action", "action": "openSettings", "labelKey": "k.a"}"#
      }
      let text =
        #"{"version": "\#(index % 11 == 5 ? "3.0.0" : version)", "pages": [{"id": "p", "blocks": [\#(block)]}]}"#
      files["\(version).json"] = Array(text.utf8)
    }
    files["4.0.0.json"] = Array("{".utf8)
    files["notes.json"] = []
    files["README.md"] = []
    let manifest = #"{"releases": [\#(versions.reversed().map { "\"\($0)\"" }.joined(separator: ", ")), "3.0.1", 5]}"#
    return (Array(manifest.utf8), files)
  }

  static let libraryCounts = [0, 1, 5, 40, 300]

  /// A load's answer: every release (in full for small libraries, else by digest), then
  /// every diagnostic (in full, or by digest for the largest library).
  static func loadText(_ result: (releases: [Release], diagnostics: [ReleaseDiagnostic]), count: Int) -> String {
    let releases = result.releases.flatMap { release in
      count <= 5 ? GoldenText.release(release) : [GoldenText.releaseDigest(release)]
    }
    let diagnostics =
      count <= 40 ? result.diagnostics.map { GoldenText.diagnostic($0) } : [GoldenText.diagnosticsDigest(result.diagnostics)]
    return (["messy library of \(count) files: \(result.releases.count) releases"] + (releases + diagnostics).map { "  " + $0 })
      .joined(separator: "\n")
  }

  @Test(
    "loading a messy library gives the recorded releases and diagnostics, in order",
    arguments: Array(zip(libraryCounts.indices, libraryCounts)))
  func concurrentLoad(index: Int, count: Int) {
    let (manifest, files) = Self.messyLibrary(count: count)
    let load = ReleaseLibrary.load(
      manifest: manifest, manifestDisplayPath: "R/manifest.json", files: files, directoryDisplayPath: "R",
      englishKeys: testEnglishKeys)
    #expect(count == 0 || load.releases.count > count / 2)
    GoldenSections.expect(
      Self.loadText(load, count: count), file: "concurrent-load.txt", case: index, of: Self.libraryCounts.count)
  }

  // MARK: The golden text

  @Test(
    "the golden text writes every stored property of a release and a diagnostic",
    arguments: [
      (
        Release(version: Version(major: 1, minor: 2, patch: 3), pages: []) as any Sendable,
        ["version", "pages", "date", "defaultChanges"]
      ),
      (Page(id: "p", blocks: []), ["id", "blocks", "supersededIn"]),
      (Block(id: "b", content: .info(InfoBlock(titleKey: "k"))), ["id", "supersededIn", "when", "content"]),
      (InfoBlock(titleKey: "k"), ["titleKey", "descriptionKey", "icon"]),
      (
        ChoiceBlock(setting: .theme, titleKey: "k", options: []),
        ["setting", "titleKey", "descriptionKey", "options", "newDefault"]
      ),
      (ChoiceOption(value: "v", labelKey: nil), ["value", "labelKey", "icon"]),
      (ActionBlock(action: .openSettings, labelKey: "k"), ["action", "labelKey", "descriptionKey", "icon"]),
      (FeatureListBlock(items: []), ["titleKey", "items"]),
      (FeatureItem(id: "i", titleKey: "k"), ["id", "titleKey", "descriptionKey", "icon", "action"]),
      (
        ReleaseDiagnostic(file: "f", path: "p", message: "m", severity: .dropped),
        ["file", "path", "message", "severity", "position", "rule"]
      ),
      (JSONReadError(line: 1, column: 1, reason: "r"), ["line", "column", "reason"]),
    ] as [(any Sendable, [String])])
  func goldenTextFields(value: any Sendable, fields: [String]) {
    // A new field needs a place in GoldenText (and re-recorded goldens) before this passes.
    #expect(Mirror(reflecting: value).children.compactMap(\.label) == fields)
  }

  @Test("the golden text is one ASCII line per value, with equivalent spellings kept apart")
  func goldenTextQuoting() {
    #expect(GoldenText.quoted("a\"b\\c\u{1B}\n\u{E9}e\u{301}\u{212A}") == #""a\"b\\c\u{1B}\u{A}\u{E9}e\u{301}\u{212A}""#)
    #expect(GoldenText.input([0x41, 0x22, 0x5C, 0x0A, 0xFF]) == #"5 bytes: A"\\\x0A\xFF"#)
    #expect(GoldenText.json(.array([.number(-0.0), .number(0), .number(1500)])) == "[-0.0, 0.0, 1500.0]")
    #expect(GoldenText.fnv1a64("") == "CBF29CE484222325" && GoldenText.fnv1a64("a") == "AF63DC4C8601EC8C")
  }
}
