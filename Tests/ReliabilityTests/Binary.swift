import Foundation
import TestSupport

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
  let process = Process()
  process.executableURL = URL(fileURLWithPath: Binary.path)
  process.arguments = arguments
  var environment = ProcessInfo.processInfo.environment
  environment["SWIFT_BACKTRACE"] = "enable=no"
  environment["COLUMNS"] = "80"
  environment["NO_COLOR"] = "1"
  environment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
  for (key, value) in overrides { environment[key] = value }
  process.environment = environment
  let input = Pipe()
  let output = Pipe()
  let errors = Pipe()
  process.standardInput = input
  process.standardOutput = output
  process.standardError = errors
  ignoreBrokenPipes()  // the app may be killed, or exit, before it reads the whole script
  try process.run()
  // stderr is drained on another thread so a chatty app never blocks on a full pipe.
  let errorBox = DataBox()
  let errorsDone = DispatchSemaphore(value: 0)
  let errorReader = Thread {
    errorBox.set(errors.fileHandleForReading.readDataToEndOfFile())
    errorsDone.signal()
  }
  errorReader.start()
  let writer = input.fileHandleForWriting
  let scriptData = Data(script.utf8)
  let writerThread = Thread {
    try? writer.write(contentsOf: scriptData)
    try? writer.close()
  }
  writerThread.start()
  var collected = Data()
  var killed = false
  let deadline = Date().addingTimeInterval(timeout)
  let reader = output.fileHandleForReading
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

/// A value handed from a reader thread.
final class DataBox: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data? { lock.withLock { data } }
}

/// Test content arguments: the shipped releases and translations.
let contentArguments = ["--releases", Repository.releases, "--localizations", Repository.localizations, "--color", "never"]
