import Glibc

/// Reads lines from a file descriptor or a file (scripts, pipes).
///
/// It shows no prompt and does no editing. Lines end at `"\n"` or `"\r\n"`; a last
/// line without a newline is still returned; bytes that are not valid UTF-8 become
/// U+FFFD replacement characters.
///
/// A *stop descriptor* (``Terminal/terminationDescriptor`` in the app) ends the input
/// early: once it is readable, a read that would wait returns ``LineInput/endOfInput``.
public final class ScriptLineSource: LineSource {
  private let fileDescriptor: Int32
  private let ownsDescriptor: Bool
  private let stopDescriptor: Int32?
  private var buffer: [UInt8] = []
  /// Index in `buffer` where the next line starts.
  private var start = 0
  private var reachedEnd: Bool

  /// Reads from an open file descriptor (standard input by default), which stays
  /// open when the source goes away. While waiting for input it also watches
  /// `stopDescriptor`, when given: once that is readable, the input ends.
  public init(fileDescriptor: Int32 = 0, stopDescriptor: Int32? = nil) {
    self.fileDescriptor = fileDescriptor
    self.ownsDescriptor = false
    self.stopDescriptor = stopDescriptor.flatMap { $0 >= 0 ? $0 : nil }
    self.reachedEnd = false
  }

  /// Opens the file at `path` for reading; it is closed when the source goes away.
  ///
  /// - Throws: ``LineEditorError/cannotOpenScript(path:reason:)`` when the file
  ///   cannot be opened or is a directory.
  public convenience init(path: String) throws(LineEditorError) {
    try self.init(path: path, stopDescriptor: nil)
  }

  /// Opens the file at `path` for reading, as ``init(path:)``; once `stopDescriptor`
  /// is readable, the input ends.
  public convenience init(path: String, stopDescriptor: Int32?) throws(LineEditorError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      throw .cannotOpenScript(path: path, reason: String(cString: strerror(errno)))
    }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw .cannotOpenScript(path: path, reason: "it is a directory")
    }
    self.init(ownedDescriptor: descriptor, stopDescriptor: stopDescriptor)
  }

  /// Reads the lines of `text`; for tests.
  public init(text: String) {
    self.fileDescriptor = -1
    self.ownsDescriptor = false
    self.stopDescriptor = nil
    self.buffer = Array(text.utf8)
    self.reachedEnd = true
  }

  private init(ownedDescriptor: Int32, stopDescriptor: Int32?) {
    self.fileDescriptor = ownedDescriptor
    self.ownsDescriptor = true
    self.stopDescriptor = stopDescriptor.flatMap { $0 >= 0 ? $0 : nil }
    self.reachedEnd = false
  }

  deinit {
    if ownsDescriptor { close(fileDescriptor) }
  }

  /// Returns the next line, or ``LineInput/endOfInput`` at the end. `prompt` is
  /// ignored.
  public func nextLine(prompt: String) -> LineInput {
    while true {
      if stopped { return .endOfInput }
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        let line = takeLine(upTo: newline)
        start = newline + 1
        return .line(line)
      }
      if reachedEnd {
        guard start < buffer.count else { return .endOfInput }
        let line = takeLine(upTo: buffer.count)
        start = buffer.count
        return .line(line)
      }
      fill()
    }
  }

  /// Decodes `buffer[start..<end]` without a final carriage return.
  private func takeLine(upTo end: Int) -> String {
    var stop = end
    if stop > start, buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
    return String(decoding: buffer[start..<stop], as: UTF8.self)
  }

  /// Whether the stop descriptor is readable (checked without waiting).
  private var stopped: Bool {
    guard let stopDescriptor else { return false }
    var poller = pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0)
    return poll(&poller, 1, 0) > 0
  }

  /// Waits until the input or the stop descriptor is readable; false when it is the stop.
  private func waitForInput() -> Bool {
    guard let stopDescriptor else { return true }
    while true {
      var pollers = [
        pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&pollers, 2, -1)
      if ready < 0 && errno == EINTR { continue }
      if pollers[1].revents != 0 { return false }
      return true  // input (or an error, which read() reports)
    }
  }

  /// Reads more bytes; a read error counts as the end of the input.
  private func fill() {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    while true {
      guard waitForInput() else {
        reachedEnd = true
        buffer.removeAll()
        return
      }
      // Not zero-filled first: a short script then touches one page of the chunk, not 16.
      var count = 0
      let chunk = [UInt8](unsafeUninitializedCapacity: 64 * 1024) { storage, initialized in
        count = read(fileDescriptor, storage.baseAddress, storage.count)
        initialized = max(count, 0)
      }
      if count > 0 {
        buffer.append(contentsOf: chunk[0..<count])
        return
      }
      if count < 0, errno == EINTR { continue }
      reachedEnd = true
      return
    }
  }
}
