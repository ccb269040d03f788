import Caliper

/// The options that let system fonts (fontconfig) into a measurement: `--system-fonts`
/// turns on fallback for clusters the bundled cascade lacks, `--system-font-dir` limits
/// system fonts to some folders.
enum SystemFontOptions {
  static let valued: Set<String> = ["--system-font-dir"]
  static let flags: Set<String> = ["--system-fonts"]

  /// Their lines in `--help`.
  static let help = """
      --system-fonts          Draw characters no bundled font (nor --font) has with a
                              system font: the first fontconfig sorts that has them.
                              Off by default, so results depend on the bundled fonts only.
      --system-font-dir <dir> Take system fonts (families and --system-fonts) only from
                              the font files in this folder, not fontconfig's
                              configuration. Repeatable.
    """

  /// Sets `systemFallback` on the style.
  static func apply(_ parsed: ArgumentParser, to style: inout TextStyle) {
    style.systemFallback = parsed.has("--system-fonts")
  }

  /// Where system fonts come from.
  static func configuration(_ parsed: ArgumentParser) throws -> SystemFontConfiguration {
    let folders = parsed.all("--system-font-dir")
    guard !folders.isEmpty else { return .installed }
    if let empty = folders.first(where: \.isEmpty) {
      throw UsageError("--system-font-dir expects a folder, not '\(empty)'")
    }
    return .directories(folders)
  }

  /// How a face is named for people: a bundled face by its family; any other face (a
  /// system face, a file) by family and file.
  static func name(of font: Font, fontsDirectory: String) -> String {
    font.path.hasPrefix(fontsDirectory + "/")
      ? font.familyName : "\(font.familyName) (\(font.path))"
  }
}
