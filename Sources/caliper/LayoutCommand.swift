import CaliperLayout
import CaliperRender
import CaliperService

/// `caliper layout`: lays out a JSON layout description at one or more widths and prints
/// every named view's frame, each text's lines, loops and audit findings.
enum LayoutCommand {
  static let name = "layout"
  static let table = OptionTable(
    command: name,
    abstract: "Lay out a JSON layout description; report frames, loops, audit.",
    overview: "Lay out a JSON layout description and print every named view's frame.",
    arguments: "<file|->",
    argumentHelp: [("<file|->", "The layout description (schema in the docs), '-' for stdin.")],
    options: [
      Option(
        "-w", "--width", value: "<w>[,<w>...]",
        help: "Proposed widths in points; 'inf' proposes infinity, 'none'\n"
          + "leaves the width unspecified. Repeatable. Default: the\n"
          + "document's \"proposal\", else unspecified (the ideal size).",
        repeatable: true, check: OptionValues.checkWidths),
      Option("--json", help: "One JSON object per width per line (schema in the docs)."),
      Option("--audit", help: "Probe every container and report disagreements."),
      Option("--all", help: "Also print views without an id (modifiers, anonymous leaves)."),
      Option("--ink", help: "With --json: each text's and each line's ink box (inkRect)."),
      Option(
        "--max-passes", value: "<n>",
        help: "Passes before a layout that keeps changing is a loop (16)."
      ) { _ = try OptionValues.whole($0, option: "--max-passes", 1...10000, "passes") },
      Option(
        "-o", "--output", value: "<file>",
        help: """
          Also draw the layout to a PNG: frames of views with an id
          outlined and labelled, text in its frame, boxes filled; a
          geometry feedback loop draws every pass side by side. Needs
          a single width.
          """
      ) { if $0.isEmpty { throw UsageError("--output expects a file name") } },
      Option(
        "--scale", value: "<s>", help: "Pixels per point in the PNG (default: 2).",
        check: OptionValues.checkScale),
      Option("--no-labels", help: "Leave the ids and the pass headers out of the PNG."),
      Option("--baselines", help: "Draw every text line's baseline in the PNG."),
    ] + StyleOptions.options([.style, .text, .proposal]) + SystemFontOptions.options
      + [ProgressReport.quietOption],
    footer: """
      The style and line options are what every text node starts from: the document's own
      "text" style applies over them, and each text node's fields over both.
      EXIT STATUS: 0 laid out; 1 bad input; 2 a geometry feedback loop; 3 audit findings.
      """,
    deprecatedNames: ["--png": "--output"])

  static var help: String { table.help }

  struct Options {
    var path = ""
    /// Nil: the document's proposal (else unspecified).
    var widths: [Double?]?
    var settings = StyleSettings()
    var json = false
    var audit = false
    var all = false
    var ink = false
    var maxPasses = 16
    var png: String?
    var render = RenderOptions(overlays: [.legend])
    var systemFonts = SystemFontConfiguration.installed
  }

  static func parse(_ parsed: ParsedArguments) throws -> Options {
    var options = Options()
    guard parsed.positionals.count == 1 else {
      throw UsageError(
        parsed.positionals.isEmpty
          ? "missing layout file (give a path, or '-' for stdin)"
          : "expected one layout file, got \(parsed.positionals.count)")
    }
    options.path = parsed.positionals[0]
    options.json = parsed.has("--json")
    options.audit = parsed.has("--audit")
    options.all = parsed.has("--all")
    options.ink = parsed.has("--ink")
    if options.ink, !options.json { throw UsageError("--ink needs --json") }
    options.settings = try StyleOptions.settings(parsed, [.style, .text, .proposal])
    for list in parsed.all("--width") {
      for item in list.split(separator: ",", omittingEmptySubsequences: false) {
        options.widths = (options.widths ?? []) + [try dimension(String(item))]
      }
    }
    if let passes = parsed.last("--max-passes") {
      options.maxPasses = try OptionValues.whole(
        passes, option: "--max-passes", 1...10000, "passes")
    }
    if let png = parsed.last("--output") {
      guard (options.widths ?? [nil]).count == 1 else {
        throw UsageError("--output draws one width; give a single --width")
      }
      options.png = png
    }
    if let scale = parsed.last("--scale") { options.render.scale = try OptionValues.scale(scale) }
    if parsed.has("--no-labels") { options.render.overlays = [] }
    if parsed.has("--baselines") { options.render.overlays.insert(.baselines) }
    options.systemFonts = try SystemFontOptions.configuration(parsed)
    return options
  }

