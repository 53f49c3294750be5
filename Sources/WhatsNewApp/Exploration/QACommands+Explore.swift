import Foundation
import WhatsNewCore

extension QACommands {
  /// `qa explore [<script file>]`: explores the flow this session would show (or the
  /// choices the script's lines make) on fresh stores, and prints the report
  /// (``ExplorationReportView``). The session itself is left as it was.
  func explore(_ arguments: [String]) async {
    let console = runner.console
    // `--navigation` and `--rules` stand alone.
    if let alone = ExploreOption.alone.first(where: { $0.rawValue == arguments.first }) {
      guard arguments.count == 1 else { return runner.messages.usage("qa") }
      if alone == .navigation { return await exploreNavigation() }
      return await explore(saying: "ui.explore.running.rules") { start in
        try await RuleExplorer(exploring: runner).explore(seenThrough: start, progress: progress())
      }
    }
    guard let options = ExploreOption.parse(arguments) else { return runner.messages.usage("qa") }
    var script: [String]?
    var skipped: [ExplorationReport.NumberedLine] = []
    if let path = options.script {
      // Read as a script is (a regular file of sane size, never a FIFO or a device).
      switch FileBytes.contents(of: path, limit: Self.scriptSizeLimit) {
      case .success(let bytes):
        let numbered = Self.scriptLines(String(decoding: bytes, as: UTF8.self))
        // Each run is on a fresh store of its own: what would reach outside it is left out, and named.
        skipped = numbered.filter { CommandTable.traits(ofLine: $0.line).contains(.reachesOutside) }
        script = numbered.filter { !CommandTable.traits(ofLine: $0.line).contains(.reachesOutside) }.map(\.line)
      case .failure(let refusal):
        runner.outcome.inputWasMissing = true
        return console.emit(runner.text("ui.explore.scriptUnreadable", path, refusal.description), .error)
      }
    }
    if let script, script.count > Explorer.maximumScriptLines {
      let formats = runner.renderContext.formats
      return console.emit(
        runner.text(
          "ui.explore.tooManyLines", formats.number(script.count), formats.number(Explorer.maximumScriptLines)), .error)
    }
    let explorer = Explorer(
      exploring: runner, maximumRuns: options.maximumRuns, pairs: options.pairs, clock: options.clock)
    await explore { start in
      var report = try await explorer.explore(seenThrough: start, script: script, progress: progress())
      report.skippedLines = skipped
      return report
    }
  }

  /// Runs `exploration` from the session's start version, at a terminal `saying` so first, and
  /// prints its report (``ExplorationReportView``); a script's exit status says whether it proved anything.
  func explore(
    saying running: String = "ui.explore.running", _ exploration: (Version) async throws -> ExplorationReport
  ) async {
    let console = runner.console
    guard let start = await Explorer(exploring: runner).startVersion() else {
      return console.emit(runner.text("ui.explore.noRecord"), .warning)
    }
    if runner.configuration.isInteractive {
      // A few seconds of work: say so before the prompt goes quiet.
      console.emit(runner.text(running), .dim)
      console.flush()
    }
    do {
      let report = try await exploration(start)
      guard report.runs > 0, report.choices > 0 || report.pages ?? 0 > 0 || report.rules ?? 0 > 0 else {
        runner.outcome.checkVerdict = .unsettled
        let nothing = report.rules == nil ? "ui.explore.nothing" : "ui.explore.noRules"
        return console.emit(runner.text(nothing, start.description), .warning)
      }
      runner.outcome.checkVerdict = report.counterexamples.isEmpty ? .consistent : .disagreement
      let formats = runner.renderContext.formats
      let view = ExplorationReportView(
        report: report, width: runner.renderContext.width, number: { formats.number($0, fractionDigits: $1...$1) },
        text: reportText)
      let lines = view.lines
      console.emit(lines[0], report.counterexamples.isEmpty ? .success : .error)
      // The scripts are printed as they are, to be copied into a file.
      for line in lines.dropFirst() { console.emit(line) }
    } catch ExplorationBound.tooManyRuns(let needed, let limit) {
      let formats = runner.renderContext.formats
      console.emit(runner.text("ui.explore.tooManyRuns", formats.number(needed), formats.number(limit)), .error)
    } catch {
      console.emit(runner.text("ui.explore.failed", String(describing: error)), .error)
    }
  }

  /// At a terminal, what says how far a long exploration has got; in a script, nothing.
  func progress() -> ExplorationProgress? {
    guard runner.configuration.isInteractive else { return nil }
    return ExplorationProgress { [runner] runs, elapsed in
      let formats = runner.renderContext.formats
      runner.console.emit(
        runner.text("ui.explore.progress", formats.number(runs), formats.number(Int(elapsed.components.seconds))), .dim)
      runner.console.flush()
    }
  }

  /// `qa explore --navigation`: the walk over every state (``NavigationExplorer``), its
  /// state count and time, and each problem as a replayable script.
  func exploreNavigation() async {
    let console = runner.console
    if runner.configuration.isInteractive {
      console.emit(runner.text("ui.explore.running"), .dim)
      console.flush()
    }
    do {
      let report = try await NavigationExplorer(exploring: runner).explore(progress: progress())
      let formats = runner.renderContext.formats
      let seconds = formats.number(report.seconds, fractionDigits: 1...1)
      let summary = runner.text(
        "ui.explore.navigation", formats.number(report.states), formats.number(report.runs), seconds,
        report.problems.isEmpty
          ? runner.text("ui.explore.navigation.none")
          : runner.text("ui.explore.navigation.found", formats.number(report.problems.count)))
      console.emit(summary, report.problems.isEmpty ? .success : .error)
      for problem in report.problems {
        console.emit("")
        // The same start line `qa explore` prints for its counterexamples.
        let start = ExplorationReportView.startLine(problem.start.arguments, faults: [], text: reportText)
        for line in [start, "# " + problem.problem.words(in: runner)] {
          ExplorationReportView.comment(line, width: runner.renderContext.width).forEach { console.emit($0) }
        }
        for line in problem.lines { console.emit(line == NavigationExplorer.escape ? "# (press Esc)" : line) }
      }
    } catch {
      console.emit(runner.text("ui.explore.failed", String(describing: error)), .error)
    }
  }

  /// A UI string in the session's words, as the report views take it.
  func reportText(_ key: String, _ arguments: [String]) -> String {
    RenderContext.text(
      key, arguments: arguments, localizer: runner.localizer, ascii: runner.configuration.ascii,
      charset: runner.configuration.charset)
  }

  /// The largest script `qa explore <file>` reads: 1 MiB.
  static let scriptSizeLimit = 1 << 20

  /// The commands of a script, with their line numbers (from 1): its lines without blank
  /// lines and `#` comments, read as the REPL reads a script (``CommandTokenizer/command(in:)``).
  static func scriptLines(_ text: String) -> [ExplorationReport.NumberedLine] {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
      .compactMap { line in
        CommandTokenizer.command(in: String(line.element)).map {
          ExplorationReport.NumberedLine(number: line.offset + 1, line: $0)
        }
      }
  }
}
