import Testing

@testable import Caliper

/// `ShortestDecimal` writes exactly what `Double.description` (the standard library's
/// shortest round-trip digits, the independent source here) writes, or nothing.
@Suite struct ShortestDecimalTests {
  /// SplitMix64: the same values on every run, so that a failure can be repeated.
  struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// The values checked: edges of the range, values next to ties and powers of two, and
  /// random values of every kind measuring makes (sums of advances in 1/1000 pt and in font
  /// units, products of line heights, any magnitude, any bit pattern).
  static func values() -> [Double] {
    var values: [Double] = [
      1e-3, 1e-3.nextUp, 1e-3.nextDown, 1e15, 1e15.nextDown, 1e15.nextUp, 0.1, 0.2, 0.3,
      0.1 + 0.2, 1.5, 2.5, 0.5, 0.25, 0.125, 1 / 3, 2 / 3, 933.1840000000002,
      21.791999999999998, 79.31200000000004, 117.64800000000008, 217.92, 163.648, 110.32,
      4503599627370495.5, 999_999_999_999_999.9, 123_456_789_012_345.6, 0.001234, 9.999e-4,
      .pi, -.pi, .ulpOfOne, 1 + .ulpOfOne, 1 - .ulpOfOne / 2, 2.0.nextDown, 2.0.nextUp,
      .greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude, 0, -0.0,
      .infinity, -.infinity, .nan, 1e16, 1e22, 1e23, 9_007_199_254_740_992,
      9_007_199_254_740_992.0.nextUp,
    ]
    for exponent in -12...52 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [power, power.nextUp, power.nextDown, -power, power * 1.5]
    }
    var generator = SeededGenerator(state: 20)
    for _ in 0..<40_000 {
      // Sums of advances as the breaker makes them, in thousandths and in 1/2048 pt.
      var sum = 0.0
      var units = 0.0
      for _ in 0..<Int.random(in: 1...60, using: &generator) {
        sum += Double(Int.random(in: 1...20_000, using: &generator)) / 1000
        units += Double(Int.random(in: 1...2048, using: &generator)) * 16 / 2048
      }
      values += [sum, units, sum * Double(Int.random(in: 1...40, using: &generator)), -sum]
      // Every magnitude the fast path takes, and beyond it.
      let exponent = Double.random(in: -5...17, using: &generator)
      values.append(Double.random(in: 1...10, using: &generator) * pow10(exponent))
      // Short decimals: n / 10^k.
      let digits = Double(UInt64.random(in: 1...999_999_999, using: &generator))
      values.append(digits / pow10(Double(Int.random(in: 1...12, using: &generator))))
      // Any bit pattern, and any value of a random binade near 1.
      values.append(Double(bitPattern: generator.next()))
      values.append(Double(bitPattern: 0x3FF0_0000_0000_0000 | generator.next() >> 12))
    }
    return values
  }

  static func pow10(_ exponent: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(exponent.magnitude) { result *= 10 }
    return exponent < 0 ? 1 / result : result
  }

  @Test func writesWhatDescriptionWritesOrNothing() {
    var mismatches: [String] = []
    var written = 0
    var inRange = 0
    for value in Self.values() {
      var bytes: [UInt8] = [UInt8(ascii: "x")]
      let wrote = ShortestDecimal.write(value) { bytes.append(contentsOf: $0) }
      let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
      if wrote {
        written += 1
        if text != value.description { mismatches.append("\(value.description): \(text)") }
      } else if bytes.count != 1 {
        mismatches.append("\(value.description): declined but wrote \(text)")
      }
      let magnitude = value.magnitude
      if magnitude >= 1e-3, magnitude < 1e15, magnitude != magnitude.rounded() {
        inRange += 1
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) differ: \(mismatches.prefix(20))")
    // The test checks the fast path, not the fallback: nearly every value in its range
    // is written (ties and powers of two are declined).
    #expect(written > inRange * 99 / 100, "\(written) written of \(inRange)")
  }
}
