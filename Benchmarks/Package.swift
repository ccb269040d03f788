// swift-tools-version:6.0
// Caliper's benchmarks: Caliper against Pango on the same fonts, text and widths.
// A package of its own, so that only benchmarking needs Pango (libpango1.0-dev).
import PackageDescription

let package = Package(
  name: "CaliperBenchmarks",
  products: [
    .executable(name: "caliper-bench", targets: ["caliper-bench"]),
    .executable(name: "pango-measure", targets: ["pango-measure"]),
  ],
  dependencies: [
    .package(name: "Caliper", path: "..")
  ],
  targets: [
    .systemLibrary(
      name: "CPango",
      pkgConfig: "pangocairo",
      providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
    ),
    // Pango set up exactly as Scripts/pango-breaks does, behind a header of standard C
    // types only, so that Swift never imports GLib.
    .target(
      name: "PangoShim",
      dependencies: ["CPango"]
    ),
    // `caliper measure` done with Pango: the comparison for the command-line workloads.
    .executableTarget(
      name: "pango-measure",
      dependencies: ["PangoShim"]
    ),
    // The floor of preparing in plain C (ICU's line breaks over UTF-8, a hash lookup per
    // word, the sums), for caliper-bench's floor rows. ICU's symbols come from the
    // libraries Caliper's CICU target links.
    .target(
      name: "Floor",
      linkerSettings: [.linkedLibrary("icuuc", .when(configuration: .debug))]
    ),
    .executableTarget(
      name: "caliper-bench",
      dependencies: [.product(name: "Caliper", package: "Caliper"), "PangoShim", "Floor"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
