/// Reads typed fields of the objects of a parsed release file: strings, arrays, ids,
/// translation keys (checked against the English table), icons, actions and versions, each
/// refusing a wrong value with a ``Rejection`` that names its JSON path.
struct FieldReader {
  /// The parsed file; empty until it parsed.
  var tape = JSONTape(input: [], unescaped: [], nodes: [])
  /// `nil` skips the English-table check.
  let englishKeys: (any TranslationKeys)?
  /// The release's own version, which `supersededIn` must be later than.
  var releaseVersion = Version(major: 0, minor: 0, patch: 0)

  /// The value node of the first member named `key`, if any.
  func member(_ fields: Fields, _ key: StaticString) -> Int? { tape.firstMember(of: fields.node, named: key) }

  func requiredString(_ fields: Fields, _ key: StaticString, describing hint: @autoclosure () -> String = "a string")
    throws(Rejection) -> String
  {
    guard let text = try optionalString(fields, key) else {
      throw Rejection(path: fields.path, reason: "missing required field '\(key)' (\(hint()))")
    }
    return text
  }

  func optionalString(_ fields: Fields, _ key: StaticString) throws(Rejection) -> String? {
    guard let value = member(fields, key) else { return nil }
    guard tape.kind(value) == .string else {
      throw Rejection(
        path: fields.childPath(key), reason: "expected a string for '\(key)', found \(tape.kindName(value))")
    }
    return tape.string(value)
  }

  /// The array node of member `key`, if any.
  func optionalArray(_ fields: Fields, _ key: StaticString) throws(Rejection) -> Int? {
    guard let value = member(fields, key) else { return nil }
    guard tape.kind(value) == .array else {
      throw Rejection(
        path: fields.childPath(key), reason: "expected an array for '\(key)', found \(tape.kindName(value))")
    }
    return value
  }

  func requiredArray(_ fields: Fields, _ key: StaticString) throws(Rejection) -> Int {
    guard let elements = try optionalArray(fields, key) else {
      throw Rejection(path: fields.path, reason: "missing required field '\(key)' (an array)")
    }
    return elements
  }

  /// The unit's `id`, recorded at `index` in `seen`: a page, block or item id used twice in
  /// the same list is rejected, naming where it was first used (`firstUse(index)`).
  func uniqueID(
    _ unit: Fields, index: Int, seen: inout [String: Int], kind: String, firstUse: (Int) -> String
  ) throws(Rejection) -> String {
    let text = try requiredString(unit, "id")
    guard ReleaseValidator.isValidID(text) else {
      throw Rejection(
        path: unit.childPath("id"),
        reason:
          "id \(Quote.quoted(text)) is not valid (use 1 to \(ReleaseValidator.maximumIDLength) of A-Z a-z 0-9 _ . -)")
    }
    if let first = seen[text] {
      throw Rejection(
        path: unit.childPath("id"),
        reason: "duplicate \(kind) id \(Quote.quoted(text)) (already used by \(firstUse(first)))")
    }
    seen[text] = index
    return text
  }

  func checkKey(_ text: String, at path: @autoclosure () -> String) throws(Rejection) {
    guard ReleaseValidator.isValidKey(text) else {
      throw Rejection(
        path: path(),
        reason: "translation key \(Quote.quoted(text)) is not valid "
          + "(use 1 to \(ReleaseValidator.maximumKeyLength) of A-Z a-z 0-9 _ . -)")
    }
    if let englishKeys, !englishKeys.contains(text) {
      throw Rejection(path: path(), reason: "translation key \(Quote.quoted(text)) is missing from the English table")
    }
  }

  func requiredKey(_ fields: Fields, _ key: StaticString) throws(Rejection) -> String {
    let text = try requiredString(fields, key, describing: "a translation key")
    try checkKey(text, at: fields.childPath(key))
    return text
  }

  func optionalKey(_ fields: Fields, _ key: StaticString) throws(Rejection) -> String? {
    guard let text = try optionalString(fields, key) else { return nil }
    try checkKey(text, at: fields.childPath(key))
    return text
  }

  func icon(_ fields: Fields) throws(Rejection) -> Icon? {
    guard let text = try optionalString(fields, "icon") else { return nil }
    return try word(text, of: fields, "icon") as Icon
  }

  func action(_ fields: Fields, required: Bool) throws(Rejection) -> Action? {
    let text: String? =
      try required
      ? requiredString(fields, "action", describing: "one of \(Action.allCases.map(\.rawValue).joined(separator: ", "))")
      : optionalString(fields, "action")
    guard let text else { return nil }
    return try word(text, of: fields, "action") as Action
  }

  /// `text` as a word of the closed vocabulary `Word` (an icon, an action, a setting), else a
  /// rejection at `key` naming the closest word: `unknown icon 'sparkels' (did you mean 'sparkles'?)`.
  func word<Word: RawRepresentable & CaseIterable>(_ text: String, of fields: Fields, _ key: StaticString)
    throws(Rejection) -> Word where Word.RawValue == String
  {
    guard let word = Word(rawValue: text) else {
      throw Rejection(
        path: fields.childPath(key),
        reason: "unknown \(key) \(Quote.quoted(text))\(didYouMean(text, Word.allCases.map(\.rawValue)))")
    }
    return word
  }

  func supersededIn(_ fields: Fields) throws(Rejection) -> Version? {
    guard let text = try optionalString(fields, "supersededIn") else { return nil }
    guard let version = Version(text) else {
      throw Rejection(
        path: fields.childPath("supersededIn"),
        reason: "supersededIn \(Quote.quoted(text)) is not a version (\(Version.form))")
    }
    guard version > releaseVersion else {
      throw Rejection(
        path: fields.childPath("supersededIn"),
        reason: "supersededIn \(version) is not later than the release's version \(releaseVersion)")
    }
    return version
  }

  /// The release's `date`, if it has one: `YYYY-MM-DD`, a day that exists.
  func releaseDate(_ fields: Fields) throws(Rejection) -> ReleaseDate? {
    guard let text = try optionalString(fields, "date") else { return nil }
    guard let date = ReleaseDate(text) else {
      throw Rejection(path: fields.childPath("date"), reason: "date \(Quote.quoted(text)) is not a date (\(ReleaseDate.form))")
    }
    return date
  }

  func didYouMean(_ word: String, _ candidates: [String]) -> String {
    guard let suggestion = Suggestion.closest(to: word, in: candidates) else { return "" }
    return " (did you mean '\(suggestion)'?)"
  }
}
