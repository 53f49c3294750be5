import Foundation
import WhatsNewCore

/// How `set` and `choose` read the option a person typed, in the session's language: the
/// value, the label the app shows (``PageRenderer/optionLabel(_:setting:)``), a word of the
/// label, or an unambiguous prefix of any of these (``OptionMatcher``); and the lists their
/// errors name, joined as the language joins alternatives ("1, 2 o mode.1").
@MainActor
struct OptionWords: Sendable {
  let session: Session

  /// The outcome of reading an option.
  enum Reading: Equatable {
    /// The value meant.
    case value(String)
    /// Nothing matched; the caller says what would have.
    case unknown
    /// Several matched; the message listing them has been printed.
    case ambiguous
  }

  var locale: Locale { Locale(identifier: session.language.rawValue) }

  /// The value of `setting` that `typed` names among `values`.
  func read(_ typed: String, setting: Setting, values: [String]) -> Reading {
    let options = values.map { OptionMatcher.Option(value: $0, label: session.text(setting.valueKey($0))) }
    switch OptionMatcher(options: options, locale: locale).match(typed) {
    case .option(let index): return .value(values[index])
    case .none: return .unknown
    case .ambiguous(let indices):
      ambiguous(typed, labels: indices.map { options[$0].label })
      return .ambiguous
    }
  }

  /// `typed` could be any of the options shown as `labels`: says so.
  func ambiguous(_ typed: String, labels: [String]) {
    session.console.emit(session.text("ui.option.ambiguous", typed, orList(labels)), .warning)
  }

  /// `items` as alternatives: "1, 2, or mode.1", "1, 2 или mode.1".
  func orList(_ items: [String]) -> String {
    items.formatted(.list(type: .or).locale(locale))
  }
}
