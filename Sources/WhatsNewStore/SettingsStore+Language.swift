package import WhatsNewCore

/// The language chosen in the app (`lang <tag>`), kept beside the settings.
///
/// It is not a ``Setting``: its default is "follow the environment", not a value, the
/// `--locale` flag overrides it for a run without changing it, and a release must not offer
/// it as a choice. It lives in the `settings` table (a key-value table since schema 1) under
/// ``languageStorageKey``, so no migration adds it: an older store, or a backup made before
/// it existed, simply has no row and follows the environment; a backup carries it, since
/// backup and restore copy the whole database.
extension SettingsStore {
  /// The `settings` row that holds the chosen language's tag (`ru`, `pt-BR`). No
  /// ``SettingSpec/storageKey`` may use it.
  package static let languageStorageKey = "app.language"

  /// The language chosen in the app, or `nil` when none is (or what is stored is not a
  /// language this build has: the environment decides then, as if nothing were stored).
  package func languagePreference() throws(StoreError) -> Language? {
    try storedValue(Self.languageStorageKey).flatMap(Language.init(rawValue:))
  }

  /// Remembers `language` as the user's choice, or forgets the choice (`nil`: follow the
  /// environment again).
  ///
  /// - Returns: the choice it replaced, read in the write's own transaction.
  @discardableResult
  package func setLanguagePreference(_ language: Language?) throws(StoreError) -> Language? {
    try connection.writeTransaction { () throws(StoreError) in
      let previous = try languagePreference()
      if let language {
        try storeValue(language.rawValue, at: Self.languageStorageKey)
      } else {
        try removeStoredValue(Self.languageStorageKey)
      }
      return previous
    }
  }
}
