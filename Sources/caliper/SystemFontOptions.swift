import Caliper

/// Where system fonts come from: `--system-font-dir` limits them to some folders (the
/// style's `--system-fonts` turns on fallback to them).
enum SystemFontOptions {
  static let options = [
    Option(
      "--system-font-dir", value: "<dir>",
      help: """
        Take system fonts (families and --system-fonts) only from
        the font files in this folder, not fontconfig's
        configuration. Repeatable.
        """, repeatable: true
    ) { folder in
      if folder.isEmpty { throw UsageError("--system-font-dir expects a folder, not ''") }
    }
  ]

  /// Where system fonts come from.
  static func configuration(_ parsed: ParsedArguments) -> SystemFontConfiguration {
    let folders = parsed.all("--system-font-dir")
    return folders.isEmpty ? .installed : .directories(folders)
  }

  /// How a face is named for people: a bundled face by its family; any other face (a
  /// system face, a file) by family and file.
  static func name(of font: Font, fontsDirectory: String) -> String {
    font.path.hasPrefix(fontsDirectory + "/")
      ? font.familyName : "\(font.familyName) (\(font.path))"
  }
}
