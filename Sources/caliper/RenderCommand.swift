import Caliper
import CaliperLayout
import CaliperRender
import CaliperService

#if canImport(Glibc)
  import Glibc
#endif

/// `caliper render`: draws a text as Caliper lays it out at one width, to a PNG.
enum RenderCommand {
  static let overlayFlags: [(String, Overlays, String)] = [
    ("--no-guide", .guide, "the proposed width's dashed line"),
    ("--no-line-boxes", .lineBoxes, "each line's box"),
    ("--no-baselines", .baselines, "each line's baseline"),
    ("--no-used-rect", .usedRect, "the used rect"),
    ("--no-break-marks", .breakMarks, "the marks at emergency breaks"),
    ("--no-truncation-marks", .truncationMarks, "the box over a truncated line's ellipsis"),
    ("--no-legend", .legend, "the legend (size in points, proposal, lines)"),
  ]

  static let name = "render"
  static let table = OptionTable(
    command: name,
    abstract: "Draw text as Caliper measures it, with overlays, to PNG.",
    overview: "Draw text as Caliper measures it, with overlays showing the measurement, to PNG.",
    arguments: "[<text>...]",
    argumentHelp: [
      (
        "<text>",
        "The text to draw (several arguments are joined by spaces).\n"
          + "With no text, no --input and no --text-file, stdin (when\n"
          + "it is not a terminal) is read as --text-file -."
      )
    ],
    options: [
      Option("-o", "--output", value: "<file>", help: "The PNG to write.", required: true) {
        if $0.isEmpty { throw UsageError("--output expects a file name") }
      },
      Option(
        "-w", "--width", value: "<w>",
        help: "Proposed width in points; 'inf' or 'none' for the ideal\nsize (default)."
      ) { text in
        guard !text.contains(",") else {
          throw UsageError("render draws one width; '\(text)' is a list")
        }
        _ = try OptionValues.width(text)
      },
      Option(
        "--scale", value: "<s>", help: "Pixels per point (default: 2).",
        check: OptionValues.checkScale),
      Option(
        "--margin", value: "<pt>", help: "Space around the text in points (default: 8)."
      ) { _ = try OptionValues.points($0, option: "--margin", 0...1000) },
      Option(
        "--max-pixels", value: "<n>",
        help: "Refuse an image of more than n pixels, width × height\n"
          + "(default: 16000000), before drawing it."
      ) { _ = try OptionValues.pixelCount($0) },
    ] + TextInput.options
      + overlayFlags.map { Option($0.0, help: "Leave out \($0.2).") }
      + [
        Option("--no-overlays", help: "Draw the text alone."),
        Option("--ink", help: "Outline the ink boxes: each line's, and the text's (thick)."),
      ]
      + StyleOptions.options([.style, .text, .proposal]) + SystemFontOptions.options,
    footer: """
      The image is max(ceil(width × scale), legend) + 2 × margin pixels wide and
      ceil(height × scale) + 2 × margin (+ the legend) pixels high; the command prints
      the image's size and the measurement.
      """)

  static var help: String { table.help }

  struct Options {
    var settings = StyleSettings()
    var width: Double?
    var output = ""
    var text = ""
    var render = RenderOptions()
    var systemFonts = SystemFontConfiguration.installed
  }

  static func parse(_ parsed: ParsedArguments) throws -> Options {
    var options = Options()
    options.settings = try StyleOptions.settings(parsed, [.style, .text, .proposal])
    options.systemFonts = try SystemFontOptions.configuration(parsed)
    if let width = parsed.last("--width") { options.width = try OptionValues.width(width) }
    options.output = parsed.last("--output") ?? ""
    if let scale = parsed.last("--scale") { options.render.scale = try OptionValues.scale(scale) }
    if let pixels = parsed.last("--max-pixels") {
      options.render.maxPixels = try OptionValues.pixelCount(pixels)
    }
    if let margin = parsed.last("--margin") {
      options.render.margin = try OptionValues.points(margin, option: "--margin", 0...1000)
    }
    if parsed.has("--no-overlays") { options.render.overlays = [] }
    for (flag, overlay, _) in overlayFlags where parsed.has(flag) {
      options.render.overlays.remove(overlay)
    }
    if parsed.has("--ink") { options.render.overlays.insert(.ink) }
    if options.settings.style.writingMode.isVertical {
      var format = MeasureFormat()
      format.ink = options.render.overlays.contains(.ink)
      if let key = format.unavailableForVertical(options.settings.style).first {
        let option = key == "ink" ? "--ink" : "--text-box-trim"
        throw UsageError("\(option) is not available for vertical text (--writing-mode) yet")
      }
    }
    let arguments = parsed.positionals.isEmpty ? [] : [parsed.positionals.joined(separator: " ")]
    let texts = try TextInput.texts(parsed, arguments: arguments, fallback: .whole)
    guard texts.count <= 1 else {
      throw UsageError(
        "render draws one text, not \(texts.count) (use --text-file for a text of several lines)")
    }
    guard let text = texts.first, !text.isEmpty else {
      throw UsageError(
        "missing text to draw (give it as an argument, with --input or --text-file, or on stdin)")
    }
    options.text = text
    return options
  }

  static func run(_ arguments: ParsedArguments, output: inout Output) throws {
    let options = try parse(arguments)
    let settings = options.settings
    let fonts = try FontLibrary.bundled(systemFonts: options.systemFonts)
    StyleOptions.warnAboutClampedVariations(settings.style, fonts: fonts)
    let prepared = try fonts.prepare(options.text, style: settings.style, spans: settings.spans)
    let rendering = try TextRenderer(options: options.render).render(
      prepared, proposal: ProposedViewSize(width: options.width, height: settings.height),
      fonts: fonts, textOptions: settings.container)
    // "-" is stdout, written through descriptor 1 itself (not by opening /dev/stdout, which
    // a container may lack or hold as a plain file, and whose opening would truncate a file
    // stdout appends to); then (and when the file named is stdout) the summary goes to
    // stderr, so that stdout holds the PNG alone.
    let toStandardOutput = options.output == "-" || Self.isStandardOutput(options.output)
    if options.output == "-" {
      output.write(try PNGFile.data(rendering.image))
    } else {
      try PNGFile.write(rendering.image, to: options.output)
    }
    // Vertical text: the block is the measured lines turned, each line a column.
    let vertical = settings.style.writingMode.isVertical
    let measured = rendering.measurement.size
    let size = vertical ? Size(width: measured.height, height: measured.width) : measured
    let count = rendering.measurement.lineCount
    var summary =
      "\(options.output): \(rendering.image.width) × \(rendering.image.height) px; "
      + "text \(formatNumber(size.width, minimumFractionDigits: 3)) × "
      + "\(formatNumber(size.height, minimumFractionDigits: 3)) pt, "
      + "\(count) \(vertical ? "column" : "line")\(count == 1 ? "" : "s"), "
      + "\(rendering.glyphCount) glyphs, \(rendering.notdefCount) .notdef\n"
    if !prepared.missing.isEmpty {
      let missing = prepared.missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }
      summary += "no face covers: \(missing.joined(separator: " "))\n"
    }
    if toStandardOutput { Output.writeError(summary) } else { output.write(summary) }
  }

  /// Whether `path` is the file stdout writes to (same device and inode).
  static func isStandardOutput(_ path: String) -> Bool {
    var file = stat()
    var standardOutput = stat()
    return stat(path, &file) == 0 && fstat(1, &standardOutput) == 0
      && file.st_dev == standardOutput.st_dev && file.st_ino == standardOutput.st_ino
  }
}
