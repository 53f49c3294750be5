import Foundation

/// Compares text with a golden file under `Tests/<target>/Transcripts/`, and re-records
/// the file when `WHATSNEW_RECORD=1` is set.
///
/// A mismatch is reported as a line diff, so a failing transcript shows what changed:
///
/// ```swift
/// let mismatch = GoldenFile.compare(transcript, named: "tour-basics.txt", in: "WhatsNewAppTests")
/// #expect(mismatch == nil, "\(mismatch ?? "")")
/// ```
package enum GoldenFile {
  /// Whether golden files are being re-recorded.
  package static var isRecording: Bool { ProcessInfo.processInfo.environment["WHATSNEW_RECORD"] == "1" }

  /// The path of a golden file.
  package static func path(named name: String, in testTarget: String) -> String {
    "\(RepositoryPaths.root)/Tests/\(testTarget)/Transcripts/\(name)"
  }

  /// `nil` when `actual` matches the golden file; otherwise a message with a line diff.
  /// When recording, writes `actual` and returns `nil`.
  /// `recording: false` only compares, even under `WHATSNEW_RECORD=1`: for a second run that
  /// must give the same text as the one that records the file.
  package static func compare(_ actual: String, named name: String, in testTarget: String, recording: Bool = true)
    -> String?
  {
    compare(actual, atPath: path(named: name, in: testTarget), record: isRecording && recording, name: name)
  }

  /// Compares `actual` with the golden file at `path`; with `record`, writes it there first
  /// and fails all the same, saying so.
  package static func compare(_ actual: String, atPath path: String, record: Bool, name: String) -> String? {
    if record {
      try? FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: path, contents: Data(actual.utf8))
      // A recording run never passes (as swift-argument-parser's snapshots): a golden written
      // by the run that checks it would prove nothing.
      return "recorded \(path); run the tests again without WHATSNEW_RECORD=1 to check it"
    }
    guard let data = FileManager.default.contents(atPath: path), let expected = String(data: data, encoding: .utf8) else {
      return "no golden file at \(path); run the tests with WHATSNEW_RECORD=1 to record it"
    }
    guard expected != actual else { return nil }
    return "\(name) differs from the golden file (re-record with WHATSNEW_RECORD=1 if the change is intended):\n"
      + lineDiff(expected: expected, actual: actual)
  }

  /// A compact line diff: `-` lines only in `expected`, `+` lines only in `actual`,
  /// with two lines of context, from a longest-common-subsequence alignment.
  package static func lineDiff(expected: String, actual: String) -> String {
    let old = expected.components(separatedBy: "\n")
    let new = actual.components(separatedBy: "\n")
    var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var rows: [(mark: Character, text: String)] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        rows.append((" ", old[i]))
        i += 1
        j += 1
      } else if j < new.count, i == old.count || lengths[i][j + 1] >= lengths[i + 1][j] {
        rows.append(("+", new[j]))
        j += 1
      } else {
        rows.append(("-", old[i]))
        i += 1
      }
    }
    let changed = Set(rows.indices.filter { rows[$0].mark != " " })
    var output: [String] = []
    var lastPrinted = -1
    for index in rows.indices where changed.contains(where: { abs($0 - index) <= 2 }) {
      if lastPrinted >= 0 && index > lastPrinted + 1 { output.append("   …") }
      output.append("\(rows[index].mark) \(rows[index].text)")
      lastPrinted = index
    }
    return output.joined(separator: "\n")
  }
}
