import Caliper
import CaliperLayout

/// `caliper measure`: the size and lines of each text at each proposed width.
enum MeasureCommand {
  static let help = """
    OVERVIEW: Measure text at one or more proposed widths, with real fonts.

    USAGE: caliper measure [--font <name|path>]... [--size <pt>] [--width <w>[,<w>...]]...
                           [--input <file|->] [--json] [--no-lines] [--scale <s>]
                           [--locale <id>] [--jobs <n>] [--feature <f>]...
                           [--variation <axis=v>]... [--system-fonts]
                           [--system-font-dir <dir>]... [--line-limit <n>]
                           [--truncation tail|middle|head] [--height <h>]
                           [--alignment leading|center|trailing|justified]
                           [--spans <file>] [--max-text-bytes <n>] [<text>...]

    ARGUMENTS:
      <text>                  Texts to measure, one per argument.

    OPTIONS:
      --font <name|path>      A font family (bundled, else installed) or a font file, tried
                              before the bundled cascade. Repeatable. A family may give
                              weight (1-1000), width (%) and slant: 'DejaVu
                              Sans:weight=700:width=87.5:slant=italic'.
      --size <pt>             Font size in points (default: 16).
      --width <w>[,<w>...]    Proposed widths in points. 'inf' or 'none' asks for the ideal
                              size. Repeatable. Default: the ideal size only.
      --input <file|->        Read one text per non-empty line from a file, or '-' for stdin.
      --text-file <file|->    Read one text: the whole file, newlines included.
      --json                  One JSON object per text per line (schema in the README).
      --no-lines              Leave out the lines (sizes and line counts only).
      --scale <s>             Round sizes up to the pixel grid of s pixels per point.
      --locale <id>           Locale for line breaking and shaping (default: en).
      --jobs <n>              Threads measuring texts in parallel (default: all cores);
                              output stays in input order.
      --max-text-bytes <n>    Refuse a text longer than n bytes of UTF-8 (default: 16 MiB).
    \(StyleOptions.help)
    \(SystemFontOptions.help)
    \(lineOptionsHelp)
      --spans <file>          Styled spans, a JSON array applied to every text (schema in
                              the README): [{"start": 5, "end": 9, "bold": true}].
      -h, --help              Show help information.
    """

  struct Options {
    var style = TextStyle()
    var widths: [Double?] = []
    var texts: [String] = []
    var json = false
    var format = MeasureFormat()
    var limits = RequestLimits()
    var jobs: Int?
    /// Line limit, truncation and alignment.
    var container = TextContainerOptions()
    var height: Double?
    /// Styled spans applied to every text.
    var spans: [TextSpan] = []
    var systemFonts = SystemFontConfiguration.installed
  }

  static func parse(_ arguments: [String]) throws -> Options? {
    let parsed = try ArgumentParser(
      arguments,
      valued: Set([
        "--font", "--size", "--width", "--input", "--text-file", "--scale", "--locale", "--jobs",
        "--line-limit", "--truncation", "--height", "--alignment", "--spans", "--max-text-bytes",
      ]).union(StyleOptions.valued).union(SystemFontOptions.valued),
      flags: Set(["--json", "--no-lines", "-h", "--help"]).union(SystemFontOptions.flags))
    if parsed.has("-h") || parsed.has("--help") { return nil }
    var options = Options()
    options.json = parsed.has("--json")
    options.format.lines = !parsed.has("--no-lines")
    options.style.fonts = parsed.all("--font").map(FontReference.init)
    if let size = parsed.last("--size") {
      options.style.size = try RequestLimits.fontSize(number(size, option: "--size"))
    }
    if let locale = parsed.last("--locale") { options.style.locale = locale }
    try StyleOptions.apply(parsed, to: &options.style)
    SystemFontOptions.apply(parsed, to: &options.style)
    options.systemFonts = try SystemFontOptions.configuration(parsed)
    if let jobs = parsed.last("--jobs") {
      guard let value = Int(jobs.trimmingSpaces), value >= 1, value <= 4096 else {
        throw UsageError("--jobs expects a whole number from 1 to 4096, not '\(jobs)'")
      }
      options.jobs = value
    }
    if let scale = parsed.last("--scale") {
      options.format.scale = try RequestLimits.scale(number(scale, option: "--scale"))
    }
    if let bytes = parsed.last("--max-text-bytes") {
      options.limits.maxTextBytes = try byteCount(bytes, option: "--max-text-bytes")
    }
    try parseLineOptions(parsed, into: &options)
    for list in parsed.all("--width") {
      for item in list.split(separator: ",", omittingEmptySubsequences: false) {
        options.widths.append(try width(String(item)))
      }
    }
    if options.widths.isEmpty { options.widths = [nil] }
    options.texts = parsed.positionals
    if let input = parsed.last("--input") { options.texts += try InputReader.texts(from: input) }
    for file in parsed.all("--text-file") { options.texts.append(try InputReader.text(from: file)) }
    guard parsed.last("--input") != nil || !options.texts.isEmpty else {
      throw UsageError("missing text to measure (give it as an argument or with --input)")
    }
    for text in options.texts { try options.limits.check(text: text) }
    return options
  }

