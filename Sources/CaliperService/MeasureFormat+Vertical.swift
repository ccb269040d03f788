import Caliper

extension MeasureFormat {
  /// The JSON keys of what this format and `style` ask for that vertical text does not
  /// answer yet (character rects and points, ink boxes, a trimmed line box), in the order
  /// `caliper measure` and `serve` name them; empty for horizontal text. Both refuse such a
  /// request rather than answer it as if the text were horizontal.
  package func unavailableForVertical(_ style: TextStyle) -> [String] {
    guard style.writingMode.isVertical else { return [] }
    var keys: [String] = []
    if rects != nil { keys.append("rects") }
    if !points.isEmpty { keys.append("points") }
    if ink { keys.append("ink") }
    if style.paragraph.textBoxTrim != .none { keys.append("textBoxTrim") }
    return keys
  }
}
