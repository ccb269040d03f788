import Caliper
import CaliperLayout

/// Render a layout: every named view's frame outlined and labelled, text drawn in its frame,
/// boxes filled; a geometry feedback loop as its passes side by side.
///
/// Problem: a frame table says where views went; a picture shows it, and shows a loop
/// growing pass after pass. Solution: draw each pass's `LayoutResult` as a panel — boxes
/// filled, text set by Caliper at its frame's origin, frames of views with an id outlined
/// with the id above their top left — under a header saying the pass and the state it
/// observed. A settled layout is one panel (its last pass); a loop is one panel per pass.
/// Limitation: views are drawn in tree order, parents first; overlapping siblings overdraw.
public struct LayoutRenderer: Sendable {
  public var options: RenderOptions
  /// The size of the frame labels and headers in points. Labels and headers are drawn when
  /// `options.overlays` has `.legend`; line boxes when it has `.lineBoxes`; every text
  /// line's baseline when it has `.baselines`.
  public var labelSize: Double

  public init(options: RenderOptions = RenderOptions(), labelSize: Double = 9) {
    self.options = options
    self.labelSize = labelSize
  }

  /// Draws `outcome`: its last pass, or every pass side by side when it is a loop.
  public func render(_ outcome: LayoutOutcome, fonts: FontLibrary) throws(RenderError) -> Image {
    let passes = outcome.isStable ? [outcome.passes.count - 1] : Array(outcome.passes.indices)
    let rasterizer = GlyphRasterizer()
    let scale = options.scale
    let margin = options.marginPixels
    let painter = TextPainter(rasterizer: rasterizer, scale: scale)

    // Headers first: they set how wide each panel is.
    let keys = outcome.loop?.keys ?? []
    let headers = passes.map { index -> (PreparedText, TextMeasurement)? in
      let pass = outcome.passes[index]
      var header = outcome.isStable ? "\(outcome.passes.count) pass" : "pass \(index + 1)"
      if outcome.isStable && outcome.passes.count != 1 { header += "es" }
      let size = pass.result.size
      header += " · \(Decimal2.format(size.width)) × \(Decimal2.format(size.height)) pt"
      for key in keys {
        header += " · \(key) \(pass.state[key]?.description ?? "none")"
        header += " → \(pass.observed[key]?.description ?? "none")"
      }
      guard options.overlays.contains(.legend),
        let prepared = try? fonts.prepare(header, style: TextStyle(size: labelSize))
      else { return nil }
      return (prepared, prepared.measure(.unspecified))
    }
    let headerHeight =
      headers.compactMap { $0 }.map { RenderOptions.pixels($0.1.size.height, scale: scale) }
      .max().map { $0 + margin / 2 } ?? 0
    let panelWidths = passes.enumerated().map { offset, index in
      max(
        RenderOptions.pixels(outcome.passes[index].result.size.width, scale: scale),
        headers[offset].map { RenderOptions.pixels($0.1.size.width, scale: scale) } ?? 0)
    }
    let labelRoom = RenderOptions.pixels(labelSize * 1.4, scale: scale)
    let contentHeight =
      passes.map { RenderOptions.pixels(outcome.passes[$0].result.size.height, scale: scale) }
      .max() ?? 0
    // Saturating: a loop's passes may each be `RenderOptions.saturatedPixels` wide.
    let width =
      panelWidths.reduce(0) { min($0 + $1, RenderOptions.saturatedPixels) }
      + margin * (panelWidths.count + 1)
    let height = contentHeight + headerHeight + labelRoom + 2 * margin
    try options.checkImageSize(width: width, height: height)
    var image = Image(width: width, height: height, background: options.background)
    var x = margin
    for (offset, index) in passes.enumerated() {
      if let header = headers[offset] {
        _ = try painter.paint(
          header.0, header.1, x: Double(x), y: Double(margin), color: OverlayColor.legend,
          into: &image)
      }
      try draw(
        outcome.passes[index].result, x: Double(x), y: Double(margin + headerHeight + labelRoom),
        painter: painter, fonts: fonts, into: &image)
      x += panelWidths[offset] + margin
    }
    return image
  }

