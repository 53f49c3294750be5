import Foundation
public import WhatsNewCore

/// Reads Apple `.strings` tables (`"key" = "text";`, with comments and escapes).
///
/// Parsing is Foundation's `PropertyListSerialization`, which reads the `.strings`
/// format on Linux too, and is the team's one parser of `.strings` files. This is the only
/// place it is called: the `whatsnew-strings` helper runs it for the app (which does not link
/// Foundation), and tests, the benchmark and the fuzz properties call it in process.
/// An empty or comment-only file is an empty table.
///
/// ```swift
/// let table = try StringsTable.parse(Array(#""ui.done" = "Done";"#.utf8))   // ["ui.done": "Done"]
/// ```
public enum StringsTable {
  /// Parses the bytes of a `Localizable.strings` file.
  ///
  /// - Throws: ``LocalizationError/unreadable(reason:)`` for a syntax error,
  ///   ``LocalizationError/notAStringsTable(reason:)`` when a value is not a string
  ///   (a nested dictionary or array) or the file is not a dictionary at all.
  public static func parse(_ bytes: some Collection<UInt8>) throws(LocalizationError) -> [String: String] {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [:] }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    } catch {
      throw .unreadable(reason: reason(of: error))
    }
    if let table = object as? [String: String] { return table }
    guard let dictionary = object as? [AnyHashable: Any] else {
      throw .notAStringsTable(reason: "the file holds \(kindName(object)), not key-value entries")
    }
    var table: [String: String] = [:]
    for (key, value) in dictionary {
      guard let key = key.base as? String else { throw .notAStringsTable(reason: "a key is not a string") }
      guard let text = value as? String else {
        throw .notAStringsTable(reason: "the value of \(Quote.quoted(key)) is \(kindName(value)), not a string")
      }
      table[key] = text
    }
    return table
  }

  private static func kindName(_ value: Any) -> String {
    switch value {
    case is [AnyHashable: Any]: "a dictionary"
    case is [Any]: "an array"
    case is String: "a string"
    case is Data: "data"
    default: "a \(type(of: value))"
    }
  }

  /// The most specific description Foundation gives, like `Expected ';' or '=' after key at line 1`.
  private static func reason(of error: any Error) -> String {
    let nsError = error as NSError
    for value in nsError.userInfo.values {
      if let underlying = value as? NSError, let text = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
        return lowercasedFirst(text)
      }
    }
    if let text = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return lowercasedFirst(text) }
    return "the data is not in the correct format"
  }

  private static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
