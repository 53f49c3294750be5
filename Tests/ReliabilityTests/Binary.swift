import Foundation

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
