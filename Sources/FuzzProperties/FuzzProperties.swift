import WhatsNewApp
import WhatsNewCore
import WhatsNewStore

/// The properties `make fuzz` checks, one per libFuzzer target in `Fuzz/`, kept here so the
/// fuzzers and the regression replay in `make test` run exactly the same checks.
///
/// Each takes any bytes and returns `nil` when the property holds, or what went wrong. A trap
/// inside the code under test is a failure too: libFuzzer reports it as a crash, and the
/// replay test process stops on it. A crash the fuzzer finds is saved in `Fuzz/Regressions/`
/// under its artifact name (`<target>-crash-<sha1>`), and `FuzzRegressionTests` replays it.
///
/// ```swift
/// FuzzProperties.check(target: "fuzz-version", Array("1.2.3".utf8))   // nil
/// ```
public enum FuzzProperties {
  /// The fuzz targets, by product name.
  public static let targets: [String: @Sendable ([UInt8]) -> String?] = [
    "fuzz-release": release,
    "fuzz-version": version,
    "fuzz-strings": strings,
    "fuzz-compiled-strings": compiledStrings,
    "fuzz-commands": commands,
    "fuzz-restore": restore,
  ]

  /// Runs `target`'s property on `bytes`; `"unknown fuzz target"` for a name not in ``targets``.
  public static func check(target: String, _ bytes: [UInt8]) -> String? {
    guard let property = targets[target] else { return "unknown fuzz target \(target)" }
    return property(bytes)
  }

  /// Release validation: any bytes, as a release file and as a manifest. A release that
  /// validates goes through flow selection and preview, and never keeps an empty page; every
  /// diagnostic's line and column lie inside the file.
  public static func release(_ bytes: [UInt8]) -> String? {
    let englishKeys: Set<String> = ["whatsNew.v2_13_1.workoutView.intro.title", "whatsNew.v2_13_1.workoutView.view.title"]
    let result = ReleaseValidator.validate(
      bytes, fileName: "2.13.1.json", displayPath: "Releases/2.13.1.json", englishKeys: englishKeys)
    if let release = result.release {
      _ = selectFlow(releases: [release], seenThrough: nil, current: Version(major: 99, minor: 0, patch: 0))
      for page in previewRelease(release, asOf: release.version) where page.page.blocks.isEmpty {
        return "an empty page survived: \(page.page.id)"
      }
    }
    // Every diagnostic points inside the file.
    let lines = bytes.count { $0 == 0x0A } + 1
    for diagnostic in result.diagnostics {
      _ = diagnostic.description
      let position = diagnostic.position
      if position.line < 1 || position.line > lines || position.column < 1 || position.column > bytes.count + 1 {
        return "diagnostic at \(position) outside a file of \(lines) lines: \(diagnostic.locatedDescription)"
      }
    }
    _ = ReleaseValidator.manifestEntries(bytes, displayPath: "Releases/manifest.json")
    return nil
  }

  /// Version parsing: whatever parses prints back to exactly the text it came from.
  public static func version(_ bytes: [UInt8]) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let version = Version(text) else { return nil }
    if version.description != text { return "\(text) parsed as \(version)" }
    if Version(version.description) != version { return "\(version) does not parse back" }
    return nil
  }

  /// `.strings` loading through Foundation's `PropertyListSerialization`: any bytes give a
  /// table or a `LocalizationError`, and no escape survives the sanitizer.
  public static func strings(_ bytes: [UInt8]) -> String? {
    // lint's scan for key lines takes any bytes too.
    let lines = bytes.count { $0 == 0x0A } + 1
    for (key, position) in StringsKeyPositions.survey(bytes).positions where position.line < 1 || position.line > lines {
      return "key \(key.debugDescription) found at \(position), outside a file of \(lines) lines"
    }
    guard let table = try? StringsTable.parse(bytes) else { return nil }
    for (key, value) in table {
      let cleaned = TextSanitizer.clean(key) + TextSanitizer.clean(value)
      if cleaned.unicodeScalars.contains(where: { $0.value == 0x1B || $0.value == 0x9B }) {
        return "an escape survived the sanitizer in \(key.debugDescription)"
      }
    }
    return nil
  }

  /// Compiled translation tables, both ways: any bytes decode to a table or to nil, and a
  /// decoded table re-encodes to one that decodes the same; a table parsed from the bytes
  /// survives compiling, and is refused for any other source.
  public static func compiledStrings(_ bytes: [UInt8]) -> String? {
    let otherSource = Array("another source".utf8)
    if let table = CompiledStringsTable.decode(bytes, source: otherSource) {
      let again = CompiledStringsTable.encode(table.entries, source: otherSource)
      if CompiledStringsTable.decode(again, source: otherSource) != table { return "a decoded table did not survive re-encoding" }
    }
    if let table = try? StringsTable.parse(bytes) {
      let compiled = CompiledStringsTable.encode(table, source: bytes)
      if CompiledStringsTable.decode(compiled, source: bytes) != TranslationTable(table) {
        return "a parsed table did not survive compiling"
      }
      if bytes != otherSource, CompiledStringsTable.decode(compiled, source: otherSource) != nil {
        return "a compiled table was accepted for another source"
      }
    }
    return nil
  }

  /// REPL command parsing: any line goes through the sanitizer, the tokenizer, the QA and
  /// option parsers and completion; a fault spec that parses prints back to itself.
  public static func commands(_ bytes: [UInt8]) -> String? {
    let clean = TextSanitizer.clean(String(decoding: bytes, as: UTF8.self))
    let words = CommandTokenizer.split(clean)
    if let verb = words.first {
      _ = try? QACommand.parse(verb: verb, Array(words.dropFirst()))
      _ = CommandTable.find(verb.lowercased())
    }
    _ = try? Options.parse(words, environment: ["HOME": "/tmp"])
    if let spec = try? FaultSpec.parse(clean), (try? FaultSpec.parse(spec.description)) != spec {
      return "\(spec) does not round-trip"
    }
    _ = CompletionVocabulary(versions: ["2.13.1"], guidanceIDs: [], infoIDs: []).candidates(forLine: clean)
    return nil
  }

  /// Restore's vetting: any bytes, as a backup, restored into a scratch in-memory store. A
  /// refusal names the file first, is one of restore's own kinds and carries no
  /// control character (a hostile name is quoted); bytes that pass leave the store with
  /// exactly the schema whatsnew creates, passing the integrity check.
  public static func restore(_ bytes: [UInt8]) -> String? {
    let path = "/backups/fuzz.sqlite"
    do {
      return try StoreRestore.scratch(bytes, path: path)
    } catch {
      let message = error.description
      guard message.hasPrefix(path + " ") || message.hasPrefix("cannot restore \(path): ") else {
        return "a refusal that does not start with the file: \(message.debugDescription)"
      }
      if message.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
        return "a control character reached the message: \(message.debugDescription)"
      }
      switch error.kind {
      case .notABackup, .newerSchema, .backupInUse: return nil
      default: return "an unexpected kind of refusal: \(message.debugDescription)"
      }
    }
  }
}
