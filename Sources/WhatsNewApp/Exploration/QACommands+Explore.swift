import Foundation
import WhatsNewCore

extension QACommands {
  /// `qa explore [<script file>]`: explores the flow this session would show (or the
  /// choices the script's lines make) on fresh stores, and prints the report
  /// (``ExplorationReportView``). The session itself is left as it was.
  func explore(_ arguments: [String]) async {
    let console = session.console
    guard arguments.count <= 1 else { return messages.usage("qa") }
    var script: [String]?
    if let path = arguments.first {
      do {
        script = try Self.scriptLines(String(contentsOfFile: path, encoding: .utf8))
      } catch {
        return console.emit(session.text("ui.explore.scriptUnreadable", path, error.localizedDescription), .error)
      }
    }
    let explorer = Explorer(session: session)
    guard let start = await explorer.startVersion() else {
      return console.emit(session.text("ui.explore.noRecord"), .warning)
    }
    do {
      let report = try await explorer.explore(seenThrough: start, script: script)
      let view = ExplorationReportView(report: report, width: session.renderContext.width) { key, arguments in
        RenderContext.text(key, arguments: arguments, localizer: session.localizer, ascii: session.configuration.ascii)
      }
      let lines = view.lines
      console.emit(lines[0], report.counterexamples.isEmpty ? .success : .error)
      // The scripts are printed as they are, to be copied into a file.
      for line in lines.dropFirst() { console.emit(line) }
    } catch {
      console.emit(session.text("ui.explore.failed", Backends.describe(error)), .error)
    }
  }

  /// The commands of a script: its lines without blank lines and `#` comments.
  static func scriptLines(_ text: String) -> [String] {
    text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }
}
