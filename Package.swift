// swift-tools-version:6.0
//
// whatsnew: a terminal "what's new" tour for a workout app.
//
// The layout mirrors the architecture:
//   WhatsNewCore   pure models and rules on Foundation's value types (no I/O, no clock, no globals)
//   WhatsNewStore  the settings store, the only module that imports SQLite
//   LineEditor     the line editor, the only module that uses libedit (through CLineEditor)
//   WhatsNewApp    the REPL, sessions, commands, views, content reading
//   whatsnew       a thin executable
//   TestSupport    shared fakes and transcript helpers for the tests
//   CPseudoTerminal  pseudo-terminals for the interactive end-to-end tests
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "whatsnew",
  products: [
    .executable(name: "whatsnew", targets: ["whatsnew"]),
    // Benchmarks (`make bench`): the driver and the idiomatic program it measures against.
    .executable(name: "whatsnew-bench", targets: ["whatsnew-bench"]),
    .executable(name: "whatsnew-idiomatic", targets: ["whatsnew-idiomatic"]),
    // The one library: the fuzz package in Fuzz/ depends on this package by path and calls
    // only FuzzProperties. Everything else is `package`, seen by this package's own targets.
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
    .target(name: "WhatsNewStore", dependencies: ["WhatsNewCore", "CSQLite"], swiftSettings: swiftSettings),
    .target(name: "LineEditor", dependencies: ["CLineEditor"], swiftSettings: swiftSettings),
    .target(
      name: "WhatsNewApp",
      dependencies: ["WhatsNewCore", "WhatsNewStore", "LineEditor"],
      swiftSettings: swiftSettings
    ),
    .executableTarget(name: "whatsnew", dependencies: ["WhatsNewApp"], swiftSettings: swiftSettings),
    // The benchmark driver (release builds only, via `make bench`) and the idiomatic program:
    // the same start work written plainly with Foundation and SQLite's C API, no caches. It
    // imports CSQLite directly because it is the yardstick, not the app.
    .executableTarget(
      name: "whatsnew-bench",
      dependencies: ["WhatsNewApp", "WhatsNewCore", "WhatsNewStore", "LineEditor"],
      path: "Sources/WhatsNewBench",
      swiftSettings: swiftSettings
    ),
    .executableTarget(
      name: "whatsnew-idiomatic", dependencies: ["CSQLite"], path: "Sources/WhatsNewIdiomatic",
      swiftSettings: swiftSettings),
    // The properties the fuzz targets check; `make test` replays Fuzz/Regressions/ through them.
    .target(
      name: "FuzzProperties", dependencies: ["WhatsNewCore", "WhatsNewApp", "WhatsNewStore"], swiftSettings: swiftSettings),
    .target(
      name: "TestSupport",
      dependencies: ["WhatsNewCore", "WhatsNewStore", "WhatsNewApp", "LineEditor"],
      swiftSettings: swiftSettings
    ),

    .testTarget(
      name: "WhatsNewCoreTests", dependencies: ["WhatsNewCore", "TestSupport"], exclude: ["Goldens", "UnicodeData"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "WhatsNewStoreTests",
      dependencies: ["WhatsNewStore", "WhatsNewCore", "TestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"], swiftSettings: swiftSettings),
    .testTarget(
      name: "WhatsNewAppTests",
      dependencies: ["WhatsNewApp", "WhatsNewCore", "WhatsNewStore", "TestSupport", "FuzzProperties"],
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
      dependencies: ["TestSupport", "CPseudoTerminal", "WhatsNewCore"],
      swiftSettings: swiftSettings
    ),
  ]
)
