import Foundation

/// Paths inside this repository, found from this source file's location, so tests read
/// the shipped `Releases/` and `Localizations/` and write golden files beside themselves.
package enum RepositoryPaths {
  /// The repository's root directory.
  package static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  package static var releases: String { root + "/Releases" }
  package static var localizations: String { root + "/Localizations" }

  /// The directory holding the built products (`.build/debug`), where the test bundle and
  /// the `whatsnew` binary live side by side.
  package static var binaryDirectory: String {
    let bundle = Bundle.main.bundlePath
    var url = URL(fileURLWithPath: bundle)
    while url.path != "/" {
      if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("whatsnew").path) { return url.path }
      url.deleteLastPathComponent()
    }
    return root + "/.build/debug"
  }

  /// The built `whatsnew` executable.
  package static var executable: String { binaryDirectory + "/whatsnew" }

}

/// Environments for the processes tests start.
package enum TestEnvironment {
  /// This process's environment, with `LANG=C.UTF-8` when it names no locale at all: the
  /// binary draws in ASCII in a locale that is not UTF-8, which only the tests that say so want.
  package static var utf8: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    if ["LC_ALL", "LC_CTYPE", "LANG"].allSatisfy({ (environment[$0] ?? "").isEmpty }) { environment["LANG"] = "C.UTF-8" }
    return environment
  }
}
