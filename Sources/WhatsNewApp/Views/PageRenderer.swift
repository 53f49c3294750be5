package import WhatsNewCore

/// Renders the four block kinds and whole pages. Pure: values in, rows out.
///
/// ```swift
/// let rows = PageRenderer(context: context).render(view)
/// print(Styler(colors: false).render(rows))
/// ```
package struct PageRenderer: Sendable {
  package var context: RenderContext

  /// The whole page: header, blocks, error, footer.
  package func render(_ view: PageView) -> Document {
    let c = context
    var rows: Document = []
    if c.accessible {
      // A sentence a screen reader reads as one: "What's new in 2.13.1. Page 1 of 6."
      let sentence = c.text("ui.tour.pageSentence", view.heading, String(view.index + 1), String(view.count))
      rows += c.wrapped(sentence, indent: 0, style: .title).pinning()
    } else {
      // One row: "page 3 of 6" where it fits, else "3/6" (a narrow window, a long language),
      // else "3/6" beside the heading with no rule between.
      let position = c.text("ui.tour.pageOf", String(view.index + 1), String(view.count))
      let short = c.text("ui.tour.pageShort", String(view.index + 1), String(view.count))
      let candidates = [(view.heading, position), (view.heading, short), (view.heading + " · " + short, "")]
      let header = candidates.lazy.map { c.ruleLine($0.0, trailing: $0.1) }.first { $0.count == 1 }
      rows += (header ?? c.ruleLine(view.heading, trailing: short)).pinning()
    }
    // The tokens each option's hint shows (``PageShortcuts``): one menu across the page when accessible.
    let shortcuts = PageShortcuts(page: view.page, numbering: c.accessible ? .acrossPage : .perChoice)
    // What `open <n>` opens, numbered in page order (``PageShortcuts/openTargets``).
    var openNumber = 0
    for block in view.page.blocks {
      rows.append(.blank)
      rows += render(block, view: view, shortcuts: shortcuts, openNumber: &openNumber)
    }
    for note in view.notes {
      rows.append(.blank)
      rows += c.wrapped(note, indent: 2, style: .dim, firstPrefix: "  ")
    }
    if let error = view.error {
      rows.append(.blank)
      rows += c.wrapped(error, indent: 2, style: .error, firstPrefix: "! ")
    }
    rows.append(.blank)
    if !c.accessible {
      rows.append(Line(String(repeating: c.rule, count: c.width), .dim).pinning())
    }
    rows += c.commandList(view.footer.map(c.chrome)).pinning()
    return c.fit(rows)
  }

  /// One block; `openNumber` counts what `open <n>` opens, up to and including this block.
  func render(_ block: Block, view: PageView, shortcuts: PageShortcuts, openNumber: inout Int) -> Document {
    switch block.content {
    case .info(let info): return renderInfo(info)
    case .choice(let choice):
      let tokens = shortcuts.choices.first { $0.blockID == block.id }?.tokens ?? []
      return renderChoice(choice, tokens: tokens, state: view.controls[choice.setting] ?? .init())
    case .action(let action):
      openNumber += 1
      return renderAction(action, number: openNumber)
    case .featureList(let list): return renderFeatureList(list, number: &openNumber)
    }
  }

  func renderInfo(_ info: InfoBlock) -> Document {
    let c = context
    let title = c.wrapped(
      c.text(info.titleKey), indent: 2, style: .title, firstPrefix: c.glyph(info.icon).map { $0 + " " } ?? "  ")
    return title + description(info.descriptionKey, indent: 2)
  }

  /// A choice; `tokens` are what its options' hints show, in option order (``PageShortcuts``).
  func renderChoice(_ choice: ChoiceBlock, tokens: [String], state: ChoiceMachine.ControlState) -> Document {
    let c = context
    var rows = c.wrapped(c.text(choice.titleKey), indent: 2, style: .title, firstPrefix: "  ")
    rows += description(choice.descriptionKey, indent: 2)
    if let newDefault = choice.newDefault {
      // "Your home card becomes Weekly streak unless you choose.": the name lowercased within the sentence.
      let name = c.text(choice.setting.titleKey)
      let said = c.text(
        "ui.choice.newDefault", name.prefix(1).lowercased() + name.dropFirst(), c.text(choice.setting.valueKey(newDefault)))
      rows += c.wrapped(said.prefix(1).uppercased() + said.dropFirst(), indent: 2)
    }
    if state.isLoading {
      rows += c.wrapped(c.text("ui.choice.loading"), indent: 4, style: .dim)
    }
    for (number, option) in choice.options.enumerated() {
      // The setting's value name, which the confirmation, the settings screen and `set` use too: a
      // release's `labelKey` must say the same (`whatsnew lint` reports any that differs), so it is not shown.
      let label = c.text(choice.setting.valueKey(option.value))
      let isShown = !state.isLoading && state.shown == option.value
      let marker = isShown ? c.selectedMarker : c.unselectedMarker
      let shortcut = tokens.indices.contains(number) ? tokens[number] : "\(number + 1)"
      // Accessible mode reads the page as one menu: each option's number is the one to type.
      let number = "    \(c.accessible ? shortcut : String(number + 1))) "
      var spans = [Span(number), Span(marker + " ", isShown ? .selected : .plain)]
      if let glyph = c.glyph(option.icon) { spans.append(Span(glyph + " ")) }
      spans.append(Span(label, isShown ? .selected : .plain))
      if isShown && state.pendingWrites > 0 {
        spans.append(Span("  " + c.text("ui.choice.saving"), .dim))
      } else if isShown && c.accessible {
        spans.append(Span("  " + c.text("ui.choice.current")))
      }
      if !c.accessible || !isShown {
        spans.append(.together("  [choose \(shortcut)]"))
      }
      // Continuation rows line up under the label.
      rows.append(Line(spans, hangingIndent: DisplayWidth.of(number + marker + " ")))
    }
    return rows + errorRows(state, setting: choice.setting)
  }

  func renderAction(_ action: ActionBlock, number: Int) -> Document {
    let c = context
    let label = c.text(action.labelKey)
    let glyph = c.glyph(action.icon).map { $0 + " " } ?? ""
    let button =
      c.accessible
      ? [Span("  " + c.text("ui.action.button", label), .title)] : [Span("  "), Span("[ \(glyph)\(label) ]", .accent)]
    return [Line(button + [.together("  [open \(number)]")], hangingIndent: 4)] + description(action.descriptionKey, indent: 4)
  }

  func renderFeatureList(_ list: FeatureListBlock, number: inout Int) -> Document {
    let c = context
    var rows: Document = []
    if let titleKey = list.titleKey {
      rows += c.wrapped(c.text(titleKey), indent: 2, style: .title, firstPrefix: "  ")
    }
    for item in list.items {
      let glyph = c.glyph(item.icon).map { $0 + " " } ?? ""
      let title = c.text(item.titleKey)
      if item.action != nil {
        number += 1
        rows.append(
          Line([Span("    \(number). "), Span(glyph + title, .accent), .together("  [open \(number)]")], hangingIndent: 7))
      } else {
        rows.append(Line([Span("    \(c.bullet) "), Span(glyph + title)], hangingIndent: 6))
      }
      rows += description(item.descriptionKey, indent: 7)
    }
    return rows
  }

  /// A block's or item's description, dim, under it; nothing when it has none.
  func description(_ key: String?, indent: Int) -> Document {
    key.map { context.wrapped(context.text($0), indent: indent, style: .dim) } ?? []
  }

  /// A control's error under it (a choice's options, a setting's row): `    ! …`, continued under its words.
  func errorRows(_ state: ChoiceMachine.ControlState, setting: Setting) -> Document {
    state.error.map { context.wrapped(describe($0, setting: setting), indent: 6, style: .error, firstPrefix: "    ! ") } ?? []
  }

  /// A control's error in words.
  package func describe(_ error: ChoiceMachine.ChoiceError, setting: Setting) -> String {
    let c = context
    let name = c.text(setting.titleKey)
    func value(_ raw: String?) -> String { raw.map { c.text(setting.valueKey($0)) } ?? c.text("ui.value.unknown") }
    switch error {
    case .readFailed(let reason):
      return c.text("ui.choice.error.read", name, reason)
    case .writeFailed(let reason, nil):
      return c.text("ui.choice.error.writeUnknown", name, reason)
    case .writeFailed(let reason, let restored):
      return c.text("ui.choice.error.write", name, reason, value(restored))
    case .reminderFailed(let failure):
      return Self.describe(failure, name: name, value: value, in: c)
    }
  }

  /// A failed reminder move in words: what was saved and which reminder step failed, whether
  /// the old weekday was put back, what the reminder is now, and, when store and schedule
  /// were left apart, that the next start brings them together.
  static func describe(
    _ failure: ReminderFailure, name: String, value: (String?) -> String, in c: RenderContext
  ) -> String {
    let stepKey = failure.step == .cancel ? "ui.choice.error.reminder.cancel" : "ui.choice.error.reminder.schedule"
    var sentences = [c.text(stepKey, name, value(failure.saved), failure.reason)]
    if let settingFailure = failure.settingRestoreFailure {
      sentences.append(
        c.text("ui.choice.error.reminder.putBackFailed", name, value(failure.previous), settingFailure, value(failure.stored)))
    } else {
      sentences.append(c.text("ui.choice.error.reminder.putBack", name, value(failure.previous)))
    }
    if let restoreFailure = failure.reminderRestoreFailure {
      sentences.append(
        c.text("ui.choice.error.reminder.restoreFailed", value(failure.previousReminder), restoreFailure))
    } else if let now = failure.reminderNow {
      let key = failure.step == .cancel ? "ui.choice.error.reminder.stillSet" : "ui.choice.error.reminder.setAgain"
      sentences.append(c.text(key, value(now)))
    } else {
      sentences.append(c.text("ui.choice.error.reminder.none"))
    }
    if failure.leavesScheduleApart {
      sentences.append(c.text("ui.choice.error.reminder.nextStart"))
    }
    return sentences.joined(separator: " ")
  }
}
