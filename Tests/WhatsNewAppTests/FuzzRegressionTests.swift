import Foundation
import FuzzProperties
import TestSupport
import Testing

/// Every input a fuzzer once crashed on, saved in `Fuzz/Regressions/` under its libFuzzer
/// artifact name (`<target>-crash-<sha1>`), replayed through the same property the fuzz
/// target checks (``FuzzProperties``), so a fixed crash stays fixed.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  static let directory = RepositoryPaths.root + "/Fuzz/Regressions"

  static let inputs: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()

  @Test("the regressions directory holds inputs for known targets only")
  func names() {
    #expect(!Self.inputs.isEmpty)
    for name in Self.inputs {
      let target = name.components(separatedBy: "-crash-").first ?? ""
      #expect(FuzzProperties.targets[target] != nil, "\(name) names no fuzz target")
    }
  }

  @Test("each saved crash input now passes its target's property", arguments: inputs)
  func replay(name: String) throws {
    let target = name.components(separatedBy: "-crash-").first ?? ""
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + name)))
    #expect(FuzzProperties.check(target: target, bytes) == nil)
  }

  @Test(
    "the properties hold on ordinary inputs, and an unknown target is reported",
    arguments: [
      ("fuzz-version", "2.13.1", true), ("fuzz-version", "02.13.1", true), ("fuzz-strings", #""a" = "\u001B[31m";"#, true),
      ("fuzz-commands", "qa fail write theme", true), ("nonsense", "", false),
    ])
  func properties(target: String, input: String, holds: Bool) {
    #expect((FuzzProperties.check(target: target, Array(input.utf8)) == nil) == holds)
  }
}
