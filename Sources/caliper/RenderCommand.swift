import Caliper
import CaliperRender

/// `caliper render`: draws a text as Caliper lays it out at one width, to a PNG.
enum RenderCommand {
  static let help = """
    OVERVIEW: Draw text as Caliper measures it, with overlays showing the measurement, to PNG.

    USAGE: caliper render [--font <name|path>]... [--size <pt>] [--locale <id>]
                          [--width <w>] -o <out.png> [--scale <s>] [--margin <pt>]
                          [--no-guide] [--no-line-boxes] [--no-baselines] [--no-used-rect]
                          [--no-break-marks] [--no-truncation-marks] [--no-legend]
                          [--no-overlays]
                          [--input <file|->] [--system-fonts]
                          [--system-font-dir <dir>]... [--line-limit <n>]
                          [--truncation <mode>] [--height <h>] [--alignment <a>]
                          [<text>...]

    ARGUMENTS:
      <text>                  The text to draw (several arguments are joined by spaces).

    OPTIONS:
      --font <name|path>      A font family or file tried before the bundled cascade.
                              Repeatable.
      --size <pt>             Font size in points (default: 16).
      --locale <id>           Locale for line breaking and shaping (default: en).
      --width <w>             Proposed width in points; 'inf' or 'none' for the ideal size
                              (default).
      -o, --output <file>     The PNG to write.
      --scale <s>             Pixels per point (default: 2).
      --margin <pt>           Space around the text in points (default: 8).
      --input <file|->        Read the text from a file, or '-' for stdin (newlines kept as
                              hard breaks).
      --no-guide              Leave out the proposed width's dashed line.
      --no-line-boxes         Leave out each line's box.
      --no-baselines          Leave out each line's baseline.
      --no-used-rect          Leave out the used rect.
      --no-break-marks        Leave out the marks at emergency breaks.
      --no-truncation-marks   Leave out the box over a truncated line's ellipsis.
      --no-legend             Leave out the legend (size in points, proposal, lines).
      --no-overlays           Draw the text alone.
    \(SystemFontOptions.help)
    \(MeasureCommand.lineOptionsHelp)
      -h, --help              Show help information.

    The image is max(ceil(width × scale), legend) + 2 × margin pixels wide and
    ceil(height × scale) + 2 × margin (+ the legend) pixels high; the command prints
    the image's size and the measurement.
    """

  static let overlayFlags: [(String, Overlays)] = [
    ("--no-guide", .guide), ("--no-line-boxes", .lineBoxes), ("--no-baselines", .baselines),
    ("--no-used-rect", .usedRect), ("--no-break-marks", .breakMarks),
    ("--no-truncation-marks", .truncationMarks), ("--no-legend", .legend),
  ]

  struct Options {
    var style = TextStyle()
    var width: Double?
    var output = ""
    var text = ""
    var render = RenderOptions()
    /// Line limit, truncation and alignment, and the proposed height.
    var container = TextContainerOptions()
    var height: Double?
    var systemFonts = SystemFontConfiguration.installed
  }

  static func parse(_ arguments: [String]) throws -> Options? {
    let parsed = try ArgumentParser(
      arguments,
      valued: Set([
        "--font", "--size", "--width", "--locale", "-o", "--output", "--scale", "--margin",
        "--input", "--line-limit", "--truncation", "--height", "--alignment",
      ]).union(SystemFontOptions.valued),
      flags: Set(overlayFlags.map(\.0) + ["--no-overlays", "-h", "--help"]).union(
        SystemFontOptions.flags))
    if parsed.has("-h") || parsed.has("--help") { return nil }
    var options = Options()
    options.style.fonts = parsed.all("--font").map(FontReference.init)
    if let size = parsed.last("--size") {
      options.style.size = try MeasureCommand.number(size, option: "--size")
      guard options.style.size.isFinite, options.style.size > 0 else {
        throw RuntimeError(
          "invalid font size \(size): it must be a number of points greater than 0")
      }
    }
    if let locale = parsed.last("--locale") { options.style.locale = locale }
    SystemFontOptions.apply(parsed, to: &options.style)
    options.systemFonts = try SystemFontOptions.configuration(parsed)
    if let width = parsed.last("--width") {
      guard !width.contains(",") else {
        throw UsageError("render draws one width; '\(width)' is a list")
      }
      options.width = try MeasureCommand.width(width)
    }
    guard let output = parsed.last("--output") ?? parsed.last("-o"), !output.isEmpty else {
      throw UsageError("missing output file (give it with -o <out.png>)")
    }
    options.output = output
    if let scale = parsed.last("--scale") {
      let value = try MeasureCommand.number(scale, option: "--scale")
      guard value.isFinite, value > 0, value <= 16 else {
        throw RuntimeError("invalid scale \(scale): it must be a number greater than 0, at most 16")
      }
      options.render.scale = value
    }
    if let margin = parsed.last("--margin") {
      let value = try MeasureCommand.number(margin, option: "--margin")
      guard value.isFinite, value >= 0, value <= 1000 else {
        throw RuntimeError("invalid margin \(margin): it must be 0 to 1000 points")
      }
      options.render.margin = value
    }
    (options.container, options.height) = try MeasureCommand.lineOptions(
      parsed, into: options.container)
    if parsed.has("--no-overlays") { options.render.overlays = [] }
    for (flag, overlay) in overlayFlags where parsed.has(flag) {
      options.render.overlays.remove(overlay)
    }
    var text = parsed.positionals.joined(separator: " ")
    if let input = parsed.last("--input") {
      let bytes = try InputReader.read(input)
      guard let content = String(validating: bytes, as: UTF8.self) else {
        throw RuntimeError("input \(input == "-" ? "(stdin)" : input) is not valid UTF-8")
      }
      var trimmed = Substring(content)
      while trimmed.last == "\n" || trimmed.last == "\r\n" { trimmed.removeLast() }
      text = text.isEmpty ? String(trimmed) : text + " " + trimmed
    }
    guard !text.isEmpty else {
      throw UsageError("missing text to draw (give it as an argument or with --input)")
    }
    options.text = text
    return options
  }

  static func run(_ arguments: [String], output: inout Output) throws {
    guard let options = try parse(arguments) else {
      output.write(help + "\n")
      return
    }
    let fonts = try FontLibrary.bundled(systemFonts: options.systemFonts)
    let prepared = try fonts.prepare(options.text, style: options.style)
    let rendering = try TextRenderer(options: options.render).render(
      prepared, proposal: ProposedViewSize(width: options.width, height: options.height),
      fonts: fonts, textOptions: options.container)
    try PNGFile.write(rendering.image, to: options.output)
    let size = rendering.measurement.size
    output.write(
      "\(options.output): \(rendering.image.width) × \(rendering.image.height) px; "
        + "text \(NumberFormat.fixed(size.width)) × \(NumberFormat.fixed(size.height)) pt, "
        + "\(rendering.measurement.lineCount) line\(rendering.measurement.lineCount == 1 ? "" : "s"), "
        + "\(rendering.glyphCount) glyphs, \(rendering.notdefCount) .notdef\n")
    if !prepared.missing.isEmpty {
      let missing = prepared.missing.map { "U+" + String($0.value, radix: 16, uppercase: true) }
      output.write("no face covers: \(missing.joined(separator: " "))\n")
    }
  }
}
