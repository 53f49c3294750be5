/// One problem the content linter found.
///
/// ```swift
/// LintProblem(file: "Releases/2.13.1.json", path: "pages[0].blocks[1].setting", message: "unknown setting …").description
/// // "Releases/2.13.1.json: pages[0].blocks[1].setting: unknown setting …"
/// ```
public struct LintProblem: Sendable, Hashable, CustomStringConvertible {
  /// The file as people should see it.
  public var file: String
  /// Where in the file: a JSON path for releases, the key for localization tables; may be empty.
  public var path: String
  /// What is wrong and how to fix it.
  public var message: String

  /// Creates a problem.
  public init(file: String, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  /// `file: path: message`, or `file: message` when the path is empty.
  public var description: String {
    path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
  }
}

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
///    not blank, not a `TODO:` placeholder (``ReleaseScaffold/isUntranslated(_:)``, what
///    `whatsnew new-release` writes), and fills in the same arguments as English (``Localizer/argumentsUsed(by:)``:
///    a release text's `%@` is the reminder's time, which no translation may write out), in key order.
/// 4. Orphans, per language then key: a `whatsNew.` key no release uses and the UI does not
///    require, and any key of a non-English table that English lacks.
/// 5. One name per option, per language then release file: a choice option's `labelKey`
///    must say exactly what its setting's value name (`ui.value.<setting>.<value>`) says,
///    since the page, the confirmation, the settings screen and `set` all use that name.
///
/// Translation keys are not checked against English during validation here; step 3
/// reports them once per language instead.
///
/// ```swift
/// let problems = ContentLinter.lint(
///   manifest: manifest, releaseFiles: files, releasesDisplayDirectory: "Releases",
///   tables: tables, missingTables: [:], requiredUIKeys: uiKeys, localizationsDisplayDirectory: "Localizations")
/// problems.forEach { print($0) }
/// ```
public enum ContentLinter {
  /// The prefix of content keys, owned by release files.
  public static let contentKeyPrefix = "whatsNew."

