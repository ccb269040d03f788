import Caliper

#if canImport(Glibc)
  import Glibc
#endif

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
  ///
  /// - Throws: `RuntimeError` naming a folder that is not there (or not a folder), which
  ///   would otherwise surface only as "no font family named …".
  static func configuration(_ parsed: ParsedArguments) throws -> SystemFontConfiguration {
    let folders = parsed.all("--system-font-dir")
    for folder in folders {
      var info = stat()
      guard stat(folder, &info) == 0 else {
        throw RuntimeError(
          "--system-font-dir \(folder): \(String(cString: strerror(errno)))")
      }
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw RuntimeError("--system-font-dir \(folder): not a folder")
      }
    }
    return folders.isEmpty ? .installed : .directories(folders)
  }

  /// How a face is named for people, so that two faces of a family can be told apart: a
  /// bundled face by family and style ("Noto Sans", "Noto Sans Bold"); any other face (a
  /// system face, a file) also by its file.
  static func name(of font: Font, fontsDirectory: String) -> String {
    isBundled(font, fontsDirectory: fontsDirectory)
      ? font.displayName : "\(font.displayName) (\(font.path))"
  }

  /// Whether `font` is one of the bundled faces (a file in the fonts folder).
  static func isBundled(_ font: Font, fontsDirectory: String) -> Bool {
    font.path.hasPrefix(fontsDirectory + "/")
  }
}
