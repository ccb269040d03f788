// swift-tools-version:6.0
// Caliper: text measurement with real fonts (HarfBuzz over FreeType faces, ICU line breaks).
import PackageDescription

let package = Package(
  name: "Caliper",
  products: [
    .library(name: "Caliper", targets: ["Caliper"]),
    .library(name: "CaliperLayout", targets: ["CaliperLayout"]),
    .library(name: "CaliperRender", targets: ["CaliperRender"]),
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
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng16",
      providers: [.apt(["libpng-dev"])]
    ),
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
    // Draws measured text and layouts to PNG: FreeType rasterises, libpng writes.
    .target(
      name: "CaliperRender",
      dependencies: ["Caliper", "CaliperLayout", "CPNG"]
    ),
    .executableTarget(
      name: "caliper",
      dependencies: ["Caliper", "CaliperLayout", "CaliperRender", "CMalloc"]
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
      name: "CaliperRenderTests",
      dependencies: ["CaliperRender"]
    ),
    .testTarget(
      name: "CaliperCLITests",
      dependencies: ["caliper"],
      exclude: ["Fixtures"]
    ),
  ]
)
