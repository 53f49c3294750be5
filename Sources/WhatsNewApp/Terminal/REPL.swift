import Foundation
package import LineEditor
import WhatsNewCore

/// The read-run-print loop: reads a command, runs it, waits as the mode requires, prints.
///
/// Scripted mode (a file or a pipe) waits after every command until every operation that
/// is not held has settled, then prints the command's output, the background results in
/// the order they happened, and the view: the same script always prints the same text.
/// On a terminal, results that arrive while the user types are shown above the prompt,
/// and Enter on an empty line turns the tour's page (``Session/enterOnEmptyLine()``).
///
/// Every way out (`quit`, the end of the input, a stop request such as SIGTERM) goes
/// through the ``ExitSaver``: writes in flight are waited for, and what could not be
/// saved is said.
@MainActor
package struct REPL {
  let session: Session
  let source: any LineSource
  let isInteractive: Bool
  /// Echo each command in scripted output, so a transcript shows what produced what.
  let echoCommands: Bool
  /// Whether the process was asked to stop (SIGTERM, SIGHUP): checked before each read (the
  /// read in progress ends by itself).
  let stopRequested: @MainActor () -> Bool
  /// When the way out stops waiting for writes in flight (see ``ExitSaver/deadline``).
  let exitDeadline: @Sendable () async -> Void

  package init(
    session: Session, source: any LineSource, isInteractive: Bool, echoCommands: Bool,
    stopRequested: @escaping @MainActor () -> Bool = { false },
    exitDeadline: @escaping @Sendable () async -> Void = ExitSaver.sleepingDeadline
  ) {
    self.session = session
    self.source = source
    self.isInteractive = isInteractive
    self.echoCommands = echoCommands
    self.stopRequested = stopRequested
    self.exitDeadline = exitDeadline
  }

  /// Runs until `quit`, the end of input or a stop request, then waits for the writes
  /// in flight (``ExitSaver``). Returns what a script's exit status is made of: the lines
  /// that were not valid commands and what each `check` found.
  @discardableResult
  package func run() async -> ScriptTally {
    var tally = ScriptTally()
    var lineNumber = 0
    if isInteractive {
      // The question is a message (wrapped to the width); the prompt after it is short.
      session.runner.confirm = { [self] question in
        session.console.emit(question, .warning)
        session.console.flush()
        let answer = await readLine(prompt: session.runner.text("ui.confirm.prompt"), answer: true)
        // Ctrl-D leaves the cursor after the question: end its line, as at the prompt.
        if answer == .endOfInput { session.console.writeOut("\n") }
        return ConfirmAnswer.isYes(answer, yesWords: session.runner.text("ui.confirm.yesWords"))
      }
    }
    session.runner.boot()
    // A long QA delay of the boot's reads is not waited for: it would keep even `quit` out.
    await session.runner.backends.tracker.waitUntilSettledExceptLongDelays()
    printPending()
    reading: while !session.shouldQuit && !stopRequested() {
      let prompt = session.prompt
      session.console.isAtPrompt = isInteractive
      let input = await readLine(prompt: prompt)
      session.console.isAtPrompt = false
      switch input {
      case .endOfInput:
        if isInteractive { session.console.writeOut("\n") }
        break reading
      case .interrupted:
        continue
      case .escape:
        await session.send(.escape)
      case .overlongLine(let number, let limit):
        // Not run, so not a valid command: reported with its number, and the script goes on.
        lineNumber = number
        tally.record(line: number, invalid: true, check: nil)
        let formats = session.runner.renderContext.formats
        session.console.emit(
          session.runner.text("ui.script.lineTooLong", formats.number(number), formats.number(limit)), .error)
      case .line(let line):
        lineNumber += 1
        if line.trimmingWhitespace().isEmpty {
          // Enter on an empty line: at a terminal, the tour's next page; in a script, nothing.
          guard isInteractive else { continue }
          await session.enterOnEmptyLine()
        } else {
          if echoCommands { session.console.writeOut(prompt + TextSanitizer.clean(line) + "\n") }
          let outcome = await session.run(line)
          tally.record(
            line: lineNumber, invalid: outcome.wasInvalid, check: outcome.checkVerdict,
            missingInput: outcome.inputWasMissing)
          if outcome.wasInvalid && !isInteractive {
            session.console.diagnostic(
              "whatsnew: " + session.runner.text("ui.script.invalidLine", String(lineNumber), TextSanitizer.clean(line)))
          }
        }
      }
      await settle()
      printPending()
    }
    await ExitSaver(session: session, deadline: exitDeadline).run()
    session.runner.confirm = nil  // nobody is left to ask (and the session no longer holds the REPL)
    return tally
  }

  /// Waits for the command's work before the next prompt. A script waits for everything
  /// that can finish, except what QA delays for longer than the way out would wait
  /// (``OperationTracker/longDelayMilliseconds``); a terminal waits until nothing left will finish soon (held, slowed by
  /// QA, or behind another program's lock), so a page opens with its values, not
  /// "loading…", and slow work reports back above the prompt when it lands.
  func settle() async {
    let tracker = session.runner.backends.tracker
    if isInteractive {
      await tracker.waitUntilQuiet()
    } else {
      await tracker.waitUntilSettledExceptLongDelays()
    }
  }

  func printPending() {
    session.console.flush()
    if session.emitViewIfOutOfDate() { session.console.flush() }
    // After every command at a terminal: Tab completes from what is on screen now.
    if isInteractive { session.publishCompletions() }
  }

  func readLine(prompt: String, answer: Bool = false) async -> LineInput {
    if !isInteractive { return source.nextLine(prompt: prompt) }
    // Used by the reader thread alone while the REPL waits for it.
    nonisolated(unsafe) let source = source
    return await withCheckedContinuation { continuation in
      // libedit blocks until a line is typed: on its own thread, not the concurrency pool's.
      let reader = Thread {
        continuation.resume(returning: answer ? source.nextAnswer(prompt: prompt) : source.nextLine(prompt: prompt))
      }
      reader.stackSize = 1 << 20
      reader.start()
    }
  }
}

