/// What the linter says of a `.strings` table itself, besides its keys: where a syntax error
/// really is, keys written twice, and characters a translation holds that the app strips.
extension ContentLinter {
  /// The characters the app strips from a translation before it shows it
  /// (``TextSanitizer``), so an author is told instead: C0 and C1 controls and DEL (a line
  /// break excepted) and the bidirectional embedding, override and isolate controls, which
  /// can make a text read other than it is stored (U+202A–U+202E, U+2066–U+2069).
  package static func isHiddenCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A: false
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  /// The problem of a table that could not be read, at the place its syntax really breaks when
  /// it is a syntax error (found by ``StringsKeyPositions/survey(_:)``, worded by it: the
  /// parser's own line can be the one after a stray quote), else at the line the reason names,
  /// else at 1:1. The file is named once: `reason` may start with it.
  static func unreadableTable(file: String, reason: String, source: [UInt8]?) -> LintProblem {
    var reason = reason
    if reason.hasPrefix(file + ": ") { reason.removeFirst(file.utf8.count + 2) }
    if reason.hasPrefix(LocalizationError.syntaxErrorPrefix), let source,
      let syntaxError = StringsKeyPositions.survey(source).syntaxError
    {
      return LintProblem(
        file: file, path: "", message: LocalizationError.unreadable(reason: syntaxError.reason).description,
        rule: .unreadableTable, position: syntaxError.position)
    }
    return LintProblem(
      file: file, path: "", message: reason, rule: .unreadableTable, position: syntaxErrorPosition(in: reason))
  }

  /// Warnings about a table that was read: each later entry of a key written twice (at that
  /// entry; the last one is what the app shows), then each translation holding a character
  /// the app strips, by key.
  static func tableWarnings(file: String, language: Language, table: TranslationTable, source: [UInt8]?) -> [LintProblem] {
    var problems: [LintProblem] = []
    if let source {
      for repeated in StringsKeyPositions.survey(source).repeats {
        problems.append(
          LintProblem(
            file: file, path: repeated.key,
            message:
              "repeated key: also at line \(repeated.first.line); the last entry is the one shown, so remove the other",
            severity: .warning, rule: .repeatedKey, position: repeated.position))
      }
    }
    for key in table.keys.sorted() {
      guard let text = table[key] else { continue }
      let hidden = text.unicodeScalars.filter(isHiddenCharacter)
      guard !hidden.isEmpty else { continue }
      var names: [String] = []
      for scalar in hidden {
        let name = "U+" + String(scalar.value, radix: 16, uppercase: true).zeroPadded(to: 4)
        let described = (scalar.properties.name ?? scalar.properties.nameAlias).map { "\(name) \($0)" } ?? "\(name) (a control)"
        if !names.contains(described) { names.append(described) }
      }
      problems.append(
        LintProblem(
          file: file, path: key,
          message:
            "the \(language.nativeName) text holds \(names.joined(separator: ", ")), which the app removes before "
            + "showing it (a control or bidirectional override can make a text read other than it is stored): remove it",
          severity: .warning, rule: .hiddenCharacter))
    }
    return problems
  }
}
