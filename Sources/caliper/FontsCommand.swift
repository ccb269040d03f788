import Caliper

/// `caliper fonts`: the cascade, and for a text which face covers each run.
enum FontsCommand {
  static let help = """
    OVERVIEW: Show the font cascade, and for a text which face covers each run; or list
    every bundled face (--list).

    USAGE: caliper fonts [--font <name|path>]... [--system-fonts] [--system-font-dir <dir>]...
                         [--list] [<text>]

    ARGUMENTS:
      <text>                  A text whose runs to show with their faces.

    OPTIONS:
      --font <name|path>      A font tried before the bundled cascade. Repeatable.
      --list                  List every bundled face: file, family, style, variation
                              axes, and its place in the default cascade ('no': not in it).
    \(SystemFontOptions.help)
      -h, --help              Show help information.
    """

  static func run(_ arguments: [String], output: inout Output) throws {
    let parsed = try ArgumentParser(
      arguments, valued: Set(["--font"]).union(SystemFontOptions.valued),
      flags: Set(["--list", "-h", "--help"]).union(SystemFontOptions.flags))
    if parsed.has("-h") || parsed.has("--help") {
      output.write(help + "\n")
      return
    }
    guard parsed.positionals.count <= 1 else {
      throw UsageError("'caliper fonts' takes at most one text (quote it)")
    }
    let fonts = try FontLibrary.bundled(systemFonts: SystemFontOptions.configuration(parsed))
    if parsed.has("--list") {
      guard parsed.positionals.isEmpty else {
        throw UsageError("'caliper fonts --list' takes no text")
      }
      output.write(try FontListing.bundledFaces(fonts))
      return
    }
    var style = TextStyle(fonts: parsed.all("--font").map(FontReference.init))
    SystemFontOptions.apply(parsed, to: &style)
    let cascade = try fonts.cascade(for: style)
    output.write("Fonts folder: \(fonts.fontsDirectory)\nCascade:\n")
    for (index, path) in cascade.paths.enumerated() {
      let name =
        BundledFonts.entries.first { fonts.fontsDirectory + "/" + $0.file == path }
        .map { "\($0.family) \($0.style)" } ?? path
      output.write("  \(index + 1). \(name)  \(path)\n")
    }
    if style.systemFallback {
      output.write("  then system fonts (fontconfig), per cluster the cascade lacks\n")
    }
    guard let text = parsed.positionals.first else { return }
    let prepared = try fonts.prepare(text, style: style)
    let system = prepared.faces.filter { face in !cascade.paths.contains { $0 == face.path } }
    if !system.isEmpty {
      output.write("System faces used:\n")
      for face in system {
        output.write("  \(face.familyName) \(face.styleName)  \(face.path)\n")
      }
    }
    output.write("Runs of \(MeasurementTable.quoted(text)):\n")
    for row in FontListing.rows(prepared) {
      output.write(
        "  \(NumberFormat.padded("\(row.range.lowerBound)..<\(row.range.upperBound)", 10, right: false))"
          + " \(NumberFormat.padded(row.face ?? "(no face)", 22, right: false))"
          + " \(MeasurementTable.quoted(row.text))\n")
    }
    if !prepared.missing.isEmpty {
      output.write(
        "Missing (no face covers): "
          + prepared.missing.map(MeasurementJSON.codePoint).joined(separator: " ") + "\n")
    }
  }
}
