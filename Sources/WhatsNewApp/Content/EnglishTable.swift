package import WhatsNewCore
import WhatsNewStore

/// The app's English: `Localizations/en.lproj/Localizable.strings`, where each English text of
/// the app is written, once. The one exception is the store's messages (``StoreMessages``): the
/// store says them in its own errors, without the app's files, so they are written there and
/// `en.lproj` leaves them out.
///
/// Every other language translates what English has: ``requiredKeys(english:)`` is what `lint`
/// asks each table for. Nothing can be said without English, so a start, `flow` and `schema`
/// refuse to run without a readable English table (``ContentError/englishTable(_:)``: 66 when
/// the file is missing or cannot be read, 65 when it does not parse).
///
/// To add a UI string: add it to `en.lproj/Localizable.strings`, then to every other
/// `Localizations/<lang>.lproj/Localizable.strings` (`make lint` names any language that lacks it).
/// Placeholders are `%@`, or `%1$@`, `%2$@` where a translation needs another order.
package enum EnglishTable {
  /// Every key each language's `Localizable.strings` must have (what `lint` asks for): the
  /// English table's, the store's messages', and every setting's name and value names
  /// (``SettingTexts/keys``), even one English has no text for yet, so that `lint` names it
  /// until all five tables have it.
  package static func requiredKeys(english: TranslationTable?) -> Set<String> {
    Set(english?.keys ?? []).union(StoreMessages.english.keys).union(SettingTexts.keys)
  }

  /// The English the app has without its tables, for a key that no table has: the store's
  /// message (``StoreMessages``), else a setting's name or value in words
  /// (``SettingTexts/readableFallback(for:)``), so a setting never shows as its key.
  @Sendable package static func builtIn(_ key: String) -> String? {
    StoreMessages.english[key] ?? SettingTexts.readableFallback(for: key)
  }

  /// Reads the English table for words said outside a session (`schema`'s descriptions, a
  /// warning before a subcommand): from `localizationsDirectory` (`--localizations`), else
  /// from the bundled `Localizations/`, found as the app finds it.
  static func read(localizationsDirectory: String?) throws(ContentError) -> TranslationTable {
    let directory = try ContentLibrary.locateBundled("Localizations", unless: localizationsDirectory)
    try ContentLibrary.requireDirectories(nil, directory)
    // The refusal names the file, says what is wrong with it and what to do.
    return try ContentLibrary.readTable(.en, localizationsDirectory: directory).mapError(ContentError.englishTable).get()
  }
}
