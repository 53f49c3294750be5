// Hand-written: PropertyListSerialization, which parses `.strings` files, gives a dictionary
// and no positions; `lint` needs the line of a key to print `file:line:column:` for it.

/// Where each key of a `.strings` file is written: the position of its first character
/// (the opening `"`, or the first letter of an unquoted key) in its first entry.
///
/// The scan follows the old-style format PropertyListSerialization reads (and the shipped
/// tables use): entries `"key" = "value";` or `key = value;` (or `"key";`), separated by
/// white space, `/* … */` and `// …` comments. Strings may hold escapes (`\"`, `\\`, `\n`,
/// `\U00E9`); a key is found by its text as written between the quotes, with only `\"`
/// and `\\` decoded, which covers every key the app and the releases use. A file that stops
/// following the format (a syntax error) gives the keys before that point.
///
/// ```swift
/// let positions = StringsKeyPositions.scan(Array("/* c */\n\"a.b\" = \"x\";\n".utf8))
/// positions["a.b"]   // line 2, column 1
/// ```
public enum StringsKeyPositions {
  /// Every key's position, by key.
  public static func scan(_ bytes: [UInt8]) -> [String: SourcePosition] {
    var scanner = Scanner(bytes: bytes)
    var keys: [(key: String, offset: Int)] = []
    var seen: Set<String> = []
    while let key = scanner.token() {
      if seen.insert(key.text).inserted { keys.append((key.text, key.offset)) }
      // `;` (a key alone) or `= value ;`.
      guard let separator = scanner.punctuation() else { break }
      if separator == UInt8(ascii: "=") {
        guard scanner.token() != nil, scanner.punctuation() == UInt8(ascii: ";") else { break }
      } else if separator != UInt8(ascii: ";") {
        break
      }
    }
    let positions = SourcePosition.of(offsets: keys.map(\.offset), in: bytes)
    var result: [String: SourcePosition] = [:]
    for (entry, position) in zip(keys, positions) { result[entry.key] = position }
    return result
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) {
      self.bytes = bytes
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Skips white space and comments.
    mutating func skipBlank() {
      while index < bytes.count {
        let byte = bytes[index]
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
          index += 1
        } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
          index += 2
          while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
            index += 1
          }
          index = min(bytes.count, index + 2)
        } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
          while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        } else {
          return
        }
      }
    }

    /// A quoted string or an unquoted word, and the offset where it starts; `nil` at the end
    /// or at anything else.
    mutating func token() -> (text: String, offset: Int)? {
      skipBlank()
      guard index < bytes.count else { return nil }
      let start = index
      if bytes[index] == UInt8(ascii: "\"") {
        index += 1
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
            let escaped = bytes[index + 1]
            if escaped == UInt8(ascii: "\"") || escaped == UInt8(ascii: "\\") {
              text.append(escaped)
            } else {
              text += [bytes[index], escaped]
            }
            index += 2
          } else {
            text.append(bytes[index])
            index += 1
          }
        }
        guard index < bytes.count else { return nil }
        index += 1
        return (String(decoding: text, as: UTF8.self), start)
      }
      while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
      guard index > start else { return nil }
      return (String(decoding: bytes[start..<index], as: UTF8.self), start)
    }

    /// The next `=` or `;` (or whatever byte comes), consumed.
    mutating func punctuation() -> UInt8? {
      skipBlank()
      guard index < bytes.count else { return nil }
      defer { index += 1 }
      return bytes[index]
    }

    /// The characters of an unquoted word in the old-style format.
    static func isWordByte(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "$"), UInt8(ascii: ":"), UInt8(ascii: "/"):
        true
      default: false
      }
    }
  }
}
