import CPseudoTerminal
import Foundation
import Glibc

/// The built binary on a real pseudo-terminal: what a person at a terminal gets.
///
/// The child starts in its own session with the terminal's secondary side as its
/// controlling terminal, so libedit runs (stdin and stdout are terminals), Ctrl-C raises
/// SIGINT through the line discipline, and the window size comes from `TIOCGWINSZ`.
/// Keys are written to the primary side; everything the child draws is read back from it.
final class PseudoTerminal {
  enum Failure: Error, CustomStringConvertible {
    case system(String)
    case timedOut(waitingFor: String, screen: String)

    var description: String {
      switch self {
      case .system(let what): "pseudo-terminal: \(what) failed: \(String(cString: strerror(errno)))"
      case .timedOut(let text, let screen): "timed out waiting for \(text.debugDescription); the terminal showed:\n\(screen)"
      }
    }
  }

  private let primary: Int32
  let pid: pid_t
  /// Everything the child has written so far, escape sequences and all.
  private(set) var transcript = ""

  init(executable: String, arguments: [String], environment: [String: String], columns: UInt16 = 80) throws {
    var name = [CChar](repeating: 0, count: 128)
    primary = wn_pty_open(&name, name.count)
    guard primary >= 0 else { throw Failure.system("posix_openpt") }
    let secondaryPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(primary, UInt(TIOCSWINSZ), &size)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session: opening the terminal below makes it the controlling terminal.
    posix_spawnattr_setflags(&attributes, wn_pty_spawn_setsid_flag())
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addclose(&actions, primary)
    posix_spawn_file_actions_addopen(&actions, 0, secondaryPath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)

    let result = spawn(executable, arguments, environment: environment, actions: &actions, attributes: &attributes)
    let child: pid_t
    switch result {
    case .success(let pid): child = pid
    case .failure(let error):
      close(primary)
      errno = error.code
      throw Failure.system("posix_spawn \(executable)")
    }
    pid = child
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    close(primary)
  }

  /// Types `keys` (raw bytes: "\t" is Tab, "\u{3}" Ctrl-C, "\u{4}" Ctrl-D, "\u{1B}" Esc),
  /// once the editor is reading.
  ///
  /// Keys typed between two reads would meet the terminal in its cooked mode, where the
  /// line discipline, not libedit, handles Ctrl-D and Ctrl-C; a person is never that fast,
  /// so the test waits for libedit to switch canonical mode off first.
  /// `waitingForEditor`: first wait until libedit has the terminal (off for a session that
  /// reads plain lines).
  func type(_ keys: String, waitingForEditor: Bool = true) {
    if waitingForEditor { waitUntilEditorReads() }
    let bytes = Array(keys.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        write(primary, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written <= 0 { return }
      offset += written
    }
  }

  /// Waits (up to 10 s) until the terminal is out of canonical mode, as libedit sets it
  /// while it reads a line. The primary side reports the secondary side's settings.
  private func waitUntilEditorReads() {
    let deadline = Date().addingTimeInterval(10)
    var settings = termios()
    while Date() < deadline {
      if tcgetattr(primary, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) == 0 { return }
      _ = readAvailable(waitingUpTo: 0.002)
    }
  }

  /// Reads until the output since `mark`, as shown (see ``visible(_:)``), contains `text`
  /// (after the first `anchor`, when given); returns that output.
  @discardableResult
  func waitFor(
    _ text: String, after mark: String.Index? = nil, following anchor: String? = nil, timeout: Double = 20
  ) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      // Compared as the screen shows it: libedit redraws with cursor movements, so
      // completed text may arrive in pieces ("he", ESC [22G, "lp").
      let shown = Self.visible(String(transcript[(mark ?? transcript.startIndex)...]))
      if let anchor {
        if let found = shown.range(of: anchor), shown[found.upperBound...].contains(text) { return shown }
      } else if shown.contains(text) {
        return shown
      }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0, readAvailable(waitingUpTo: remaining) else {
        throw Failure.timedOut(waitingFor: text, screen: Self.visible(String(transcript.suffix(600))))
      }
    }
  }

  /// Types `keys`, then waits until what the terminal shows after them contains `text`;
  /// returns that output.
  @discardableResult
  func press(_ keys: String, until text: String, timeout: Double = 20, waitingForEditor: Bool = true) throws -> String {
    let start = mark
    type(keys, waitingForEditor: waitingForEditor)
    return try waitFor(text, after: start, timeout: timeout)
  }

  /// The end of what has been read so far, to wait for output that comes after it.
  var mark: String.Index { transcript.endIndex }

  /// Waits for the child to exit; its exit status, or `nil` if it is still running.
  func waitForExit(timeout: Double = 20) -> Int32? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      _ = readAvailable(waitingUpTo: 0.05)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
      }
    }
    return nil
  }

  /// Reads what is there, waiting up to `seconds` for something; false at end of output.
  private func readAvailable(waitingUpTo seconds: Double) -> Bool {
    var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, Int32(max(1, seconds * 1000))) > 0 else { return seconds <= 0.05 }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(primary, &buffer, buffer.count)
    guard count > 0 else { return false }
    transcript += String(decoding: buffer[0..<count], as: UTF8.self)
    return true
  }

  /// `text` without escape sequences and carriage returns, for failure messages.
  static func visible(_ text: String) -> String {
    var result = ""
    var iterator = text.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
      if scalar == "\u{1B}" {
        guard let next = iterator.next() else { break }
        if next == "[" {
          while let final = iterator.next(), !(0x40...0x7E).contains(final.value) {}
        }
        continue
      }
      if scalar != "\r" && scalar != "\u{7}" { result.unicodeScalars.append(scalar) }
    }
    return result
  }
}
