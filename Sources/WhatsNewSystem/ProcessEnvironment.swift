import Glibc

/// This process: its environment, its id, its executable, its standard streams.
///
/// ```swift
/// let environment = ProcessEnvironment.variables()
/// StandardStream.error.write("whatsnew: no HOME\n")
/// ```
public enum ProcessEnvironment {
  /// The environment variables, read from `environ` once per call.
  public static func variables() -> [String: String] {
    var result: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
      // Split at the first `=` byte with the C library: no grapheme breaking over every
      // character of every variable at start-up.
      if let equals = strchr(entry, Int32(UInt8(ascii: "="))) {
        let nameLength = entry.distance(to: equals)
        let name = UnsafeRawBufferPointer(start: entry, count: nameLength).withMemoryRebound(to: UInt8.self) {
          String(decoding: $0, as: UTF8.self)
        }
        if result[name] == nil { result[name] = String(cString: equals + 1) }
      }
      cursor += 1
    }
    return result
  }

  /// This process's id.
  public static var processID: Int32 { getpid() }

  /// Whether process `id` still runs (`kill(id, 0)`; a process of another user counts).
  public static func isRunning(_ id: Int32) -> Bool {
    kill(id, 0) == 0 || errno != ESRCH
  }

  /// The user's home directory from the password database (`getpwuid_r`), for when
  /// `HOME` is not set.
  public static func userHomeDirectory() -> String? {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let home = entry.pw_dir
    else { return nil }
    return String(cString: home)
  }

  /// The running executable's path (`/proc/self/exe`), when the system says.
  public static func executablePath() -> String? {
    FileSystem.destinationOfSymbolicLink("/proc/self/exe")
  }

  /// Ends the process with `status`, flushing C's buffered standard output first.
  public static func exit(_ status: Int32) -> Never {
    fflush(nil)
    Glibc.exit(status)
  }
}

/// Standard output or standard error, written unbuffered with `write(2)`.
public enum StandardStream: Sendable {
  case output
  case error

  var descriptor: Int32 { self == .output ? 1 : 2 }

  /// Writes all of `text`, retrying on `EINTR` and short writes. A closed stream drops the
  /// text: there is nowhere left to report that.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += count
      }
    }
  }
}
