package import WhatsNewCore

/// What `recap` shows, and what follows `done`: the settings the tour changed, numbered, each
/// as the value before → the value after in the session's language, with what became of it
/// (undone, being put back, changed since), then the `undo` commands that apply. A recap of
/// nothing is one line. Values in, rows out.
package struct RecapView: Sendable {
  package var recap: TourRecap

  /// The rows, worded and wrapped in `context`.
  package func document(in context: RenderContext) -> Document {
    guard recap.hasTour else { return context.wrapped(context.text("ui.recap.noTour"), indent: 0, style: .dim) }
    guard !recap.entries.isEmpty else {
      let key = recap.isRecording ? "ui.recap.noneYet" : "ui.recap.none"
      return context.wrapped(context.text(key), indent: 0, style: .dim)
    }
    let title = recap.isRecording ? "ui.recap.titleOpen" : recap.isFromEarlierRun ? "ui.recap.titleKept" : "ui.recap.title"
    var rows: Document = [Line(context.text(title), .title)]
    for (index, entry) in recap.entries.enumerated() {
      rows += entryRows(number: index + 1, entry, in: context)
    }
    let numbers = recap.undoableNumbers
    if let first = numbers.first {
      let footer =
        numbers.count == 1
        ? context.text("ui.recap.footerOne", "undo \(first)")
        : context.text("ui.recap.footer", "undo \(first)", "undo all")
      rows += context.wrapped(footer, indent: 0, style: .dim)
    }
    return rows
  }

  /// One entry: `2. Theme: System → Dark (undone)`, its continuation under the setting's name.
  func entryRows(number: Int, _ entry: TourRecap.Entry, in context: RenderContext) -> Document {
    let name = context.text(entry.setting.titleKey)
    let before = context.text(entry.setting.valueKey(entry.before))
    let after = context.text(entry.setting.valueKey(entry.after))
    var text = context.text("ui.recap.entry", String(number), name, before, after)
    let (note, style): (String?, TextStyle) =
      switch entry.status {
      case .changed: (nil, .plain)
      case .undoing: (context.text("ui.recap.undoing"), .dim)
      case .undone: (context.text("ui.recap.undone"), .dim)
      case .changedSince(let current):
        (context.text("ui.recap.changedSince", context.text(entry.setting.valueKey(current))), .warning)
      }
    if let note { text += " " + note }
    // The number's width, then ". ": where a long entry's next row starts.
    let indent = 2 + String(number).count + 2
    return context.fit([Line("  " + text, style, hangingIndent: indent)])
  }
}
