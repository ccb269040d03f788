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
    let proposed = guide.map { Decimal2.format($0) + " pt" } ?? "none"
    let columns = block.columnCount == 1 ? "1 column" : "\(block.columnCount) columns"
    let legend =
      "\(Decimal2.format(block.size.width)) × \(Decimal2.format(block.size.height)) pt"
      + " · height \(proposed) · \(columns) · scale \(Decimal2.format(scale))"
    let canvas = try RenderCanvas(
      options: options, content: contentPixels,
      legend: overlays.contains(.legend) ? legend : nil, fonts: fonts)
    let origin = canvas.origin
    var image = Image(width: canvas.width, height: canvas.height, background: options.background)
    func box(_ rect: Rect) -> PixelBox { canvas.box(rect) }
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
      let y = min(canvas.height - 1, Int((origin.y + guide * scale).rounded(.down)))
      image.horizontalLine(
        y: y, from: 0, to: margin * 2 + contentPixels.width, color: OverlayColor.guide)
    }
    try canvas.paintLegend(into: &image)
    let turned = ProposedViewSize(width: proposal.height, height: proposal.width)
    return TextRendering(
      image: image, measurement: text.measure(turned, options: textOptions), origin: origin,
      scale: scale, marginPixels: margin, legendHeight: canvas.legendHeight, ink: painted.ink,
      glyphCount: painted.glyphCount, notdefCount: painted.notdefCount, inkBounds: nil)
  }
}
