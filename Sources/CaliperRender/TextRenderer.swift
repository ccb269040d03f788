import Caliper

/// Render: draws a text as Caliper measured it, with overlays that show the measurement.
///
/// Problem: people check text layout with their eyes — where a line broke, whether the used
/// rect hugs the ink, whether a fallback face made a line taller. Solution: measure, take
/// each line's glyph runs in visual order (`PreparedText.glyphRuns(in:)`), rasterise them
/// with FreeType at points × scale, and draw the proposal, line boxes, baselines, the used
/// rect, emergency-break marks and a legend (itself set by Caliper) on top. Glyphs are
/// rasterised through the `Font` that measured them (its variation and size), at the x
/// measuring gave them: each line's indent and alignment, justification's space, tab stops.
/// Limitation: no hinting, no subpixel (LCD) rendering.
///
/// The image is the content, `margin` on every side, and the legend below:
/// width = max(ceil(content width × scale), legend width) + 2 × margin pixels, where the
/// content width is the measured width (or the proposal, when the guide is drawn and the
/// proposal is wider); height = ceil(measured height × scale) + 2 × margin + legend height.
///
/// ```swift
/// let fonts = try FontLibrary.bundled()
/// let text = try fonts.prepare("Blue tile with a longer local label")
/// let rendering = try TextRenderer().render(text, proposal: ProposedViewSize(width: 120, height: nil), fonts: fonts)
/// try PNGFile.write(rendering.image, to: "label.png")
/// ```
public struct TextRenderer: Sendable {
  public var options: RenderOptions

  public init(options: RenderOptions = RenderOptions()) {
    self.options = options
  }

  /// Measures `text` for `proposal` (with `textOptions`: line limit, truncation,
  /// alignment) and draws it. `fonts` sets the legend.
  public func render(
    _ text: PreparedText, proposal: ProposedViewSize, fonts: FontLibrary,
    textOptions: TextContainerOptions = TextContainerOptions()
  ) throws(RenderError) -> TextRendering {
    if text.style.writingMode.isVertical {
      return try renderVertical(text, proposal: proposal, fonts: fonts, textOptions: textOptions)
    }
    let measurement = text.measure(proposal, options: textOptions)
    let scale = options.scale
    let overlays = options.overlays
    let margin = options.marginPixels
    var contentWidth = measurement.size.width
    let guide = proposal.width.flatMap { $0.isFinite ? $0 : nil }
    if overlays.contains(.guide), let guide { contentWidth = max(contentWidth, guide) }
    let contentPixels = (
      width: RenderOptions.pixels(contentWidth, scale: scale),
      height: RenderOptions.pixels(measurement.size.height, scale: scale)
    )

    let canvas = try RenderCanvas(
      options: options, content: contentPixels,
      legend: overlays.contains(.legend)
        ? Self.legend(measurement, proposal: proposal, scale: scale) : nil, fonts: fonts)
    let (width, origin) = (canvas.width, canvas.origin)
    var image = Image(width: width, height: canvas.height, background: options.background)
    func box(_ rect: Rect) -> PixelBox { canvas.box(rect) }
    if overlays.contains(.usedRect) {
      image.fill(box(measurement.usedRect), color: OverlayColor.usedRectFill)
      image.stroke(box(measurement.usedRect), color: OverlayColor.usedRect)
    }
    for line in measurement.lines {
      let lineBox = box(Rect(x: line.x, y: line.y, width: line.width, height: line.height))
      if overlays.contains(.lineBoxes) { image.stroke(lineBox, color: OverlayColor.lineBox) }
      if overlays.contains(.baselines) {
        let y = Int((origin.y + line.baseline * scale).rounded(.down))
        image.horizontalLine(
          y: y, from: lineBox.x0, to: max(lineBox.x1, lineBox.x0 + 1),
          color: OverlayColor.baseline)
      }
    }

    let rasterizer = GlyphRasterizer()
    let painter = TextPainter(rasterizer: rasterizer, scale: scale)
    let painted = try painter.paint(
      text, measurement, x: origin.x, y: origin.y, color: options.textColor, into: &image)
    let decorations = text.decorations(of: measurement)
    if !decorations.isEmpty {
      // The glyphs alone, for skipping ink.
      var mask = Image(width: width, height: canvas.height, background: .white)
      _ = try painter.paint(
        text, measurement, x: origin.x, y: origin.y, color: Color(red: 0, green: 0, blue: 0),
        into: &mask)
      DecorationPainter(scale: scale).paint(
        decorations, x: origin.x, y: origin.y, color: options.textColor, mask: mask, into: &image)
    }
    try painter.paintPlaceholders(
      text, measurement, x: origin.x, y: origin.y, fonts: fonts, labelSize: options.legendSize,
      into: &image)

    var inkBounds: InkBounds?
    if overlays.contains(.ink) {
      // Each frame lies outside the pixels its box touches, so that it hides no ink.
      func frame(_ rect: Rect, _ gap: Int) -> PixelBox {
        let touched = box(rect)
        return PixelBox(
          x0: touched.x0 - gap, y0: touched.y0 - gap, x1: touched.x1 + gap, y1: touched.y1 + gap)
      }
      let ink = text.inkBounds(of: measurement)
      for case let rect? in ink.lines { image.stroke(frame(rect, 1), color: OverlayColor.lineInk) }
      if let rect = ink.rect {
        image.stroke(frame(rect, 2), color: OverlayColor.ink)
        image.stroke(frame(rect, 3), color: OverlayColor.ink)
      }
      inkBounds = ink
    }
    if overlays.contains(.guide), let guide {
      let x = min(width - 1, Int((origin.x + guide * scale).rounded(.down)))
      image.verticalLine(
        x: x, from: 0, to: margin * 2 + contentPixels.height, color: OverlayColor.guide,
        dash: max(2, Int(scale * 3)))
    }
    if overlays.contains(.breakMarks) {
      for line in measurement.lines where line.endsInEmergencyBreak {
        let x = Int((origin.x + (line.x + line.width) * scale).rounded(.down))
        let top = Int((origin.y + line.y * scale).rounded(.down))
        let markWidth = max(2, Int(scale * 1.5))
        image.fill(
          PixelBox(
            x0: x, y0: top, x1: x + markWidth,
            y1: top + max(1, Int((line.height * scale).rounded(.down)))),
          color: OverlayColor.breakMark)
        // A small flag at the top of the mark.
        let flag = max(3, Int(scale * 3))
        for row in 0..<flag {
          image.horizontalLine(
            y: top + row, from: x + markWidth, to: x + markWidth + flag - row,
            color: OverlayColor.breakMark)
        }
      }
    }
    if overlays.contains(.truncationMarks) {
      for line in measurement.lines where line.truncation != nil {
        // The inserted run of a truncated line is its ellipsis.
        for run in text.runs(in: line) where run.isInserted {
          let mark = box(Rect(x: line.x + run.x, y: line.y, width: run.width, height: line.height))
          image.fill(mark, color: OverlayColor.truncationFill)
          image.stroke(mark, color: OverlayColor.truncation)
        }
      }
    }
    try canvas.paintLegend(into: &image)
    return TextRendering(
      image: image, measurement: measurement, origin: origin, scale: scale,
      marginPixels: margin, legendHeight: canvas.legendHeight, ink: painted.ink,
      glyphCount: painted.glyphCount, notdefCount: painted.notdefCount, inkBounds: inkBounds)
  }

