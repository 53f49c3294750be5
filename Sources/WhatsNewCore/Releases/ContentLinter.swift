/// Checks release content and translations before they ship (the "registry test").
///
/// Checks, in this order (so output is deterministic):
/// 1. The manifest exists and is valid.
/// 2. Each release file, in version order (then unversioned names in byte order):
///    it is registered, and it validates with no diagnostic at all (warnings count).
///    Every `.json` file is validated, registered or not; every registered version has a file.
/// 3. For each language in ``Language/allCases`` order: its table could be read; every
///    content key used by a release file (any `titleKey`, `descriptionKey` or `labelKey`
///    string, even in a unit the validator drops) and every required UI key is present and
///    not blank, at most ``maximumTextLength`` characters, not a `TODO:` placeholder (``ReleaseScaffold/isUntranslated(_:)``, what
///    `whatsnew new-release` writes), and fills in the same arguments as English (``Localizer/argumentsUsed(by:)``:
///    a release text's `%@` is the reminder's time, which no translation may write out), in key order.
/// 4. Orphans, per language then key: a `whatsNew.` key no release uses and the UI does not
///    require, and any key of a non-English table that English lacks. A key of a release that
///    did not load (its file missing, unreadable or not JSON, its release dropped, or with no
///    pages) is no orphan: those keys are counted in one ``LintProblem/Severity/note`` at that
///    release's file, after its own problem, so the author fixes the release instead of
///    deleting its translations.
///    Then, per language, each later entry of a key a table writes twice (the last one wins,
///    silently, in PropertyListSerialization) and each text holding a control or a
///    bidirectional override the app strips (``isHiddenCharacter(_:)``): warnings.
/// 5. One name per option, per language then release file: a choice option's `labelKey`
///    must say exactly what its setting's value name (`ui.value.<setting>.<value>`) says,
///    since the page, the confirmation, the settings screen and `set` all use that name.
///
/// Translation keys are not checked against English during validation here; step 3
/// reports them once per language instead. Severities and positions are as
/// Documentation/Authoring.md ("What lint prints") describes them.
///
/// ```swift
/// let problems = ContentLinter.lint(
///   manifest: manifest, releaseFiles: files, releasesDisplayDirectory: "Releases",
///   tables: tables, missingTables: [:], requiredUIKeys: uiKeys, localizationsDisplayDirectory: "Localizations")
/// problems.forEach { print($0) }
/// ```
package enum ContentLinter {
  /// The prefix of content keys, owned by release files.
  package static let contentKeyPrefix = "whatsNew."

  /// Lints release files (by name; `manifest.json` among them is skipped) and localization
  /// tables: `tables` holds each language's `Localizable.strings` that could be read, and
  /// `releaseTables` its per-release `<version>.strings` by file name, with their bytes in
  /// `tableSources` and `releaseTableSources` to find a key's line (a file left out has its
  /// problems at 1:1). `missingTables` and the `unreadable…` arguments say why a file that is
  /// there could not be read or parsed (`manifest` is then `nil`, as when it is missing);
  /// `requiredUIKeys` are the `ui.*` and `guidance.*` keys the app uses; the display
  /// directories (`Releases`, `Localizations`) are how problems name the files.
  package static func lint(
    manifest: [UInt8]?, releaseFiles: [String: [UInt8]], releasesDisplayDirectory: String, tables: [Language: TranslationTable],
    missingTables: [Language: String], requiredUIKeys: Set<String>, localizationsDisplayDirectory: String,
    tableSources: [Language: [UInt8]] = [:], unreadableReleaseFiles: [String: String] = [:],
    unreadableManifest: String? = nil, releaseTables: [Language: [String: TranslationTable]] = [:],
    releaseTableSources: [Language: [String: [UInt8]]] = [:], unreadableReleaseTables: [Language: [String: String]] = [:]
  ) -> [LintProblem] {
    var problems: [LintProblem] = []
    let manifestPath = ReleaseLibrary.join(releasesDisplayDirectory, ReleaseLibrary.manifestFileName)

    // 1. Manifest.
    var registered: [String: ManifestEntry] = [:]  // file name → its entry
    if let manifest {
      let result = ReleaseValidator.manifestEntries(manifest, displayPath: manifestPath)
      problems += result.diagnostics.map(problem)
      for entry in result.entries { registered["\(entry.version).json"] = entry }
    } else {
      let message =
        unreadableManifest.map { "manifest.json cannot be read: \($0); replace it with a regular file listing every release" }
        ?? "manifest.json is missing; list every release in it"
      problems.append(LintProblem(file: manifestPath, path: "", message: message, rule: .manifest))
    }

    // 2. Release files.
    var usedKeys: [String: String] = [:]  // key → first file using it
    var optionLabels: [OptionLabel] = []
    let releaseNames = releaseFiles.keys.filter { $0.hasSuffix(".json") && $0 != ReleaseLibrary.manifestFileName }
    var allNames = Set(releaseNames)
    if manifest != nil { allNames.formUnion(registered.keys) }
    var missingEntries: [(problem: Int, offset: Int)] = []
    var unloaded = UnloadedReleases()
    var declared: [Version: (file: String, changes: [DefaultChange])] = [:]
    for name in allNames.sorted(by: ReleaseLibrary.fileNameOrder) {
      let displayPath = ReleaseLibrary.join(releasesDisplayDirectory, name)
      guard let bytes = releaseFiles[name] else {
        let entry = registered[name]
        problems.append(
          LintProblem(
            file: manifestPath, path: "releases[\(entry?.index ?? 0)]",
            message: unreadableReleaseFiles[name].map {
              "\(name.dropLast(5)) is registered but \(displayPath) cannot be read: \($0); replace it with the release file"
            } ?? "\(name.dropLast(5)) is registered but \(displayPath) does not exist; add the file or remove the entry",
            rule: .missingRelease))
        // Positioned below, all in one pass over the manifest (one pass each was quadratic).
        missingEntries.append((problem: problems.count - 1, offset: entry?.offset ?? 0))
        unloaded.add(fileName: name, displayPath: displayPath, after: problems.count)
        continue
      }
      if registered[name] == nil {
        problems.append(
          LintProblem(
            file: displayPath, path: "", message: "not listed in manifest.json; add it to load it", severity: .warning,
            rule: .unregisteredRelease))
      }
      let result = ReleaseValidator.validate(bytes, fileName: name, displayPath: displayPath, englishKeys: nil)
      problems += result.diagnostics.map(problem)
      if let release = result.release { declared[release.version] = (displayPath, release.defaultChanges) }
      if result.release?.pages.isEmpty ?? true {
        unloaded.add(fileName: name, displayPath: displayPath, after: problems.count)
      }
      if bytes.count <= ReleaseValidator.maximumFileSize, let document = try? JSONReader.parse(bytes) {
        collectKeys(in: document, file: displayPath, into: &usedKeys)
        optionLabels += self.optionLabels(in: document, file: displayPath)
      }
    }

    // Each default the vocabulary changes, up to the newest release, is declared by its release.
    for (change, version) in DefaultChange.recorded
    where declared.keys.max().map({ version <= $0 }) ?? false && !(declared[version]?.changes.contains(change) ?? false) {
      problems.append(
        LintProblem(
          file: declared[version]?.file ?? ReleaseLibrary.join(releasesDisplayDirectory, "\(version).json"),
          path: "defaultChanges",
          message: "Vocabulary.swift changes the default of \(change.setting.rawValue) from \(change.from) to \(change.to) in "
            + "\(version), and no release says so; add {\"setting\": \"\(change.setting.rawValue)\", \"from\": \"\(change.from)\", "
            + "\"to\": \"\(change.to)\"} to the defaultChanges of \(version)",
          rule: .undeclaredDefaultChange))
    }

    // A key is read from the table of the registered release its prefix names (the catalog's
    // rule): keys whose prefix names none (a pre-release left on its final version's keys,
    // `whatsNew.v2_15_0` in 2.15.0-rc.1.json) show nothing, though another table holds them.
    let registeredPrefixes = Set(registered.values.map { ReleaseScaffold.keyPrefix(for: $0.version) })
    var unread: [String: [(key: String, prefix: Substring)]] = [:]  // "<file> <prefix>" → its keys
    for key in usedKeys.keys.sorted() {
      guard let prefix = ReleaseScaffold.releasePrefix(of: key), !registeredPrefixes.contains(String(prefix)),
        let file = usedKeys[key]
      else { continue }
      unread["\(file) \(prefix)", default: []].append((key, prefix))
    }
    for (_, keys) in unread.sorted(by: { $0.key < $1.key }) {
      guard let (first, prefix) = keys.first, let file = usedKeys[first] else { continue }
      let name = String(file.split(separator: "/").last ?? "")
      // Named at the key that comes first in the file.
      let offsets = keys.map { key in releaseFiles[name]?.firstRange(of: Array("\"\(key.key)\"".utf8))?.lowerBound ?? .max }
      let own = Version(String(name.dropLast(5))).map { ReleaseScaffold.keyPrefix(for: $0) }
      let subject = keys.count > 1 ? "this and \(keys.count - 1) more keys start" : "this key starts"
      let ownKeys = own.map { "; this release's keys start with \($0), in its own table" } ?? ""
      let earliest = offsets.indices.min { offsets[$0] < offsets[$1] } ?? 0
      var problem = LintProblem(
        file: file, path: keys[earliest].key,
        message: "\(subject) with \(prefix), which names no registered release: the app never reads their table, "
          + "and their blocks show nothing" + ownKeys,
        rule: .keyOfNoRelease)
      if let bytes = releaseFiles[name], offsets[earliest] != .max {
        problem.position = SourcePosition.of(offset: offsets[earliest] + 1, in: bytes)
      }
      problems.append(problem)
    }

    let positions = SourcePosition.of(offsets: missingEntries.map(\.offset), in: manifest ?? [])
    for (entry, position) in zip(missingEntries, positions) { problems[entry.problem].position = position }

    // 3. Tables and translations: each language's tables as one, each key named at the file
    // it is in (or belongs in: its release's `<version>.strings`, else `Localizable.strings`).
    let versions = allNames.compactMap { $0.hasSuffix(".json") ? Version(String($0.dropLast(5))) : nil }
    let layout = TableLayout(
      tables: tables, releaseTables: releaseTables, releaseVersions: versions,
      localizationsDisplayDirectory: localizationsDisplayDirectory)
    let appTablePath = { (language: Language) in layout.path(language, TableLayout.appTable) }
    let requiredKeys = Set(usedKeys.keys).union(requiredUIKeys).sorted()
    for language in Language.allCases {
      for (name, reason) in (unreadableReleaseTables[language] ?? [:]).sorted(by: { $0.key < $1.key }) {
        problems.append(
          unreadableTable(file: layout.path(language, name), reason: reason, source: releaseTableSources[language]?[name]))
      }
      guard let table = layout.merged[language] else {
        problems.append(
          unreadableTable(
            file: appTablePath(language), reason: missingTables[language] ?? "the table is missing",
            source: tableSources[language]))
        continue
      }
      for key in requiredKeys {
        let user = usedKeys[key].map { "used by \($0)" } ?? "required by the app"
        let translationProblem = { (message: String, rule: LintRule) in
          LintProblem(file: layout.path(of: key, language), path: key, message: message, rule: rule)
        }
        guard let text = table[key] else {
          problems.append(translationProblem("missing \(language.nativeName) translation (\(user))", .missingTranslation))
          continue
        }
        if text.trimmingWhitespace().isEmpty {
          problems.append(translationProblem("empty \(language.nativeName) translation (\(user))", .emptyTranslation))
        } else if text.unicodeScalars.count > maximumTextLength {
          problems.append(
            translationProblem(
              "\(language.nativeName) text of \(text.unicodeScalars.count) characters (\(user)), over the "
                + "\(maximumTextLength)-character limit for one text; a page shows it whole: shorten it or split it",
              .textTooLong))
        } else if ReleaseScaffold.isUntranslated(text) {
          problems.append(
            translationProblem(
              "untranslated \(language.nativeName) text (\(user)): replace the TODO text with the real one", .untranslated))
        } else if language != .en, let english = layout.merged[.en]?[key],
          Localizer.argumentsUsed(by: text) != Localizer.argumentsUsed(by: english)
        {
          problems.append(
            translationProblem(
              placeholderMismatch(language, Localizer.argumentsUsed(by: text), Localizer.argumentsUsed(by: english)),
              .placeholders))
        }
      }
    }

    // 4. Orphans, then keys kept in another file than their own.
    let english = layout.merged[.en]
    for language in Language.allCases {
      guard let table = layout.merged[language] else { continue }
      for key in table.keys.sorted() {
        if language != .en, let english, english[key] == nil {
          problems.append(
            LintProblem(
              file: layout.path(of: key, language), path: key,
              message: "orphan key: not in the English table; remove it or add it to English", severity: .warning,
              rule: .keyNotInEnglish))
        } else if key.hasPrefix(contentKeyPrefix), usedKeys[key] == nil, !requiredUIKeys.contains(key) {
          if unloaded.claim(key, language: language) { continue }
          problems.append(
            LintProblem(
              file: layout.path(of: key, language), path: key, message: "orphan key: no release uses it; remove it",
              severity: .warning,
              rule: .orphanKey))
        }
      }
    }

    problems += layout.misplacedKeys()

    // 4b. Keys written twice, and characters the app strips, file by file.
    for language in Language.allCases {
      guard let table = tables[language] else { continue }
      problems += tableWarnings(
        file: appTablePath(language), language: language, table: table, source: tableSources[language])
      for (name, releaseTable) in (releaseTables[language] ?? [:]).sorted(by: { $0.key < $1.key }) {
        problems += tableWarnings(
          file: layout.path(language, name), language: language, table: releaseTable,
          source: releaseTableSources[language]?[name])
      }
    }

    // 5. Option labels against the vocabulary's value names.
    for language in Language.allCases {
      guard let table = layout.merged[language] else { continue }
      for option in optionLabels {
        guard let setting = Setting(rawValue: option.setting), setting.accepts(option.value),
          let label = table[option.labelKey], let name = table[setting.valueKey(option.value)], label != name
        else { continue }
        problems.append(
          LintProblem(
            file: layout.path(of: option.labelKey, language), path: option.labelKey,
            message:
              "the \(language.nativeName) label \"\(label)\" (\(option.file), \(option.path)) differs from the name of "
              + "\(setting.rawValue) = \(option.value), \"\(name)\" (\(setting.valueKey(option.value))): an option has one name "
              + "on the page, in the confirmation and on the settings screen; make the two say the same",
            severity: .warning, rule: .optionLabel))
      }
    }

    // Table problems point at their key's entry, in the file named.
    var sources: [(file: String, bytes: [UInt8])] = []
    for language in Language.allCases {
      if let source = tableSources[language] { sources.append((appTablePath(language), source)) }
      for (name, source) in (releaseTableSources[language] ?? [:]).sorted(by: { $0.key < $1.key }) {
        sources.append((layout.path(language, name), source))
      }
    }
    for (file, source) in sources {
      let indices = problems.indices.filter { problems[$0].file == file && !problems[$0].path.isEmpty }
      guard !indices.isEmpty else { continue }
      let positions = StringsKeyPositions.survey(source).positions
      for index in indices {
        // A problem placed already (a repeated key, at its later entry) keeps its place.
        if problems[index].position == .start, let position = positions[problems[index].path] {
          problems[index].position = position
        }
      }
    }
    // Each note goes right after its release's own problems.
    for (index, note) in unloaded.notes.reversed() { problems.insert(note, at: index) }
    // A file's problems in line order, the files in the order first named; a release's note on
    // what did not load stays after its problems.
    var fileOrder: [String: Int] = [:]
    for problem in problems where fileOrder[problem.file] == nil { fileOrder[problem.file] = fileOrder.count }
    let order = { (index: Int) in
      let problem = problems[index]
      return [
        fileOrder[problem.file] ?? 0, problem.rule == .unloadedReleaseKeys ? 1 : 0, problem.position.line,
        problem.position.column, index,
      ]
    }
    return problems.indices.sorted { order($0).lexicographicallyPrecedes(order($1)) }.map { problems[$0] }
  }

  /// The line a `.strings` syntax error names (`… on line 3 …`, the last such), column 1; else 1:1.
  static func syntaxErrorPosition(in reason: String) -> SourcePosition {
    guard let range = reason.ranges(of: "on line ").last else { return .start }
    let digits = reason[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
    guard let line = Int(digits), line > 0 else { return .start }
    return SourcePosition(line: line, column: 1)
  }

  /// Why a translation's placeholders are wrong: each language must fill in the same
  /// arguments as English (in any order), or the text loses a value, or shows a literal one
  /// (like a time written out) where English shows the app's.
  private static func placeholderMismatch(_ language: Language, _ used: Set<Int>, _ english: Set<Int>) -> String {
    func list(_ arguments: Set<Int>) -> String {
      arguments.isEmpty ? "none" : arguments.sorted().map { "\($0)" }.joined(separator: ", ")
    }
    return "the \(language.nativeName) translation fills in arguments \(list(used)), English \(list(english)); "
      + "use the same placeholders (%@, or %1$@, %2$@ in another order)"
  }

  /// A choice option's label key in a release file, and where it is.
  struct OptionLabel: Sendable {
    var file: String
    var path: String
    var setting: String
    var value: String
    var labelKey: String
  }

  /// The longest one translated text may be, in characters (Unicode scalars): 4,000, about
  /// five times the longest shipped text. A page renders each text whole, so a 10 MB one made
  /// every render of its page take seconds (issue 16).
  package static let maximumTextLength = 4000

  /// Every `labelKey` of a choice option, in file order: `pages[i].blocks[j].options[k]`.
  static func optionLabels(in document: JSONValue, file: String) -> [OptionLabel] {
    var labels: [OptionLabel] = []
    guard case .array(let pages)? = document.member("pages") else { return [] }
    for (pageIndex, page) in pages.enumerated() {
      guard case .array(let blocks)? = page.member("blocks") else { continue }
      for (blockIndex, block) in blocks.enumerated() {
        guard case .string("choice")? = block.member("type"), case .string(let setting)? = block.member("setting"),
          case .array(let options)? = block.member("options")
        else { continue }
        for (optionIndex, option) in options.enumerated() {
          guard case .string(let value)? = option.member("value"), case .string(let labelKey)? = option.member("labelKey") else {
            continue
          }
          labels.append(
            OptionLabel(
              file: file, path: "pages[\(pageIndex)].blocks[\(blockIndex)].options[\(optionIndex)].labelKey",
              setting: setting, value: value, labelKey: labelKey))
        }
      }
    }
    return labels
  }

  private static func problem(_ diagnostic: ReleaseDiagnostic) -> LintProblem {
    let rule: LintRule =
      if let rule = diagnostic.rule {
        rule
      } else if diagnostic.file.hasSuffix("/" + ReleaseLibrary.manifestFileName)
        || diagnostic.file == ReleaseLibrary.manifestFileName
      {
        .manifest
      } else if diagnostic.message.hasPrefix(JSONReadError.descriptionPrefix) {
        .jsonSyntax
      } else {
        diagnostic.severity == .dropped ? .releaseDropped : .releaseWarning
      }
    return LintProblem(
      file: diagnostic.file, path: diagnostic.path, message: diagnostic.message,
      severity: diagnostic.severity == .dropped ? .error : .warning, rule: rule, position: diagnostic.position)
  }

  private static let keyFields: Set<String> = ["titleKey", "descriptionKey", "labelKey"]

  /// Every string under a `titleKey`, `descriptionKey` or `labelKey` member, anywhere.
  private static func collectKeys(in document: JSONValue, file: String, into keys: inout [String: String]) {
    var pending: [JSONValue] = [document]
    while let value = pending.popLast() {
      switch value {
      case .array(let elements):
        pending.append(contentsOf: elements)
      case .object(let members):
        for member in members {
          if keyFields.contains(member.key), case .string(let key) = member.value, ReleaseValidator.isValidKey(key) {
            if keys[key] == nil { keys[key] = file }
          } else {
            pending.append(member.value)
          }
        }
      default: break
      }
    }
  }
}
