import Foundation

/// Another process holding an exclusive lock on a SQLite file (Python's `sqlite3` in
/// `BEGIN EXCLUSIVE`), until ``release()``: what "the store is in use by another program"
/// means in the tests.
package final class SQLiteLockHolder {
  private let child: PipedProcess

  /// Starts the process and returns once it holds the lock.
  package init(_ path: String) throws {
    let program = """
      import sqlite3, sys
      connection = sqlite3.connect(sys.argv[1], isolation_level=None)
      connection.execute("BEGIN EXCLUSIVE")
      print("locked", flush=True)
      sys.stdin.read()
      """
    child = try PipedProcess(
      "/usr/bin/env", ["python3", "-c", program, path], environment: ProcessInfo.processInfo.environment)
    let line = String(decoding: child.output.availableData, as: UTF8.self)
    guard line.hasPrefix("locked") else {
      child.process.terminate()
      throw CocoaError(.fileLocking, userInfo: [NSLocalizedDescriptionKey: "python3 could not lock \(path): \(line)"])
    }
  }

  /// Ends the process, and with it the lock.
  package func release() {
    try? child.input.close()
    child.process.waitUntilExit()
  }

  deinit { release() }
}
