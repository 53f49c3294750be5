import Foundation
import TestSupport
import Testing
import WhatsNewSystem

@Suite("Files through the C library")
struct FileSystemTests {
  let directory: TemporaryDirectory

  init() throws { directory = try TemporaryDirectory() }

  @Test("a file written atomically reads back whole, with its permissions, and leaves no temporary file")
  func atomicWriteRoundTrip() throws {
    let path = directory.path("table.bin")
    let bytes = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    try FileSystem.writeFileAtomically(path, contents: bytes, permissions: 0o600)
    #expect(try FileSystem.readFile(path) == bytes)
    #expect(try FileSystem.readFile(path, limit: 10) == Array(bytes.prefix(10)))
    #expect(FileSystem.status(path)?.permissions == 0o600)
    #expect(FileSystem.status(path)?.size == bytes.count)
    #expect(try FileSystem.listDirectory(directory.path) == ["table.bin"])
    try FileSystem.writeFileAtomically(path, contents: [1, 2, 3])
    #expect(try FileSystem.readFile(path) == [1, 2, 3])
  }

  @Test("files the system reports as empty (/proc) are read to their end; limits hold at any size")
  func unsizedFilesAndLimits() throws {
    let status = try FileSystem.readFile("/proc/self/status")
    #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
    #expect(try FileSystem.readFile("/proc/self/status", limit: 5) == Array("Name:".utf8))
    let path = directory.path("small")
    try FileSystem.createFile(path, contents: Array("hello".utf8))
    #expect(try FileSystem.readFile(path, limit: 100) == Array("hello".utf8))
    #expect(try FileSystem.readFile(path, limit: 5) == Array("hello".utf8))
    #expect(try FileSystem.readFile(path, limit: 0) == [])
    try FileSystem.createFile(directory.path("empty"), contents: [])
    #expect(try FileSystem.readFile(directory.path("empty")) == [])
  }

  @Test("reading a missing file names the path and the reason")
  func missingFile() {
    let path = directory.path("missing.json")
    #expect(throws: SystemError(operation: "read", path: path, code: ENOENT)) { try FileSystem.readFile(path) }
    let error = SystemError(operation: "read", path: path, code: ENOENT)
    #expect(error.description == "cannot read '\(path)': No such file or directory")
    #expect(error.isNotFound)
  }

  @Test("createFile refuses to replace an existing file")
  func createFileIsExclusive() throws {
    let path = directory.path("once")
    try FileSystem.createFile(path, contents: Array("first".utf8))
    #expect(throws: SystemError.self) { try FileSystem.createFile(path, contents: Array("second".utf8)) }
    #expect(try FileSystem.readFile(path) == Array("first".utf8))
  }

  @Test("directories are created with their parents and the given mode; an existing one is fine")
  func createDirectories() throws {
    let nested = directory.path("a/b/c")
    try FileSystem.createDirectory(nested, permissions: 0o700, intermediates: true)
    #expect(FileSystem.isDirectory(nested))
    #expect(FileSystem.status(nested)?.permissions == 0o700)
    try FileSystem.createDirectory(nested, permissions: 0o700, intermediates: true)
    #expect(throws: SystemError.self) { try FileSystem.createDirectory(directory.path("x/y")) }
  }

  @Test("listing lists every entry but . and ..; a missing directory is an error naming it")
  func listing() throws {
    for name in ["b.json", "a.json", "notes.txt"] { try FileSystem.createFile(directory.path(name), contents: []) }
    #expect(try FileSystem.listDirectory(directory.path).sorted() == ["a.json", "b.json", "notes.txt"])
    #expect(throws: SystemError(operation: "list", path: directory.path("nope"), code: ENOENT)) {
      try FileSystem.listDirectory(directory.path("nope"))
    }
  }

  @Test("rename replaces, remove removes")
  func renameAndRemove() throws {
    try FileSystem.createFile(directory.path("one"), contents: [1])
    try FileSystem.createFile(directory.path("two"), contents: [2])
    try FileSystem.rename(directory.path("one"), to: directory.path("two"))
    #expect(try FileSystem.readFile(directory.path("two")) == [1])
    #expect(!FileSystem.exists(directory.path("one")))
    try FileSystem.removeFile(directory.path("two"))
    #expect(!FileSystem.exists(directory.path("two")))
    #expect(throws: SystemError.self) { try FileSystem.removeFile(directory.path("two")) }
  }

  @Test(
    "path parts are split the way a shell user expects",
    arguments: [
      ("/a/b/c.txt", "/a/b", "c.txt"), ("c.txt", "", "c.txt"), ("/c", "/", "c"), ("/a/b/", "/a", "b"), ("/", "/", "/"),
    ])
  func pathParts(path: String, parent: String, last: String) {
    #expect(FileSystem.parentDirectory(of: path) == parent)
    #expect(FileSystem.lastComponent(of: path) == last)
  }
}

