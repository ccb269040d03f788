/// The drawings a render adds over the text, each switchable.
public struct Overlays: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The proposed width as a dashed vertical line.
  public static let guide = Overlays(rawValue: 1 << 0)
  /// Each line's box: x from 0 to its width (trailing whitespace excluded), y over its height.
  public static let lineBoxes = Overlays(rawValue: 1 << 1)
  /// Each line's baseline.
  public static let baselines = Overlays(rawValue: 1 << 2)
  /// TextKit's used rect.
  public static let usedRect = Overlays(rawValue: 1 << 3)
  /// A mark at the end of every line that ends in an emergency break (inside a word).
  public static let breakMarks = Overlays(rawValue: 1 << 4)
  /// A strip under the text saying its size in points, the proposal, the lines and scale.
  public static let legend = Overlays(rawValue: 1 << 5)
  /// On a truncated line, the ellipsis's box tinted and outlined: where the hidden text was.
  public static let truncationMarks = Overlays(rawValue: 1 << 6)

  /// The ink boxes (`PreparedText.inkBounds(of:)`): each line's thin, the whole text's
  /// thick. Not in `all`: asked for with `render --ink`.
  public static let ink = Overlays(rawValue: 1 << 7)

  public static let all: Overlays = [
    .guide, .lineBoxes, .baselines, .usedRect, .breakMarks, .legend, .truncationMarks,
  ]
}

/// How to render: scale, margin, overlays and colours.
public struct RenderOptions: Sendable, Hashable {
  /// Pixels per point (2 draws a 16 pt font 32 pixels per em).
  public var scale: Double
  /// Space around the content on every side, in points (rounded up to whole pixels).
  public var margin: Double
  /// The overlays to draw.
  public var overlays: Overlays
  /// The text's colour.
  public var textColor: Color
  /// The image's background.
  public var background: Color
  /// The legend's font size in points.
  public var legendSize: Double
  /// The most pixels (width × height) an image may have: a larger one is refused with
  /// `RenderError.tooManyPixels` before anything is drawn, so a render's time and memory are
  /// bounded by this budget whatever the text, size and scale ask for.
  public var maxPixels: Int

  public init(
    scale: Double = 2, margin: Double = 8, overlays: Overlays = .all,
    textColor: Color = Color(red: 24, green: 24, blue: 28), background: Color = .white,
    legendSize: Double = 10, maxPixels: Int = RenderOptions.defaultMaxPixels
  ) {
    self.scale = scale
    self.margin = margin
    self.overlays = overlays
    self.textColor = textColor
    self.background = background
    self.legendSize = legendSize
    self.maxPixels = maxPixels
  }

  /// The margin in whole pixels: ceil(margin × scale).
  public var marginPixels: Int { Self.pixels(margin, scale: scale) }

  /// `points` × `scale` rounded up to whole pixels, allowing the 1e-6 pt of rounding error
  /// that sums of advances carry (as `Size.rounded(toScale:)` does). A count of
  /// `saturatedPixels` or more (a 10^300 pt proposal) is `saturatedPixels`: still refused by
  /// the size check, and never a trap converting it, nor adding sides and margins.
  public static func pixels(_ points: Double, scale: Double) -> Int {
    guard points.isFinite, points > 0 else { return 0 }
    let pixels = (points * scale - 1e-6).rounded(.up)
    return pixels < Double(saturatedPixels) ? Int(pixels) : saturatedPixels
  }

  /// The most pixels `pixels(_:scale:)` says (2^60): far past any side an image may have,
  /// and far enough below `Int.max` that a few sides and margins add up without overflow.
  public static let saturatedPixels = 1 << 60

  /// The most pixels on a side of an image.
  public static let maximumSide = 16384

  /// The default pixel budget: 16 megapixels (64 MB of RGBA), which the slowest image to
  /// make (one huge glyph filling it) draws and encodes in about a second.
  public static let defaultMaxPixels = 16_000_000

  /// Refuses an image of `width` × `height` pixels that is larger than `maximumSide` on a
  /// side or has more than `maxPixels` pixels.
  func checkImageSize(width: Int, height: Int) throws(RenderError) {
    guard width <= Self.maximumSide, height <= Self.maximumSide else {
      throw .tooLarge(width: width, height: height, limit: Self.maximumSide)
    }
    guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels else {
      throw .tooManyPixels(width: width, height: height, limit: maxPixels)
    }
  }
}

/// Colours of the overlays.
enum OverlayColor {
  static let guide = Color(red: 30, green: 110, blue: 230)
  static let lineBox = Color(red: 40, green: 160, blue: 90, alpha: 170)
  static let baseline = Color(red: 230, green: 60, blue: 60, alpha: 150)
  static let usedRect = Color(red: 240, green: 150, blue: 20)
  static let usedRectFill = Color(red: 255, green: 200, blue: 80, alpha: 28)
  static let breakMark = Color(red: 210, green: 30, blue: 160)
  static let truncation = Color(red: 150, green: 40, blue: 220)
  static let truncationFill = Color(red: 150, green: 40, blue: 220, alpha: 50)
  static let legend = Color(red: 90, green: 90, blue: 100)
  static let frame = Color(red: 60, green: 90, blue: 200)
  static let label = Color(red: 60, green: 90, blue: 200)
  static let box = Color(red: 120, green: 150, blue: 230, alpha: 70)
  static let placeholder = Color(red: 0, green: 130, blue: 140)
  static let ink = Color(red: 220, green: 0, blue: 90)
  static let lineInk = Color(red: 220, green: 0, blue: 90, alpha: 110)
  static let placeholderFill = Color(red: 0, green: 160, blue: 170, alpha: 40)
}
