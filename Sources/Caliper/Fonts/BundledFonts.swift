/// The fonts shipped in `Fonts/`, and where to find that folder.
///
/// Lookup order for the folder (the first that holds NotoSans-Regular.ttf wins):
/// 1. `$CALIPER_FONTS`, when set (and then only it: a wrong value is an error, not a fallback);
/// 2. next to the executable: SwiftPM's copy of the `CaliperFonts` resource,
///    `<bin>/Caliper_CaliperFonts.resources/Fonts` (any `<bin>/*_CaliperFonts.resources`), which
///    every program linking Caliper gets and which moves with the build products; then
///    `<bin>/Fonts`, then `<bin>/../share/caliper/Fonts` (`Scripts/install`);
/// 3. `Fonts/` in any folder above the executable (a checkout's `.build/…/caliper`);
/// 4. `Fonts/` in any folder above this source file (`swift test`, `swift run` in a checkout);
/// 5. `Fonts/` in the current directory or any folder above it.
///
/// The executable's folder comes from `/proc/self/exe`; nothing here uses Foundation
/// (`FileSystem` asks the C library), so programs linking Caliper do not carry it.
public enum BundledFonts {
  /// One bundled face: its file name in `Fonts/`, family and style.
  public struct Entry: Sendable, Hashable {
    public let file: String
    public let family: String
    public let style: String
  }

  /// Every bundled face. Names are those of each font's name table (a test checks).
  public static let entries: [Entry] = [
    Entry(file: "NotoSans-Regular.ttf", family: "Noto Sans", style: "Regular"),
    Entry(file: "NotoSans-Bold.ttf", family: "Noto Sans", style: "Bold"),
    Entry(file: "NotoSans-Italic.ttf", family: "Noto Sans", style: "Italic"),
    Entry(file: "NotoSans-BoldItalic.ttf", family: "Noto Sans", style: "Bold Italic"),
    Entry(file: "NotoSansMono-Regular.ttf", family: "Noto Sans Mono", style: "Regular"),
    Entry(file: "NotoSansArabic-Regular.ttf", family: "Noto Sans Arabic", style: "Regular"),
    Entry(file: "NotoSansHebrew-Regular.ttf", family: "Noto Sans Hebrew", style: "Regular"),
    Entry(
      file: "NotoSansDevanagari-Regular.ttf", family: "Noto Sans Devanagari", style: "Regular"),
    Entry(file: "NotoSansThai-Regular.ttf", family: "Noto Sans Thai", style: "Regular"),
    Entry(file: "DroidSansFallbackFull.ttf", family: "Droid Sans Fallback", style: "Regular"),
    Entry(file: "NanumGothic.ttf", family: "NanumGothic", style: "Regular"),
    Entry(file: "NotoColorEmoji.ttf", family: "Noto Color Emoji", style: "Regular"),
    // Not in the default cascade: a variable font (wght 100–900) for variations and `tnum`.
    Entry(file: "Inter-roman.var.ttf", family: "Inter", style: "Regular"),
  ]

  /// The default cascade (FontsAndFallback.md): Droid before Nanum, so that Chinese is never
  /// drawn with Nanum's Hanja; emoji last, but clusters with emoji presentation go to it
  /// first.
  public static let cascade: [String] = [
    "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
    "NotoSansDevanagari-Regular.ttf", "NotoSansThai-Regular.ttf", "DroidSansFallbackFull.ttf",
    "NanumGothic.ttf", "NotoColorEmoji.ttf",
  ]

  /// The face that takes clusters with emoji presentation.
  public static let emojiFile = "NotoColorEmoji.ttf"

  /// The file a marker of a valid fonts folder.
  static let markerFile = "NotoSans-Regular.ttf"

  /// The bundled entry for "Family" or "Family Style" (case-insensitive), if any.
  public static func entry(named name: String) -> Entry? {
    let wanted = name.lowercased()
    return entries.first { $0.family.lowercased() == wanted && $0.style == "Regular" }
      ?? entries.first { "\($0.family) \($0.style)".lowercased() == wanted }
  }

