import WhatsNewCore

extension Session {
  /// Puts `choice` in force: reads the new language's table on first use and, when the
  /// language changes, forgets every guidance anchor (the view is rebuilt when next drawn).
  ///
  /// - Returns: whether the language in force changed.
  @discardableResult
  func adopt(_ choice: LanguageChoice) -> Bool {
    let old = language
    state.languageChoice = choice
    let new = language
    guard new != old else { return false }
    if tables[new] == nil {
      let content = configuration.content
      switch ContentLibrary.readTable(
        new, localizationsDirectory: content.localizationsDirectory, cache: content.translationCache)
      {
      case .success(let table):
        // Texts lint refuses for their length are dropped here too, as at start.
        let limited = ContentLibrary.limitingTexts(table, new, localizationsDirectory: content.localizationsDirectory)
        tables[new] = limited.table
        for note in limited.notes { developerNote(note) }
      case .failure(let problem):
        // Missing translations fall back to English, key by key; say so to developers.
        developerNote(TextSanitizer.clean(problem.description))
      }
    }
    anchors.unregisterAll()
    return true
  }

  /// The language choice the store holds, read at boot: in force unless `--locale` says
  /// otherwise for this run, or the user chose with `lang` before the store was ready.
  func adoptStoredLanguage(_ stored: Language?) {
    var choice = languageChoice
    choice.readFromStore(stored)
    if adopt(choice) { developerNote("language: \(language.rawValue), as chosen in the app and stored") }
  }

  /// The language choice a restored backup holds: it replaces the current one (unless
  /// `--locale` says otherwise for this run).
  func adoptRestoredLanguage(_ restored: Language?) {
    var choice = languageChoice
    choice.stored = restored
    adopt(choice)
  }
}
