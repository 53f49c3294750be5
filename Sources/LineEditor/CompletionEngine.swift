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
    var common = Substring(first)
    for match in matches.dropFirst() {
      common = common.prefix(zip(common, match).prefix { $0 == $1 }.count)
    }
    if common.count > partialWord.count {
      return (String(common.dropFirst(partialWord.count)), [])
    }
    return ("", matches)
  }

  /// The word being typed at the end of `lineBeforeCursor`: the text after its
  /// last space or tab (empty after a space).
  static func partialWord(in lineBeforeCursor: String) -> String {
    String(lineBeforeCursor.split(omittingEmptySubsequences: false) { $0 == " " || $0 == "\t" }.last ?? "")
  }

  /// Lays `items` out in columns that fit `width`, one row per line.
  static func layout(_ items: [String], width: Int) -> String {
    guard !items.isEmpty else { return "" }
    let cell = (items.map(\.count).max() ?? 0) + 2
    let perRow = max(1, width / cell)
    let rows = (items.count + perRow - 1) / perRow
    let lines = (0..<rows).map { row in
      // Column-major, like a shell: read down, then across; every cell but a row's last padded.
      let cells = stride(from: row, to: items.count, by: rows).map { items[$0] }
      return cells.dropLast().map { $0 + String(repeating: " ", count: cell - $0.count) }.joined() + (cells.last ?? "")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
