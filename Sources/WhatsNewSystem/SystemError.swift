import Glibc

/// A failed call into the operating system, with the path it was about and the reason.
///
/// The description is written for people: what failed, on which path, and why, in the
/// words of `strerror`:
///
/// ```swift
/// do { _ = try FileSystem.readFile("/nope") } catch { print(error) }
/// // cannot read '/nope': No such file or directory
/// ```
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was attempted, as a verb phrase: `read`, `list`, `create the directory`.
  public var operation: String
  /// The file, directory or program the call was about.
  public var path: String
  /// The C library's `errno` for the failure (0 when the failure was not a system call's).
  public var code: Int32
  /// Extra words for failures that are not an `errno` (for example a program that was
  /// killed by a signal).
  public var detail: String?

  public init(operation: String, path: String, code: Int32, detail: String? = nil) {
    self.operation = operation
    self.path = path
    self.code = code
    self.detail = detail
  }

  /// `errno` as it is now, for `operation` on `path`.
  static func current(_ operation: String, _ path: String) -> SystemError {
    SystemError(operation: operation, path: path, code: errno)
  }

  /// The reason alone: `No such file or directory`.
  public var reason: String {
    if let detail { return detail }
    guard code != 0, let text = strerror(code) else { return "unknown error" }
    return String(cString: text)
  }

  public var description: String { "cannot \(operation) '\(path)': \(reason)" }

  /// Whether the failure was that the path does not exist.
  public var isNotFound: Bool { code == ENOENT }

  /// Whether a program ran out of time (``Subprocess/run(_:arguments:timeoutMilliseconds:)``).
  public var isTimeout: Bool { code == ETIMEDOUT }
}
