/// A size proposal from a parent to a child, with SwiftUI's meanings.
///
/// - `nil` (unspecified) or `.infinity` width: the ideal size; text wraps only at hard breaks.
/// - a finite width: wrap so that every line (trailing whitespace excluded) fits.
/// - `0`: the smallest size the text can take (every word broken to grapheme clusters).
///
/// ```swift
/// let ideal = text.measure(.unspecified)
/// let wrapped = text.measure(ProposedViewSize(width: 120, height: nil))
/// ```
public struct ProposedViewSize: Sendable, Hashable {
  /// The proposed width, or `nil` for "use your ideal width".
  public var width: Double?
  /// The proposed height, or `nil` for "use your ideal height".
  public var height: Double?

  public init(width: Double?, height: Double?) {
    self.width = width
    self.height = height
  }

  public init(_ size: Size) {
    self.init(width: size.width, height: size.height)
  }

  /// Both dimensions unspecified: asks for the ideal size.
  public static let unspecified = ProposedViewSize(width: nil, height: nil)
  /// Both dimensions zero: asks for the minimum size.
  public static let zero = ProposedViewSize(width: 0, height: 0)
  /// Both dimensions infinite: asks for the maximum size (for text, the ideal size).
  public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

  /// The proposal with each `nil` dimension replaced by the given size's.
  public func replacingUnspecifiedDimensions(by size: Size = Size(width: 10, height: 10)) -> Size {
    Size(width: width ?? size.width, height: height ?? size.height)
  }
}
