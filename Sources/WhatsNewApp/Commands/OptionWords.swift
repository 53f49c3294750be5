import Foundation
import WhatsNewCore

/// How `set` and `choose` read the option a person typed, in the session's language: the
/// value, the label the app shows (``label(_:_:)``), a word of the
/// label, or an unambiguous prefix of any of these (``OptionMatcher``); and the lists their
/// errors name, joined as the language joins alternatives ("1, 2 o mode.1").
struct OptionWords: Sendable {
  /// The session's language and tables, as it draws now.
  let context: RenderContext

  init(_ context: RenderContext) { self.context = context }

  var locale: Locale { Locale(identifier: context.localizer.language.rawValue) }

  /// A matcher over `values` of `setting`, labelled in the session's language; a weekday also
  /// by its abbreviation there (CLDR's: `пт`, `seg.`, `vr`), which the cardio log shows.
  func matcher(_ setting: Setting, values: [String]) -> OptionMatcher {
    let short = { (value: String) in setting.kind == .weekday ? [context.text("ui.weekday.short." + value)] : [] }
    return OptionMatcher(
      options: values.map { OptionMatcher.Option(value: $0, label: label(setting, $0), shortNames: short($0)) }, locale: locale)
  }

  /// The label of `value`: the one name the page, the confirmation and the screens show.
  func label(_ setting: Setting, _ value: String) -> String {
    context.text(setting.valueKey(value))
  }

  /// `items` as alternatives: "1, 2, or mode.1", "1, 2 или mode.1".
  func orList(_ items: [String]) -> String {
    items.formatted(.list(type: .or).locale(locale))
  }

  /// `items` all together: "read and write", "read и write".
  func andList(_ items: [String]) -> String {
    items.formatted(.list(type: .and).locale(locale))
  }
}
