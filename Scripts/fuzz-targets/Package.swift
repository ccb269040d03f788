// swift-tools-version:6.0
// Caliper's libFuzzer targets, a package of their own (depending on the repository by path,
// as Benchmarks/ does) so that the main package's build and tests never see them.
// Built and run by Scripts/fuzz, which adds the AddressSanitizer and coverage flags.
import PackageDescription

let package = Package(
  name: "CaliperFuzz",
  dependencies: [
    .package(name: "Caliper", path: "../..")
  ],
  targets: [
    // main → LLVMFuzzerRunDriver: libFuzzer's own main cannot be linked into a Swift
    // executable (SwiftPM renames the module's main with --defsym), so each target's
    // main.swift hands its one-input function to libFuzzer through this shim.
    .target(name: "CFuzzDriver"),
    .target(
      name: "FuzzSupport",
      dependencies: ["CFuzzDriver", .product(name: "Caliper", package: "Caliper")]
    ),
    // The command-line tool's own sources without its main.swift, so that the serve request
    // handler is fuzzed as it is built, with nothing of it made public. Scripts/fuzz copies
    // them into Generated/ with `@testable` imports: the tool reads Caliper's `package`
    // declarations (the style schema), which another package sees only that way.
    .target(
      name: "CaliperCLI",
      dependencies: [
        .product(name: "Caliper", package: "Caliper"),
        .product(name: "CaliperLayout", package: "Caliper"),
        .product(name: "CaliperRender", package: "Caliper"),
      ],
      path: "Generated/CaliperCLI"
    ),
    .executableTarget(
      name: "fuzz-font",
      dependencies: ["FuzzSupport", .product(name: "Caliper", package: "Caliper")]
    ),
    .executableTarget(
      name: "fuzz-text",
      dependencies: ["FuzzSupport", .product(name: "Caliper", package: "Caliper")]
    ),
    .executableTarget(
      name: "fuzz-serve",
      dependencies: ["FuzzSupport", "CaliperCLI", .product(name: "Caliper", package: "Caliper")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