@Suite("Processes, formatting and the clock")
struct ProcessTests {
  @Test("a program's output, errors and exit status are all collected, however much it writes")
  func runCollectsEverything() throws {
    let result = try Subprocess.run(
      "/bin/sh", arguments: ["-c", "head -c 300000 /dev/zero; echo oops >&2; exit 3"])
    #expect(result.status == 3)
    #expect(!result.wasSignalled)
    #expect(result.standardOutput.count == 300_000)
    #expect(result.standardError == Array("oops\n".utf8))
  }

  @Test("a program killed by a signal reports 128 + the signal")
  func signalled() throws {
    let result = try Subprocess.run("/bin/sh", arguments: ["-c", "kill -9 $$"])
    #expect(result.wasSignalled)
    #expect(result.status == 128 + 9)
  }

  @Test("a program still running at its time limit is killed, and the error says so")
  func timeout() throws {
    #expect(
      throws: SystemError(
        operation: "finish", path: "/bin/sh", code: ETIMEDOUT,
        detail: "it was still running after 100 ms, so it was stopped")
    ) {
      try Subprocess.run("/bin/sh", arguments: ["-c", "echo started; exec sleep 30"], timeoutMilliseconds: 100)
    }
    // A program that finishes in time is not affected by the limit.
    let quick = try Subprocess.run("/bin/sh", arguments: ["-c", "echo done"], timeoutMilliseconds: 10_000)
    #expect(quick.status == 0 && quick.standardOutput == Array("done\n".utf8))
  }

  @Test("a program that does not exist cannot be started, and the error names it")
  func missingProgram() {
    #expect(throws: SystemError(operation: "start", path: "/nonexistent/helper", code: ENOENT)) {
      try Subprocess.run("/nonexistent/helper", arguments: [])
    }
  }

  @Test("cFormat matches C's printf")
  func formatting() {
    #expect(cFormat("%02d:%02d", 18, 5) == "18:05")
    #expect(cFormat("%04d-%02d-%02d", 2026, 12, 6) == "2026-12-06")
    #expect(cFormat("%.1f km", 12.25) == "12.2 km")
    #expect(cFormat("%.1f mi", 7.6123) == "7.6 mi")
    #expect(cFormat("%d%%", 50) == "50%")
    for value in [0.05, 0.15, 0.25, 1.45, 2.675, 99.95, 1234.5678] {
      #expect(cFormat("%.1f", value) == String(format: "%.1f", value))
    }
  }

  @Test("cFormat grows its buffer for long results")
  func longFormatting() {
    #expect(cFormat("%0500d!", 7) == String(repeating: "0", count: 499) + "7!")
  }

  @Test("the environment and the wall clock agree with Foundation's")
  func environmentAndClock() {
    #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
    let now = WallClock.now()
    #expect(abs(Double(now.seconds) - Date().timeIntervalSince1970) < 5)
    #expect(ProcessEnvironment.isRunning(ProcessEnvironment.processID))
    #expect(ProcessEnvironment.userHomeDirectory() == NSHomeDirectoryForUser(NSUserName()))
    #expect(
      ProcessEnvironment.executablePath()
        == Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
  }

  @Test("a detached thread runs its work")
  func detachedThread() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let started = DetachedThread.start { continuation.resume() }
      #expect(started)
    }
  }
}
