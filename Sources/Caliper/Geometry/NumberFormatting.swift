/// A number as descriptions, messages and the CLI print it: integers without a fraction,
/// others with up to 3 decimals (242.656, 65.376 for 65.37599999999999), `inf`, `nan`.
package func formatNumber(_ value: Double) -> String {
  if value.isInfinite { return value > 0 ? "inf" : "-inf" }
  if value.isNaN { return "nan" }
  // Thousandths of 1e306 and more are infinite: such a number is said as Swift writes it.
  guard abs(value) < 1e15 else { return String(value) }
  let rounded = (value * 1000).rounded() / 1000
  if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
  var text = String(rounded)
  if let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 4 {
    text = String(text[..<text.index(dot, offsetBy: 4)])
  }
  return text
}
