import Caliper

/// `caliper measure`: the size and lines of each text at each proposed width.
enum MeasureCommand {
  static let help = """
    OVERVIEW: Measure text at one or more proposed widths, with real fonts.

    USAGE: caliper measure [--font <name|path>]... [--size <pt>] [--width <w>[,<w>...]]...
                           [--input <file|->] [--json] [--no-lines] [--scale <s>]
                           [--locale <id>] [--jobs <n>] [--max-text-bytes <n>] [<text>...]

    ARGUMENTS:
      <text>                  Texts to measure, one per argument.

    OPTIONS:
      --font <name|path>      A font family (bundled, else installed) or a font file, tried
                              before the bundled cascade. Repeatable.
      --size <pt>             Font size in points, in (0, 10000] (default: 16).
      --width <w>[,<w>...]    Proposed widths in points, 0 or more. 'inf' or 'none' asks for
                              the ideal size. Repeatable. Default: the ideal size only.
      --input <file|->        Read one text per non-empty line from a file, or '-' for stdin.
      --json                  One JSON object per text per line (schema in the README).
      --no-lines              Leave out the lines (sizes and line counts only).
      --scale <s>             Round sizes up to the pixel grid of s pixels per point, in
                              (0, 1000].
      --locale <id>           Locale for line breaking and shaping (default: en).
      --jobs <n>              Threads measuring texts in parallel (default: all cores);
                              output stays in input order.
      --max-text-bytes <n>    Refuse a text longer than n bytes of UTF-8 (default: 16 MiB).
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
  }

  static func parse(_ arguments: [String]) throws -> Options? {
    let parsed = try ArgumentParser(
      arguments,
      valued: [
        "--font", "--size", "--width", "--input", "--scale", "--locale", "--jobs",
        "--max-text-bytes",
      ],
      flags: ["--json", "--no-lines", "-h", "--help"])
    if parsed.has("-h") || parsed.has("--help") { return nil }
    var options = Options()
    options.json = parsed.has("--json")
    options.format.lines = !parsed.has("--no-lines")
    options.style.fonts = parsed.all("--font").map(FontReference.init)
    if let size = parsed.last("--size") {
      options.style.size = try RequestLimits.fontSize(number(size, option: "--size"))
    }
    if let locale = parsed.last("--locale") { options.style.locale = locale }
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
    for list in parsed.all("--width") {
      for item in list.split(separator: ",", omittingEmptySubsequences: false) {
        options.widths.append(try width(String(item)))
      }
    }
    if options.widths.isEmpty { options.widths = [nil] }
    options.texts = parsed.positionals
    if let input = parsed.last("--input") { options.texts += try InputReader.texts(from: input) }
    guard parsed.last("--input") != nil || !options.texts.isEmpty else {
      throw UsageError("missing text to measure (give it as an argument or with --input)")
    }
    for text in options.texts { try options.limits.check(text: text) }
    return options
  }

  static func number(_ text: String, option: String) throws -> Double {
    guard let value = Double(text.trimmingSpaces) else {
      throw UsageError("\(option) expects a number, not '\(text)'")
    }
    return value
  }

  /// A whole number of bytes from 1 to 2^40, for the `--max-…-bytes` options.
  static func byteCount(_ text: String, option: String) throws -> Int {
    guard let value = Int(text.trimmingSpaces), value >= 1, value <= 1 << 40 else {
      throw UsageError("\(option) expects a whole number of bytes from 1 to 2^40, not '\(text)'")
    }
    return value
  }

  /// A proposed width: a number ≥ 0, or inf/none for unspecified.
  static func width(_ text: String) throws -> Double? {
    let trimmed = text.trimmingSpaces.lowercased()
    if ["inf", "infinity", "none", "nil", "+inf"].contains(trimmed) { return nil }
    return try RequestLimits.width(number(trimmed, option: "--width"))
  }

  static func run(_ arguments: [String], output: inout Output) throws {
    guard let options = try parse(arguments) else {
      output.write(help + "\n")
      return
    }
    let fonts = try FontLibrary.bundled()
    let proposals = options.widths.map { ProposedViewSize(width: $0, height: nil) }
    let rendered = TextBatch(fonts: fonts, style: options.style)
      .prepare(options.texts, jobs: options.jobs) { prepared in
        let results = MeasuredRow.rows(prepared, at: proposals, format: options.format)
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
