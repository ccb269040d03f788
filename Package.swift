// swift-tools-version:6.0
// Caliper: text measurement with real fonts (HarfBuzz over FreeType faces, ICU line breaks).
import Foundation
import PackageDescription

// The release CLI (Scripts/run, Scripts/install, Benchmarks/run) starts in half the time
// with ICU and libstdc++ linked in statically: the dynamic loader then no longer loads
// libstdc++.so, libicuuc.so and libicudata.so and binds their ~1,700 symbol relocations
// (`caliper --version` 4.4 M → 2.0 M instructions, 2.5 MB less resident). Release builds
// link ICU's static archives (CICU below; libicu-dev) and libstdc++ after them (other
// release programs, with the shared Swift runtime, take libstdc++.so); in the CLI,
// Scripts/static-link turns every `-lstdc++` into libstdc++.a, and the linker packs the
// relative relocations (DT_RELR, glibc ≥ 2.36: 24,000 entries of 24 bytes become 5.5 KB).
// The linker is the toolchain's lld, which also puts the functions common runs execute
// (Scripts/static-link/hot-functions.txt, from Scripts/hot-functions) next to each other:
// the kernel maps code 64 KB around each page touched, and the bulk job's code spread over
// the 9 MB of text kept 6 MB of it resident (3 MB in order; its peak RSS 17.6 → 14.7 MB).
// A name in the list that the code no longer has is skipped (hence no warnings): the list
// orders the code, never changes it. The Swift driver exports every symbol of an executable
// (`-export-dynamic`): nothing loads caliper's symbols, but 3,500 of them in its dynamic
// table were looked through by the loader for every library's relocation, and kept their
// code from the linker's garbage collection (bulk job peak RSS 14.7 → 13.8 MB).
// liblzma (libxml2's) and libhyphen are linked in statically: the loader no longer loads
// two libraries no start needs, and each of the ~1,100 symbol lookups at start looks
// through fewer. libgcc's unwinder stays shared (libgcc_s.so): a static copy
// (`-static-libgcc`) gave the binary its own personality routine, which glibc's
// `pthread_exit` (its forced unwind through the libgcc_s.so it loads) called with the
// shared unwinder's context and aborted: every release test runner (Swift Testing's main
// thread leaves through `dispatch_main`, so `Scripts/sanitize`) died at start.
// The arguments are in Scripts/static-link/release-linking.txt, which Benchmarks/Package.swift
// reads too, so that caliper-bench is linked as the CLI is.
let releaseCLILinking = releaseLinking(root: Context.packageDirectory)

