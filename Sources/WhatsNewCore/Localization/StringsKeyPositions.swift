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
/// let positions = StringsKeyPositions.survey(Array("/* c */\n\"a.b\" = \"x\";\n".utf8)).positions
/// positions["a.b"]   // line 2, column 1
/// ```
package enum StringsKeyPositions {
  /// What a scan of a `.strings` file found besides the keys' places.
  package struct Survey: Sendable {
    /// Every key's position (of its first entry), by key.
    package var positions: [String: SourcePosition]
    /// Each later entry of a key written more than once, in file order, with its first entry's
    /// position. PropertyListSerialization keeps the last one, silently.
    package var repeats: [(key: String, position: SourcePosition, first: SourcePosition)]
    /// Where the file stopped following the format, and why (`expected ';' after the text of
    /// 'ui.done'`); `nil` when it follows it to the end.
    package var syntaxError: (position: SourcePosition, reason: String)?
  }

  /// Every key's position, the keys written twice, and the first place the format breaks.
  package static func survey(_ bytes: [UInt8]) -> Survey {
    var scanner = Scanner(bytes: bytes)
    var keys: [(key: String, offset: Int)] = []
    var first: [String: Int] = [:]  // key → offset of its first entry
    var repeats: [(key: String, offset: Int)] = []
    var breakAt: (offset: Int, reason: String)?
    while true {
      scanner.skipBlank()
      guard scanner.index < bytes.count else { break }
      guard let key = scanner.token() else {
        breakAt = scanner.failure(expected: "a key in double quotes")
        break
      }
      if first[key.text] == nil {
        first[key.text] = key.offset
        keys.append((key.text, key.offset))
      } else {
        repeats.append((key.text, key.offset))
      }
      // `;` (a key alone) or `= value ;`.
      let separator = scanner.punctuation()
      if separator == UInt8(ascii: "=") {
        guard let value = scanner.token() else {
          breakAt = scanner.failure(expected: "the text of \(Quote.quoted(key.text)) in double quotes")
          break
        }
        let end = scanner.punctuation()
        guard end == UInt8(ascii: ";") else {
          breakAt = scanner.misplaced(after: value, expected: "';' after the text of \(Quote.quoted(key.text))", found: end)
          break
        }
      } else if separator != UInt8(ascii: ";") {
        breakAt = scanner.misplaced(
          after: key, expected: "'=' or ';' after the key \(Quote.quoted(key.text))", found: separator)
        break
      }
    }
    let offsets = keys.map(\.offset) + repeats.map(\.offset) + repeats.map { first[$0.key] ?? 0 } + [breakAt?.offset ?? 0]
    let resolved = SourcePosition.of(offsets: offsets, in: bytes)
    var positions: [String: SourcePosition] = [:]
    for (entry, position) in zip(keys, resolved) { positions[entry.key] = position }
    let repeatPositions = resolved[keys.count..<(keys.count + repeats.count)]
    let firstPositions = resolved[(keys.count + repeats.count)..<(keys.count + 2 * repeats.count)]
    return Survey(
      positions: positions,
      repeats: zip(repeats, zip(repeatPositions, firstPositions)).map { ($0.key, $1.0, $1.1) },
      syntaxError: breakAt.map { (resolved[resolved.count - 1], $0.reason) })
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
        guard index < bytes.count else {
          index = start
          return nil
        }
        index += 1
        return (String(decoding: text, as: UTF8.self), start)
      }
      while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
      guard index > start else { return nil }
      return (String(decoding: bytes[start..<index], as: UTF8.self), start)
    }

    /// Why no token starts at the current index (a stray quote that opens a string never
    /// closed, or a character that starts nothing), and where.
    mutating func failure(expected: String) -> (offset: Int, reason: String) {
      skipBlank()
      guard index < bytes.count else { return (bytes.count, "expected \(expected) but the file ends") }
      if bytes[index] == UInt8(ascii: "\"") {
        return (index, "a '\"' opens a string that never closes: a stray quote, or one missing")
      }
      return (index, "expected \(expected)")
    }

    /// Something else where punctuation belongs, after `token`: when that token was a string
    /// running past the end of its line, a quote is stray or missing there, so the place is
    /// its opening quote, not the next line where the parser noticed.
    func misplaced(after token: (text: String, offset: Int), expected: String, found: UInt8?) -> (offset: Int, reason: String) {
      if bytes[token.offset] == UInt8(ascii: "\""), token.text.utf8.contains(0x0A) {
        return (token.offset, "this string runs past the end of its line: a stray quote, or one missing")
      }
      guard let found else { return (bytes.count, "expected \(expected) but the file ends") }
      let shown = found < 0x80 ? Quote.quoted(String(UnicodeScalar(found))) : "a non-ASCII character"
      return (index - 1, "expected \(expected), found \(shown)")
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
      ReleaseValidator.isIDByte(byte) || byte == UInt8(ascii: "$") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/")
    }
  }
}
