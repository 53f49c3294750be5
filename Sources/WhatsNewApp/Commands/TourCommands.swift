import WhatsNewCore

/// The tour family's commands whose work is the app's: picking options (`choose`), in the
/// person's words, and the releases again (`news`, ``NewsCommands``). Walking the tour and the
/// wizard, going to a screen and coming back are the rules' (``AppState/command(_:_:)``).
@MainActor
struct TourCommands: Sendable {
  let runner: EffectRunner

  /// `choose <n>`, `choose <block>.<n>`, `choose <setting> <value>`, and a value or label
  /// alone: the value, the label, a word of it or an unambiguous prefix (``OptionWords``).
  /// An unknown token is answered with the tokens the page shows.
  func choose(_ arguments: [String]) async {
    guard let page = runner.state.visiblePage else {
      return runner.messages.invalid(.warning, "ui.choose.noPage")
    }
    let shortcuts = runner.shortcuts(of: page)
    guard !shortcuts.choices.isEmpty else {
      return runner.messages.invalid(.warning, "ui.choose.noChoice")
    }
    guard let first = arguments.first else { return runner.messages.usage("choose") }
    if arguments.count > 1, let setting = Setting(rawValue: first) {
      guard let choice = shortcuts.choices.first(where: { $0.choice.setting == setting }) else {
        return runner.messages.invalid(
          .warning, "ui.choose.notOnPage", setting.rawValue, words.orList(shortcuts.settings.map(\.rawValue)))
      }
      return await pick(choice, typed: arguments.dropFirst().joined(separator: " "))
    }
    let token = arguments.joined(separator: " ")
    // A token a hint shows: `1`, `mode.1`.
    for choice in shortcuts.choices {
      if let index = choice.option(for: token) { return await tap(choice, index) }
    }
    if arguments.count == 1, let dot = first.firstIndex(of: "."),
      let choice = shortcuts.choices.first(where: { $0.blockID.lowercased() == first[..<dot].lowercased() })
    {
      // `<block>.<value>`, or `<block>.<n>` where the hints show bare numbers (a page of one
      // choice: `view.2` as page 2 taught `mode.2`), or a number out of range.
      let option = String(first[first.index(after: dot)...])
      if let number = Int(option) {
        guard choice.choice.options.indices.contains(number - 1) else { return noOption(token, tokens: choice.tokens) }
        return await tap(choice, number - 1)
      }
      return await pick(choice, typed: option)
    }
    // A number, or `<block>.<n>` of no block here; a label may hold a dot ("Вкл."), so only these.
    let dottedNumber = token.lastIndex(of: ".").map { Int(token[token.index(after: $0)...]) != nil } ?? false
    if Int(token) != nil || dottedNumber {
      if shortcuts.choices.count > 1, let number = Int(token), number >= 1,
        shortcuts.choices.contains(where: { $0.tokens.count >= number })
      {
        return runner.messages.invalid(.warning, "ui.choose.whichBlock", words.orList(shortcuts.chooseTokens))
      }
      return noOption(token, tokens: shortcuts.chooseTokens)
    }
    if shortcuts.choices.count == 1 { return await pick(shortcuts.choices[0], typed: token) }
    // A value or label on a page of several choices: the one choice it names.
    var found: [(choice: PageShortcuts.Choice, index: Int)] = []
    for choice in shortcuts.choices {
      switch words.matcher(choice.choice.setting, values: choice.choice.options.map(\.value)).match(token) {
      case .option(let index): found.append((choice, index))
      case .ambiguous(let indices): found += indices.map { (choice, $0) }
      case .none: break
      }
    }
    switch found.count {
    case 0 where arguments.count > 1:
      runner.messages.unknownValue(first, kind: .setting, candidates: shortcuts.settings.map(\.rawValue))
    case 0: noOption(token, tokens: shortcuts.chooseTokens)
    case 1: await tap(found[0].choice, found[0].index)
    default: ambiguous(token, found)
    }
  }

  /// `typed` names several options (`found`): lists them with their tokens. Choices may
  /// share a label (On, Off), so the setting is named when they are not all one choice's.
  func ambiguous(_ typed: String, _ found: [(choice: PageShortcuts.Choice, index: Int)]) {
    let severalChoices = Set(found.map(\.choice.blockID)).count > 1
    let labels = found.map { choice, index in
      let label = words.label(choice.choice.setting, choice.choice.options[index].value)
      return severalChoices ? runner.text(choice.choice.setting.titleKey) + ": " + label : label
    }
    let tokens = found.map { $0.choice.tokens[$0.index] }
    runner.messages.invalid(.warning, "ui.choose.ambiguous", typed, words.orList(labels), words.orList(tokens))
  }

  var words: OptionWords { OptionWords(runner.renderContext) }

  /// Picks the option of `choice` that `typed` names: its number, value or label.
  func pick(_ choice: PageShortcuts.Choice, typed: String) async {
    let options = choice.choice.options
    if let number = Int(typed) {
      guard options.indices.contains(number - 1) else { return noOption(typed, tokens: choice.tokens) }
      return await tap(choice, number - 1)
    }
    switch words.matcher(choice.choice.setting, values: options.map(\.value)).match(typed) {
    case .option(let index): await tap(choice, index)
    case .ambiguous(let indices): ambiguous(typed, indices.map { (choice, $0) })
    case .none:
      let name = runner.text(choice.choice.setting.titleKey)
      runner.messages.invalid(.error, "ui.choose.noOptionFor", typed, name, words.orList(options.map(\.value)))
    }
  }

  /// Picks option `index` of `choice` (a value the setting already holds writes nothing, and says so).
  func tap(_ choice: PageShortcuts.Choice, _ index: Int) async {
    await runner.send(.tap(choice.choice.setting, choice.choice.options[index].value))
  }

  /// `token` is no option here: says so and lists `tokens`, what the page's hints show.
  func noOption(_ token: String, tokens: [String]) {
    runner.messages.invalid(.error, "ui.choose.noOption", token, words.orList(tokens))
  }
}
