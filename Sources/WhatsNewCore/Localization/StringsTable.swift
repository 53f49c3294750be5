import Foundation

/// Reads Apple `.strings` tables (`"key" = "text";`, with comments and escapes).
///
/// Parsing is Foundation's `PropertyListSerialization`, which reads the `.strings` format
/// on Linux too; this is the one place it is called. An empty or comment-only file is an
/// empty table. A syntax error names the line Foundation found it on.
///
/// ```swift
/// let table = try StringsTable.parse(Array(#""ui.done" = "Done";"#.utf8))   // ["ui.done": "Done"]
/// ```
package enum StringsTable {
  /// Parses the bytes of a `Localizable.strings` file.
  ///
  /// - Throws: ``LocalizationError/unreadable(reason:)`` for a syntax error,
  ///   ``LocalizationError/notAStringsTable(reason:)`` when a value is not a string
  ///   (a nested dictionary or array) or the file is not a dictionary at all.
  ///
  /// Takes `[UInt8]`, not any collection: a generic called from another module runs
  /// unspecialized, and copying a table into `Data` byte by byte through it cost a first
  /// start more than the parse itself (make bench, "first start after the translations changed").
  package static func parse(_ bytes: [UInt8]) throws(LocalizationError) -> [String: String] {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [:] }
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
    } catch {
      throw .unreadable(reason: reason(of: error))
    }
    guard let dictionary = object as? [AnyHashable: Any] else {
      throw .notAStringsTable(reason: "the file holds \(kindName(object)), not key-value entries")
    }
    // Entry by entry into a table of the right size, the loop that also names an entry that
    // is not a string: 2.1 M instructions for the two tables of a first start, against 2.9 M
    // for `as? [String: String]` (make bench, "first start after the translations changed").
    var table: [String: String] = [:]
    table.reserveCapacity(dictionary.count)
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

  /// The most specific description Foundation gives, like `missing ';' on line 3`.
  ///
  /// The old-style (`.strings`) parser's own message, with the real line, is in the error's
  /// user info under `kCFPropertyListOldStyleParsingError`; on Linux that value is a
  /// CoreFoundation object that does not cast to `NSError`, but its description holds the
  /// message (`Error Domain=NSCocoaErrorDomain Code=3840 "Missing ';' on line 3" UserInfo=…`).
  /// `NSDebugDescription` at the top level is the XML parser's guess and always says line 1.
  static func reason(of error: any Error) -> String {
    let userInfo = (error as NSError).userInfo
    // The quoted message of `Error Domain=… Code=3840 "Missing ';' on line 3" UserInfo=…`.
    if let description = userInfo["kCFPropertyListOldStyleParsingError"].map({ String(describing: $0) }),
      let open = description.firstIndex(of: "\""),
      let close = description.range(of: "\" UserInfo=", range: description.index(after: open)..<description.endIndex),
      case let message = description[description.index(after: open)..<close.lowerBound], !message.isEmpty
    {
      return lowercasedFirst(String(message))
    }
    if let text = userInfo[NSDebugDescriptionErrorKey] as? String { return lowercasedFirst(text) }
    return "the data is not in the correct format"
  }

  private static func lowercasedFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
  }
}
