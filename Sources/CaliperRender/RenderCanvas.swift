import Caliper

/// The picture a rendering draws into, for horizontal and vertical text alike: the content
/// at a margin on every side and the legend strip below it (set by Caliper at the legend
/// size), in pixels: width = max(content, legend) + 2 × margin, height = content + 2 ×
/// margin + legend.
struct RenderCanvas {
  let width: Int
  let height: Int
  /// The content's top left in the image, in pixels.
  let origin: (x: Double, y: Double)
  let scale: Double
  /// The legend strip's height in pixels (0 without a legend).
  let legendHeight: Int
  private let legend: (text: PreparedText, measurement: TextMeasurement)?
  private let legendTop: Int

  /// The canvas for content of `content` pixels and the legend `string` (none when nil or
  /// when it cannot be set); refuses an image over the options' limit.
  init(
    options: RenderOptions, content: (width: Int, height: Int), legend string: String?,
    fonts: FontLibrary
  ) throws(RenderError) {
    let scale = options.scale
    let margin = options.marginPixels
    var legendPixels = (width: 0, height: 0)
    var legend: (text: PreparedText, measurement: TextMeasurement)?
    if let string,
      let prepared = try? fonts.prepare(string, style: TextStyle(size: options.legendSize))
    {
      let measured = prepared.measure(.unspecified)
      legendPixels = (
        RenderOptions.pixels(measured.size.width, scale: scale),
        RenderOptions.pixels(measured.size.height, scale: scale) + margin
      )
      legend = (prepared, measured)
    }
    self.scale = scale
    self.legend = legend
    width = max(content.width, legendPixels.width) + 2 * margin
    height = content.height + 2 * margin + legendPixels.height
    try options.checkImageSize(width: width, height: height)
    origin = (x: Double(margin), y: Double(margin))
    legendHeight = legendPixels.height
    legendTop = margin * 2 + content.height
  }

  /// `rect` (points from the content's top left) in image pixels, at least 1 × 1.
  func box(_ rect: Rect) -> PixelBox {
    PixelBox(
      x: origin.x + rect.minX * scale, y: origin.y + rect.minY * scale,
      width: max(rect.width * scale, 1), height: max(rect.height * scale, 1))
  }

  /// Draws the legend, if any, in its strip.
  func paintLegend(into image: inout Image) throws(RenderError) {
    guard let legend else { return }
    _ = try TextPainter(rasterizer: GlyphRasterizer(), scale: scale).paint(
      legend.text, legend.measurement, x: origin.x, y: Double(legendTop),
      color: OverlayColor.legend, into: &image)
  }
}
