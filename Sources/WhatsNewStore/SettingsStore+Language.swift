package import WhatsNewCore

/// The language chosen in the app (`lang <tag>`), kept beside the settings.
///
/// It is not a ``Setting``: its default is "follow the environment", not a value, `--locale`
/// overrides it for a run, and no release may offer it as a choice. It is an app row of the
/// `settings` table (``SettingsStore/AppRow``): a store without one follows the environment.
extension SettingsStore {
  /// The language chosen in the app, or `nil` when none is (or what is stored is not a
  /// language this build has: the environment decides then, as if nothing were stored).
  package func languagePreference() throws(StoreError) -> Language? {
    try storedValue(AppRow.language).flatMap(Language.init(rawValue:))
  }

  /// Remembers `language` as the user's choice, or forgets the choice (`nil`: follow the
  /// environment again).
  ///
  /// - Returns: the choice it replaced, read in the write's own transaction.
  @discardableResult
  package func setLanguagePreference(_ language: Language?) throws(StoreError) -> Language? {
    try connection.writeTransaction { () throws(StoreError) in
      let previous = try languagePreference()
      try storeValue(language?.rawValue, at: AppRow.language)
      return previous
    }
  }
}