  /// --line-limit, --truncation, --height, --alignment and --spans.
  static func parseLineOptions(_ parsed: ArgumentParser, into options: inout Options) throws {
    (options.container, options.height) = try lineOptions(parsed, into: options.container)
    if let path = parsed.last("--spans") {
      let bytes = try InputReader.read(path)
      guard let json = String(validating: bytes, as: UTF8.self) else {
        throw RuntimeError("spans file \(path) is not valid UTF-8")
      }
      do {
        options.spans = try SpanReader.spans(json: json)
      } catch {
        throw RuntimeError("spans file \(path): \(error)")
      }
    }
  }

  /// The options `--line-limit`, `--truncation`, `--height` and `--alignment` set (shared
  /// by `measure` and `render`): the container options and the proposed height.
  static func lineOptions(_ parsed: ArgumentParser, into base: TextContainerOptions) throws
    -> (TextContainerOptions, Double?)
  {
    var container = base
    var height: Double?
    if let limit = parsed.last("--line-limit") {
      guard let value = Int(limit.trimmingSpaces), value >= 1 else {
        throw UsageError("--line-limit expects a whole number of lines, 1 or more, not '\(limit)'")
      }
      container.lineLimit = value
    }
    if let mode = parsed.last("--truncation") {
      guard let value = TruncationMode(rawValue: mode.trimmingSpaces.lowercased()) else {
        throw UsageError("--truncation expects tail, middle or head, not '\(mode)'")
      }
      container.truncationMode = value
    }
    if let alignment = parsed.last("--alignment") {
      guard let value = TextAlignment(rawValue: alignment.trimmingSpaces.lowercased()) else {
        throw UsageError(
          "--alignment expects leading, center, trailing or justified, not '\(alignment)'")
      }
      container.alignment = value
    }
    if let text = parsed.last("--height") {
      let value = try number(text, option: "--height")
      guard !value.isNaN, value >= 0 else {
        throw RuntimeError("invalid height \(text): it must be 0 or more (or inf)")
      }
      height = value.isInfinite ? nil : value + 0
    }
    return (container, height)
  }

  /// The line options' help, for `measure` and `render`.
  static let lineOptionsHelp = """
      --line-limit <n>        Show at most n lines (n ≥ 1); the last is truncated.
      --truncation <mode>     Where the last shown line hides text: tail (default),
                              middle or head. With it, --height also limits the lines.
      --height <h>            Proposed height in points: with --line-limit or --truncation,
                              only the lines that fit are shown (at least one).
      --alignment <a>         Line x offsets: leading (default), center, trailing or
                              justified (never changes sizes).
    """

  static func number(_ text: String, option: String) throws -> Double {
    guard let value = Double(text.trimmingSpaces) else {
      throw UsageError("\(option) expects a number, not '\(text)'")
    }
    return value
  }

  /// A proposed width: a number ≥ 0, or inf/none for unspecified.
  static func width(_ text: String) throws -> Double? {
    let trimmed = text.trimmingSpaces.lowercased()
    if ["inf", "infinity", "none", "nil", "+inf"].contains(trimmed) { return nil }
    return try RequestLimits.width(number(trimmed, option: "--width"))
  }

  /// A whole number of bytes from 1 to 2^40, for the `--max-…-bytes` options.
  static func byteCount(_ text: String, option: String) throws -> Int {
    guard let value = Int(text.trimmingSpaces), value >= 1, value <= 1 << 40 else {
      throw UsageError("\(option) expects a whole number of bytes from 1 to 2^40, not '\(text)'")
    }
    return value
  }

  static func run(_ arguments: [String], output: inout Output) throws {
    guard var parsed = try parse(arguments) else {
      output.write(help + "\n")
      return
    }
    let fonts = try FontLibrary.bundled(systemFonts: parsed.systemFonts)
    parsed.format.fontsDirectory = fonts.fontsDirectory
    let options = parsed
    let proposals = options.widths.map { ProposedViewSize(width: $0, height: options.height) }
    // Without lines, sizes come from sizeThatFits: no line values are built at all.
    let rendered = TextBatch(fonts: fonts, style: options.style, spans: options.spans)
      .prepare(options.texts, jobs: options.jobs) { prepared in
        let results = TextMeasurement.rows(
          prepared, at: proposals, options: options.container, format: options.format)
        return options.json
          ? MeasurementJSON.encode(prepared, results: results, format: options.format) + "\n"
          : MeasurementTable.render(prepared, results: results, format: options.format)
      }
    for text in rendered { output.write(try text.get()) }
  }
}

extension String {
  var trimmingSpaces: String {
    var slice = self[...]
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return String(slice)
  }
}
