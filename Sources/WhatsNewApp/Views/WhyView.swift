import WhatsNewCore

/// What `why` shows: a line saying whether the surface shows and why, what the start decided,
/// then every condition with its value in the person's words, marked as passing or not, the
/// deciding one named. Values in, rows out.
struct WhyView: Sendable {
  var now: Explanation
  var atStart: Explanation?

  func document(in context: RenderContext) -> Document {
    let title = context.text("ui.why.title.\(now.surface.rawValue)", sentence(now, in: context))
    var rows = context.wrapped(title, indent: 0, style: .title)
    let start = atStart.map { sentence($0, in: context) } ?? context.text("ui.why.notDecided")
    rows += context.wrapped(context.text("ui.why.atStart", start), indent: 0, style: .dim)
    let plain = context.ascii || context.accessible
    let table = HelpTable(
      rows: now.conditions.map { condition in
        let mark = condition.passes ? (plain ? context.text("ui.why.passes") : "✓") : (plain ? context.text("ui.why.fails") : "✗")
        var value = context.text(condition.key, arguments: condition.arguments)
        if condition == now.deciding { value += " " + context.text("ui.why.decides") }
        return .command(mark + " " + label(condition, in: context), summary: value)
      })
    return context.fit(rows + table.document(in: context))
  }

  /// "shown", or "not shown: …" naming what decided.
  private func sentence(_ explanation: Explanation, in context: RenderContext) -> String {
    guard let deciding = explanation.deciding else {
      // Every condition holds and the check is still to run: it shows on the next visit home.
      let due = explanation.conditions.contains { $0.name == "session" && $0.value == "due" }
      return context.text(due ? "ui.why.reason.due" : "ui.why.reason.shown")
    }
    let what =
      switch deciding.reason {
      case .alreadySeen, .stale: deciding.detail ?? ""
      default: label(deciding, in: context)
      }
    return context.text("ui.why.reason.\(deciding.reason.rawValue)", what)
  }

  /// The condition's name in the person's words: a setting by its title.
  private func label(_ condition: Explanation.Condition, in context: RenderContext) -> String {
    Setting(rawValue: condition.name).map { context.text($0.titleKey) } ?? context.text("ui.why.label.\(condition.name)")
  }
}
