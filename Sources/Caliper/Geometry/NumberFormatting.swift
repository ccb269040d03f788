/// A number as people read it in tables, descriptions and messages: the shortest decimal
/// within a billionth of a point of the value (`ShortestDecimal`: 21.792, not
/// 21.791999999999998; 261.609375, not 261.609), whole numbers without a fraction, `inf`,
/// `-inf`, `nan`, never "-0".
///
/// - Parameters:
///   - value: the number.
///   - minimumFractionDigits: zeros appended to reach this many fraction digits, so that a
///     table's column reads 110.320 above 43.584 (the digits are never cut to it).
package func formatNumber(_ value: Double, minimumFractionDigits: Int) -> String {
  if value.isInfinite { return value > 0 ? "inf" : "-inf" }
  if value.isNaN { return "nan" }
  var text: String
  var fractionDigits = 0
  if value.magnitude < 0x1p-40 {
    text = "0"
  } else if value.magnitude < 1e15, Double(Int(value)) == value {
    text = String(Int(value))
  } else if let found = ShortestDecimal.digits(value) {
    fractionDigits = found.fractionDigits
    text = ""
    _ = ShortestDecimal.write(value) { text = String(decoding: $0, as: UTF8.self) }
  } else {
    return String(value)
  }
  guard fractionDigits < minimumFractionDigits else { return text }
  if fractionDigits == 0 { text += "." }
  return text + String(repeating: "0", count: minimumFractionDigits - fractionDigits)
}

/// `formatNumber(_:minimumFractionDigits:)` with no fraction digits added: 110.32, 16, inf.
package func formatNumber(_ value: Double) -> String {
  formatNumber(value, minimumFractionDigits: 0)
}

/// "110.32 × 65.376": what `print(size)` shows, in the people's digits (not the
/// `Double`s' 65.37599999999999).
extension Size: CustomStringConvertible {
  public var description: String { "\(formatNumber(width)) × \(formatNumber(height))" }
}
