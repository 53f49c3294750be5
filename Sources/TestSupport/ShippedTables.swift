import WhatsNewApp
package import WhatsNewCore

/// The shipped `Localizations/`, each table read once per test process: where tests find the
/// app's words, English above all (`en.lproj/Localizable.strings`, its only English).
package enum ShippedTables {
  private static let englishTable = ContentLibrary.readTable(.en, localizationsDirectory: RepositoryPaths.localizations)

  /// The shipped English table; throws, naming the file, when it cannot be read or parsed.
  package static var english: TranslationTable {
    get throws { try englishTable.get() }
  }
}
