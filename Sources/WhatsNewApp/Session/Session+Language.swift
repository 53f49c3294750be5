import WhatsNewCore

extension Session {
  /// Puts `choice` in force: reads the new language's table on first use and, when the
  /// language changes, rebuilds the view (and with it every guidance anchor).
  ///
  /// - Returns: whether the language in force changed.
  @discardableResult
  func adopt(_ choice: LanguageChoice) -> Bool {
    let old = language
    languageChoice = choice
    let new = language
    guard new != old else { return false }
    if tables[new] == nil {
      let content = configuration.content
      switch ContentLibrary.readTable(
        new, localizationsDirectory: content.localizationsDirectory, cache: content.translationCache)
      {
      case .success(let table): tables[new] = table
      case .failure(let problem):
        // Missing translations fall back to English, key by key; say so to developers.
        developerNote(TextSanitizer.clean(problem.description))
      }
    }
    anchors.unregisterAll()
    viewIsDirty = true
    return true
  }

  /// The language choice the store holds (read at boot and after a restore): in force unless
  /// `--locale` says otherwise for this run.
  func adoptStoredLanguage(_ stored: Language?) {
    var choice = languageChoice
    choice.stored = stored
    if adopt(choice) { developerNote("language: \(language.rawValue), as chosen in the app and stored") }
  }
}
