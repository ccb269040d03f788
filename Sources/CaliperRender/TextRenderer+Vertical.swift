import Caliper

/// Render, vertical text (`TextStyle.writingMode`): the block of columns at a proposed
/// height, each column's box, the proposed height as a guide, and the legend.
extension TextRenderer {
  /// `render` for vertical text: columns break at `proposal.height` (`measureColumns`); the
  /// rendering's `measurement` is the columns as lines (the block turned), its `ink` and
  /// glyph counts per column.
  func renderVertical(
    _ text: PreparedText, proposal: ProposedViewSize, fonts: FontLibrary,
    textOptions: TextContainerOptions
  ) throws(RenderError) -> TextRendering {
    let block = text.measureColumns(proposal, options: textOptions)
    let scale = options.scale
    let overlays = options.overlays
    let margin = options.marginPixels
    var contentHeight = block.size.height
    let guide = proposal.height.flatMap { $0.isFinite ? $0 : nil }
    if overlays.contains(.guide), let guide { contentHeight = max(contentHeight, guide) }
    let contentPixels = (
      width: RenderOptions.pixels(block.size.width, scale: scale),
      height: RenderOptions.pixels(contentHeight, scale: scale)
    )
    var legend: (text: PreparedText, measurement: TextMeasurement)?
    var legendPixels = (width: 0, height: 0)
    if overlays.contains(.legend) {
      let proposed = guide.map { Decimal2.format($0) + " pt" } ?? "none"
      let columns = block.columnCount == 1 ? "1 column" : "\(block.columnCount) columns"
      let string =
        "\(Decimal2.format(block.size.width)) × \(Decimal2.format(block.size.height)) pt"
        + " · height \(proposed) · \(columns) · scale \(Decimal2.format(scale))"
      if let prepared = try? fonts.prepare(string, style: TextStyle(size: options.legendSize)) {
        let measured = prepared.measure(.unspecified)
        legend = (prepared, measured)
        legendPixels = (
          RenderOptions.pixels(measured.size.width, scale: scale),
          RenderOptions.pixels(measured.size.height, scale: scale) + margin
        )
      }
    }
    let width = max(contentPixels.width, legendPixels.width) + 2 * margin
    let height = contentPixels.height + 2 * margin + legendPixels.height
    try options.checkImageSize(width: width, height: height)

    var image = Image(width: width, height: height, background: options.background)
    let origin = (x: Double(margin), y: Double(margin))
    func box(_ rect: Rect) -> PixelBox {
      PixelBox(
        x: origin.x + rect.minX * scale, y: origin.y + rect.minY * scale,
        width: max(rect.width * scale, 1), height: max(rect.height * scale, 1))
    }
    if overlays.contains(.usedRect) {
      let used = box(Rect(x: 0, y: 0, width: block.size.width, height: block.size.height))
      image.fill(used, color: OverlayColor.usedRectFill)
      image.stroke(used, color: OverlayColor.usedRect)
    }
    if overlays.contains(.lineBoxes) {
      for column in block.columns {
        image.stroke(
          box(Rect(x: column.x, y: column.y, width: column.width, height: column.extent)),
          color: OverlayColor.lineBox)
      }
    }
    let painter = VerticalPainter(rasterizer: GlyphRasterizer(), scale: scale)
    let painted = try painter.paint(
      text, block, x: origin.x, y: origin.y, color: options.textColor, into: &image)
    if overlays.contains(.guide), let guide {
      let y = min(height - 1, Int((origin.y + guide * scale).rounded(.down)))
      image.horizontalLine(
        y: y, from: 0, to: margin * 2 + contentPixels.width, color: OverlayColor.guide)
    }
    if let legend {
      _ = try TextPainter(rasterizer: GlyphRasterizer(), scale: scale).paint(
        legend.text, legend.measurement, x: origin.x,
        y: Double(margin * 2 + contentPixels.height), color: OverlayColor.legend, into: &image)
    }
    let turned = ProposedViewSize(width: proposal.height, height: proposal.width)
    return TextRendering(
      image: image, measurement: text.measure(turned, options: textOptions), origin: origin,
      scale: scale, marginPixels: margin, legendHeight: legendPixels.height, ink: painted.ink,
      glyphCount: painted.glyphCount, notdefCount: painted.notdefCount)
  }
}
