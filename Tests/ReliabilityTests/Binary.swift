import Foundation
import TestSupport
import Testing

/// Finds the built `whatsnew` binary: `WHATSNEW_BINARY`, or next to the test bundle
/// (the test bundle lives in `.build/debug`, and so does the binary).
enum Binary {
  static let path: String = {
    if let path = ProcessInfo.processInfo.environment["WHATSNEW_BINARY"], !path.isEmpty { return path }
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var directory = (executable as NSString).deletingLastPathComponent
    for _ in 0..<4 {
      let candidate = directory + "/whatsnew"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = (directory as NSString).deletingLastPathComponent
    }
    return ".build/debug/whatsnew"
  }()
}

/// Where the repository's shipped content is (the package root, found from this file).
enum Repository {
  static let root: String = {
    var directory = (#filePath as NSString).deletingLastPathComponent
    for _ in 0..<4 {
      if FileManager.default.fileExists(atPath: directory + "/Package.swift") { return directory }
      directory = (directory as NSString).deletingLastPathComponent
    }
    return FileManager.default.currentDirectoryPath
  }()
  static var releases: String { root + "/Releases" }
  static var localizations: String { root + "/Localizations" }
}

/// `WHATSNEW_STRESS=1` (make stress) scales the iteration counts up.
enum Scale {
  static let isStress = !(ProcessInfo.processInfo.environment["WHATSNEW_STRESS"] ?? "").isEmpty
  static func pick(fast: Int, stress: Int) -> Int { isStress ? stress : fast }
}

/// What a finished run of the app left.
struct AppRun {
  var status: Int32
  var killed: Bool
  var stdout: Data
  var stderr: Data
  var output: String { String(decoding: stdout, as: UTF8.self) }
  var errors: String { String(decoding: stderr, as: UTF8.self) }

  /// The `state` JSON objects printed, in order (only complete lines).
  var states: [[String: Any]] {
    var result: [[String: Any]] = []
    var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeLast()  // the text after the last newline is not a complete line
    for line in lines where line.hasPrefix("{\"screen\"") {
      if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { result.append(object) }
    }
    return result
  }
}

/// Runs the built app with `arguments`, the script on stdin, and waits (bounded).
func runApp(
  _ arguments: [String], script: String, timeout: Double = 60, environment overrides: [String: String] = [:]
) throws -> AppRun {
  try runApp(arguments, script: script, timeout: timeout, killWhen: nil, environment: overrides)
}

/// Runs the app; when `killWhen` returns true for the output so far, sends SIGKILL.
func runApp(
  _ arguments: [String], script: String, timeout: Double, killWhen: ((Data) -> Bool)?,
  environment overrides: [String: String] = [:]
) throws -> AppRun {
  // Broken pipes are ignored: the app may be killed, or exit, before it reads the whole script.
  let child = try PipedProcess(Binary.path, arguments, environment: appEnvironment(overrides))
  let process = child.process
  // stderr is drained on another thread so a chatty app never blocks on a full pipe.
  let errorBox = DataBox()
  let errorsDone = DispatchSemaphore(value: 0)
  let errorReader = Thread {
    errorBox.set(child.error.readDataToEndOfFile())
    errorsDone.signal()
  }
  errorReader.start()
  let writer = child.input
  let scriptData = Data(script.utf8)
  let writerThread = Thread {
    try? writer.write(contentsOf: scriptData)
    try? writer.close()
  }
  writerThread.start()
  var collected = Data()
  var killed = false
  let deadline = Date().addingTimeInterval(timeout)
  let reader = child.output
  while true {
    let chunk = reader.availableData
    if chunk.isEmpty { break }
    collected.append(chunk)
    if !killed, let killWhen, killWhen(collected) {
      kill(process.processIdentifier, SIGKILL)
      killed = true
    }
    if Date() > deadline {
      kill(process.processIdentifier, SIGKILL)
      killed = true
    }
  }
  process.waitUntilExit()
  errorsDone.wait()
  return AppRun(
    status: process.terminationStatus, killed: killed || process.terminationReason == .uncaughtSignal, stdout: collected,
    stderr: errorBox.get() ?? Data())
}

/// The environment the tests run the app in: this process's, with no backtracer, 80 columns,
/// no colour, the tests' cache, and `overrides` on top.
func appEnvironment(_ overrides: [String: String]) -> [String: String] {
  var environment = TestEnvironment.utf8
  environment["SWIFT_BACKTRACE"] = "enable=no"
  environment["COLUMNS"] = "80"
  environment["NO_COLOR"] = "1"
  environment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
  for (key, value) in overrides { environment[key] = value }
  return environment
}

/// The app running on pipes, driven step by step: a test writes some commands, waits until
/// the output shows they have been done (a scripted session prints each command's output
/// before it reads the next line), does something else meanwhile, and writes more.
final class RunningApp {
  private let process: Process
  private let input: FileHandle
  private let stdout = StreamBuffer()
  private let stderr = StreamBuffer()

