import WhatsNewCore

extension EffectRunner {
  /// The language in force is now `new`: reads its table on first use (the view, its
  /// anchors with it, is drawn in it when next rendered).
  func languageChanged(to new: Language) {
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
  }
}
