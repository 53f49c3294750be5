import Foundation
import Glibc
import Testing

@testable import LineEditor

@Suite("ScriptLineSource")
struct ScriptLineSourceTests {
  /// Reads every line up to the end of the input.
  private func lines(of source: ScriptLineSource) -> [String] {
    var result: [String] = []
    while case let .line(line) = source.nextLine(prompt: "> ") { result.append(line) }
    return result
  }

  /// A source reading `text` from a file, as a script is read (the file is removed once open).
  private func reading(_ text: String) throws -> ScriptLineSource {
    let path = "/tmp/line-editor-tests-\(getpid())-\(UUID().uuidString).txt"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { unlink(path) }
    return try ScriptLineSource(path: path)
  }

  @Test("splits at LF and CRLF and keeps empty lines")
  func lineEndings() throws {
    let source = try reading("one\r\ntwo\n\n\r\nthree\n")
    #expect(lines(of: source) == ["one", "two", "", "", "three"])
  }

  @Test("returns a last line without a newline, then the end")
  func lastLineWithoutNewline() throws {
    let source = try reading("first\nlast")
    #expect(source.nextLine(prompt: "") == .line("first"))
    #expect(source.nextLine(prompt: "") == .line("last"))
    #expect(source.nextLine(prompt: "") == .endOfInput)
    #expect(source.nextLine(prompt: "") == .endOfInput)
  }

  @Test("empty input ends at once")
  func emptyInput() throws {
    #expect(try reading("").nextLine(prompt: "") == .endOfInput)
  }

  @Test("keeps non-ASCII text")
  func unicode() throws {
    #expect(lines(of: try reading("héllo wörld\nпривет 👋\n")) == ["héllo wörld", "привет 👋"])
  }

  @Test("reads a file by path, with invalid UTF-8 as replacement characters")
  func fromPath() throws {
    let path = "/tmp/line-editor-tests-\(getpid())-script.txt"
    defer { unlink(path) }
    let bytes: [UInt8] = Array("ok\r\nbad ".utf8) + [0xFF, 0xC3] + Array("\nend".utf8)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    #expect(fd >= 0)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)

    let source = try ScriptLineSource(path: path)
    #expect(lines(of: source) == ["ok", "bad \u{FFFD}\u{FFFD}", "end"])
  }

