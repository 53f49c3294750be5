/// The short names a page offers for its controls, as its hints show them: `[choose 1]`
/// (or `[choose mode.1]` when the page has several choices) and `[open 1]`.
///
/// One definition for the renderer's hints, the `choose` and `open` commands, Tab
/// completion and the error that lists what a page accepts.
///
/// Choice options are numbered within their choice; a page with one choice names them
/// `1`, `2`, …, a page with several `<block>.<n>`. Everything `open` can open is numbered
/// in page order across the page: action blocks and feature items that have an action.
///
/// ```swift
/// let shortcuts = PageShortcuts(page: page)
/// shortcuts.chooseTokens   // ["view.1", "view.2", "mode.1", "mode.2"]
/// shortcuts.openTargets    // [.openWorkoutSettings]: `open 1`
/// ```
public struct PageShortcuts: Sendable, Equatable {
  /// One choice block on the page and the tokens that pick its options.
  public struct Choice: Sendable, Equatable {
    /// The block's id.
    public var blockID: String
    /// The choice.
    public var choice: ChoiceBlock
    /// The token of each option, in option order: `1` or `<block>.1`.
    public var tokens: [String]
  }

  /// The page's choices, in page order.
  public var choices: [Choice]
  /// What `open <n>` opens: the action of the n-th action block or feature item with an action.
  public var openTargets: [Action]

  /// The shortcuts of `page`.
  public init(page: Page) {
    let choiceBlocks: [(String, ChoiceBlock)] = page.blocks.compactMap { block in
      if case .choice(let choice) = block.content { return (block.id, choice) }
      return nil
    }
    let single = choiceBlocks.count == 1
    choices = choiceBlocks.map { id, choice in
      Choice(
        blockID: id, choice: choice,
        tokens: choice.options.indices.map { single ? "\($0 + 1)" : "\(id).\($0 + 1)" })
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
  public var chooseTokens: [String] { choices.flatMap(\.tokens) }

  /// Every `open` number the page shows: `1`, `2`, ….
  public var openTokens: [String] { openTargets.indices.map { String($0 + 1) } }

  /// The settings the page's choices change, in page order.
  public var settings: [Setting] { choices.map(\.choice.setting) }
}
