import Glibc

/// Makes writing to a pipe whose reader has gone an error (`EPIPE`) in this test process,
/// instead of a `SIGPIPE` that ends the whole test run.
///
/// Tests that feed a script to the built binary through a pipe call this first: an app that
/// exits before reading all of its input (a usage error, a refused store, a SIGKILL) is
/// something those tests expect, and the write that finds the pipe closed must not kill them.
///
/// ```swift
/// ignoreBrokenPipes()
/// try? stdin.fileHandleForWriting.write(contentsOf: Data(script.utf8))
/// ```
public func ignoreBrokenPipes() {
  signal(SIGPIPE, SIG_IGN)
}
