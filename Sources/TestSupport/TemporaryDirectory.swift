import Foundation

/// A fresh directory under the system temporary directory, removed with everything in it
/// when the value is released. Give each test (or suite instance) its own.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let store = try SettingsStore(path: directory.path("settings.sqlite"))
/// ```
package final class TemporaryDirectory: Sendable {
  /// The `XDG_CACHE_HOME` every run of the built binary in this test process uses, so the
  /// tests' compiled translation tables never land in the user's cache.
  package static let binaryCacheHome = try! TemporaryDirectory(prefix: "whatsnew-cache")

  /// The directory's absolute path.
  package let path: String

  /// Creates the directory (mode 0700) with `mkdtemp`.
  package init(prefix: String = "whatsnew-tests") throws {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: base])
    }
    path = String(cString: result)
  }

  /// The path of `name` inside the directory (nothing is created).
  package func path(_ name: String) -> String {
    "\(path)/\(name)"
  }

  /// Writes an executable file (mode 0755) named `name` holding `text`, and returns its path.
  ///
  /// The file is opened close-on-exec: tests run in parallel, and a process another test
  /// starts while the file is open for writing would otherwise keep it open, so running
  /// the file would fail with "Text file busy".
  package func writeExecutable(_ name: String, _ text: String) throws -> String {
    try writeExecutable(name, bytes: Array(text.utf8))
  }

  /// Writes an executable file (mode 0755) named `name` holding `bytes` (a copy of a
  /// program, say), close-on-exec like ``writeExecutable(_:_:)``, and returns its path.
  package func writeExecutable(_ name: String, bytes: [UInt8]) throws -> String {
    let file = path(name)
    let descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      guard count > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
      written += count
    }
    guard fchmod(descriptor, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
    return file
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
