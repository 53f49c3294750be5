package import Foundation
import Glibc

/// A child process started on three pipes: what every test that runs a built binary begins
/// with.
///
/// ```swift
/// let child = try PipedProcess(RepositoryPaths.executable, ["lint"], environment: environment)
/// try? child.input.write(contentsOf: Data("quit\n".utf8))
/// ```
package struct PipedProcess: Sendable {
  package let process: Process
  /// The child's stdin, to write to.
  package let input: FileHandle
  /// The child's stdout and stderr, to read from.
  package let output: FileHandle
  package let error: FileHandle

  /// Starts `executable` with `arguments` and exactly `environment`, in `currentDirectory`.
  /// Broken pipes are ignored first (see ``ignoreBrokenPipes()``).
  package init(
    _ executable: String, _ arguments: [String], environment: [String: String], currentDirectory: String? = nil
  ) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    ignoreBrokenPipes()
    try process.run()
    self.process = process
    self.input = input.fileHandleForWriting
    self.output = output.fileHandleForReading
    self.error = error.fileHandleForReading
  }
}

/// Makes writing to a pipe whose reader has gone an error (`EPIPE`) in this test process,
/// instead of a `SIGPIPE` that ends the whole test run.
///
/// Tests that feed a script to the built binary through a pipe call this first: an app that
/// exits before reading all of its input (a usage error, a refused store, a SIGKILL) is
/// something those tests expect, and the write that finds the pipe closed must not kill them.
package func ignoreBrokenPipes() {
  signal(SIGPIPE, SIG_IGN)
}
