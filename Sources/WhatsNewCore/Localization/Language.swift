/// A language the app ships translations for.
///
/// ```swift
/// Language(tag: "pt_BR.UTF-8")   // .ptBR
/// Language(tag: "es-419")        // .es
/// Language(tag: "pt_PT")         // .ptBR: the Portuguese the app has
/// Language(tag: "nl_BE")         // .nl
/// Language.resolve(flag: nil, environment: ["LANG": "ru_RU.UTF-8"])   // .ru
/// ```
package enum Language: String, CaseIterable, Sendable, Hashable {
  /// English, the fallback for every other language.
  case en
  /// Spanish (any region).
  case es
  /// Dutch.
  case nl
  /// Brazilian Portuguese.
  case ptBR = "pt-BR"
  /// Russian.
  case ru

  /// Reads a BCP 47 tag or a POSIX locale name: `pt-BR`, `pt_BR`, `pt-br`, `es`,
  /// `es_MX`, `es-419`, `nl_NL.UTF-8`, `ru_RU.UTF-8@euro`.
  ///
  /// The language subtag decides: any region of a translated language falls back to that
  /// language (`es_MX` and `es-419` are Spanish, `nl_BE` Dutch, `en_GB` English), and
  /// Portuguese of any region (`pt`, `pt_PT`, `pt_AO`) is Brazilian Portuguese, the one
  /// Portuguese translated: closer to a Portuguese reader than the English fallback.
  /// `C`, `POSIX` and unknown languages give `nil`.
  package init?(tag: String) {
    var text = Substring(tag.trimmingASCIIWhitespace())
    if let cut = text.firstIndex(where: { $0 == "." || $0 == "@" }) { text = text[..<cut] }
    let subtags = text.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
    // Every other language's raw value is its language subtag.
    guard let subtag = subtags.first, let language = subtag == "pt" ? .ptBR : Language(rawValue: subtag) else {
      return nil
    }
    self = language
  }

  /// The `.lproj` directory holding the language's `Localizable.strings`: `pt-BR.lproj`.
  package var directoryName: String { "\(rawValue).lproj" }

  /// The locale whose CLDR data formats numbers, dates and times for the language
  /// (see ``LocalizedFormats``): `en_US` (12-hour clock), `es_ES`, `nl_NL`, `pt_BR`, `ru_RU`.
  package var localeIdentifier: String {
    switch self {
    case .en: "en_US"
    case .es: "es_ES"
    case .nl: "nl_NL"
    case .ptBR: "pt_BR"
    case .ru: "ru_RU"
    }
  }

  /// The language's name in itself, for a language picker: `Português (Brasil)`.
  package var nativeName: String {
    switch self {
    case .en: "English"
    case .es: "Español"
    case .nl: "Nederlands"
    case .ptBR: "Português (Brasil)"
    case .ru: "Русский"
    }
  }

  /// Picks the language from a `--locale` flag and the environment.
  ///
  /// 1. A `flag` that names a supported language wins.
  /// 2. Otherwise the locale is the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`
  ///    (POSIX precedence). If it is unset, `C` or `POSIX`, the result is English.
  /// 3. Otherwise, as GNU gettext does, the colon-separated `LANGUAGE` list is tried
  ///    first, then the locale itself; the first supported language wins.
  /// 4. Anything else (`fr_FR`) is English.
  ///
  /// ```swift
  /// Language.resolve(flag: "nl", environment: ["LANG": "ru_RU.UTF-8"])                  // .nl
  /// Language.resolve(flag: nil, environment: ["LC_ALL": "", "LANG": "pt_BR.UTF-8"])     // .ptBR
  /// Language.resolve(flag: nil, environment: ["LANGUAGE": "es:en", "LANG": "fr_FR"])    // .es
  /// Language.resolve(flag: nil, environment: ["LANGUAGE": "es", "LANG": "C"])           // .en
  /// ```
  package static func resolve(flag: String?, environment: [String: String]) -> Language {
    if let flag, let language = Language(tag: flag) { return language }
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy
      .compactMap { environment[$0]?.trimmingASCIIWhitespace() }
      .first { !$0.isEmpty }
    guard let locale else { return .en }
    let base = locale.split(separator: ".").first.map(String.init) ?? locale
    if base == "C" || base == "POSIX" { return .en }
    if let priorities = environment["LANGUAGE"] {
      for entry in priorities.split(separator: ":") {
        if let language = Language(tag: String(entry)) { return language }
      }
    }
    return Language(tag: locale) ?? .en
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and newlines.
  func trimmingASCIIWhitespace() -> String {
    trimming { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
  }

  /// The string without leading and trailing Unicode whitespace.
  package func trimmingWhitespace() -> String { trimming(\.isWhitespace) }

  /// The string without the characters `isSpace` picks at either end.
  private func trimming(_ isSpace: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
    return String(self[first...last])
  }
}
