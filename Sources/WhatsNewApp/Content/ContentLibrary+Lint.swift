package import WhatsNewCore

extension ContentLibrary.Files {
  /// What `lint` says of these files: every release, `Localizable.strings` and per-release table.
  /// Each language is held to the English table with the store's messages
  /// (``EnglishTable/withStoreMessages(_:)``), and must have ``EnglishTable/requiredKeys(english:)``.
  package func lint(releasesDisplayDirectory: String, localizationsDisplayDirectory: String) -> [LintProblem] {
    var tables = tables
    if let english = tables[.en] { tables[.en] = EnglishTable.withStoreMessages(english) }
    return ContentLinter.lint(
      manifest: manifest, releaseFiles: releaseFiles, releasesDisplayDirectory: releasesDisplayDirectory,
      tables: tables, missingTables: unreadableTables.mapValues(\.description),
      requiredUIKeys: EnglishTable.requiredKeys(english: self.tables[.en]),
      localizationsDisplayDirectory: localizationsDisplayDirectory, tableSources: tableSources,
      unreadableReleaseFiles: unreadableReleases, unreadableManifest: unreadableManifest,
      releaseTables: releaseTables.mapValues { $0.compactMapValues { try? $0.get() } },
      releaseTableSources: releaseTableSources,
      unreadableReleaseTables: releaseTables.mapValues { tables in
        tables.compactMapValues { result in
          if case .failure(let problem) = result { return problem.description }
          return nil
        }
      })
  }
}
