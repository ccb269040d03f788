import CaliperLayout
import CaliperRender

/// `caliper layout`: lays out a JSON layout description at one or more widths and prints
/// every named view's frame, each text's lines, loops and audit findings.
enum LayoutCommand {
  static let help = """
    OVERVIEW: Lay out a JSON layout description and print every named view's frame.

    USAGE: caliper layout <file|-> [--width <w>[,<w>...]]... [--height <h>] [--json]
                          [--audit] [--all] [--max-passes <n>]
                          [--png <out.png> [--scale <s>] [--no-labels] [--baselines]]
                          [--system-font-dir <dir>]...

    ARGUMENTS:
      <file|->                The layout description (schema in the README), '-' for stdin.

    OPTIONS:
      --width <w>[,<w>...]    Proposed widths in points; 'inf' proposes infinity, 'none'
                              leaves the width unspecified. Repeatable. Default: the
                              document's "proposal", else unspecified (the ideal size).
      --height <h>            Proposed height in points, 'inf' or 'none' (default: the
                              document's "proposal", else unspecified).
      --json                  One JSON object per width per line (schema in the README).
      --audit                 Probe every container and report disagreements.
      --all                   Also print views without an id (modifiers, anonymous leaves).
      --max-passes <n>        Passes before a layout that keeps changing is a loop (16).
      --png <file>            Also draw the layout to a PNG: frames of views with an id
                              outlined and labelled, text in its frame, boxes filled; a
                              geometry feedback loop draws every pass side by side. Needs
                              a single width.
      --scale <s>             Pixels per point in the PNG (default: 2).
      --no-labels             Leave the ids and the pass headers out of the PNG.
      --baselines             Draw every text line's baseline in the PNG.
      --system-font-dir <dir> Take system fonts (families, and text nodes'
                              "systemFallback") only from the font files in this folder,
                              not fontconfig's configuration. Repeatable.
      -h, --help              Show help information.

    EXIT STATUS: 0 laid out; 1 bad input; 2 a geometry feedback loop; 3 audit findings.
    """

  struct Options {
    var path = ""
    /// Nil: the document's proposal (else unspecified).
    var widths: [Double?]?
    var height: Double??
    var json = false
    var audit = false
    var all = false
    var maxPasses = 16
    var png: String?
    var render = RenderOptions(overlays: [.legend])
    var systemFonts = SystemFontConfiguration.installed
  }

  static func parse(_ arguments: [String]) throws -> Options? {
    let parsed = try ArgumentParser(
      arguments,
      valued: Set(["--width", "--height", "--max-passes", "--png", "--scale"]).union(
        SystemFontOptions.valued),
      flags: ["--json", "--audit", "--all", "--no-labels", "--baselines", "-h", "--help"])
    if parsed.has("-h") || parsed.has("--help") { return nil }
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
    for list in parsed.all("--width") {
      for item in list.split(separator: ",", omittingEmptySubsequences: false) {
        options.widths = (options.widths ?? []) + [try dimension(String(item))]
      }
    }
    if let height = parsed.last("--height") {
      options.height = .some(try dimension(height))
    }
    if let passes = parsed.last("--max-passes") {
      guard let value = Int(passes), value >= 1, value <= 10000 else {
        throw UsageError("--max-passes expects a whole number from 1 to 10000, not '\(passes)'")
      }
      options.maxPasses = value
    }
    if let png = parsed.last("--png") {
      guard !png.isEmpty else { throw UsageError("--png expects a file name") }
      guard (options.widths ?? [nil]).count == 1 else {
        throw UsageError("--png draws one width; give a single --width")
      }
      options.png = png
    }
    if let scale = parsed.last("--scale") {
      let value = try MeasureCommand.number(scale, option: "--scale")
      guard value.isFinite, value > 0, value <= 16 else {
        throw RuntimeError("invalid scale \(scale): it must be a number greater than 0, at most 16")
      }
      options.render.scale = value
    }
    if parsed.has("--no-labels") { options.render.overlays = [] }
    if parsed.has("--baselines") { options.render.overlays.insert(.baselines) }
    options.systemFonts = try SystemFontOptions.configuration(parsed)
    return options
  }

  /// A proposed dimension: a number ≥ 0, 'inf' (infinity) or 'none' (unspecified).
  static func dimension(_ text: String) throws -> Double? {
    let trimmed = text.trimmingSpaces.lowercased()
    if ["inf", "infinity", "+inf"].contains(trimmed) { return .infinity }
    return try MeasureCommand.width(trimmed)
  }

  /// Returns the exit status: 0, 2 for a loop, 3 for audit findings.
  static func run(_ arguments: [String], output: inout Output) throws -> Int32 {
    guard let options = try parse(arguments) else {
      output.write(help + "\n")
      return 0
    }
    let bytes = try InputReader.read(options.path)
    guard let json = String(validating: bytes, as: UTF8.self) else {
      throw RuntimeError("layout \(options.path) is not valid UTF-8")
    }
    let fonts = try FontLibrary.bundled(systemFonts: options.systemFonts)
    let description: LayoutDescription
    do {
      description = try LayoutDescription(json: json, fonts: fonts)
    } catch {
      throw RuntimeError("layout \(options.path): \(error)")
    }
    let engine = LayoutEngine(maxPasses: options.maxPasses)
    var status: Int32 = 0
    let documentProposal = description.proposal ?? .unspecified
    for width in options.widths ?? [documentProposal.width] {
      let proposal = ProposedViewSize(
        width: width, height: options.height ?? documentProposal.height)
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
      if outcome.loop != nil { status = 2 }
      if status == 0, let findings, !findings.isEmpty { status = 3 }
      if let png = options.png {
        let renderer = LayoutRenderer(options: options.render)
        let image = try renderer.render(outcome, fonts: fonts)
        try PNGFile.write(image, to: png)
      }
      if options.json {
        output.write(LayoutJSON.encode(outcome, findings: findings, all: options.all) + "\n")
      } else {
        output.write(LayoutTable.render(outcome, findings: findings, all: options.all))
      }
    }
    return status
  }
}
