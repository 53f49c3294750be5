/// The rule a lint problem breaks: one id per kind of problem, for tools that group, filter
/// or suppress by rule (SARIF's `ruleId`, `lint --format json`'s `rule`).
///
/// ```swift
/// LintRule.orphanKey.id            // "orphan-key"
/// LintRule.orphanKey.summary       // "A content key no release uses"
/// ```
package enum LintRule: String, Sendable, Hashable, CaseIterable {
  case manifest = "manifest"
  case missingRelease = "missing-release"
  case unregisteredRelease = "unregistered-release"
  case jsonSyntax = "json-syntax"
  case releaseDropped = "release-dropped"
  case releaseWarning = "release-warning"
  case unloadedReleaseKeys = "unloaded-release-keys"
  case unreadableTable = "unreadable-table"
  case misplacedKey = "misplaced-key"
  case missingTranslation = "missing-translation"
  case emptyTranslation = "empty-translation"
  case textTooLong = "text-too-long"
  case untranslated = "untranslated"
  case placeholders = "placeholders"
  case orphanKey = "orphan-key"
  case keyNotInEnglish = "key-not-in-english"
  case repeatedKey = "repeated-key"
  case hiddenCharacter = "hidden-character"
  case optionLabel = "option-label"
  case keyOfNoRelease = "key-of-no-release"
  case undeclaredDefaultChange = "undeclared-default-change"
  case neverShows = "never-shows"

  /// The id tools see, like `orphan-key`.
  package var id: String { rawValue }

  /// One sentence on what the rule finds.
  package var summary: String {
    switch self {
    case .manifest: "manifest.json is missing, unreadable or lists an entry that is not a version"
    case .missingRelease: "A registered release whose file is missing or cannot be read"
    case .unregisteredRelease: "A release file manifest.json does not list, so it does not load"
    case .jsonSyntax: "A release file that is not JSON"
    case .releaseDropped: "A release, page, block, option, item or field the app drops"
    case .releaseWarning: "A release file's member that is ignored without loss (a repeated member)"
    case .unloadedReleaseKeys: "The translations of a release that did not load (not orphans)"
    case .unreadableTable: "A .strings file that cannot be read or parsed"
    case .misplacedKey: "A key kept in another .strings file than its own (a release's keys go in <version>.strings)"
    case .missingTranslation: "A key a language's table lacks"
    case .emptyTranslation: "A translation that is empty"
    case .textTooLong: "A translation over the length limit for one text"
    case .untranslated: "A translation still marked TODO"
    case .placeholders: "A translation that fills in other arguments than English"
    case .orphanKey: "A content key no release uses"
    case .keyNotInEnglish: "A key of a non-English table that English lacks"
    case .repeatedKey: "A key a table writes more than once (the last entry wins)"
    case .hiddenCharacter: "A translation holding a control or a bidirectional override the app strips"
    case .optionLabel: "An option label that differs from its value's name"
    case .keyOfNoRelease: "A release's key whose prefix names no registered release: the app never reads its table"
    case .undeclaredDefaultChange:
      "A setting's default that changes with no release declaring it, or a declared change the vocabulary does not record"
    case .neverShows: "A rule no page or command can satisfy: the block, guide or popover it is on can never show"
    }
  }
}
