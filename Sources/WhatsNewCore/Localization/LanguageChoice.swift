/// Where the session's language comes from, in order of precedence: the `--locale` flag
/// (for one run, never stored), then the language the user chose with `lang` (remembered in
/// the store), then the environment (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`; see
/// ``Language/resolve(flag:environment:)``).
///
/// ```swift
/// var choice = LanguageChoice(flag: .nl, stored: .ru, environment: .es)
/// choice.language            // .nl, for this run
/// choice.choose(.ptBR)       // `lang pt-BR`: the user's newest word wins, flag or not
/// choice.language            // .ptBR
/// choice.followEnvironment() // `lang system`
/// choice.language            // .es
/// ```
package struct LanguageChoice: Sendable, Hashable {
  /// Which source decided.
  package enum Source: String, Sendable, Hashable, CaseIterable {
    /// `--locale`, for this run.
    case flag
    /// The language chosen with `lang`, remembered.
    case stored
    /// The environment's locale.
    case environment
  }

  /// The `--locale` flag's language, if one was given and not since overridden by `lang`.
  package var flag: Language?
  /// The remembered choice, if any.
  package var stored: Language?
  /// What the environment asks for (English when it asks for nothing the app has).
  package var environment: Language
  /// Whether the user chose in the app during this run (``choose(_:)``,
  /// ``followEnvironment()``): then what the store said at start no longer applies.
  package private(set) var chosenThisRun = false

  package init(flag: Language?, stored: Language?, environment: Language) {
    self.flag = flag
    self.stored = stored
    self.environment = environment
  }

  /// The language in force.
  package var language: Language { flag ?? stored ?? environment }

  /// Which source the language in force comes from.
  package var source: Source {
    if flag != nil { return .flag }
    if stored != nil { return .stored }
    return .environment
  }

  /// The user chose `language` in the app: it is remembered and, being the newest word,
  /// replaces the flag for the rest of the run.
  package mutating func choose(_ language: Language) {
    flag = nil
    stored = language
    chosenThisRun = true
  }

  /// The user asked to follow the environment again: nothing remembered, no flag.
  package mutating func followEnvironment() {
    flag = nil
    stored = nil
    chosenThisRun = true
  }

  /// What the store holds, read at start: taken as the stored choice unless the user has
  /// already chosen in this run (a `lang` typed while the store was still starting is newer).
  package mutating func readFromStore(_ language: Language?) {
    guard !chosenThisRun else { return }
    stored = language
  }
}
