import Foundation

/// Golden files: expected output kept next to the tests, compared line by line.
///
/// With `WHATSNEW_RECORD=1` in the environment, ``check(_:against:)`` writes the actual
/// text to the golden file instead of comparing (review the diff before committing).
///
/// ```swift
/// let mismatch = try Golden.check(transcript, against: Golden.path("guidance-spotlight.txt", near: #filePath))
/// #expect(mismatch == nil, Comment(rawValue: mismatch ?? ""))
/// ```
public enum Golden {
  /// Whether this run records golden files instead of comparing.
  public static var isRecording: Bool { ProcessInfo.processInfo.environment["WHATSNEW_RECORD"] == "1" }

  /// `Transcripts/<name>` beside the test file `filePath` (pass `#filePath`).
  public static func path(_ name: String, near filePath: String, directory: String = "Transcripts") -> String {
    URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(directory).appendingPathComponent(name).path
  }

  /// Compares `actual` with the golden file at `path`; returns `nil` when they match (or
  /// when recording), otherwise a readable line diff. A missing golden file is a mismatch
  /// that says how to record it.
  public static func check(_ actual: String, against path: String) throws -> String? {
    if isRecording {
      try FileManager.default.createDirectory(
        atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: URL(fileURLWithPath: path))
      return nil
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      return "no golden file at \(path); run the tests with WHATSNEW_RECORD=1 to record it"
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return nil }
    return "\(path) differs (- expected, + actual; WHATSNEW_RECORD=1 re-records):\n" + diff(expected, actual)
  }

  /// A line diff of two texts (longest common subsequence), with two lines of context.
  public static func diff(_ expected: String, _ actual: String) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var rows: [(mark: Character, text: String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        rows.append((" ", old[i])); i += 1; j += 1
      } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
        rows.append(("-", old[i])); i += 1
      } else {
        rows.append(("+", new[j])); j += 1
      }
    }
    let changed = Set(rows.indices.filter { rows[$0].mark != " " })
    var output: [String] = []
    var lastShown = -1
    for index in rows.indices where changed.contains(where: { abs($0 - index) <= 2 }) {
      if lastShown >= 0 && index > lastShown + 1 { output.append("  …") }
      output.append("\(rows[index].mark) \(rows[index].text)")
      lastShown = index
    }
    return output.joined(separator: "\n")
  }
}
