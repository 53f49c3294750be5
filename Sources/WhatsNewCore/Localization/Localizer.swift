/// Looks up translated text and fills in its placeholders.
///
/// Lookup order: the table for ``language``, then the English table, then
/// `builtInEnglish` (what the app can say without its tables: the store's own messages, a
/// setting's name in words), then the key itself, so a missing translation shows something
/// readable and never crashes. A translation that is empty or only whitespace counts as missing.
///
/// Placeholders: `%@` takes the next argument, `%1$@` and `%2$@` take arguments by
/// position, `%d` (and `%i`, `%s`, `%ld`, `%lld`) are treated like `%@`, `%%` is a
/// percent sign. A missing argument renders as nothing; anything else after `%` is
/// kept as written.
///
/// ```swift
/// let localizer = Localizer(language: .es, tables: [.es: ["ui.hello": "Hola, %@"]], builtInEnglish: { _ in nil })
/// localizer.text("ui.hello", "Ana")        // "Hola, Ana"
/// localizer.text("ui.missing")              // "ui.missing"
/// ```
package struct Localizer: Sendable {
  /// The language text is looked up in first; setting it keeps the tables.
  package var language: Language
  private let tables: [Language: TranslationTable]
  private let builtInEnglish: @Sendable (String) -> String?
  /// Where a release's own texts (`whatsNew.*` keys) are looked up first: the text of a key in
  /// a language, from its release's table (the app's release catalog keeps one per release per
  /// language, read when first needed, so a start does not grow with the release history).
  private let releaseTexts: (@Sendable (_ key: String, _ language: Language) -> String?)?

  /// A localizer in the user's `language`, over the `tables` that could be read; `builtInEnglish`
  /// is English the app has without its tables, asked only when even the English table lacks a key.
  package init(
    language: Language, tables: [Language: TranslationTable],
    releaseTexts: (@Sendable (_ key: String, _ language: Language) -> String?)? = nil,
    builtInEnglish: @escaping @Sendable (String) -> String?
  ) {
    self.language = language
    self.tables = tables
    self.releaseTexts = releaseTexts
    self.builtInEnglish = builtInEnglish
  }

  /// The text for `key` with `arguments` filled in.
  package func text(_ key: String, _ arguments: String...) -> String {
    text(key, arguments: arguments)
  }

  package func text(_ key: String, arguments: [String]) -> String {
    Self.format(template(for: key), arguments: arguments)
  }

  /// The text for `key` with the arguments `arguments` makes filled in; `arguments` is
  /// called only when the text has a `%` (so text without placeholders costs no formatting).
  package func text(_ key: String, lazyArguments arguments: () -> [String]) -> String {
    let template = template(for: key)
    guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
    return Self.format(template, arguments: arguments())
  }

  private func template(for key: String) -> String {
    usable(releaseText(key, language)) ?? usable(tables[language]?[key]) ?? usable(releaseText(key, .en))
      ?? usable(tables[.en]?[key]) ?? usable(builtInEnglish(key)) ?? key
  }

  /// A release key's text in its release's own table, when there is a source of those.
  private func releaseText(_ key: String, _ language: Language) -> String? {
    guard let releaseTexts, key.utf8.starts(with: "whatsNew.".utf8) else { return nil }
    return releaseTexts(key, language)
  }

  private func usable(_ text: String?) -> String? {
    guard let text, text.contains(where: { !$0.isWhitespace }) else { return nil }
    return text
  }

  /// The arguments `template` uses, numbered from 1: `[1, 2]` for `"%@ of %@"` and for
  /// `"%2$@, %1$@"`; empty for text without placeholders. Read by filling in the template
  /// exactly as ``format(_:arguments:)`` does, so the two never disagree.
  package static func argumentsUsed(by template: String) -> Set<Int> {
    guard template.utf8.contains(UInt8(ascii: "%")) else { return [] }
    let markers = (1...16).map { "\u{E000}\($0)\u{E001}" }
    let filled = format(template, arguments: markers)
    return Set((1...16).filter { filled.contains(markers[$0 - 1]) })
  }

  /// Fills `%@`, `%1$@`, `%d` and `%%` placeholders in `template`.
  ///
  /// ```swift
  /// Localizer.format("%2$@ %1$@", arguments: ["a", "b"])   // "b a"
  /// Localizer.format("100%% %@", arguments: [])             // "100% "
  /// Localizer.format("Сейчас: %@.", arguments: ["Выкл."])   // "Сейчас: Выкл."
  /// ```
  package static func format(_ template: String, arguments: [String]) -> String {
    guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
    let scalars = Array(template.unicodeScalars)
    var result = String.UnicodeScalarView()
    var nextSequential = 0
    var index = 0
    let conversions: Set<Unicode.Scalar> = ["@", "d", "i", "s", "u"]
    while index < scalars.count {
      let scalar = scalars[index]
      guard scalar == "%" else {
        result.append(scalar)
        index += 1
        continue
      }
      var cursor = index + 1
      if cursor < scalars.count, scalars[cursor] == "%" {
        result.append("%")
        index = cursor + 1
        continue
      }
      // Optional position: digits followed by `$`.
      var position: Int?
      var digitsEnd = cursor
      var number = 0
      while digitsEnd < scalars.count, (48...57).contains(scalars[digitsEnd].value) {
        number = min(number * 10 + Int(scalars[digitsEnd].value - 48), 1_000_000)
        digitsEnd += 1
      }
      if digitsEnd > cursor, digitsEnd < scalars.count, scalars[digitsEnd] == "$" {
        position = number
        cursor = digitsEnd + 1
      }
      // Optional length modifiers: l, ll.
      while cursor < scalars.count, scalars[cursor] == "l", cursor - index < 8 { cursor += 1 }
      guard cursor < scalars.count, conversions.contains(scalars[cursor]) else {
        // Not a placeholder we know: keep the `%` and carry on after it.
        result.append("%")
        index += 1
        continue
      }
      let argumentIndex: Int
      if let position {
        argumentIndex = position - 1
      } else {
        argumentIndex = nextSequential
        nextSequential += 1
      }
      if argumentIndex >= 0, argumentIndex < arguments.count {
        result.append(contentsOf: arguments[argumentIndex].unicodeScalars)
      }
      index = cursor + 1
      // An argument that ends a sentence's abbreviation ("Выкл.") ends the sentence too:
      // the template's own full stop after it is not doubled ("Выкл..").
      if index < scalars.count, scalars[index] == ".", result.last == ".",
        !(index + 1 < scalars.count && scalars[index + 1] == ".")
      {
        index += 1
      }
    }
    return String(result)
  }
}
