import Caliper

/// A contact sheet of texts that do not fit their boxes: each drawn at its width in its
/// box, the ink outside the box tinted, a label above and the source text beside it.
///
/// Problem: a report that a German label is 63 pt too wide says less to a translator than
/// the label itself, cut where the UI will cut it. Solution: one row per entry, drawn by
/// the same painter as `TextRenderer` (the glyphs measuring positioned): a one-line entry
/// on its one line, a wrapped one broken at its width; the box (width × allowed height,
/// blue), the part of the text's lines beyond it tinted red, the label (key and numbers)
/// above in the legend's colour, and the source text to the right in grey. Limitation: one
/// image holds at most `RenderOptions.maxPixels`; a caller with many entries splits them.
package struct OverflowSheet: Sendable {
  /// One row: what to draw and the box it had to fit.
  package struct Entry: Sendable {
    package var label: String
    package var text: PreparedText
    package var source: PreparedText?
    /// The box's width in points.
    package var width: Double
    /// The box's height in points (`nil`: the text's first line).
    package var height: Double?
    /// Whether the text is broken at `width` (a multi-line box) or kept on one line.
    package var wraps: Bool

    package init(
      label: String, text: PreparedText, source: PreparedText?, width: Double, height: Double?,
      wraps: Bool
    ) {
      self.label = label
      self.text = text
      self.source = source
      self.width = width
      self.height = height
      self.wraps = wraps
    }
  }

  package var options: RenderOptions

  package init(options: RenderOptions = RenderOptions()) {
    self.options = options
  }

  static let overflowTint = Color(red: 230, green: 40, blue: 40, alpha: 90)
  static let sourceColor = Color(red: 120, green: 120, blue: 120)

  /// Draws `entries`, top to bottom. `fonts` sets the labels.
  package func render(_ entries: [Entry], fonts: FontLibrary) throws(RenderError) -> Image {
    let scale = options.scale
    let margin = options.marginPixels
    let gap = Double(margin)
    struct Row {
      let entry: Entry
      let measurement: TextMeasurement
      let label: (PreparedText, TextMeasurement)?
      let source: TextMeasurement?
      let boxHeight: Double
    }
    var rows: [Row] = []
    var width = 0
    var height = margin
    for entry in entries {
      let measurement = entry.text.measure(
        ProposedViewSize(width: entry.wraps ? entry.width : nil, height: nil))
      var label: (PreparedText, TextMeasurement)?
      if let prepared = try? fonts.prepare(entry.label, style: TextStyle(size: options.legendSize))
      {
        label = (prepared, prepared.measure(.unspecified))
      }
      let source = entry.source?.measure(.unspecified)
      let boxHeight = entry.height ?? measurement.lines.first?.height ?? 0
      let textWidth = max(measurement.size.width, entry.width)
      let rowWidth =
        RenderOptions.pixels(textWidth, scale: scale) + margin
        + RenderOptions.pixels(source?.size.width ?? 0, scale: scale)
      width = max(
        width, rowWidth + 2 * margin,
        RenderOptions.pixels(label?.1.size.width ?? 0, scale: scale) + 2 * margin)
      height +=
        RenderOptions.pixels(label?.1.size.height ?? 0, scale: scale)
        + RenderOptions.pixels(max(measurement.size.height, boxHeight), scale: scale) + 2 * margin
      rows.append(
        Row(
          entry: entry, measurement: measurement, label: label, source: source,
          boxHeight: boxHeight))
    }
    width = max(width, 1)
    try options.checkImageSize(width: width, height: height)
    var image = Image(width: width, height: height, background: options.background)
    let painter = TextPainter(rasterizer: GlyphRasterizer(), scale: scale)
    var y = Double(margin)
    for row in rows {
      let x = Double(margin)
      if let label = row.label {
        _ = try painter.paint(
          label.0, label.1, x: x, y: y, color: OverlayColor.legend, into: &image)
        y += Double(RenderOptions.pixels(label.1.size.height, scale: scale))
      }
      let box = PixelBox(
        x: x, y: y, width: max(row.entry.width * scale, 1), height: max(row.boxHeight * scale, 1))
      _ = try painter.paint(
        row.entry.text, row.measurement, x: x, y: y, color: options.textColor, into: &image)
      // The ink outside the box: each line's part beyond the width or below the height.
      for line in row.measurement.lines {
        let lineBox = PixelBox(
          x: x + line.x * scale, y: y + line.y * scale, width: line.width * scale,
          height: line.height * scale)
        if lineBox.x1 > box.x1 {
          image.fill(
            PixelBox(x0: box.x1, y0: lineBox.y0, x1: lineBox.x1, y1: lineBox.y1),
            color: Self.overflowTint)
        }
        if lineBox.y1 > box.y1 {
          image.fill(
            PixelBox(
              x0: lineBox.x0, y0: max(box.y1, lineBox.y0), x1: min(lineBox.x1, box.x1),
              y1: lineBox.y1),
            color: Self.overflowTint)
        }
      }
      image.stroke(box, color: OverlayColor.guide)
      if let source = row.source, let text = row.entry.source {
        let sourceX =
          x
          + Double(
            RenderOptions.pixels(max(row.measurement.size.width, row.entry.width), scale: scale))
          + gap
        _ = try painter.paint(text, source, x: sourceX, y: y, color: Self.sourceColor, into: &image)
      }
      y +=
        Double(RenderOptions.pixels(max(row.measurement.size.height, row.boxHeight), scale: scale))
        + 2 * gap
    }
    return image
  }
}
