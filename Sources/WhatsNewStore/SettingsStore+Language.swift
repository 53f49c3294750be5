package import WhatsNewCore

/// The language chosen in the app (`lang <tag>`), kept beside the settings.
///
/// It is not a ``Setting``: its default is "follow the environment", not a value, `--locale`
/// overrides it for a run, and no release may offer it as a choice. It is an app row of the
/// `settings` table (``SettingsStore/AppRow``): a store without one follows the environment.
extension SettingsStore {
  /// Remembers `language` as the user's choice, or forgets the choice (`nil`: follow the
  /// environment again). The snapshot reads it back (a value that is no language this build
  /// has reads as none: the environment decides then).
  package func setLanguagePreference(_ language: Language?) throws(StoreError) {
    try storeValue(language?.rawValue, at: AppRow.language)
  }
}