  /// "242.66 × 21.79 pt · proposal 120 pt · 2 lines · scale 2".
  static func legend(_ measurement: TextMeasurement, proposal: ProposedViewSize, scale: Double)
    -> String
  {
    let size = measurement.size
    let proposed = proposal.width.map { $0.isFinite ? Decimal2.format($0) + " pt" : "∞" } ?? "none"
    let lines = measurement.lineCount == 1 ? "1 line" : "\(measurement.lineCount) lines"
    return
      "\(Decimal2.format(size.width)) × \(Decimal2.format(size.height)) pt · proposal \(proposed) · \(lines) · scale \(Decimal2.format(scale))"
  }
}

/// What a render made: the image and where everything in it came from.
public struct TextRendering: Sendable {
  /// The picture.
  public let image: Image
  /// The measurement that was drawn.
  public let measurement: TextMeasurement
  /// The text's top left in the image, in pixels.
  public let origin: (x: Double, y: Double)
  /// Pixels per point.
  public let scale: Double
  /// The margin on every side, in pixels.
  public let marginPixels: Int
  /// The legend strip's height in pixels (0 without a legend).
  public let legendHeight: Int
  /// The ink of every glyph that has any, in drawing order.
  public let ink: [GlyphInk]
  /// How many glyphs were drawn, and how many of them were `.notdef`.
  public let glyphCount: Int
  public let notdefCount: Int
  /// The ink boxes drawn by the `.ink` overlay (nil without it), in points.
  public let inkBounds: InkBounds?

  /// Line `index`'s box in image pixels (unrounded): x from the line's `x` (its indent and
  /// alignment) over its width, y over its height.
  public func lineBox(_ index: Int) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
    let line = measurement.lines[index]
    return (
      origin.x + line.x * scale, origin.y + line.y * scale,
      origin.x + (line.x + line.width) * scale, origin.y + (line.y + line.height) * scale
    )
  }
}

/// Numbers for the legend: at most two decimals, trailing zeros dropped.
enum Decimal2 {
  static func format(_ value: Double) -> String {
    // Beyond 10^15 the hundredths would not fit an `Int` (a trap at 9.3e16), and a
    // Double has no hundredths left to show anyway.
    guard value.isFinite, abs(value) < 1e15 else { return String(value) }
    let hundredths = Int((abs(value) * 100).rounded())
    let sign = value < 0 && hundredths != 0 ? "-" : ""
    let whole = hundredths / 100
    let fraction = hundredths % 100
    if fraction == 0 { return sign + String(whole) }
    if fraction % 10 == 0 { return sign + "\(whole).\(fraction / 10)" }
    return sign + "\(whole)." + (fraction < 10 ? "0" : "") + String(fraction)
  }
}
