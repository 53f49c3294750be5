package import WhatsNewCore
import WhatsNewStore

extension ContentLibrary.Files {
  /// What `lint` says of these files: every release, `Localizable.strings` and per-release table.
  /// Each language is held to the English table with the store's messages added (their keys,
  /// and the arguments each text fills in), and must have ``EnglishTable/requiredKeys(english:)``.
  package func lint(releasesDisplayDirectory: String, localizationsDisplayDirectory: String) -> [LintProblem] {
    var tables = tables
    tables[.en] = tables[.en].map { TranslationTable($0.entries.merging(StoreMessages.english) { table, _ in table }) }
    return ContentLinter.lint(
      manifest: manifest, releaseFiles: releaseFiles, releasesDisplayDirectory: releasesDisplayDirectory,
      tables: tables, missingTables: unreadableTables.mapValues(\.description),
      requiredUIKeys: EnglishTable.requiredKeys(english: self.tables[.en]),
      localizationsDisplayDirectory: localizationsDisplayDirectory, tableSources: tableSources,
      unreadableReleaseFiles: unreadableReleases, unreadableManifest: unreadableManifest,
      releaseTables: releaseTables.mapValues { $0.compactMapValues { try? $0.get() } },
      releaseTableSources: releaseTableSources,
      unreadableReleaseTables: releaseTables.mapValues {
        $0.compactMapValues { if case .failure(let problem) = $0 { problem.description } else { nil } }
      })
  }
}
