/// A font asked for by family, weight, width and slant, as CSS and fontconfig describe one.
///
/// A bundled family resolves among the bundled faces (weight ≥ 600 takes a Bold face,
/// italic or oblique an Italic one, where the family has them; width is ignored: no bundled
/// family has widths); any other family goes to fontconfig (`FcFontMatch`), which answers
/// with the nearest weight, width and slant the family has. A face of another family is
/// never taken for it. `PreparedText.faces` says which face was used.
///
/// ```swift
/// let condensedBold = FontDescriptor(family: "DejaVu Sans", weight: 700, width: 87.5)
/// let style = TextStyle(fonts: [.descriptor(condensedBold)])
/// ```
public struct FontDescriptor: Sendable, Hashable, CustomStringConvertible {
  /// The slant of a face.
  public enum Slant: String, Sendable, Hashable, CaseIterable {
    case roman, italic, oblique
  }

  /// The regular weight, CSS `normal`.
  public static let regular = 400

  /// The family name ("DejaVu Sans").
  public var family: String
  /// CSS / OpenType weight, 1–1000: 400 regular, 700 bold (fontconfig's scale is converted
  /// with `FcWeightFromOpenTypeDouble`).
  public var weight: Int
  /// Width in percent of normal, 50–200: 75 condensed, 87.5 semi-condensed, 125 expanded
  /// (CSS `font-stretch`, fontconfig's `FC_WIDTH`).
  public var width: Double
  public var slant: Slant

  public init(family: String, weight: Int = regular, width: Double = 100, slant: Slant = .roman) {
    self.family = family
    self.weight = weight
    self.width = width
    self.slant = slant
  }

  /// Reads "Family:weight=700:width=75:slant=italic" (any of the three, in any order);
  /// `nil` when the text is not of that form or a value is out of range.
  public init?(parsing text: String) {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count >= 2, !parts[0].isEmpty else { return nil }
    self.init(family: String(parts[0]))
    for part in parts.dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { return nil }
      let value = String(pair[1])
      switch pair[0] {
      case "weight":
        guard let number = Int(value) else { return nil }
        weight = number
      case "width":
        guard let number = Double(value) else { return nil }
        width = number
      case "slant":
        guard let parsed = Slant(rawValue: value) else { return nil }
        slant = parsed
      default: return nil
      }
    }
    guard problem == nil else { return nil }
  }

  /// The weights a descriptor, a span and every style entry take (CSS / OpenType).
  static let weights = 1...1000
  /// The widths, in percent of normal, a descriptor and a span take (CSS `font-stretch`).
  static let widths = 50.0...200.0

  /// Why the descriptor cannot be used, if it cannot.
  var problem: String? {
    if family.isEmpty { return "a font descriptor needs a family" }
    let (weights, widths) = (Self.weights, Self.widths)
    if !weights.contains(weight) {
      return "font weight \(weight) is not in \(weights.lowerBound)...\(weights.upperBound)"
    }
    if !(width.isFinite && widths.contains(width)) {
      return "font width \(width)% is not in \(Int(widths.lowerBound))...\(Int(widths.upperBound))"
    }
    return nil
  }

  public var description: String {
    var text = family
    if weight != Self.regular { text += ":weight=\(weight)" }
    if width != 100 { text += ":width=\(width)" }
    if slant != .roman { text += ":slant=\(slant.rawValue)" }
    return text == family ? text + ":weight=\(weight)" : text
  }
}
