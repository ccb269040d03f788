// swift-tools-version:6.0
// Caliper's benchmarks: Caliper against Pango on the same fonts, text and widths.
// A package of its own, so that only benchmarking needs Pango (libpango1.0-dev).
import Foundation
import PackageDescription

/// The Caliper package's folder (this one's parent).
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().path

/// How the release `caliper` is linked (lld, the hot functions first, libstdc++ static: the
/// parent's Package.swift says why), read from the one file its releaseCLILinking reads,
/// `$ROOT` replaced, so that caliper-bench runs the library's code laid out as users get it.
/// (Scripts/release-build compiles each function into a section of its own, which the
/// ordering needs: Benchmarks/run builds caliper-bench through it.)
func releaseLinking(root: String) -> [String] {
  let file = root + "/Scripts/static-link/release-linking.txt"
  guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
    fatalError("cannot read \(file)")
  }
  return text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    .map { $0.replacingOccurrences(of: "$ROOT", with: root) }
}

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
      dependencies: [.product(name: "Caliper", package: "Caliper"), "PangoShim", "Floor"],
      linkerSettings: [
        .unsafeFlags(
          releaseLinking(root: root), .when(platforms: [.linux], configuration: .release))
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
