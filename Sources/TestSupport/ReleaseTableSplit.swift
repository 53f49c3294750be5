package import WhatsNewCore

/// Tables as the shipped layout keeps them: each `whatsNew.v<major>_<minor>_<patch>.*` key in
/// its release's own table (`<version>.strings`), the rest in `Localizable.strings`, for tests
/// that write one dictionary per language.
package enum ReleaseTableSplit {
  /// `tables` split: the app's own tables, and each language's per-release tables by file name.
  package static func split(_ tables: [Language: TranslationTable]) -> (
    app: [Language: TranslationTable], releases: [Language: [String: TranslationTable]]
  ) {
    var app: [Language: TranslationTable] = [:]
    var releases: [Language: [String: TranslationTable]] = [:]
    for (language, table) in tables {
      var own: [String: String] = [:]
      var byFile: [String: [String: String]] = [:]
      for (key, text) in table.entries {
        if let file = fileName(for: key) { byFile[file, default: [:]][key] = text } else { own[key] = text }
      }
      app[language] = TranslationTable(own)
      releases[language] = byFile.mapValues(TranslationTable.init)
    }
    return (app, releases)
  }

  /// `2.13.1.strings` for `whatsNew.v2_13_1.p.b.title`; `nil` for a key of no release version.
  package static func fileName(for key: String) -> String? {
    let parts = key.split(separator: ".", maxSplits: 2)
    guard parts.count == 3, parts[0] == "whatsNew", parts[1].hasPrefix("v") else { return nil }
    let numbers = parts[1].dropFirst().split(separator: "_", omittingEmptySubsequences: false)
    guard numbers.count == 3, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
    return numbers.joined(separator: ".") + ".strings"
  }
}
