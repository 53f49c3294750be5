/// Common-prefix completion, shared by the interactive editor and its tests.
package enum CompletionEngine {
  /// Completes `partialWord` against `candidates`.
  ///
  /// - Returns: `insert`, the text to add after the partial word: the rest of the
  ///   only matching candidate plus a space, or the rest of the matches' longest
  ///   common prefix; and `listing`, the matching candidates (sorted, without
  ///   duplicates) when there are several and nothing more can be inserted.
  ///   Both are empty when nothing matches.
  package static func complete(
    partialWord: String, candidates: [String]
  ) -> (insert: String, listing: [String]) {
    let matches = Set(candidates.filter { $0.hasPrefix(partialWord) }).sorted()
    guard let first = matches.first else { return ("", []) }
    if matches.count == 1 {
      return (String(first.dropFirst(partialWord.count)) + " ", [])
    }
    var common = Array(first)
    for match in matches.dropFirst() {
      let characters = Array(match)
      var length = 0
      while length < common.count, length < characters.count, common[length] == characters[length] {
        length += 1
      }
      common.removeSubrange(length...)
    }
    if common.count > partialWord.count {
      return (String(common.dropFirst(partialWord.count)), [])
    }
    return ("", matches)
  }

  /// The word being typed at the end of `lineBeforeCursor`: the text after its
  /// last space or tab (empty after a space).
  static func partialWord(in lineBeforeCursor: String) -> String {
    if let space = lineBeforeCursor.lastIndex(where: { $0 == " " || $0 == "\t" }) {
      return String(lineBeforeCursor[lineBeforeCursor.index(after: space)...])
    }
    return lineBeforeCursor
  }

  /// Lays `items` out in columns that fit `width`, one row per line.
  static func layout(_ items: [String], width: Int) -> String {
    guard !items.isEmpty else { return "" }
    let cell = (items.map(\.count).max() ?? 0) + 2
    let perRow = max(1, width / cell)
    let rows = (items.count + perRow - 1) / perRow
    var lines: [String] = []
    for row in 0..<rows {
      var line = ""
      // Column-major, like a shell: read down, then across.
      for column in 0..<perRow {
        let index = column * rows + row
        guard index < items.count else { break }
        let item = items[index]
        line += item
        if (column + 1) * rows + row < items.count {
          line += String(repeating: " ", count: cell - item.count)
        }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