  /// Lints release files and localization tables.
  ///
  /// - Parameters:
  ///   - manifest: `manifest.json`'s bytes, or `nil` when missing.
  ///   - releaseFiles: the release directory's files by name (`manifest.json` is skipped if present).
  ///   - releasesDisplayDirectory: how problems name the release directory, like `Releases`.
  ///   - tables: the localization tables that could be read.
  ///   - missingTables: for a table that could not be read, the reason.
  ///   - requiredUIKeys: the `ui.*` and `guidance.*` keys the app uses.
  ///   - localizationsDisplayDirectory: how problems name the localization directory, like `Localizations`.
  public static func lint(
    manifest: [UInt8]?, releaseFiles: [String: [UInt8]], releasesDisplayDirectory: String, tables: [Language: TranslationTable],
    missingTables: [Language: String], requiredUIKeys: Set<String>, localizationsDisplayDirectory: String
  ) -> [LintProblem] {
    var problems: [LintProblem] = []
    let manifestPath = ReleaseLibrary.join(releasesDisplayDirectory, ReleaseLibrary.manifestFileName)

    // 1. Manifest.
    var registered: [String: Int] = [:]  // file name → index in `releases`
    if let manifest {
      let result = ReleaseValidator.manifestEntries(manifest, displayPath: manifestPath)
      problems += result.diagnostics.map(problem)
      for entry in result.entries { registered["\(entry.version).json"] = entry.index }
    } else {
      problems.append(LintProblem(file: manifestPath, path: "", message: "manifest.json is missing; list every release in it"))
    }

    // 2. Release files.
    var usedKeys: [String: String] = [:]  // key → first file using it
    var optionLabels: [OptionLabel] = []
    let releaseNames = releaseFiles.keys.filter { $0.hasSuffix(".json") && $0 != ReleaseLibrary.manifestFileName }
    var allNames = Set(releaseNames)
    if manifest != nil { allNames.formUnion(registered.keys) }
    for name in allNames.sorted(by: ReleaseLibrary.fileNameOrder) {
      let displayPath = ReleaseLibrary.join(releasesDisplayDirectory, name)
      guard let bytes = releaseFiles[name] else {
        problems.append(
          LintProblem(
            file: manifestPath, path: "releases[\(registered[name] ?? 0)]",
            message: "\(name.dropLast(5)) is registered but \(displayPath) does not exist; add the file or remove the entry"))
        continue
      }
      if registered[name] == nil {
        problems.append(LintProblem(file: displayPath, path: "", message: "not listed in manifest.json; add it to load it"))
      }
      let result = ReleaseValidator.validate(bytes, fileName: name, displayPath: displayPath, englishKeys: nil)
      problems += result.diagnostics.map(problem)
      if bytes.count <= ReleaseValidator.maximumFileSize, let document = try? JSONReader.parse(bytes) {
        collectKeys(in: document, file: displayPath, into: &usedKeys)
        optionLabels += self.optionLabels(in: document, file: displayPath)
      }
    }

    // 3. Tables and translations.
    let tablePath = { (language: Language) in
      ReleaseLibrary.join(ReleaseLibrary.join(localizationsDisplayDirectory, language.directoryName), "Localizable.strings")
    }
    let requiredKeys = Set(usedKeys.keys).union(requiredUIKeys).sorted()
    for language in Language.allCases {
      guard let table = tables[language] else {
        let reason = missingTables[language] ?? "the table is missing"
        problems.append(LintProblem(file: tablePath(language), path: "", message: reason))
        continue
      }
      for key in requiredKeys {
        let user = usedKeys[key].map { "used by \($0)" } ?? "required by the app"
        guard let text = table[key] else {
          problems.append(
            LintProblem(file: tablePath(language), path: key, message: "missing \(language.nativeName) translation (\(user))"))
          continue
        }
        if text.trimmingWhitespace().isEmpty {
          problems.append(
            LintProblem(file: tablePath(language), path: key, message: "empty \(language.nativeName) translation (\(user))"))
        } else if ReleaseScaffold.isUntranslated(text) {
          problems.append(
            LintProblem(
              file: tablePath(language), path: key,
              message: "untranslated \(language.nativeName) text (\(user)): replace the TODO text with the real one"))
        } else if language != .en, let english = tables[.en]?[key],
          Localizer.argumentsUsed(by: text) != Localizer.argumentsUsed(by: english)
        {
          problems.append(
            LintProblem(
              file: tablePath(language), path: key,
              message: placeholderMismatch(language, Localizer.argumentsUsed(by: text), Localizer.argumentsUsed(by: english))))
        }
      }
    }

    // 4. Orphans.
    let english = tables[.en]
    for language in Language.allCases {
      guard let table = tables[language] else { continue }
      for key in table.keys.sorted() {
        if language != .en, let english, english[key] == nil {
          problems.append(
            LintProblem(
              file: tablePath(language), path: key,
              message: "orphan key: not in the English table; remove it or add it to English"))
        } else if key.hasPrefix(contentKeyPrefix), usedKeys[key] == nil, !requiredUIKeys.contains(key) {
          problems.append(LintProblem(file: tablePath(language), path: key, message: "orphan key: no release uses it; remove it"))
        }
      }
    }

    // 5. Option labels against the vocabulary's value names.
    for language in Language.allCases {
      guard let table = tables[language] else { continue }
      for option in optionLabels {
        guard let setting = Setting(rawValue: option.setting), setting.accepts(option.value),
          let label = table[option.labelKey], let name = table[setting.valueKey(option.value)], label != name
        else { continue }
        problems.append(
          LintProblem(
            file: tablePath(language), path: option.labelKey,
            message:
              "the \(language.nativeName) label \"\(label)\" (\(option.file), \(option.path)) differs from the name of "
              + "\(setting.rawValue) = \(option.value), \"\(name)\" (\(setting.valueKey(option.value))): an option has one name "
              + "on the page, in the confirmation and on the settings screen; make the two say the same"))
      }
    }
    return problems
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
    LintProblem(file: diagnostic.file, path: diagnostic.path, message: diagnostic.message)
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
          if keyFields.contains(member.key), case .string(let key) = member.value, FieldReader.isValidKey(key) {
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
