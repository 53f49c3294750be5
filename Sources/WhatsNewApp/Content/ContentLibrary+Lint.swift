package import WhatsNewCore

extension ContentLibrary.Files {
  /// What `lint` says of these files: every release, `Localizable.strings` and per-release table.
  package func lint(releasesDisplayDirectory: String, localizationsDisplayDirectory: String) -> [LintProblem] {
    ContentLinter.lint(
      manifest: manifest, releaseFiles: releaseFiles, releasesDisplayDirectory: releasesDisplayDirectory,
      tables: tables, missingTables: unreadableTables, requiredUIKeys: UIStrings.requiredKeys,
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
