import Caliper
import CaliperLayout
import CaliperService

/// `caliper fonts`: the cascade, and for a text which face covers each run.
enum FontsCommand {
  static let name = "fonts"
  static let table = OptionTable(
    command: name,
    abstract: "Show the font cascade, and which face covers each run of a text.",
    overview: "Show the font cascade, and for a text which face covers each run; with\n"
      + "--list, every bundled face.",
    arguments: "[<text>...]",
    argumentHelp: [("<text>", "Texts whose runs to show with their faces, one per argument.")],
    options: TextInput.options + StyleOptions.options([.style]) + [
      StyleOptions.options([.text]).first { $0.name == "--spans" }!
    ] + SystemFontOptions.options + [
      Option(
        "--list",
        help: "List every bundled face: file, family, style, variation\n"
          + "axes, and its place in the default cascade ('no': not\nin it).")
    ])

  static var help: String { table.help }

  static func run(_ parsed: ParsedArguments, output: inout Output) throws {
    if parsed.has("--list") {
      guard parsed.positionals.isEmpty, parsed.values.isEmpty else {
        throw UsageError("'caliper fonts --list' takes no text and no other option")
      }
      let fonts = try FontLibrary.bundled()
      output.write(try FontListing.bundledFaces(fonts))
      return
    }
    let settings = try StyleOptions.settings(parsed, [.style, .text])
    let texts = try TextInput.texts(parsed, arguments: parsed.positionals, fallback: .none)
    let fonts = try FontLibrary.bundled(systemFonts: try SystemFontOptions.configuration(parsed))
    let style = settings.style
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
    for text in texts {
      try runs(of: text, settings: settings, cascade: cascade, fonts: fonts, output: &output)
    }
  }

  /// Which face covers each run of `text`, and what no face covers.
  static func runs(
    of text: String, settings: StyleSettings, cascade: FontCascade, fonts: FontLibrary,
    output: inout Output
  ) throws {
    let prepared = try fonts.prepare(text, style: settings.style, spans: settings.spans)
    // Faces besides the cascade: bundled ones a span chose (bold, italic), and system ones.
    let others = prepared.faces.filter { face in !cascade.paths.contains { $0 == face.path } }
    for bundled in [true, false] {
      let faces = others.filter {
        SystemFontOptions.isBundled($0, fontsDirectory: fonts.fontsDirectory) == bundled
      }
      guard !faces.isEmpty else { continue }
      output.write(bundled ? "Other bundled faces used:\n" : "System faces used:\n")
      for face in faces {
        output.write("  \(face.familyName) \(face.styleName)\(face.synthesisNote)  \(face.path)\n")
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
