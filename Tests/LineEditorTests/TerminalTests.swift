import Glibc
import Testing

@testable import LineEditor

// InteractiveLineEditor has no automated test here: it needs a real terminal, and
// forkpty() inside the multi-threaded Swift Testing process is not safe, while an
// executable to drive under a pty cannot be added to Package.swift. It was checked
// by hand under tmux with a scratch package outside the repository.
@Suite("Terminal")
struct TerminalTests {
  @Test("a pipe has no column count")
  func pipeColumns() {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    defer {
      close(fds[0])
      close(fds[1])
    }
    #expect(Terminal.columns(fileDescriptor: fds[0]) == nil)
    #expect(Terminal.columns(fileDescriptor: fds[1]) == nil)
    #expect(Terminal.columns(fileDescriptor: -1) == nil)
  }

  @Test(
    "a TERM that is no terminal's name is dumb: escapes, shell words and over 64 bytes",
    arguments: [
      ("xterm-256color", "xterm-256color"),
      ("screen.xterm-new", "screen.xterm-new"),
      ("vt100+fnkeys_x", "vt100+fnkeys_x"),
      ("dumb", "dumb"),
      ("", ""),
      ("xterm\u{1B}]0;PWN\u{7}", "dumb"),
      ("xterm\u{1B}[31m", "dumb"),
      ("xterm; reboot", "dumb"),
      ("xterm\n", "dumb"),
      ("xtérm", "dumb"),
      (String(repeating: "x", count: 64), String(repeating: "x", count: 64)),
      (String(repeating: "x", count: 65), "dumb"),
    ])
  func terminalName(term: String, name: String) {
    #expect(Terminal.name(term) == name)
  }
}
