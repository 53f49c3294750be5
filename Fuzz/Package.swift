// swift-tools-version:6.0
//
// libFuzzer targets for whatsnew (`make fuzz`). A separate package, because building with
// `--sanitize=fuzzer` instruments everything it builds, which breaks normal executables.
// It depends on the root package by path, through its library products.
import PackageDescription

let package = Package(
  name: "whatsnew-fuzz",
  products: [
    .executable(name: "fuzz-release", targets: ["FuzzRelease"]),
    .executable(name: "fuzz-version", targets: ["FuzzVersion"]),
    .executable(name: "fuzz-strings", targets: ["FuzzStrings"]),
    .executable(name: "fuzz-commands", targets: ["FuzzCommands"]),
    .executable(name: "fuzz-compiled-strings", targets: ["FuzzCompiledStrings"]),
    .executable(name: "fuzz-restore", targets: ["FuzzRestore"]),
  ],
  dependencies: [.package(name: "whatsnew", path: "..")],
  targets: [
    .executableTarget(name: "FuzzRelease", dependencies: [.product(name: "FuzzProperties", package: "whatsnew")]),
    .executableTarget(name: "FuzzVersion", dependencies: [.product(name: "FuzzProperties", package: "whatsnew")]),
    .executableTarget(name: "FuzzStrings", dependencies: [.product(name: "FuzzProperties", package: "whatsnew")]),
    .executableTarget(
      name: "FuzzCompiledStrings", dependencies: [.product(name: "FuzzProperties", package: "whatsnew")]),
    .executableTarget(name: "FuzzCommands", dependencies: [.product(name: "FuzzProperties", package: "whatsnew")]),
    .executableTarget(name: "FuzzRestore", dependencies: [.product(name: "FuzzProperties", package: "whatsnew")]),
  ]
)