  /// Draws one pass's frames with the root's origin at (x, y) pixels.
  func draw(
    _ result: LayoutResult, x: Double, y: Double, painter: TextPainter, fonts: FontLibrary,
    into image: inout Image
  ) throws(RenderError) {
    let scale = options.scale
    func box(_ frame: Rect) -> PixelBox {
      PixelBox(
        x: x + frame.minX * scale, y: y + frame.minY * scale, width: max(1, frame.width * scale),
        height: max(1, frame.height * scale))
    }
    // The root's bounds, lightly.
    image.stroke(
      box(Rect(origin: .zero, size: result.size)), color: OverlayColor.frame.opacity(60))
    for node in result.nodes where node.kind == "box" {
      image.fill(box(node.frame), color: OverlayColor.box)
    }
    for node in result.nodes {
      if let block = node.columns, let prepared = node.preparedText {
        // Vertical text: its columns, drawn as `render` draws them, in the node's frame.
        if options.overlays.contains(.lineBoxes) {
          for column in block.columns {
            image.stroke(
              box(
                Rect(
                  x: node.frame.minX + column.x, y: node.frame.minY + column.y,
                  width: column.width, height: column.extent)), color: OverlayColor.lineBox)
          }
        }
        _ = try VerticalPainter(rasterizer: painter.rasterizer, scale: scale).paint(
          prepared, block, x: x + node.frame.minX * scale, y: y + node.frame.minY * scale,
          color: options.textColor, into: &image)
        continue
      }
      guard let text = node.text, let prepared = node.preparedText else { continue }
      for line in text.lines {
        let lineBox = box(
          Rect(
            x: node.frame.minX + line.x, y: node.frame.minY + text.usedRect.minY + line.y,
            width: line.width, height: line.height))
        if options.overlays.contains(.lineBoxes) {
          image.stroke(lineBox, color: OverlayColor.lineBox)
        }
        // The baseline: where baseline-aligned rows and grid rows line their texts up.
        if options.overlays.contains(.baselines) {
          let baseline = node.frame.minY + text.usedRect.minY + line.baseline
          image.horizontalLine(
            y: Int((y + baseline * scale).rounded(.down)), from: lineBox.x0,
            to: max(lineBox.x1, lineBox.x0 + 1), color: OverlayColor.baseline)
        }
      }
      _ = try painter.paint(
        prepared, text, x: x + node.frame.minX * scale, y: y + node.frame.minY * scale,
        color: options.textColor, into: &image)
      try painter.paintPlaceholders(
        prepared, text, x: x + node.frame.minX * scale, y: y + node.frame.minY * scale,
        fonts: fonts, labelSize: labelSize, into: &image)
    }
    var placed: [PixelBox] = []
    for node in result.nodes {
      guard let id = node.id else { continue }
      let frame = box(node.frame)
      image.stroke(frame, color: OverlayColor.frame)
      guard options.overlays.contains(.legend),
        let label = try? fonts.prepare(id, style: TextStyle(size: labelSize))
      else { continue }
      let measured = label.measure(.unspecified)
      // The label sits just above the frame's top left, on a light backing, moved right past
      // labels already there (nested views often share a top left).
      let labelHeight = RenderOptions.pixels(measured.size.height, scale: scale)
      var spot = PixelBox(
        x0: frame.x0, y0: frame.y0 - labelHeight,
        x1: frame.x0 + RenderOptions.pixels(measured.size.width, scale: scale), y1: frame.y0)
      while let clash = placed.first(where: { $0.intersects(spot) }) {
        let shift = clash.x1 + Int(scale * 4) - spot.x0
        spot = PixelBox(x0: spot.x0 + shift, y0: spot.y0, x1: spot.x1 + shift, y1: spot.y1)
      }
      placed.append(spot)
      image.fill(spot, color: Color.white.opacity(200))
      _ = try painter.paint(
        label, measured, x: Double(spot.x0), y: Double(spot.y0), color: OverlayColor.label,
        into: &image)
    }
  }
}
