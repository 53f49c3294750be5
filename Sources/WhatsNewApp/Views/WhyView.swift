import Foundation
import WhatsNewCore

/// What `why` shows: a line saying whether the surface shows and why, what the start decided,
/// then every condition with its value in the person's words, marked as passing or not, the
/// deciding one named. Values in, rows out.
struct WhyView: Sendable {
  var now: Explanation
  var atStart: Explanation?
  /// The session's zone, in which a time (an RFC 3339 argument: when the pace allows) is worded.
  var timeZone: TimeZone

  func document(in context: RenderContext) -> Document {
    let name = now.id.flatMap { id in GuidanceCatalog.find(id).map { context.text($0.nameKey) } } ?? now.id ?? ""
    let title = context.text("ui.why.title.\(now.surface.rawValue)", sentence(now, in: context), name)
    var rows = context.wrapped(title, indent: 0, style: .title)
    if now.surface == .tour {
      let start = atStart.map { sentence($0, in: context) } ?? context.text("ui.why.notDecided")
      rows += context.wrapped(context.text("ui.why.atStart", start), indent: 0, style: .dim)
    }
    let plain = context.ascii || context.accessible
    let table = HelpTable(
      rows: now.conditions.map { condition in
        let mark = condition.passes ? (plain ? context.text("ui.why.passes") : "✓") : (plain ? context.text("ui.why.fails") : "✗")
        var value = self.value(condition, in: context)
        if condition == now.deciding { value += " " + context.text("ui.why.decides") }
        return .command(mark + " " + label(condition, in: context), summary: value)
      })
    return context.fit(rows + table.document(in: context))
  }

  /// "shown", or "not shown, …" with what decided and its value.
  private func sentence(_ explanation: Explanation, in context: RenderContext) -> String {
    guard let deciding = explanation.deciding else {
      // Every condition holds and the check is still to run: it shows on the next visit home.
      let due = explanation.conditions.contains { $0.name == "session" && $0.value == "due" }
      return context.text(due ? "ui.why.reason.due" : "ui.why.reason.shown")
    }
    let what = label(deciding, in: context) + " (" + value(deciding, in: context) + ")"
    return context.text("ui.why.reason.\(deciding.reason.rawValue)", what)
  }

  /// The condition's value in the person's words; an argument that is a key is worded too (a
  /// screen's title, a guide's name), and a time is said in the session's zone.
  private func value(_ condition: Explanation.Condition, in context: RenderContext) -> String {
    context.text(
      condition.key,
      arguments: condition.arguments.map { argument in
        if argument.hasPrefix("ui.") || argument.hasPrefix("guidance.") { return context.text(argument) }
        guard let time = try? Date(argument, strategy: .iso8601) else { return argument }
        return context.formats.dayAndTime(time, in: timeZone)
      })
  }

  /// The condition's name in the person's words: a setting (or a rule on one) by its title, a
  /// rule on an event or what invalidates by its kind (`event:visited:review`: "Event").
  private func label(_ condition: Explanation.Condition, in context: RenderContext) -> String {
    let parts = condition.name.split(separator: ":", maxSplits: 1).map(String.init)
    let setting = Setting(rawValue: parts.count == 2 && parts[0] == "setting" ? parts[1] : condition.name)
    return setting.map { context.text($0.titleKey) } ?? context.text("ui.why.label.\(parts[0])")
  }
}
