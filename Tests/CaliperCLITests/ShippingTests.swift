import Foundation
import Testing

/// Caliper as others get it: a package that depends on it, and an installed `caliper`.
/// Each test builds a whole package from a copy of this checkout (a few minutes on two
/// cores), so they run one at a time and there are only these.
@Suite(.serialized) struct ShippingTests {
  /// Runs `script` with bash in `directory`, and returns its exit status, stdout and stderr.
  static func shell(_ script: String, in directory: String = "/") throws -> CLITests.Run {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Scripts here write little to stderr (builds send theirs to stdout with 2>&1), so
    // reading stdout to its end first cannot block on a full stderr pipe.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLITests.Run(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A fresh temporary folder, and a copy of this checkout in `<folder>/caliper` (sources,
  /// fonts and scripts; no `.build`, no `.git`).
  static func copyOfCheckout() throws -> String {
    let folder = NSTemporaryDirectory() + "caliper-shipping-" + UUID().uuidString
    let copy = try shell(
      """
      set -e
      mkdir -p '\(folder)/caliper'
      tar -C '\(CLITests.root)' --exclude=./.build --exclude=./.git --exclude=./Benchmarks/.build \
        -cf - . | tar -C '\(folder)/caliper' -xf -
      """)
    try #require(copy.status == 0, "copying the checkout: \(copy.stderr)")
    return folder
  }

  /// The case: an app depending on Caliper by path is built, then the Caliper copy is
  /// renamed (as on any deployment), and the app still finds the bundled fonts (SwiftPM's
  /// resource copy next to its executable). Copied alone to a folder with no fonts, the app
  /// gets an error naming every place searched, not a trap.
  @Test func dependentPackageFindsItsFontsAfterTheCheckoutMoves() throws {
    let folder = try Self.copyOfCheckout()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let app = folder + "/app"
    try FileManager.default.createDirectory(
      atPath: app + "/Sources/App", withIntermediateDirectories: true)
    try """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "App",
      dependencies: [.package(path: "../caliper")],
      targets: [
        .executableTarget(name: "App", dependencies: [.product(name: "Caliper", package: "caliper")])
      ]
    )
    """.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
    try """
    import Caliper

    #if canImport(Glibc)
      import Glibc
    #endif

    do {
      let fonts = try FontLibrary.bundled()
      let text = try fonts.prepare("Blue tile with a longer local label", style: TextStyle(size: 16))
      print(text.measure(ProposedViewSize(width: nil, height: nil)).size.width)
    } catch {
      print("error: \\(error)")
      exit(1)
    }
    """.write(toFile: app + "/Sources/App/main.swift", atomically: true, encoding: .utf8)
    let build = try Self.shell("swift build 2>&1", in: app)
    try #require(build.status == 0, "building the dependent app:\n\(build.stdout)")
    let moved = try Self.shell("mv caliper caliper-moved && app/.build/debug/App", in: folder)
    // hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf: 15166 units × 16/1000 pt.
    #expect(moved.status == 0)
    let width = Double(moved.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(abs((width ?? 0) - 242.656) < 1e-9, "app printed \(moved.stdout) \(moved.stderr)")

    let alone = try Self.shell(
      "mkdir alone && cp app/.build/debug/App alone/ && cd / && '\(folder)/alone/App'",
      in: folder)
    #expect(alone.status == 1)
    #expect(alone.stdout.contains("no bundled fonts folder found"))
    #expect(alone.stdout.contains(folder + "/alone/Caliper_CaliperFonts.resources/Fonts"))
    #expect(alone.stdout.contains("CALIPER_FONTS"))
    let fromEnvironment = try Self.shell(
      "CALIPER_FONTS='\(folder)/caliper-moved/Fonts' alone/App", in: folder)
    #expect(fromEnvironment.stdout == moved.stdout)
  }
}
