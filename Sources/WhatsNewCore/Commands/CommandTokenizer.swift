/// Splits a command line into words; double or single quotes keep spaces in a word.
///
/// ```swift
/// CommandTokenizer.split(#"backup "my file.sqlite""#)   // ["backup", "my file.sqlite"]
/// ```
package enum CommandTokenizer {
  package static func split(_ line: String) -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var hasWord = false
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        hasWord = true
      } else if character.isWhitespace {
        if hasWord || !current.isEmpty { words.append(current) }
        current = ""
        hasWord = false
      } else {
        current.append(character)
        hasWord = true
      }
    }
    if hasWord || !current.isEmpty { words.append(current) }
    return words
  }

  /// What a line of a script holds to run, read the same way by the REPL and by
  /// `qa explore <file>`: the line without the UTF-8 byte order mark an editor may save before
  /// the first line, and without the blanks around it; `nil` for a blank line or a `#` comment.
  ///
  /// ```swift
  /// CommandTokenizer.command(in: "\u{FEFF}# from qa explore")   // nil
  /// CommandTokenizer.command(in: "\u{FEFF}next ")               // "next"
  /// ```
  package static func command(in line: String) -> String? {
    let text = (line.first == "\u{FEFF}" ? String(line.dropFirst()) : line).trimmingWhitespace()
    return text.isEmpty || text.hasPrefix("#") ? nil : text
  }
}
