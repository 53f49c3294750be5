import Glibc

/// Reads lines from a file descriptor or a file (scripts, pipes).
///
/// It shows no prompt and does no editing. Lines end at `"\n"` or `"\r\n"`; a last
/// line without a newline is still returned; bytes that are not valid UTF-8 become
/// U+FFFD replacement characters. A line longer than ``lineLimit`` bytes is not returned:
/// its bytes are dropped as they arrive and ``LineInput/overlongLine(number:limit:)``
/// takes its place, so the script goes on and memory stays bounded.
///
/// A *stop descriptor* (``Terminal/terminationDescriptor`` in the app) ends the input
/// early: once it is readable, a read that would wait returns ``LineInput/endOfInput``.
package final class ScriptLineSource: LineSource {
  private let fileDescriptor: Int32
  private var ownsDescriptor = false
  private let stopDescriptor: Int32?
  private var buffer: [UInt8] = []
  /// Index in `buffer` where the next line starts.
  private var start = 0
  /// Index in `buffer` where the search for the next newline resumes: `buffer[start..<scanned]`
  /// holds none (the bytes of a long line are not searched again after every read).
  private var scanned = 0
  /// How many lines have been returned (overlong ones included): the next line's number, less one.
  private var lineNumber = 0
  /// Whether the line being read is already longer than ``lineLimit`` (its bytes are dropped).
  private var isDroppingLine = false
  private var reachedEnd = false

  /// The longest line a script may have, in bytes (64 KiB), without its line ending.
  package static let lineLimit = 64 * 1024

  /// Reads from an open file descriptor (standard input by default), which stays
  /// open when the source goes away. While waiting for input it also watches
  /// `stopDescriptor`, when given: once that is readable, the input ends.
  package init(fileDescriptor: Int32 = 0, stopDescriptor: Int32? = nil) {
    self.fileDescriptor = fileDescriptor
    self.stopDescriptor = stopDescriptor.flatMap { $0 >= 0 ? $0 : nil }
  }

  /// Opens the file at `path` for reading; it is closed when the source goes away. Once
  /// `stopDescriptor` is readable, the input ends.
  ///
  /// - Throws: ``LineEditorError/cannotOpenScript(path:reason:)`` when the file
  ///   cannot be opened or is neither a regular file nor a pipe (a directory, a device
  ///   such as `/dev/zero`, a socket).
  package convenience init(path: String, stopDescriptor: Int32? = nil) throws(LineEditorError) {
    // Opened without waiting: a FIFO with no writer yet would otherwise block here, before
    // its type could be checked. Reads wait again once it is known to be a pipe or a file.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    if descriptor < 0 {
      throw .cannotOpenScript(path: path, reason: String(cString: strerror(errno)))
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw .cannotOpenScript(path: path, reason: reason)
    }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFIFO else {
      close(descriptor)
      throw .cannotOpenScript(path: path, reason: Self.describe(fileType: kind))
    }
    if kind == S_IFIFO {
      // A named pipe: wait for its writer as `cat` would, on the descriptor already open (a
      // read now would say "end of input" before the writer came). Linux reports the pipe
      // readable once the writer has written, or hung up once a writer that came has gone, so
      // a writer that comes and goes before this point is never missed (opening the pipe a
      // second time, blocking, waited forever for a writer that had already left). A stop
      // request ends the wait.
      var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
      if let stopDescriptor { watched.append(pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0)) }
      while poll(&watched, nfds_t(watched.count), -1) < 0 && errno == EINTR {}
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    self.init(fileDescriptor: descriptor, stopDescriptor: stopDescriptor)
    ownsDescriptor = true
  }

  /// Why a file of this type is not a script, in words.
  static func describe(fileType kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: "it is a directory"
    case S_IFCHR, S_IFBLK: "it is a device, not a file"
    case S_IFSOCK: "it is a socket, not a file"
    default: "it is not a regular file or a pipe"
    }
  }

  deinit {
    if ownsDescriptor { close(fileDescriptor) }
  }

  /// Returns the next line, or ``LineInput/endOfInput`` at the end. `prompt` is
  /// ignored.
  package func nextLine(prompt: String) -> LineInput {
    while true {
      if stopped { return .endOfInput }
      if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        return finishLine(upTo: newline, next: newline + 1)
      }
      scanned = buffer.count
      if buffer.count - start > Self.lineLimit + 1 {  // + 1: room for a final "\r"
        isDroppingLine = true
        buffer.removeAll(keepingCapacity: true)
        start = 0
        scanned = 0
      }
      if reachedEnd {
        guard start < buffer.count || isDroppingLine else { return .endOfInput }
        return finishLine(upTo: buffer.count, next: buffer.count)
      }
      fill()
    }
  }

  /// Returns the line `buffer[start..<end]` (or its overlong report) and moves on to `next`.
  private func finishLine(upTo end: Int, next: Int) -> LineInput {
    lineNumber += 1
    defer {
      start = next
      scanned = next
      isDroppingLine = false
    }
    var stop = end
    if stop > start, buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
    if isDroppingLine || stop - start > Self.lineLimit {
      return .overlongLine(number: lineNumber, limit: Self.lineLimit)
    }
    return .line(String(decoding: buffer[start..<stop], as: UTF8.self))
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
      scanned -= start
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
