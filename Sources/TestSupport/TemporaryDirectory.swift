import Foundation

/// A fresh directory under the system temporary directory, removed with everything in it
/// when the value is released. Give each test (or suite instance) its own.
///
/// ```swift
/// let directory = try TemporaryDirectory()
/// let store = try SettingsStore(path: directory.path("settings.sqlite"))
/// ```
public final class TemporaryDirectory: Sendable {
  /// The `XDG_CACHE_HOME` every run of the built binary in this test process uses, so the
  /// tests' compiled translation tables never land in the user's cache.
  public static let binaryCacheHome = try! TemporaryDirectory(prefix: "whatsnew-cache")

  /// The directory's absolute path.
  public let path: String

  /// Creates the directory (mode 0700) with `mkdtemp`.
  public init(prefix: String = "whatsnew-tests") throws {
    let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    guard let result = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: base])
    }
    path = String(cString: result)
  }

  /// The path of `name` inside the directory (nothing is created).
  public func path(_ name: String) -> String {
    "\(path)/\(name)"
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }
}
