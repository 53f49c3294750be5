import Foundation
public import LineEditor
import Synchronization
import WhatsNewCore

/// Carries a value across threads where the REPL guarantees exclusive use.
struct ExclusiveBox<Value>: @unchecked Sendable {
  let value: Value
}

/// The read-run-print loop: reads a command, runs it, waits as the mode requires, prints.
///
/// Scripted mode (a file or a pipe) waits after every command until every operation that
/// is not held has settled, then prints the command's output, the background results in
/// the order they happened, and the view: the same script always prints the same text.
/// On a terminal, results that arrive while the user types are shown above the prompt.
@MainActor
public struct REPL {
  let session: Session
  let source: any LineSource
  let isInteractive: Bool
  /// Echo each command in scripted output, so a transcript shows what produced what.
  let echoCommands: Bool

  public init(session: Session, source: any LineSource, isInteractive: Bool, echoCommands: Bool) {
    self.session = session
    self.source = source
    self.isInteractive = isInteractive
    self.echoCommands = echoCommands
  }

  /// Runs until `quit` or the end of input.
  public func run() async {
    session.boot()
    await session.backends.tracker.waitUntilSettled()
    printPending()
    while !session.shouldQuit {
      let prompt = session.prompt
      session.console.isAtPrompt = isInteractive
      let input = await readLine(prompt: prompt)
      session.console.isAtPrompt = false
      switch input {
      case .endOfInput:
        if isInteractive { session.console.writeOut("\n") }
        return
      case .interrupted:
        continue
      case .escape:
        await session.dismissInfoByEscape()
      case .line(let line):
        guard !line.trimmingWhitespace().isEmpty else { continue }
        if echoCommands { session.console.writeOut(prompt + TextSanitizer.clean(line) + "\n") }
        await session.run(line)
      }
      await settle()
      printPending()
    }
  }

  func settle() async {
    let tracker = session.backends.tracker
    if !isInteractive {
      await tracker.waitUntilSettled()
      return
    }
    // On a terminal, give fast reads a moment so a page opens with its values, not
    // "loading…"; anything slower reports back above the prompt when it finishes.
    let first = FirstOf()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      Task {
        await tracker.waitUntilSettled()
        if first.claim() { continuation.resume() }
      }
      Task {
        try? await Task.sleep(for: .milliseconds(150))
        if first.claim() { continuation.resume() }
      }
    }
  }

  func printPending() {
    session.console.flush()
    if session.viewIsDirty {
      session.viewIsDirty = false
      session.console.emit(session.renderCurrentView())
      session.console.flush()
    }
    // After every command at a terminal: Tab completes from what is on screen now.
    if isInteractive { session.publishCompletions() }
  }

  func readLine(prompt: String) async -> LineInput {
    if !isInteractive { return source.nextLine(prompt: prompt) }
    let box = ExclusiveBox(value: source)
    return await withCheckedContinuation { continuation in
      // libedit blocks until a line is typed: on its own thread, not the concurrency pool's.
      let reader = Thread { continuation.resume(returning: box.value.nextLine(prompt: prompt)) }
      reader.stackSize = 1 << 20
      reader.start()
    }
  }
}

extension Session {
  /// The prompt names where the user is: `whatsnew:home> `, `whatsnew:tour 2/6> `.
  public var prompt: String { "whatsnew:\(state.place)> " }

  /// Esc on a terminal: closes an info popover, if one is open.
  func dismissInfoByEscape() async {
    guidanceFlow.closeInfo()
  }
}

/// Lets exactly one of several racers through.
final class FirstOf: Sendable {
  private let claimed = Mutex(false)
  func claim() -> Bool {
    claimed.withLock { claimed in
      defer { claimed = true }
      return !claimed
    }
  }
}
