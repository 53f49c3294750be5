/// A place in a text file as editors and compilers name it: a 1-based line and a 1-based
/// column.
///
/// The column counts Unicode scalars (code points) from the start of the line: `é` or `я`
/// is one column, not two bytes, and a tab is one column (editors that expand tabs show it
/// wider; "go to line:column" still lands on the right character). Only `\n` ends a line (a
/// `\r` before it is the last column of its line), and a UTF-8 byte order mark at the start
/// of the file is not a column. The JSON reader's syntax errors (``JSONReadError``) count
/// the same way. Positions are computed from byte offsets only when a diagnostic needs one.
///
/// ```swift
/// SourcePosition.of(offset: 9, in: Array("{\n  \"a\": 1}".utf8))   // line 2, column 8 (the 1)
/// ```
package struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, in Unicode scalars.
  package var column: Int

  /// The start of a file: what a problem of the whole file points at.
  package static let start = SourcePosition(line: 1, column: 1)

  /// `line:column`.
  package var description: String { "\(line):\(column)" }

  /// The position of the byte at `offset` (an offset past the end is the end of the text).
  package static func of(offset: Int, in bytes: some Collection<UInt8>) -> SourcePosition {
    of(offsets: [offset], in: bytes)[0]
  }

  /// The positions of several byte offsets, in the order given, in one pass over the text.
  package static func of(offsets: [Int], in bytes: some Collection<UInt8>) -> [SourcePosition] {
    guard !offsets.isEmpty else { return [] }
    let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
    var result = [SourcePosition](repeating: .start, count: offsets.count)
    var next = 0
    var line = 1
    var column = 1
    var offset = 0
    var iterator = bytes.makeIterator()
    // A byte order mark at the very start is not a column.
    var skip = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { skip = 3 }
    while next < order.count {
      // Every offset up to here has the current position.
      while next < order.count && offsets[order[next]] <= offset {
        result[order[next]] = SourcePosition(line: line, column: column)
        next += 1
      }
      guard next < order.count, let byte = iterator.next() else { break }
      if offset >= skip {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      offset += 1
    }
    // Offsets past the end get the end of the text.
    while next < order.count {
      result[order[next]] = SourcePosition(line: line, column: column)
      next += 1
    }
    return result
  }
}
