import CaliperTestSupport
import Foundation
import Testing

/// Caliper as others get it: a package that depends on it, and an installed `caliper`.
/// Each test builds a whole package from a copy of this checkout (a few minutes on two
/// cores), so they run one at a time and there are only these.
@Suite(.serialized) struct ShippingTests {
  /// Runs `script` with bash in `directory`: its exit status, stdout and stderr.
  static func shell(_ script: String, in directory: String = "/") throws -> ToolRun {
    try CaliperTool.run(
      ["-c", script], executable: URL(fileURLWithPath: "/bin/bash"), directory: directory)
  }

  /// A fresh temporary folder, and a copy of this checkout in `<folder>/caliper` (sources,
  /// fonts and scripts; no `.build`, no `.git`). `<folder>/tmp` is the `TMPDIR` of the builds
  /// run in it: SwiftPM leaves a lock file per build folder in `TMPDIR`
  /// (`_tmp_…-shipping_app_.build.lock`), which goes with the folder.
  static func copyOfCheckout() throws -> String {
    let folder = TemporaryFiles.path("shipping")
    let copy = try shell(
      """
      set -e
      mkdir -p '\(folder)/caliper' '\(folder)/tmp'
      tar -C '\(TestFonts.root)' --exclude=./.build --exclude=./.git --exclude=./Benchmarks/.build \
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
    defer { TemporaryFiles.remove(folder) }
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
    let build = try Self.shell("TMPDIR='\(folder)/tmp' swift build 2>&1", in: app)
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

  /// `Scripts/install --prefix` builds a static-stdlib release `caliper` and copies it with
  /// its fonts; with the checkout deleted, the installed binary measures from `/`, depends
  /// on no Swift runtime library, and `--uninstall` leaves the prefix as it was.
  @Test func installedCaliperWorksWithoutTheCheckout() throws {
    let folder = try Self.copyOfCheckout()
    defer { TemporaryFiles.remove(folder) }
    let prefix = folder + "/prefix"
    let install = try Self.shell(
      "mkdir -p '\(prefix)/bin' && touch '\(prefix)/bin/other'"
        + " && TMPDIR='\(folder)/tmp' caliper/Scripts/install --prefix '\(prefix)' 2>&1"
        + " && rm -rf caliper",
      in: folder)
    try #require(install.status == 0, "Scripts/install:\n\(install.stdout)")
    let measured = try Self.shell(
      "env -u CALIPER_FONTS '\(prefix)/bin/caliper' measure --json --no-lines"
        + " 'Blue tile with a longer local label'")
    #expect(measured.status == 0, "\(measured.stderr)")
    // hb-shape --font-size=1000 Fonts/NotoSans-Regular.ttf: 15166 units × 16/1000 pt.
    #expect(measured.stdout.contains("\"ideal\":{\"width\":242.656,"))
    #expect(measured.stdout.contains(prefix + "/share/caliper/Fonts/NotoSans-Regular.ttf"))
    // Man pages and completions from the option tables (ManualAndCompletionTests).
    let extras = try Self.shell(
      "cd '\(prefix)/share' && ls man/man1 bash-completion/completions zsh/site-functions"
        + " fish/vendor_completions.d")
    for file in ["caliper.1", "caliper-measure.1", "caliper-serve.1", "_caliper", "caliper.fish"] {
      #expect(extras.stdout.contains(file + "\n"), "\(extras.stdout)")
    }
    let libraries = try Self.shell("ldd '\(prefix)/bin/caliper'")
    // Start-up loads only what every run needs: the Swift runtime, ICU, libstdc++, libxml2
    // with its liblzma, and libhyphen are linked in, libmicrohttpd (with GnuTLS behind it)
    // is opened by `serve --http`, and fontconfig (with libexpat behind it) by the first
    // lookup of a system font (CFontconfig), which runs with the bundled fonts never make.
    for library in [
      "libswiftCore", "libicuuc", "libstdc++", "libxml2", "libmicrohttpd", "libgnutls",
      "liblzma", "libhyphen", "libfontconfig", "libexpat",
    ] {
      #expect(!libraries.stdout.contains(library), "\(library): \(libraries.stdout)")
    }
    // libgcc's unwinder stays shared: glibc's pthread_exit unwinds through the libgcc_s.so
    // it loads, which must be the one whose personality routine the binary calls.
    #expect(libraries.stdout.contains("libgcc_s"), "\(libraries.stdout)")
    // The runtime's arguments come from CArgv: the static runtime's CommandLine.cpp.o, whose
    // constructor reads /proc/self/maps at every start, is not linked in.
    let symbols = try Self.shell("nm '\(prefix)/bin/caliper' | grep -c CommandLine.cpp || true")
    #expect(symbols.stdout == "0\n", "\(symbols.stdout)")

    let uninstall = try Self.shell(
      "'\(TestFonts.root)/Scripts/install' --prefix '\(prefix)' --uninstall"
        + " && find '\(prefix)' | sort")
    #expect(uninstall.status == 0, "\(uninstall.stderr)")
    #expect(uninstall.stdout.hasSuffix("\(prefix)\n\(prefix)/bin\n\(prefix)/bin/other\n"))
  }

  /// 2,000 requests from the test corpus through `Scripts/spark-measure` in `local[2]`:
  /// the responses are byte for byte those of one `caliper serve`; again with the first
  /// attempt of a partition failing (Spark retries it), nothing is lost or doubled.
  @Test func sparkMeasureAnswersLikeOneServe() throws {
    let folder = try TemporaryFiles.directory("spark")
    defer { TemporaryFiles.remove(folder) }
    let fixtures = TestFonts.fixtures + "/"
    let texts = try ["gatsby-opening.txt", "multilingual-sample.txt"].flatMap {
      try String(contentsOfFile: fixtures + $0, encoding: .utf8).split(separator: "\n")
    }
    var requests = ""
    for index in 0..<2000 {
      let request: [String: Any] = [
        "id": index, "text": String(texts[index % texts.count]),
        "widths": [120 + (index % 7) * 40, NSNull()], "lines": index % 3 == 0,
      ]
      let data = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys])
      requests += String(decoding: data, as: UTF8.self) + "\n"
      if index % 500 == 0 { requests += "\n" }  // blank lines get no response, as in serve
    }
    try requests.write(toFile: folder + "/requests.jsonl", atomically: true, encoding: .utf8)
    let fonts = TestFonts.directory
    // Through files: 2,000 responses would fill a pipe that is read only after stdin is written.
    let one = try Self.shell(
      "CALIPER_FONTS='\(fonts)' '\(CaliperTool.binary.path)' serve < requests.jsonl", in: folder)
    try #require(one.status == 0)
    #expect(one.stdout.split(separator: "\n").count == 2000)

    for (master, failing) in [("local[2]", ""), ("local[2,2]", "CALIPER_SPARK_FAIL_PARTITION=1 ")] {
      let spark = try Self.shell(
        "\(failing)CALIPER_FONTS='\(fonts)' '\(TestFonts.root)/Scripts/spark-measure'"
          + " requests.jsonl responses.jsonl --master '\(master)' --partitions 4"
          + " --caliper '\(CaliperTool.binary.path)' 2>&1",
        in: folder)
      #expect(spark.status == 0, "\(master): \(spark.stdout)")
      let responses = try String(contentsOfFile: folder + "/responses.jsonl", encoding: .utf8)
      #expect(responses == one.stdout, "\(master)")
      try FileManager.default.removeItem(atPath: folder + "/responses.jsonl")
    }
  }
}
