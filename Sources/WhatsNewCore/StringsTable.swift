public import Foundation

/// Why a localization table could not be used.
public enum LocalizationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The data is not a `.strings` (or property list) file; the reason says where it broke.
  case unreadable(reason: String)
  /// The file parsed, but is not a table of strings to strings.
  case notAStringsTable(reason: String)

  /// A message for people, starting lowercase.
  public var description: String {
    switch self {
    case .unreadable(let reason):
      "not a valid .strings file: \(reason); each entry should look like \"key\" = \"text\";"
    case .notAStringsTable(let reason):
      "not a table of strings: \(reason); each entry should look like \"key\" = \"text\";"
    }
  }
}

/// Reads Apple `.strings` tables (`"key" = "text";`, with comments and escapes).
///
/// Parsing is Foundation's `PropertyListSerialization`, which reads the `.strings`
/// format on Linux too. An empty or comment-only file is an empty table.
///
/// ```swift
/// let table = try StringsTable.parse(Data(#""ui.done" = "Done";"#.utf8))   // ["ui.done": "Done"]
/// ```
public enum StringsTable {
  /// Parses the bytes of a `Localizable.strings` file.
  ///
  /// - Throws: ``LocalizationError/unreadable(reason:)`` for a syntax error,
  ///   ``LocalizationError/notAStringsTable(reason:)`` when a value is not a string
  ///   (a nested dictionary or array) or the file is not a dictionary at all.
  public static func parse(_ data: Data) throws(LocalizationError) -> [String: String] {
    if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return [:] }
    if let table = parseCommonForm(data) { return table }
    return try parseWithFoundation(data)
  }

  /// Parses with Foundation's `PropertyListSerialization` only: every form the format
  /// allows, and Foundation's own words for errors. ``parse(_:)`` uses it for whatever
  /// ``parseCommonForm(_:)`` declines.
  public static func parseWithFoundation(_ data: Data) throws(LocalizationError) -> [String: String] {
    let object: Any
    do {
      object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
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

  /// A fast path for the form the shipped tables use: only `"key" = "text";` entries,
  /// whitespace and `/* */` or `//` comments, with the escapes `\"`, `\\`, `\n`, `\t`
  /// and `\r`, in a file that is valid UTF-8 throughout, without NUL bytes.
  ///
  /// Returns `nil` for anything else (unquoted words, other escapes, a repeated key, a
  /// syntax error, a file of comments alone), which ``parse(_:)`` then hands to Foundation,
  /// so the result and the errors never differ from Foundation's. Foundation's parser goes
  /// through `NSDictionary` bridging and is about ten times slower on large tables.
  public static func parseCommonForm(_ data: Data) -> [String: String]? {
    data.withUnsafeBytes { raw -> [String: String]? in
      let bytes = raw.bindMemory(to: UInt8.self)
      // Foundation rejects a file that is not UTF-8 anywhere, comments included.
      guard String(validating: bytes, as: UTF8.self) != nil else { return nil }
      // …and a NUL byte anywhere, comments included, ends what Foundation reads.
      guard !bytes.contains(0) else { return nil }
      var scanner = CommonFormScanner(bytes: bytes)
      return scanner.table()
    }
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

/// The scanner behind ``StringsTable/parseCommonForm(_:)``; `nil` means "not the common form".
private struct CommonFormScanner {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  mutating func table() -> [String: String]? {
    // One entry a line is the usual layout: reserving that many saves the rehashing.
    var lines = 0
    for byte in bytes where byte == 0x0A { lines += 1 }
    var table: [String: String] = Dictionary(minimumCapacity: lines)
    while true {
      guard skipTrivia() else { return nil }
      if index == bytes.count { break }
      guard let key = quoted() else { return nil }
      guard skipTrivia(), index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
      index += 1
      guard skipTrivia(), let value = quoted() else { return nil }
      guard skipTrivia(), index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return nil }
      index += 1
      guard table.updateValue(value, forKey: key) == nil else { return nil }
    }
    return table.isEmpty ? nil : table
  }

  /// Skips whitespace and comments; `false` for an unterminated comment.
  mutating func skipTrivia() -> Bool {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D:
        index += 1
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
        index += 2
        while index + 1 < bytes.count && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
          index += 1
        }
        guard index + 1 < bytes.count else { return false }
        index += 2
      case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
        while index < bytes.count && bytes[index] != 0x0A { index += 1 }
      default:
        return true
      }
    }
    return true
  }

  /// A `"…"` string with the simple escapes, as valid UTF-8; `nil` otherwise.
  mutating func quoted() -> String? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    index += 1
    let start = index
    var hasEscape = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte == 0 { return nil }
      if byte == UInt8(ascii: "\\") {
        hasEscape = true
        index += 1
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"): break
        default: return nil
        }
      }
      index += 1
    }
    guard index < bytes.count else { return nil }
    let body = UnsafeBufferPointer(rebasing: bytes[start..<index])
    index += 1
    if !hasEscape { return String(validating: body, as: UTF8.self) }
    var unescaped: [UInt8] = []
    unescaped.reserveCapacity(body.count)
    var position = 0
    while position < body.count {
      var byte = body[position]
      if byte == UInt8(ascii: "\\") {
        position += 1
        switch body[position] {
        case UInt8(ascii: "n"): byte = 0x0A
        case UInt8(ascii: "t"): byte = 0x09
        case UInt8(ascii: "r"): byte = 0x0D
        default: byte = body[position]
        }
      }
      unescaped.append(byte)
      position += 1
    }
    return String(validating: unescaped, as: UTF8.self)
  }
}
