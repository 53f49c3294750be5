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

  @Test("splits at LF and CRLF and keeps empty lines")
  func lineEndings() {
    let source = ScriptLineSource(text: "one\r\ntwo\n\n\r\nthree\n")
    #expect(lines(of: source) == ["one", "two", "", "", "three"])
  }

  @Test("returns a last line without a newline, then the end")
  func lastLineWithoutNewline() {
    let source = ScriptLineSource(text: "first\nlast")
    #expect(source.nextLine(prompt: "") == .line("first"))
    #expect(source.nextLine(prompt: "") == .line("last"))
    #expect(source.nextLine(prompt: "") == .endOfInput)
    #expect(source.nextLine(prompt: "") == .endOfInput)
  }

  @Test("empty input ends at once")
  func emptyInput() {
    #expect(ScriptLineSource(text: "").nextLine(prompt: "") == .endOfInput)
  }

  @Test("keeps non-ASCII text")
  func unicode() {
    #expect(lines(of: ScriptLineSource(text: "héllo wörld\nпривет 👋\n")) == ["héllo wörld", "привет 👋"])
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
}
