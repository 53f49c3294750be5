import CLineEditor
import Glibc

/// Facts about the terminal and the locale the line editor needs.
package enum Terminal {
  /// The terminal type that has no capabilities: no colour, ASCII only.
  package static let dumb = "dumb"

  /// The terminal type `TERM` names: `term` itself when it is a terminal's name (letters,
  /// digits, `-`, `+`, `.`, `_`; 1 to 64 bytes, as terminfo names are), else ``dumb``: an
  /// escape sequence or a shell word in `TERM` is not echoed, and gets no colour. Unset
  /// (`nil`) or empty stays empty: no terminal type was given.
  package static func name(_ term: String?) -> String {
    guard let term, !term.isEmpty else { return "" }
    return term.utf8.count <= 64 && term.utf8.allSatisfy(nameBytes.contains) ? term : dumb
  }

  /// The bytes a terminal's name is made of.
  private static let nameBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-+._".utf8)

  /// Whether both standard input and standard output are terminals, the only case
  /// where ``InteractiveLineEditor`` should be used.
  package static func isInteractive() -> Bool {
    isatty(0) != 0 && isatty(1) != 0
  }

  /// The width in columns of the terminal on `fileDescriptor`, or `nil` when it is
  /// not a terminal (or reports no width).
  package static func columns(fileDescriptor: Int32 = 1) -> Int? {
    size(fileDescriptor).flatMap { $0.ws_col > 0 ? Int($0.ws_col) : nil }
  }

  /// The height in rows of the terminal on `fileDescriptor`, or `nil` when it is not a
  /// terminal (or reports no height).
  package static func rows(fileDescriptor: Int32 = 1) -> Int? {
    size(fileDescriptor).flatMap { $0.ws_row > 0 ? Int($0.ws_row) : nil }
  }

  /// The terminal's size (`TIOCGWINSZ`), or `nil` when `fileDescriptor` is not a terminal.
  private static func size(_ fileDescriptor: Int32) -> winsize? {
    var size = winsize()
    return isatty(fileDescriptor) != 0 && ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
  }

  /// Makes SIGTERM and SIGHUP a request to leave instead of an instant end, once the
  /// session runs (``setSessionRunning(_:)``; before, they end the process at once): flag-only
  /// handlers, installed once per process, after which ``terminationSignal`` names the
  /// first such signal and ``terminationDescriptor`` is readable for good. A read of the
  /// ``InteractiveLineEditor`` in progress then ends (as ``LineInput/endOfInput``), and so
  /// does every later one; give the descriptor to a ``ScriptLineSource`` for the same.
  /// Without the self-pipe (no descriptor left), nothing is installed.
  package static func installTerminationHandlers() {
    wn_termination_install()
  }

  /// Tells the termination handlers whether the session's loop runs, and so acts on a
  /// request to leave; until it does, SIGTERM or SIGHUP ends the process at once with 128 +
  /// the signal (Termination.c says why, and what a second signal does).
  package static func setSessionRunning(_ running: Bool) {
    wn_termination_set_session_running(running ? 1 : 0)
  }

  /// The first SIGTERM or SIGHUP received since ``installTerminationHandlers()``, if any.
  package static var terminationSignal: Int32? {
    let signal = wn_termination_signal()
    return signal == 0 ? nil : signal
  }

  /// Readable once SIGTERM or SIGHUP has arrived; `nil` before the handlers are installed.
  package static var terminationDescriptor: Int32? {
    let descriptor = wn_termination_fd()
    return descriptor >= 0 ? descriptor : nil
  }
}
