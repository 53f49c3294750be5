import Foundation
import Glibc

/// Python's `jsonschema`, an independent JSON Schema validator, for the tests that check
/// `whatsnew schema` and `Documentation/state.schema.json`.
///
/// It runs in a virtual environment made once under
/// `.build/schema-python/<digest of scripts/schema-requirements.txt>/` (`python3 -m venv`,
/// then `pip install` of the pinned requirements from PyPI) and reused by every later run
/// until the requirements change. Processes making it at the same time take turns on a lock
/// file; a half-made one (no `.complete` marker) is made again. When it cannot be made (no
/// `python3`, no `venv` module, PyPI out of reach), ``validate(schema:instances:)`` throws
/// saying what failed and how to fix it: the tests fail, never skip.
///
/// ```swift
/// let result = try SchemaValidator.validate(schema: schemaPath, instances: [file])
/// #expect(result.status == 0, "\(result.output)")
/// ```
package enum SchemaValidator {
  /// Why the validator could not be run.
  package struct SetupError: Error, CustomStringConvertible {
    package let description: String
  }

  package static var requirementsPath: String { RepositoryPaths.root + "/scripts/schema-requirements.txt" }
  package static var scriptPath: String { RepositoryPaths.root + "/scripts/validate-json-schema.py" }

  /// The environment's `python`, made on first use (once per test process).
  package static let python: Result<String, SetupError> = makeEnvironment()

  /// Runs `scripts/validate-json-schema.py` on `schema` and `instances`: its exit status
  /// (0 all valid, 1 some invalid, 2 unusable schema) and its output, one line per file or error.
  package static func validate(schema: String, instances: [String]) throws -> (status: Int32, output: String) {
    let python = try python.get()
    let result = try run(python, [scriptPath, schema] + instances)
    return (result.status, result.output)
  }

  static func makeEnvironment() -> Result<String, SetupError> {
    guard let requirements = FileManager.default.contents(atPath: requirementsPath) else {
      return .failure(SetupError(description: "cannot read \(requirementsPath)"))
    }
    let base = RepositoryPaths.root + "/.build/schema-python"
    let directory = base + "/" + digest(Array(requirements))
    let python = directory + "/bin/python"
    let marker = directory + "/.complete"
    do {
      try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    } catch {
      return .failure(SetupError(description: "cannot create \(base): \(error)"))
    }
    let lock = open(directory + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard lock >= 0 else { return .failure(SetupError(description: "cannot open the lock \(directory).lock")) }
    defer { close(lock) }
    flock(lock, LOCK_EX)
    defer { flock(lock, LOCK_UN) }
    if FileManager.default.fileExists(atPath: marker) && FileManager.default.isExecutableFile(atPath: python) {
      return .success(python)
    }
    try? FileManager.default.removeItem(atPath: directory)
    let hint =
      "the schema tests need python3 with venv (Debian: python3-venv, which make deps installs) and PyPI "
      + "to install scripts/schema-requirements.txt"
    do {
      let venv = try run("/usr/bin/env", ["python3", "-m", "venv", directory])
      guard venv.status == 0 else {
        return .failure(SetupError(description: "python3 -m venv \(directory) failed (\(venv.status)): \(venv.output); \(hint)"))
      }
      let pip = try run(
        python,
        [
          "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input", "--no-deps", "-r",
          requirementsPath,
        ])
      guard pip.status == 0 else {
        return .failure(
          SetupError(description: "pip install -r scripts/schema-requirements.txt failed (\(pip.status)): \(pip.output); \(hint)")
        )
      }
    } catch {
      return .failure(SetupError(description: "cannot run python3: \(error); \(hint)"))
    }
    guard FileManager.default.createFile(atPath: marker, contents: Data()) else {
      return .failure(SetupError(description: "cannot write \(marker)"))
    }
    return .success(python)
  }

  /// Runs a program to its end: its status and its standard output and error together.
  static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self))
  }

  /// FNV-1a, 64 bits, of the requirements: a new pin gets a new environment.
  static func digest(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let text = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