  @Test("reads a pipe through its file descriptor")
  func fromPipe() {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let text = (1...3000).map { "line \($0) ✓" }.joined(separator: "\n")
    let bytes = Array(text.utf8)
    #expect(bytes.count < 60_000)  // fits in the pipe buffer, so the write cannot block
    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])

    let source = ScriptLineSource(fileDescriptor: fds[0])
    let read = lines(of: source)
    close(fds[0])
    #expect(read.count == 3000)
    #expect(read.first == "line 1 ✓")
    #expect(read.last == "line 3000 ✓")
  }

  @Test("a missing file is an error that names it")
  func missingFile() {
    let path = "/tmp/line-editor-tests-no-such-dir/missing.txt"
    #expect(throws: LineEditorError.cannotOpenScript(path: path, reason: "No such file or directory")) {
      try ScriptLineSource(path: path)
    }
    let message = LineEditorError.cannotOpenScript(path: path, reason: "No such file or directory").description
    #expect(message.hasPrefix("cannot read the script \(path): No such file or directory"))
  }

  @Test("a directory is an error")
  func directory() {
    #expect(throws: LineEditorError.cannotOpenScript(path: "/tmp", reason: "it is a directory")) {
      try ScriptLineSource(path: "/tmp")
    }
  }

  @Test("a readable stop descriptor ends the input, lines already read included")
  func stopDescriptorEndsTheInput() {
    var input: [Int32] = [0, 0]
    var stop: [Int32] = [0, 0]
    #expect(pipe(&input) == 0 && pipe(&stop) == 0)
    defer { for fd in input + stop { close(fd) } }
    _ = Array("one\ntwo\n".utf8).withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
    let source = ScriptLineSource(fileDescriptor: input[0], stopDescriptor: stop[0])
    #expect(source.nextLine(prompt: "") == .line("one"))
    // SIGTERM's handler writes to the stop pipe: the line already read is not run.
    _ = Array("t".utf8).withUnsafeBytes { write(stop[1], $0.baseAddress, $0.count) }
    #expect(source.nextLine(prompt: "") == .endOfInput)
    #expect(source.nextLine(prompt: "") == .endOfInput)
  }

  /// Every input the source returns up to the end, overlong lines included.
  private func inputs(of source: ScriptLineSource) -> [LineInput] {
    var result: [LineInput] = []
    while true {
      let input = source.nextLine(prompt: "")
      if input == .endOfInput { return result }
      result.append(input)
    }
  }

  static let limit = ScriptLineSource.lineLimit

  @Test(
    "a line over the limit is reported by number and dropped, and the script goes on",
    arguments: [
      (String(repeating: "x", count: ScriptLineSource.lineLimit), true),
      (String(repeating: "x", count: ScriptLineSource.lineLimit) + "\r", true),
      (String(repeating: "x", count: ScriptLineSource.lineLimit + 1), false),
      (String(repeating: "é", count: ScriptLineSource.lineLimit / 2 + 1), false),
      (String(repeating: "x", count: 3 * ScriptLineSource.lineLimit), false),
    ])
  func overlongLine(line: String, accepted: Bool) throws {
    let source = try reading("first\n" + line + "\nlast")
    let middle: LineInput =
      accepted ? .line(line.hasSuffix("\r") ? String(line.dropLast()) : line) : .overlongLine(number: 2, limit: Self.limit)
    #expect(inputs(of: source) == [.line("first"), middle, .line("last")])
  }

  @Test("a long line arriving through a pipe is dropped as it comes; the lines after it are read")
  func overlongLineThroughAPipe() throws {
    var fds: [Int32] = [0, 0]
    #expect(pipe(&fds) == 0)
    let writer = fds[1]
    // 1 MB with no newline, then two lines, the last without a newline; written from a
    // thread, as the pipe holds only 64 KB.
    let bytes =
      Array(String(repeating: "y", count: 1 << 20).utf8) + Array("\nnext\n".utf8)
      + Array(String(repeating: "z", count: 2 * Self.limit).utf8)
    let thread = Thread {
      _ = bytes.withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      close(writer)
    }
    thread.start()
    let source = ScriptLineSource(fileDescriptor: fds[0])
    let read = inputs(of: source)
    close(fds[0])
    #expect(
      read == [
        .overlongLine(number: 1, limit: Self.limit), .line("next"), .overlongLine(number: 3, limit: Self.limit),
      ])
  }

  @Test("a device is refused without reading it", arguments: ["/dev/zero", "/dev/null"])
  func device(path: String) {
    #expect(throws: LineEditorError.cannotOpenScript(path: path, reason: "it is a device, not a file")) {
      try ScriptLineSource(path: path)
    }
  }

  /// Runs `body` with a new named pipe `name`, removed afterwards.
  func withFIFO(_ name: String, _ body: (String) throws -> Void) throws {
    let path = "/tmp/line-editor-tests-\(getpid())-\(name)"
    unlink(path)
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    try body(path)
  }

  @Test("a named pipe is read once its writer comes")
  func namedPipe() throws {
    try withFIFO("fifo") { path in
      let thread = Thread {
        let fd = open(path, O_WRONLY)
        _ = Array("one\ntwo\n".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
      }
      thread.start()
      let source = try ScriptLineSource(path: path)
      #expect(lines(of: source) == ["one", "two"])
    }
  }

  @Test("a writer that came and went before the script was opened is read, not waited for")
  func writerAlreadyGone() throws {
    try withFIFO("gone-fifo") { path in
      // Another reader keeps the pipe's data while the writer comes, writes and leaves: the
      // window the script source's own open used to race with (it then waited forever).
      let keeper = open(path, O_RDONLY | O_NONBLOCK)
      defer { close(keeper) }
      let writer = open(path, O_WRONLY)
      _ = Array("one\ntwo\n".utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
      close(writer)
      let source = try ScriptLineSource(path: path)
      #expect(lines(of: source) == ["one", "two"])
    }
  }
}