  /// The bundled face of a descriptor's family nearest its weight and slant (Bold for a
  /// weight of 600 or more, Italic for italic or oblique, where the family has them), if
  /// the family is bundled.
  static func entry(matching descriptor: FontDescriptor) -> Entry? {
    let family = descriptor.family.lowercased()
    let faces = entries.filter { $0.family.lowercased() == family }
    guard !faces.isEmpty else { return nil }
    let bold = descriptor.weight >= 600
    let italic = descriptor.slant != .roman
    let wanted =
      bold && italic ? "Bold Italic" : bold ? "Bold" : italic ? "Italic" : "Regular"
    let fallbacks = [wanted, italic ? "Italic" : "Bold", bold ? "Bold" : "Regular", "Regular"]
    for style in fallbacks {
      if let face = faces.first(where: { $0.style == style }) { return face }
    }
    return faces[0]
  }

  /// Finds the fonts folder by the documented lookup order.
  ///
  /// - Parameters:
  ///   - environment: the process environment's variables (by default only `CALIPER_FONTS`,
  ///     the one read; a parameter so tests can pass one).
  ///   - sourceFile: a file of the checkout whose folders above are searched for `Fonts/`
  ///     (this library's own source file by default).
  /// - Throws: `CaliperError.fontsDirectoryNotFound` listing every place searched.
  public static func directory(
    environment: [String: String] = FileSystem.environment(["CALIPER_FONTS"]),
    sourceFile: String = #filePath
  ) throws(CaliperError) -> String {
    if let override = environment["CALIPER_FONTS"], !override.isEmpty {
      guard isFontsDirectory(override) else {
        // Its marker font there but out of reach (a link loop): say so, not where to look.
        let marker = override + "/" + markerFile
        if let reason = FileSystem.unreachableEntry(marker) {
          throw .unreadableFontFile(path: marker, reason: reason)
        }
        throw .fontsDirectoryNotFound(searched: [override])
      }
      return override
    }
    var candidates: [String] = []
    if let executable = executablePath() {
      let bin = parent(of: executable)
      // The first place searched, where SwiftPM copies the fonts: found there, the folder's
      // other entries need not be listed and sorted.
      let own = bin + "/" + ownBundle + "/Fonts"
      if isFontsDirectory(own) { return own }
      candidates += resourceBundles(in: bin).map { $0 + "/Fonts" }
      candidates.append(bin + "/Fonts")
      candidates.append(parent(of: bin) + "/share/caliper/Fonts")
      candidates += ancestors(of: bin).map { $0 + "/Fonts" }
    }
    candidates += ancestors(of: parent(of: sourceFile)).map { $0 + "/Fonts" }
    candidates += ancestors(of: FileSystem.currentDirectory).map { $0 + "/Fonts" }
    var seen = Set<String>()
    candidates = candidates.filter { seen.insert($0).inserted }
    guard let found = candidates.first(where: isFontsDirectory) else {
      throw .fontsDirectoryNotFound(searched: candidates)
    }
    return found
  }

  static func isFontsDirectory(_ path: String) -> Bool {
    FileSystem.exists(path + "/" + markerFile)
  }

  /// SwiftPM's resource bundles of the `CaliperFonts` target in `folder`: the package's own
  /// name first, then any other (a package's identity may name it), in name order.
  private static func resourceBundles(in folder: String) -> [String] {
    let names = FileSystem.contents(of: folder)
    let others = names.filter { $0.hasSuffix(bundleSuffix) && $0 != ownBundle }.sorted()
    return ([ownBundle] + others).map { folder + "/" + $0 }
  }

  private static let bundleSuffix = "_CaliperFonts.resources"
  /// The resource bundle SwiftPM makes for this package's `CaliperFonts` target.
  private static let ownBundle = "Caliper" + bundleSuffix

  private static func executablePath() -> String? {
    FileSystem.destination(ofLink: "/proc/self/exe")
  }

  private static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` and every folder above it, nearest first.
  private static func ancestors(of path: String) -> [String] {
    var result: [String] = []
    var current = path
    while !current.isEmpty, current != "/", current != "." {
      result.append(current)
      current = parent(of: current)
    }
    return result
  }
}
