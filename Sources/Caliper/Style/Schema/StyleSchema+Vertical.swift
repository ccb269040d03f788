/// The fields of the style schema for vertical text: `writingMode`, `textOrientation` and
/// `textCombineUpright`, spelled as CSS spells their values.
extension StyleSchema {
  static let verticalFields: [StyleField] = [
    cssField(
      "writingMode", option: "--writing-mode", "writing mode",
      help: "horizontal-tb (default), vertical-rl (columns right to\n"
        + "left) or vertical-lr; vertical text breaks at --height.", \.writingMode),
    cssField(
      "textOrientation", option: "--text-orientation", "text orientation",
      help: "In vertical text: mixed (default: as Unicode's\n"
        + "Vertical_Orientation says), upright or sideways.", \.textOrientation),
    StyleField(
      "textCombineUpright", option: "--text-combine-upright", "<value>", .string,
      [.style, .span],
      help: "In vertical text: none (default), all (each line's text\n"
        + "in one em) or digits 2|3|4 (runs of that many digits or\n"
        + "fewer in one em; digits alone is digits 2)."
    ) { (value, settings) throws(StyleError) in
      let names = TextCombineUpright.allCases.map(\.rawValue)
      let name = try choice(value, "text-combine-upright", names + ["digits"])
      settings.style.textCombineUpright = TextCombineUpright(rawValue: name) ?? .digits2
    },
  ]
}

extension StyleSchema {
  /// Proposed heights: one, or a non-empty list (each a number of points from 0, or
  /// "inf"/"none"/null for an unspecified height).
  static func heights(_ value: JSONValue) throws(StyleError) -> [Double?] {
    let values = list(value)
    guard !values.isEmpty else { throw StyleError("height must be a number, not an empty list") }
    var heights: [Double?] = []
    for (index, item) in values.enumerated() {
      do throws(StyleError) {
        heights.append(try height(item))
      } catch {
        throw StyleError(subpath: isList(value) ? "[\(index)]" : "", error.message)
      }
    }
    return heights
  }

  /// One proposed height.
  static func height(_ value: JSONValue) throws(StyleError) -> Double? {
    if case .string(let text) = value, ["inf", "infinity", "none"].contains(text.lowercased()) {
      return nil
    }
    if value == .null { return nil }
    let height = try number(value, "height", 0...Double.infinity)
    return height.isInfinite ? nil : height
  }
}

extension StyleSettings {
  /// The proposals of `widths` at each proposed height, heights outer: several heights
  /// (`--height 120,200`, `"height": [120, 200]`) only for vertical text, whose columns
  /// break at them. `caliper measure` and `caliper serve` both ask here.
  package func proposals(widths: [Double?]) throws(StyleError) -> [ProposedViewSize] {
    guard heights.count == 1 || style.writingMode.isVertical else {
      throw StyleError(
        key: "height", "several heights need writing mode vertical-rl or vertical-lr")
    }
    return heights.flatMap { height in widths.map { ProposedViewSize(width: $0, height: height) } }
  }
}