/// Scripts/static-link/release-linking.txt's arguments, `$ROOT` replaced by `root`.
func releaseLinking(root: String) -> [String] {
  let file = root + "/Scripts/static-link/release-linking.txt"
  guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
    fatalError("cannot read \(file)")
  }
  return text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    .map { $0.replacingOccurrences(of: "$ROOT", with: root) }
}

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
    // fontconfig (libfontconfig-dev for the header at build time, libfontconfig1 to run):
    // compiled C that loads the library with dlopen when a library first asks for a system
    // font, so that runs with the bundled fonts never load it and libexpat behind it.
    .target(name: "CFontconfig"),
    // libhyphen: hyphenation points from the LibreOffice pattern dictionaries (no .pc file).
    .systemLibrary(
      name: "CHyphen",
      providers: [.apt(["libhyphen-dev"])]
    ),
    // glibc's mallopt, for the CLI's memory tuning.
    .systemLibrary(name: "CMalloc"),
    // The compiler's software prefetch, for the line breaker, and the thread-local word that
    // says whether a relayout is a thread's first of its text (defined once, in C).
    .target(name: "CPrefetch"),
    // libxml2 for the XML string catalogs `caliper check` reads (XLIFF, Android strings.xml),
    // parsed with network, DTD loading and entity substitution off. Linked by the CLI
    // target: statically in release, so that the release tool does not load libxml2.so and,
    // through it, libicuuc.so again (see releaseCLILinking). No pkgConfig: SwiftPM would add
    // its `-lxml2` to every link, and the shared library would win over the archive; the
    // CLI's swiftSettings give the header path (`pkg-config --cflags libxml-2.0` on Debian).
    .systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2-dev"])]),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng16",
      providers: [.apt(["libpng-dev"])]
    ),
    // ICU is reached through compiled C: its headers clash with the toolchain's own ICU
    // module, and its versioned function names are macros Swift cannot import.
    .target(
      name: "CICU",
      // Release builds take ICU's static archives (libicu-dev): see releaseCLILinking.
      linkerSettings: [
        .linkedLibrary("icuuc", .when(configuration: .debug)),
        .linkedLibrary("icudata", .when(configuration: .debug)),
        .linkedLibrary(":libicuuc.a", .when(configuration: .release)),
        .linkedLibrary(":libicudata.a", .when(configuration: .release)),
        .linkedLibrary("stdc++", .when(configuration: .release)),  // ICU's C++ runtime
      ]
    ),
    // The bundled fonts as a SwiftPM resource: every program linking Caliper gets a copy of
    // Fonts/ in `<executable's folder>/Caliper_CaliperFonts.resources/Fonts`, which
    // BundledFonts finds without Foundation's Bundle (a C target has no generated accessor).
    .target(
      name: "CaliperFonts",
      path: ".",
      sources: ["Sources/CaliperFonts"],
      resources: [.copy("Fonts")],
      publicHeadersPath: "Sources/CaliperFonts/include"
    ),
    .target(
      name: "Caliper",
      dependencies: [
        "CFreeType", "CHarfBuzz", "CFontconfig", "CICU", "CHyphen", "CPrefetch", "CaliperFonts",
      ],
      // libhyphen as ICU: release builds take the static archive, so that a release
      // `caliper` does not load libhyphen.so at every start (its module links nothing).
      linkerSettings: [
        .linkedLibrary("hyphen", .when(configuration: .debug)),
        .linkedLibrary(":libhyphen.a", .when(configuration: .release)),
      ]
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
    // libmicrohttpd: the HTTP/1.1 server (thread pool on epoll, keep-alive, chunked bodies)
    // under `caliper serve --http`. Compiled C that loads the library with dlopen when the
    // server starts (libmicrohttpd-dev for the header at build time, libmicrohttpd12 to run),
    // so that every other run of the tool does not load it and GnuTLS behind it.
    .target(name: "CMicroHTTPD"),
    // The process's arguments for the Swift runtime linked statically into the release CLI,
    // taken from glibc at start in place of the runtime's /proc/self/maps scan (cargv.c).
    .target(name: "CArgv"),
    // The request handling that stdin `serve` and HTTP share: one request in, one response
    // out (JSON schema, limits, error codes, metrics); the transports are thin layers over it.
    .target(
      name: "CaliperService",
      dependencies: ["Caliper", "CaliperLayout", "CaliperRender"]
    ),
    .executableTarget(
      name: "caliper",
      dependencies: [
        "Caliper", "CaliperLayout", "CaliperRender", "CaliperService", "CMalloc", "CMicroHTTPD",
        "CLibXML2", "CArgv",
      ],
      swiftSettings: [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])],
      linkerSettings: [
        .linkedLibrary("xml2", .when(configuration: .debug)),
        .linkedLibrary(":libxml2.a", .when(configuration: .release)),
        .linkedLibrary("z", .when(configuration: .release)),  // libxml2's compression
        .linkedLibrary(":liblzma.a", .when(configuration: .release)),  // not loaded at start
        .unsafeFlags(releaseCLILinking, .when(platforms: [.linux], configuration: .release)),
      ]
    ),
    // What every test target shares: the fonts folder, fixtures, corpus, temporary files and
    // the built tool (swift-collections' _CollectionsTestSupport is the model).
    .target(
      name: "CaliperTestSupport",
      dependencies: ["Caliper"],
      path: "Tests/CaliperTestSupport"
    ),
    .testTarget(
      name: "CaliperTests",
      // HarfBuzz itself: LayoutGlyphsTests compares Caliper's reading of GSUB and GPOS with it;
      // ICU's C target: ConjunctTableTests reads the conjunct classes it defines.
      dependencies: ["Caliper", "CaliperTestSupport", "CHarfBuzz", "CICU"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "CaliperLayoutTests",
      dependencies: ["CaliperLayout", "CaliperTestSupport"]
    ),
    .testTarget(
      name: "CaliperRenderTests",
      dependencies: ["CaliperRender", "CaliperTestSupport"]
    ),
    .testTarget(
      name: "CaliperCLITests",
      dependencies: ["caliper", "CaliperTestSupport"],
      exclude: ["Fixtures"]
    ),
    // The README's and the DocC catalogs' examples: commands run, Swift snippets compiled.
    .testTarget(
      name: "CaliperDocsTests",
      dependencies: ["caliper", "CaliperLayout", "CaliperRender", "CaliperTestSupport"]
    ),
  ]
)
