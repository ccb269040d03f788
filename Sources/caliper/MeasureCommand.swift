import Caliper
import CaliperLayout
import CaliperService

/// `caliper measure`: the size and lines of each text at each proposed width.
enum MeasureCommand {
  static let name = "measure"
  static let table = OptionTable(
    command: name,
    abstract: "Measure text at one or more proposed widths.",
    overview: "Measure text at one or more proposed widths, with real fonts.",
    arguments: "[<text>...]",
    argumentHelp: [
      (
        "<text>",
        "Texts to measure, one per argument. With no text, no\n--input and no --text-file, "
          + "stdin (when it is not a\nterminal) is read as --input -."
      )
    ],
    options: [
      Option(
        "-w", "--width", value: "<w>[,<w>...]",
        help: "Proposed widths in points. 'inf' or 'none' asks for the\n"
          + "ideal size. Repeatable. Default: the ideal size only.",
        repeatable: true, check: OptionValues.checkWidths)
    ] + TextInput.options + [
      Option("--json", help: "One JSON object per text per line (schema in the docs)."),
      Option("--no-lines", help: "Leave out the lines (sizes and line counts only)."),
      Option(
        "--rects", value: "<start:end>",
        help: "With --json: the rects of characters start..<end (Unicode\n"
          + "scalars; one per line fragment) and the carets at both ends."
      ) { text in
        guard MeasureFormat.range(text) != nil else {
          throw UsageError(
            "--rects expects START:END, whole numbers with START ≤ END, not '\(text)'")
        }
      },
      Option(
        "--ink",
        help: "With --json: each result's and each line's ink box (inkRect:\n"
          + "the union of the glyphs' outlines as drawn)."),
      Option(
        "--points", value: "<x,y>[;<x,y>...]",
        help: "With --json: the character index nearest each point (x, y in\n"
          + "points from the text's top left). Repeatable.",
        repeatable: true
      ) { text in
        guard MeasureFormat.points(text) != nil else {
          throw UsageError(
            "--points expects X,Y pairs of numbers separated by ';' (at most"
              + " \(MeasureFormat.maxPoints)), not '\(text)'")
        }
      },
      Option(
        "--scale", value: "<s>",
        help: "Round sizes up to the pixel grid of s pixels per point.",
        check: OptionValues.checkScale),
      Option(
        "--jobs", value: "<n>",
        help: "Threads measuring texts in parallel (default: all cores);\n"
          + "output stays in input order."
      ) { _ = try OptionValues.whole($0, option: "--jobs", 1...4096, "threads") },
      OptionValues.maxTextBytesOption,
      Option(
        "--max-widths", value: "<n>",
        help: "Refuse more than n widths (default: \(RequestLimits().maxWidths))."
      ) { _ = try OptionValues.widthCount($0) },
    ] + StyleOptions.options([.style, .text, .proposal]) + SystemFontOptions.options
      + [ProgressReport.quietOption])

  static var help: String { table.help }

  /// The prepared-text cache of one `measure` run: about a hundred Gatsby paragraphs.
  static let preparedCacheBytes = 1 << 20

  struct Options {
    var settings = StyleSettings()
    var widths: [Double?] = []
    /// The texts, read as they are measured (`TextInput.Source`).
    var texts: TextInput.Source?
    var json = false
    var format = MeasureFormat()
    var limits = RequestLimits()
    var jobs: Int?
    var systemFonts = SystemFontConfiguration.installed
  }

