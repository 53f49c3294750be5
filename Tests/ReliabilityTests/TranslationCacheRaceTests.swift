import Foundation
import Synchronization
import TestSupport
import Testing
import WhatsNewCore

/// The compiled translation cache when several apps start at once, and when an app is
/// killed while it writes the cache.
@Suite("Translation cache under concurrent starts and SIGKILL")
struct TranslationCacheRaceTests {
  let directory: TemporaryDirectory
  var cacheHome: String { directory.path("cache") }
  var compiledDirectory: String { cacheHome + "/whatsnew/strings" }
  let script = "go settings\nstate\nquit\n"

  init() throws {
    directory = try TemporaryDirectory()
  }

  func arguments(_ run: Int) -> [String] {
    ["--db", directory.path("store-\(run).sqlite"), "--locale", "nl", "--upgrade-from", "2.14.0"] + contentArguments
  }

  func files(withSuffix suffix: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: compiledDirectory)) ?? []).filter { $0.hasSuffix(suffix) }
  }

  /// Every compiled table in the cache decodes against the `.strings` file it came from.
  func expectCompiledTablesIntact(sourceLocation: SourceLocation = #_sourceLocation) throws {
    for name in files(withSuffix: ".compiled") {
      let compiled = try [UInt8](Data(contentsOf: URL(fileURLWithPath: compiledDirectory + "/" + name)))
      let language = String(name.prefix { $0 != "-" })
      let source = try [UInt8](
        Data(contentsOf: URL(fileURLWithPath: "\(Repository.localizations)/\(language)/Localizable.strings")))
      #expect(CompiledStringsTable.decode(compiled, source: source) != nil, "\(name) is damaged", sourceLocation: sourceLocation)
    }
  }

  @Test("apps starting together on an empty cache all show the same text and leave one intact table per language")
  func concurrentStarts() throws {
    let count = Scale.pick(fast: 6, stress: 24)
    let results = Mutex<[Int: AppRun]>([:])
    DispatchQueue.concurrentPerform(iterations: count) { run in
      let result = try? runApp(arguments(run), script: script, environment: ["XDG_CACHE_HOME": cacheHome])
      results.withLock { $0[run] = result }
    }
    let runs = results.withLock { $0 }
    #expect(runs.count == count)
    let outputs = Set(runs.values.map(\.output))
    #expect(runs.values.allSatisfy { $0.status == 0 })
    #expect(outputs.count == 1, "every app showed the same screen")
    #expect(runs.values.first?.output.contains("Instellingen") == true, "the Dutch table was used")
    #expect(files(withSuffix: ".compiled").count == 2, "English and Dutch: \(files(withSuffix: ""))")
    #expect(files(withSuffix: ".tmp").isEmpty, "no temporary file left behind")
    try expectCompiledTablesIntact()
    let again = try runApp(arguments(count), script: script, environment: ["XDG_CACHE_HOME": cacheHome])
    #expect(again.output == runs.values.first?.output, "a start from the cache shows the same")
  }

  @Test("SIGKILL while the cache is being written never leaves a table that is used wrongly")
  func killedWhileCompiling() throws {
    let reference = try runApp(arguments(0), script: script, environment: ["XDG_CACHE_HOME": directory.path("reference")])
    #expect(reference.status == 0)
    var generator = SystemRandomNumberGenerator()
    for run in 1...Scale.pick(fast: 15, stress: 150) {
      // A fresh cache half the time, so kills land while tables are parsed and written.
      if run % 2 == 0 { try? FileManager.default.removeItem(atPath: cacheHome) }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = arguments(run)
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_CACHE_HOME"] = cacheHome
      environment["SWIFT_BACKTRACE"] = "enable=no"
      process.environment = environment
      process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
      process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
      process.standardError = FileHandle(forWritingAtPath: "/dev/null")
      try process.run()
      usleep(UInt32.random(in: 0...25_000, using: &generator))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      try expectCompiledTablesIntact()
    }
    let after = try runApp(arguments(999), script: script, environment: ["XDG_CACHE_HOME": cacheHome])
    #expect(after.status == 0)
    #expect(after.output == reference.output, "the app shows exactly what it shows without a cache")
  }
}
