// swift-tools-version:6.0
//
// whatsnew: a terminal "what's new" tour for a workout app.
//
// The layout mirrors the architecture:
//   WhatsNewCore   pure models and rules (no I/O, no clock, no globals)
//   WhatsNewStore  the settings store, the only module that imports SQLite
//   LineEditor     the line editor, the only module that uses libedit (through CLineEditor)
//   WhatsNewApp    the REPL, rendering, screens and commands
//   whatsnew       a thin executable
//   TestSupport    shared fakes and transcript helpers for the tests
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "whatsnew",
  products: [
    .executable(name: "whatsnew", targets: ["whatsnew"])
  ],
  targets: [
    // System libraries, found with pkg-config and installed by `make deps`.
    .systemLibrary(
      name: "CLibEdit",
      pkgConfig: "libedit",
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
    .target(
      name: "TestSupport",
      dependencies: ["WhatsNewCore", "WhatsNewStore", "WhatsNewApp", "LineEditor"],
      swiftSettings: swiftSettings
    ),

    .testTarget(name: "WhatsNewCoreTests", dependencies: ["WhatsNewCore", "TestSupport"], swiftSettings: swiftSettings),
    .testTarget(
      name: "WhatsNewStoreTests",
      dependencies: ["WhatsNewStore", "WhatsNewCore", "TestSupport"],
      swiftSettings: swiftSettings
    ),
    .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"], swiftSettings: swiftSettings),
    .testTarget(
      name: "WhatsNewAppTests",
      dependencies: ["WhatsNewApp", "WhatsNewCore", "WhatsNewStore", "TestSupport"],
      exclude: ["Transcripts"],
      swiftSettings: swiftSettings
    ),
    .testTarget(
      name: "EndToEndTests",
      dependencies: ["TestSupport"],
      swiftSettings: swiftSettings
    ),
  ]
)
