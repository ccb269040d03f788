import Caliper

/// `caliper measure`: the size and lines of each text at each proposed width.
enum MeasureCommand {
  static let help = """
    OVERVIEW: Measure text at one or more proposed widths, with real fonts.

    USAGE: caliper measure [--font <name|path>]... [--size <pt>] [--width <w>[,<w>...]]...
                           [--input <file|->] [--json] [--no-lines] [--scale <s>]
                           [--locale <id>] [--jobs <n>] [--feature <f>]...
                           [--variation <axis=v>]... [--system-fonts]
                           [--system-font-dir <dir>]... [<text>...]

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
    \(StyleOptions.help)
    \(SystemFontOptions.help)
      -h, --help              Show help information.
    """

  struct Options {
    var style = TextStyle()
    var widths: [Double?] = []
    var texts: [String] = []
    var json = false
    var lines = true
    var scale: Double?
    var jobs: Int?
    var systemFonts = SystemFontConfiguration.installed
    /// The bundled fonts' folder (the table names faces outside it by file).
    var fontsDirectory = ""
  }

  static func parse(_ arguments: [String]) throws -> Options? {
    let parsed = try ArgumentParser(
      arguments,
      valued: Set([
        "--font", "--size", "--width", "--input", "--text-file", "--scale", "--locale", "--jobs",
      ]).union(StyleOptions.valued).union(SystemFontOptions.valued),
      flags: Set(["--json", "--no-lines", "-h", "--help"]).union(SystemFontOptions.flags))
    if parsed.has("-h") || parsed.has("--help") { return nil }
    var options = Options()
    options.json = parsed.has("--json")
    options.lines = !parsed.has("--no-lines")
    options.style.fonts = parsed.all("--font").map(FontReference.init)
    if let size = parsed.last("--size") {
      options.style.size = try number(size, option: "--size")
      guard options.style.size.isFinite, options.style.size > 0 else {
        throw RuntimeError(
          "invalid font size \(size): it must be a number of points greater than 0")
      }
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
      let value = try number(scale, option: "--scale")
      guard value.isFinite, value > 0 else {
        throw RuntimeError("invalid scale \(scale): it must be a number greater than 0")
      }
      options.scale = value
    }
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
    return options
  }

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
    let value = try number(trimmed, option: "--width")
    guard !value.isNaN, value >= 0 else {
      throw RuntimeError("invalid width \(text): widths must be 0 or more (or inf/none)")
    }
    return value.isInfinite ? nil : value + 0  // + 0 turns -0 into 0
  }

  static func run(_ arguments: [String], output: inout Output) throws {
    guard var parsed = try parse(arguments) else {
      output.write(help + "\n")
      return
    }
    let fonts = try FontLibrary.bundled(systemFonts: parsed.systemFonts)
    parsed.fontsDirectory = fonts.fontsDirectory
    let options = parsed
    let proposals = options.widths.map { ProposedViewSize(width: $0, height: nil) }
    // Without lines, sizes come from sizeThatFits: no line values are built at all.
    let rendered = TextBatch(fonts: fonts, style: options.style)
      .prepare(options.texts, jobs: options.jobs) { prepared in
        let results = proposals.map { proposal in
          let row =
            options.lines
            ? MeasuredRow(prepared.measure(proposal)) : MeasuredRow(prepared.sizeThatFits(proposal))
          return options.scale.map { row.rounded(toScale: $0) } ?? row
        }
        return options.json
          ? MeasurementJSON.encode(prepared, results: results, options: options) + "\n"
          : MeasurementTable.render(prepared, results: results, options: options)
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