  /// A proposed width: a number ≥ 0, 'inf' (infinity, which a flexible view takes whole)
  /// or 'none' (unspecified: the ideal size).
  static func dimension(_ text: String) throws -> Double? {
    let trimmed = text.trimmingSpaces.lowercased()
    if ["inf", "infinity", "+inf"].contains(trimmed) { return .infinity }
    return try OptionValues.width(trimmed)
  }

  /// Returns the exit status: 0, 2 for a loop, 3 for audit findings.
  static func run(_ arguments: ParsedArguments, output: inout Output) throws -> Int32 {
    let options = try parse(arguments)
    let bytes = try InputReader.read(options.path)
    guard let json = String(validating: bytes, as: UTF8.self) else {
      throw RuntimeError("layout \(options.path) is not valid UTF-8")
    }
    let fonts = try FontLibrary.bundled(systemFonts: options.systemFonts)
    let description: LayoutDescription
    do {
      description = try LayoutDescription(
        json: json, fonts: fonts, defaults: options.settings)
    } catch {
      throw RuntimeError("layout \(options.path): \(error)")
    }
    let engine = LayoutEngine(maxPasses: options.maxPasses)
    var status: Int32 = 0
    let documentProposal = description.proposal ?? .unspecified
    let widths = options.widths ?? [documentProposal.width]
    let progress = ProgressReport(
      verb: "laying out", noun: "widths", total: widths.count,
      quiet: arguments.has("--quiet"))
    defer {
      let count = widths.count
      progress.finish(summary: count > 1 ? "laid out \(ProgressReport.count(count)) widths" : nil)
    }
    for width in widths {
      defer { progress.advance() }
      let proposal = ProposedViewSize(
        width: width, height: options.settings.height ?? documentProposal.height)
      let outcome: LayoutOutcome
      var findings: [AuditFinding]?
      do {
        outcome = try engine.layout(description.view, in: proposal, state: description.state)
        if options.audit {
          findings = try engine.audit(description.view, in: proposal, state: description.state)
        }
      } catch {
        throw RuntimeError("layout \(options.path): \(error)")
      }
      if width == widths.first { Self.warnAboutRepeatedIDs(outcome.result) }
      if outcome.loop != nil { status = 2 }
      if status == 0, let findings, !findings.isEmpty { status = 3 }
      if let png = options.png {
        let renderer = LayoutRenderer(options: options.render)
        let image = try renderer.render(outcome, fonts: fonts)
        try PNGFile.write(image, to: png)
      }
      if options.json {
        output.write(
          LayoutJSON.encode(outcome, findings: findings, all: options.all, ink: options.ink) + "\n")
      } else {
        output.write(LayoutTable.render(outcome, findings: findings, all: options.all))
      }
    }
    return status
  }

  /// Warns on stderr about each id more than one view has: a frame looked up by id (and
  /// an observation or a rendered label) then means the first of them only.
  static func warnAboutRepeatedIDs(_ result: LayoutResult) {
    var counts: [String: Int] = [:]
    var order: [String] = []
    for id in result.nodes.compactMap(\.id) {
      if counts[id] == nil { order.append(id) }
      counts[id, default: 0] += 1
    }
    for id in order where counts[id]! > 1 {
      Output.writeError("warning: id '\(id)' is given to \(counts[id]!) views; ids name one view\n")
    }
  }
}