extension Session {
  /// The prompt names where the user is: `whatsnew:home> `, `whatsnew:tour 2/6> `.
  package var prompt: String { "whatsnew:\(state.place)> " }

  /// Enter on an empty line at a terminal: the next part of a page too tall for the window,
  /// else the next page of the tour or onboarding (on the last page, how to finish); anywhere
  /// else, nothing.
  package func enterOnEmptyLine() async {
    guard state.overlay == .whatsNew || state.overlay == .onboarding else { return }
    if showNextPagePart() { return }
    // A page that turns starts at its top (the part belongs to the page it was reached on);
    // on the last page the last part stays, under the message saying how to finish.
    await send(.tour(.step(1)))
  }

  /// The terminal was resized: the current view is drawn again at once (above the prompt,
  /// the partly typed line kept), or after the command that is running.
  package func redrawAfterResize() {
    // Not at the prompt: the new size is one of the things the view is drawn from, so the
    // command's end draws it again.
    guard console.isAtPrompt else { return }
    emitView()
  }
}

/// What a script's exit status is made of (see ``exitStatus``): the lines that were not
/// valid commands and how each `check` ended.
package struct ScriptTally: Sendable, Equatable {
  /// The line numbers (counting from 1, blank lines included) of lines that were not valid commands.
  package private(set) var invalidLines: [Int] = []
  /// What each `check` concluded, in order.
  package private(set) var checks: [CheckReport.Verdict] = []

  /// The line numbers of lines that named a file that could not be read (`qa explore <file>`).
  package private(set) var missingInputLines: [Int] = []

  /// Records one command line: whether it was invalid, and the verdict if it was a `check`.
  package mutating func record(line: Int, invalid: Bool, check: CheckReport.Verdict?, missingInput: Bool = false) {
    if invalid { invalidLines.append(line) }
    if let check { checks.append(check) }
    if missingInput { missingInputLines.append(line) }
  }

  /// 65 (``ExitStatus/dataError``) when a line was not a valid command, whatever else
  /// happened; else 1 (``ExitStatus/checkFailed``) when a `check` did not find screen, store
  /// and schedule in agreement (a disagreement, operations in flight, no boot, an unreadable
  /// store); else 0.
  package var exitStatus: Int32 {
    // A file a line names that cannot be read: 66, as a missing script is.
    if !missingInputLines.isEmpty { return ExitStatus.noInput }
    if !invalidLines.isEmpty { return ExitStatus.dataError }
    if checks.contains(where: { $0 != .consistent }) { return ExitStatus.checkFailed }
    return ExitStatus.success
  }
}

/// Reads a yes-or-no answer: yes only for one of the language's yes words (or `y`, `yes`);
/// anything else, an empty line, Ctrl-C or Ctrl-D is no.
package enum ConfirmAnswer {
  package static func isYes(_ input: LineInput, yesWords: String) -> Bool {
    guard case .line(let text) = input else { return false }
    let answer = text.trimmingWhitespace().lowercased()
    guard !answer.isEmpty else { return false }
    let words = yesWords.lowercased().split(separator: ",").map { String($0).trimmingWhitespace() } + ["y", "yes"]
    return words.contains(answer)
  }
}
