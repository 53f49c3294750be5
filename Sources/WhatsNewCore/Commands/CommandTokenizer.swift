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
}
