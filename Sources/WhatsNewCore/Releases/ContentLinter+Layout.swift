/// Where each translation lives: `Localizable.strings` holds the app's own keys, and
/// `<version>.strings` (beside it, in each `<lang>.lproj`) the keys of that release
/// (``ReleaseScaffold/keyPrefix(for:)``). The app reads a release's texts from its own table
/// only, so `lint` names the file each key belongs in, and a key kept in another one.
struct TableLayout {
  /// Every table of a language as one (a key in two files: the first file's text, in file-name order).
  var merged: [Language: TranslationTable] = [:]
  /// For each language, every file each key is in, the one its text was read from first.
  var filesOf: [Language: [String: [String]]] = [:]
  /// The per-release table file name of each known release's key prefix (`whatsNew.v2_13_1` → `2.13.1.strings`).
  var releaseFiles: [String: String] = [:]
  let localizationsDisplayDirectory: String

  static let appTable = "Localizable.strings"

  init(
    tables: [Language: TranslationTable], releaseTables: [Language: [String: TranslationTable]],
    releaseVersions: [Version], localizationsDisplayDirectory: String
  ) {
    self.localizationsDisplayDirectory = localizationsDisplayDirectory
    for version in releaseVersions { releaseFiles[ReleaseScaffold.keyPrefix(for: version)] = "\(version).strings" }
    for language in Language.allCases {
      guard let base = tables[language] else { continue }
      var entries = base.entries
      var all = Dictionary(uniqueKeysWithValues: entries.keys.map { ($0, [Self.appTable]) })
      for (name, table) in (releaseTables[language] ?? [:]).sorted(by: { $0.key < $1.key }) {
        for (key, text) in table.entries {
          all[key, default: []].append(name)
          if entries[key] == nil { entries[key] = text }
        }
      }
      merged[language] = TranslationTable(entries)
      filesOf[language] = all
    }
  }

  /// The display path of `file` in `language`'s directory.
  func path(_ language: Language, _ file: String) -> String {
    ReleaseLibrary.join(ReleaseLibrary.join(localizationsDisplayDirectory, language.directoryName), file)
  }

  /// The file `key` belongs in: its release's table when it is a known release's key, else `Localizable.strings`.
  func expectedFile(for key: String) -> String {
    ReleaseScaffold.releasePrefix(of: key).flatMap { releaseFiles[String($0)] } ?? Self.appTable
  }

  /// The path of the file holding `key` in `language`, else of the one it belongs in.
  func path(of key: String, _ language: Language) -> String {
    path(language, filesOf[language]?[key]?.first ?? expectedFile(for: key))
  }

  /// Whether `key` does not belong in `file`: a known release's key in `Localizable.strings`,
  /// or, in `<version>.strings`, any key without that version's prefix (a table of a release
  /// that is gone holds its own keys: orphans, not misplaced).
  func isMisplaced(_ key: String, in file: String) -> Bool {
    if file == Self.appTable { return expectedFile(for: key) != Self.appTable }
    guard let version = Version(String(file.dropLast(".strings".count))) else { return true }
    return !key.hasPrefix(ReleaseScaffold.keyPrefix(for: version) + ".")
  }

  /// A key kept in another file than the one it belongs in, per language, then file, then key.
  func misplacedKeys() -> [LintProblem] {
    var problems: [LintProblem] = []
    for language in Language.allCases {
      guard let files = filesOf[language] else { continue }
      let placed = files.flatMap { key, names in names.map { (key: key, file: $0) } }
      for (key, file) in placed.sorted(by: { ($0.file, $0.key) < ($1.file, $1.key) }) {
        guard isMisplaced(key, in: file) else { continue }
        let expected = expectedFile(for: key)
        let why =
          expected == Self.appTable
          ? "the app's own table: the app reads its own texts only from there"
          : "its release's own table: the app reads a release's texts only from that release's table"
        problems.append(
          LintProblem(
            file: path(language, file), path: key,
            message: "misplaced key: it belongs in \(path(language, expected)) (\(why)); move the entry there",
            rule: .misplacedKey))
      }
    }
    return problems
  }
}
