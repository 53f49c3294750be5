/// The short names a page offers for its controls, as its hints show them: `[choose 1]`
/// (or `[choose mode.1]` when the page has several choices) and `[open 1]`.
///
/// One definition for the renderer's hints, the `choose` and `open` commands, Tab
/// completion and the error that lists what a page accepts.
///
/// Choice options are numbered within their choice; a page with one choice names them
/// `1`, `2`, …, a page with several `<block>.<n>`. Accessible mode reads the page as one
/// numbered menu instead (``Numbering/acrossPage``): every option of every choice has its
/// own number, `1` to `n` in page order, which is what a screen reader says and what the
/// person types; the `<block>.<n>` names are still accepted. Everything `open` can open is
/// numbered in page order across the page: action blocks and feature items that have an action.
///
/// ```swift
/// let shortcuts = PageShortcuts(page: page, numbering: .perChoice)
/// shortcuts.chooseTokens   // ["view.1", "view.2", "mode.1", "mode.2"]
/// shortcuts.openTargets    // [.openWorkoutSettings]: `open 1`
/// ```
package struct PageShortcuts: Sendable, Equatable {
  /// One choice block on the page and the tokens that pick its options.
  package struct Choice: Sendable, Equatable {
    /// The block's id.
    package var blockID: String
    /// The choice.
    package var choice: ChoiceBlock
    /// The token of each option, in option order: `1` or `<block>.1` (in one menu across
    /// the page, its number there).
    package var tokens: [String]
    /// Other tokens that pick the same options: `<block>.<n>` when ``tokens`` number the page.
    package var aliases: [String] = []

    /// The option `token` (a token or an alias, any case) picks.
    package func option(for token: String) -> Int? {
      let lowered = token.lowercased()
      return tokens.firstIndex { $0.lowercased() == lowered } ?? aliases.firstIndex { $0.lowercased() == lowered }
    }
  }

  /// How options are numbered.
  package enum Numbering: Sendable, Equatable {
    /// Within each choice: `1`, `2` (or `<block>.1` when the page has several choices).
    case perChoice
    /// One menu across the page, `1` to `n` (accessible mode).
    case acrossPage
  }

  /// The page's choices, in page order.
  package var choices: [Choice]
  /// What `open <n>` opens: the action of the n-th action block or feature item with an action.
  package var openTargets: [Action]

  /// The shortcuts of `page`, its options numbered as `numbering` says.
  package init(page: Page, numbering: Numbering) {
    let choiceBlocks = page.blocks.compactMap { block in block.choice.map { (block.id, $0) } }
    let single = choiceBlocks.count == 1
    var next = 1
    choices = choiceBlocks.map { id, choice in
      let perChoice = choice.options.indices.map { single ? "\($0 + 1)" : "\(id).\($0 + 1)" }
      guard numbering == .acrossPage, !single else { return Choice(blockID: id, choice: choice, tokens: perChoice) }
      defer { next += choice.options.count }
      return Choice(
        blockID: id, choice: choice, tokens: choice.options.indices.map { "\(next + $0)" }, aliases: perChoice)
    }
    openTargets = page.blocks.flatMap { block -> [Action] in
      switch block.content {
      case .action(let action): [action.action]
      case .featureList(let list): list.items.compactMap(\.action)
      case .info, .choice: []
      }
    }
  }

  /// Every `choose` token the page shows, in page order.
  package var chooseTokens: [String] { choices.flatMap(\.tokens) }

  /// Every `open` number the page shows: `1`, `2`, ….
  package var openTokens: [String] { openTargets.indices.map { String($0 + 1) } }

  /// The settings the page's choices change, in page order.
  package var settings: [Setting] { choices.map(\.choice.setting) }
}