  static func parse(_ parsed: ParsedArguments) throws -> Options {
    var options = Options()
    options.json = parsed.has("--json")
    options.format.lines = !parsed.has("--no-lines")
    options.settings = try StyleOptions.settings(parsed, [.style, .text, .proposal])
    options.systemFonts = try SystemFontOptions.configuration(parsed)
    if let jobs = parsed.last("--jobs") {
      options.jobs = try OptionValues.whole(jobs, option: "--jobs", 1...4096, "threads")
    }
    if let scale = parsed.last("--scale") { options.format.scale = try OptionValues.scale(scale) }
    if let rects = parsed.last("--rects") {
      guard options.json else { throw UsageError("--rects needs --json") }
      options.format.rects = MeasureFormat.range(rects)
    }
    if parsed.has("--ink") {
      guard options.json else { throw UsageError("--ink needs --json") }
      options.format.ink = true
    }
    let points = parsed.all("--points")
    if !points.isEmpty {
      guard options.json else { throw UsageError("--points needs --json") }
      options.format.points = points.flatMap { MeasureFormat.points($0) ?? [] }
      guard options.format.points.count <= MeasureFormat.maxPoints else {
        throw UsageError("--points asks about more than \(MeasureFormat.maxPoints) points")
      }
    }
    if let key = options.format.unavailableForVertical(options.settings.style).first {
      let option =
        ["rects": "--rects", "points": "--points", "ink": "--ink"][key] ?? "--text-box-trim"
      throw UsageError("\(option) is not available for vertical text (--writing-mode) yet")
    }
    if let bytes = parsed.last("--max-text-bytes") {
      options.limits.maxTextBytes = try OptionValues.byteCount(bytes, option: "--max-text-bytes")
    }
    if let count = parsed.last("--max-widths") {
      options.limits.maxWidths = try OptionValues.widthCount(count)
    }
    for list in parsed.all("--width") { options.widths += try OptionValues.widths(list) }
    if options.widths.isEmpty { options.widths = [nil] }
    let heights = options.settings.heights.count
    do throws(StyleError) {
      _ = try options.settings.proposals(widths: [nil])
    } catch {
      throw UsageError("--height: \(error.message)")
    }
    guard options.widths.count * heights <= options.limits.maxWidths else {
      throw UsageError(
        "\(options.widths.count * heights) \(heights == 1 ? "widths" : "proposals"), over the"
          + " limit of \(options.limits.maxWidths) (--max-widths)")
    }
    let texts = try TextInput.Source(
      parsed, arguments: parsed.positionals, fallback: .lines,
      maxTextBytes: options.limits.maxTextBytes)
    guard texts.given || InputReader.stdinIsRedirected else {
      throw UsageError(
        "missing text to measure (give it as an argument, with --input or --text-file,"
          + " or on stdin)")
    }
    for text in parsed.positionals { try options.limits.check(text: text) }
    options.texts = texts
    return options
  }

  static func run(_ arguments: ParsedArguments, output: inout Output) throws {
    var parsed = try parse(arguments)
    // The prepared-text cache holds what a repeated text (a label used many times) reuses,
    // not the batch: a bulk job's texts are dropped once written (peak memory ≤ Pango's).
    let fonts = try FontLibrary.bundled(
      limits: CacheLimits(preparedBytes: Self.preparedCacheBytes), systemFonts: parsed.systemFonts)
    parsed.format.fontsDirectory = fonts.fontsDirectory
    StyleOptions.warnAboutClampedVariations(parsed.settings.style, fonts: fonts)
    let options = parsed
    let settings = options.settings
    let proposals = try settings.proposals(widths: options.widths)
    // The texts are read as they are measured: how many there are is known at the end.
    let progress = ProgressReport(
      verb: "measuring", noun: "texts", total: nil, quiet: arguments.has("--quiet"))
    var count = 0
    let source = options.texts
    // Without lines, sizes come from sizeThatFits: no line values are built at all.
    try MeasureStream.write(
      next: { try source?.next() },
      batch: TextBatch(fonts: fonts, style: settings.style, spans: settings.spans),
      jobs: options.jobs, proposals: proposals, options: settings.container,
      format: options.format, json: options.json, output: &output,
      afterEach: {
        count += 1
        progress.advance()
      })
    guard count > 0 || options.texts?.given == true else {
      throw UsageError(
        "missing text to measure (give it as an argument, with --input or --text-file,"
          + " or on stdin)")
    }
    let widths = "\(proposals.count) width\(proposals.count == 1 ? "" : "s")"
    progress.finish(
      summary: count > 1 ? "measured \(ProgressReport.count(count)) texts at \(widths)" : nil)
  }
}
