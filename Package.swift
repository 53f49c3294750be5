// swift-tools-version:6.0
//
// whatsnew: a terminal "what's new" tour for a workout app.
//
// The layout mirrors the architecture:
//   WhatsNewCore   pure models and rules (no I/O, no clock, no globals)
//   WhatsNewStore  the settings store, the only module that imports SQLite
//   WhatsNewSystem files, processes, the clock and threads through the C library (no Foundation)
//   LineEditor     the line editor, the only module that uses libedit (through CLineEditor)
//   WhatsNewApp    the REPL, rendering, screens and commands
//   whatsnew       a thin executable
//   WhatsNewStrings  the `.strings` parser (Foundation's PropertyListSerialization); never linked by the app
//   whatsnew-strings the helper the app runs to compile `.strings` files it has no compiled copy of
//   TestSupport    shared fakes and transcript helpers for the tests
//   CPseudoTerminal  pseudo-terminals for the interactive end-to-end tests
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  // Generic types are instantiated through their metadata accessors, which are handed the
  // conformances they need, instead of from mangled names, which make the runtime look each
  // conformance up by scanning every conformance record in the binary on first use. Measured
  // with callgrind on `whatsnew` running `state` (2026-11-30): 11.8 M instructions before,
  // 9.8 M after, the conformance scans from 1.7 M to 0.5 M. Output unchanged.
  .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
]

let package = Package(
  name: "whatsnew",
  products: [
    .executable(name: "whatsnew", targets: ["whatsnew"]),
    // Ships beside `whatsnew`: compiles `.strings` files for it (see StringsCompiler).
    .executable(name: "whatsnew-strings", targets: ["whatsnew-strings"]),
    // Benchmarks (`make bench`): the benchmark driver and the floor it measures against.
    .executable(name: "whatsnew-bench", targets: ["whatsnew-bench"]),
    .executable(name: "whatsnew-floor", targets: ["whatsnew-floor"]),
    .executable(name: "whatsnew-floor-foundation", targets: ["whatsnew-floor-foundation"]),
    // Libraries for the fuzz package in Fuzz/, which depends on this package by path.
    .library(name: "WhatsNewCore", targets: ["WhatsNewCore"]),
    .library(name: "WhatsNewApp", targets: ["WhatsNewApp"]),
    .library(name: "FuzzProperties", targets: ["FuzzProperties"]),
  ],
  targets: [
    // System libraries, found with pkg-config and installed by `make deps`.
    // libedit's headers only: CLineEditor loads the library itself (dlopen) when a session
    // is interactive, so scripts and subcommands never load it (see CLineEditor.c).
    .systemLibrary(
      name: "CLibEdit",
      providers: [.apt(["libedit-dev"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // libedit's el_set/el_get/history are variadic; this shim gives Swift plain functions.
    .target(name: "CLineEditor", dependencies: ["CLibEdit"]),

    .target(name: "WhatsNewCore", swiftSettings: swiftSettings),
    // The app's one wrapper over the operating system, so the app itself never links Foundation.
    .target(name: "WhatsNewSystem", swiftSettings: swiftSettings),
    .target(name: "WhatsNewStore", dependencies: ["WhatsNewCore", "CSQLite"], swiftSettings: swiftSettings),
    .target(name: "LineEditor", dependencies: ["CLineEditor"], swiftSettings: swiftSettings),
    .target(
      name: "WhatsNewApp",
      dependencies: ["WhatsNewCore", "WhatsNewStore", "LineEditor", "WhatsNewSystem"],
      swiftSettings: swiftSettings
    ),
    .executableTarget(name: "whatsnew", dependencies: ["WhatsNewApp", "WhatsNewSystem"], swiftSettings: swiftSettings),
    // The one user of Foundation's PropertyListSerialization, and the helper that runs it for
    // the app. WhatsNewApp must never depend on WhatsNewStrings: the app links no Foundation.
    .target(name: "WhatsNewStrings", dependencies: ["WhatsNewCore", "WhatsNewSystem"], swiftSettings: swiftSettings),
    .executableTarget(
      name: "whatsnew-strings", dependencies: ["WhatsNewStrings", "WhatsNewCore"], path: "Sources/WhatsNewStringsHelper",
      swiftSettings: swiftSettings),
    // The benchmark driver (release builds only, via `make bench`) and the floor: a minimal
    // process that opens the same SQLite file and lists the same Releases directory. The
    // floor imports CSQLite directly because it is the floor, not the app.
    .executableTarget(
      name: "whatsnew-bench",
      dependencies: ["WhatsNewApp", "WhatsNewCore", "WhatsNewStore", "WhatsNewStrings"],
      path: "Sources/WhatsNewBench",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "whatsnew-floor", dependencies: ["CSQLite"], path: "Sources/WhatsNewFloor", swiftSettings: swiftSettings),
    // A second floor, reported beside the first: the same work with Foundation linked in.
    .executableTarget(
      name: "whatsnew-floor-foundation", dependencies: ["CSQLite"], path: "Sources/WhatsNewFloorFoundation",
      swiftSettings: swiftSettings),
    // The properties the fuzz targets check; `make test` replays Fuzz/Regressions/ through them.
    .target(
      name: "FuzzProperties", dependencies: ["WhatsNewCore", "WhatsNewApp", "WhatsNewStrings"], swiftSettings: swiftSettings),
    .target(
      name: "TestSupport",
      dependencies: ["WhatsNewCore", "WhatsNewStore", "WhatsNewApp", "LineEditor", "WhatsNewStrings"],
      swiftSettings: swiftSettings
    ),

    .testTarget(
      name: "WhatsNewCoreTests", dependencies: ["WhatsNewCore", "WhatsNewStrings", "TestSupport"], exclude: ["Goldens"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "WhatsNewStoreTests",
      dependencies: ["WhatsNewStore", "WhatsNewCore", "TestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"], swiftSettings: swiftSettings),
    .testTarget(name: "WhatsNewSystemTests", dependencies: ["WhatsNewSystem", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(
      name: "WhatsNewAppTests",
      dependencies: ["WhatsNewApp", "WhatsNewCore", "WhatsNewStore", "WhatsNewStrings", "TestSupport", "FuzzProperties"],
      exclude: ["Transcripts"],
      swiftSettings: swiftSettings
    ),
    // Launches the built `whatsnew` binary: crash safety, two processes, bad stores, hostile
    // content. `WHATSNEW_STRESS=1` (make stress) scales the iterations up.
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["WhatsNewStore", "WhatsNewCore", "TestSupport"],
      swiftSettings: swiftSettings
    ),
    // Pseudo-terminals for the end-to-end tests of the interactive editor.
    .target(name: "CPseudoTerminal"),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["TestSupport", "CPseudoTerminal"],
      swiftSettings: swiftSettings
    ),
  ]
)
