package import Foundation

/// Finds the option a person means from what they typed after `set <setting>` or
/// `choose <setting>`: the option's value, its label in their language, one word of the
/// label, or an unambiguous prefix of any of these.
///
/// Matching ignores case and diacritics (in the session's locale) and runs in three tiers;
/// the first tier with a match decides:
/// 1. the whole value, the whole label or one of its short names (`imperial`,
///    `imperial (lb, mi)`; a weekday's CLDR abbreviation, `пт`, `seg.` with or without its period);
/// 2. one word of the label (`lb`, `mi`);
/// 3. a prefix of the value, the label or a word of the label (`imp`, `fri`).
///
/// A tier that matches several options is ambiguous: nothing is picked.
///
/// ```swift
/// let units = OptionMatcher(
///   options: [.init(value: "metric", label: "Metric (kg, km)"), .init(value: "imperial", label: "Imperial (lb, mi)")],
///   locale: Locale(identifier: "en"))
/// units.match("lb")    // .option(1)
/// units.match("m")     // .ambiguous([0, 1]): "metric", and "mi" in the second label
/// ```
package struct OptionMatcher: Sendable {
  /// One option as people may name it.
  package struct Option: Sendable, Hashable {
    /// The stored value, like `imperial`.
    package var value: String
    /// The label the app shows for it, in the session's language.
    package var label: String
    /// Other whole names people use for it (a weekday's abbreviation: `пт`, `seg.`), matched
    /// whole, a final full stop or not.
    package var shortNames: [String]

    package init(value: String, label: String, shortNames: [String] = []) {
      self.value = value
      self.label = label
      self.shortNames = shortNames
    }
  }

  /// What a typed word names.
  package enum Match: Sendable, Equatable {
    /// The option at this index of ``options``.
    case option(Int)
    /// Several options match equally well (their indices, in order): type more.
    case ambiguous([Int])
    /// Nothing matches.
    case none
  }

  /// The options, in the order the app shows them.
  package var options: [Option]
  /// The locale that folds case and diacritics (Turkish `I`, say).
  package var locale: Locale

  /// Creates a matcher over `options` for people writing in `locale`.
  package init(options: [Option], locale: Locale) {
    self.options = options
    self.locale = locale
    // Only Turkish and Azerbaijani fold an ASCII letter to another letter (`I` to `ı`).
    let language = locale.language.languageCode?.identifier
    asciiFoldsToLowercase = language != "tr" && language != "az"
  }

  /// Whether folding ASCII text is lowercasing it in this locale (all but Turkish and
  /// Azerbaijani): Foundation's locale folding, which builds a locale for every call, is then
  /// skipped for the command words and values most choices are typed in (the bench row
  /// "qa explore, single faults: runs per second": it was a twentieth of each run).
  private let asciiFoldsToLowercase: Bool

  /// The option `typed` names; see the type's documentation for the rules.
  package func match(_ typed: String) -> Match {
    let word = fold(typed)
    guard !word.isEmpty else { return .none }
    let names = options.map { option in
      // A label's words are its runs of letters and digits (`Imperial (lb, mi)` has three).
      let label = fold(option.label)
      return FoldedName(
        value: fold(option.value), label: label, words: label.split { !($0.isLetter || $0.isNumber) }.map(String.init),
        short: option.shortNames.map { Self.withoutFullStop(fold($0)) })
    }
    let bare = Self.withoutFullStop(word)
    let tiers: [(FoldedName) -> Bool] = [
      { $0.value == word || $0.label == word || $0.short.contains(bare) },
      { $0.words.contains(word) },
      { name in name.value.hasPrefix(word) || name.label.hasPrefix(word) || name.words.contains { $0.hasPrefix(word) } },
    ]
    for tier in tiers {
      let matches = names.indices.filter { tier(names[$0]) }
      if matches.count == 1 { return .option(matches[0]) }
      if matches.count > 1 { return .ambiguous(matches) }
    }
    return .none
  }

  /// `name` without one final full stop: `seg.` and `seg` are the same abbreviation.
  static func withoutFullStop(_ name: String) -> String { name.hasSuffix(".") ? String(name.dropLast()) : name }

  /// An option's names, folded.
  struct FoldedName {
    var value: String
    var label: String
    var words: [String]
    var short: [String]
  }

  /// `text` without case, diacritics or runs of spaces.
  func fold(_ text: String) -> String {
    let folded =
      asciiFoldsToLowercase && text.utf8.allSatisfy({ $0 < 0x80 })
      ? text.lowercased() : text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: locale)
    return folded.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }
}