  init(_ arguments: [String], environment overrides: [String: String] = [:]) throws {
    let child = try PipedProcess(Binary.path, arguments, environment: appEnvironment(overrides))
    process = child.process
    input = child.input
    stdout.drain(child.output)
    stderr.drain(child.error)
  }

  /// Everything the app has printed so far.
  var output: String { String(decoding: stdout.data, as: UTF8.self) }

  /// Writes `lines` to the app's stdin.
  func send(_ lines: String) throws {
    try input.write(contentsOf: Data(lines.utf8))
  }

  /// Waits until the output so far satisfies `condition`; `false` when `timeout` seconds
  /// pass first or the app closes its output without satisfying it.
  func waitForOutput(timeout: Double = 60, until condition: (String) -> Bool) -> Bool {
    stdout.wait(until: Date().addingTimeInterval(timeout)) { data, _ in condition(String(decoding: data, as: UTF8.self)) }
  }

  /// Waits until stderr so far satisfies `condition`, as ``waitForOutput(timeout:until:)``.
  func waitForErrors(timeout: Double = 60, until condition: (String) -> Bool) -> Bool {
    stderr.wait(until: Date().addingTimeInterval(timeout)) { data, _ in condition(String(decoding: data, as: UTF8.self)) }
  }

  /// Closes stdin and waits for the app to exit (killed after `timeout` seconds).
  func finish(timeout: Double = 60) -> AppRun {
    try? input.close()
    let exited = stdout.wait(until: Date().addingTimeInterval(timeout)) { _, closed in closed }
    if !exited { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    _ = stderr.wait(until: Date().addingTimeInterval(timeout)) { _, closed in closed }
    return AppRun(
      status: process.terminationStatus, killed: !exited || process.terminationReason == .uncaughtSignal,
      stdout: stdout.data, stderr: stderr.data)
  }
}

/// What a pipe has delivered so far, filled by a reader thread until the pipe closes.
final class StreamBuffer: @unchecked Sendable {
  private let condition = NSCondition()
  private var collected = Data()
  private var closed = false

  /// Reads `handle` on a new thread until end of file.
  func drain(_ handle: FileHandle) {
    Thread {
      while true {
        let chunk = handle.availableData
        self.condition.withLock {
          if chunk.isEmpty { self.closed = true } else { self.collected.append(chunk) }
          self.condition.broadcast()
        }
        if chunk.isEmpty { return }
      }
    }.start()
  }

  var data: Data { condition.withLock { collected } }

  /// Waits until `satisfied(data, closed)` holds, or `deadline`; returns whether it held.
  func wait(until deadline: Date, _ satisfied: (Data, Bool) -> Bool) -> Bool {
    condition.withLock {
      while !satisfied(collected, closed) {
        if closed || !condition.wait(until: deadline) { return satisfied(collected, closed) }
      }
      return true
    }
  }
}

/// A value handed from a reader thread.
final class DataBox: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data? { lock.withLock { data } }
}

/// Test content arguments: the shipped releases and translations.
let contentArguments = ["--releases", Repository.releases, "--localizations", Repository.localizations, "--color", "never"]

/// Makes `path` read-only for as long as the test needs: as root, where permission bits stop
/// nothing, immutable (`chattr +i`, from e2fsprogs); else `mode`. Returns what undoes it, or
/// `nil` after recording why it could not be done.
func makeReadOnly(_ path: String, mode: mode_t) -> (() -> Void)? {
  if geteuid() == 0 {
    guard shell("chattr", "+i", path) == 0 else {
      Issue.record("running as root and chattr +i failed: cannot make \(path) read-only here")
      return nil
    }
    return { _ = shell("chattr", "-i", path) }
  }
  chmod(path, mode)
  return { chmod(path, 0o700) }
}
