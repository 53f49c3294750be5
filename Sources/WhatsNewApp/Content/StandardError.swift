// Hand-written because Foundation has no call that silences a file descriptor for a while:
// CoreFoundation's `.strings` parser prints its own copy of every syntax error to stderr
// ("CFPropertyListCreateFromXMLData(): Old-style plist parser: missing semicolon ... on
// line 3"), unsanitized and beside the app's own message, which already names the file and
// the line (see StringsTable.reason(of:)).

import Foundation
import Glibc

/// The process's standard error, silenced while `.strings` files are parsed.
enum StandardError {
  private static let lock = NSLock()

  /// Runs `body` with file descriptor 2 pointed at `/dev/null`, then puts it back. Calls are
  /// serialized; anything else the process writes to stderr meanwhile is lost too, so keep
  /// `body` to the parse.
  static func silenced<T>(_ body: () -> T) -> T {
    lock.withLock {
      let saved = dup(2)
      let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
      guard saved >= 0, null >= 0 else {
        if saved >= 0 { close(saved) }
        if null >= 0 { close(null) }
        return body()
      }
      dup2(null, 2)
      close(null)
      defer {
        dup2(saved, 2)
        close(saved)
      }
      return body()
    }
  }
}
