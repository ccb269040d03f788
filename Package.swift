// swift-tools-version:6.0
// Caliper: text measurement with real fonts (HarfBuzz over FreeType faces, ICU line breaks).
import PackageDescription

let package = Package(
  name: "Caliper",
  products: [
    .library(name: "Caliper", targets: ["Caliper"]),
    .library(name: "CaliperLayout", targets: ["CaliperLayout"]),
    .executable(name: "caliper", targets: ["caliper"]),
  ],
  targets: [
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]
    ),
    .systemLibrary(
      name: "CHarfBuzz",
      pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"])]
    ),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"])]
    ),
    // glibc's mallopt, for the CLI's memory tuning.
    .systemLibrary(name: "CMalloc"),
    // ICU is reached through compiled C: its headers clash with the toolchain's own ICU
    // module, and its versioned function names are macros Swift cannot import.
    .target(
      name: "CICU",
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]
    ),
    .target(
      name: "Caliper",
      dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CICU"]
    ),
    // Layout containers over measured text; no C, no Foundation.
    .target(
      name: "CaliperLayout",
      dependencies: ["Caliper"]
    ),
    .executableTarget(
      name: "caliper",
      dependencies: ["Caliper", "CaliperLayout", "CMalloc"]
    ),
    .testTarget(
      name: "CaliperTests",
      dependencies: ["Caliper"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "CaliperLayoutTests",
      dependencies: ["CaliperLayout"]
    ),
    .testTarget(
      name: "CaliperCLITests",
      dependencies: ["caliper"],
      exclude: ["Fixtures"]
    ),
  ]
)
