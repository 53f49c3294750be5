import Foundation
import TestSupport
import Testing

/// The app's binary must not link Foundation: linking it alone costs a start about 1.4× the
/// floor (see bench/README.md). Only the `whatsnew-strings` helper may. Any `import Foundation`
/// in a module the app depends on brings it back; this test names the binary that did.
@Suite("What the binaries link")
struct LinkageTests {
  /// How Swift mangles a symbol of a module: `$s` + the module name's length + the name.
  static func mentions(_ module: String, in binary: Data) -> Bool {
    binary.range(of: Data("$s\(module.utf8.count)\(module)".utf8)) != nil
  }

  @Test("the app's binary holds no Foundation code; the strings helper does")
  func noFoundationInTheApp() throws {
    let app = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.executable))
    for module in ["Foundation", "FoundationEssentials", "FoundationInternationalization"] {
      #expect(
        !Self.mentions(module, in: app),
        "whatsnew links \(module); find the module that imports it (only WhatsNewStrings may)")
    }
    // The check can see Foundation where it is.
    let helper = try Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.stringsHelper))
    #expect(Self.mentions("Foundation", in: helper))
  }

  @Test("the app's binary does not load libedit until a terminal session needs it")
  func libeditIsNotLinked() throws {
    // The dynamic loader lists what it would load and stops (what `ldd` does).
    let run = try runWhatsNew(["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
    #expect(run.output.contains("libsqlite3"), "the loader listed the libraries: \(run.output)")
    #expect(!run.output.contains("libedit"), "whatsnew links libedit; CLineEditor loads it with dlopen")
  }
}
