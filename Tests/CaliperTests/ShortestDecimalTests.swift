import Foundation
import Testing

@testable import Caliper

/// `ShortestDecimal` writes the decimal with the fewest fraction digits within
/// τ = max(10^-9, |x| · 2^-40) of a value, checked here against Foundation's `Decimal`
/// arithmetic on the value's exact `description` (the independent source).
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
      9_007_199_254_740_992.0.nextUp, 0x1p-40, 0x1p-40.nextDown, -1e-10,
    ]
    for exponent in -42...52 {
      let power = Double(sign: .plus, exponent: exponent, significand: 1)
      values += [power, power.nextUp, power.nextDown, -power, power * 1.5]
    }
    var generator = SeededGenerator(state: 20)
    for _ in 0..<20_000 {
      // Sums of advances as the breaker makes them, in thousandths and in 1/2048 pt.
      var sum = 0.0
      var units = 0.0
      for _ in 0..<Int.random(in: 1...60, using: &generator) {
        sum += Double(Int.random(in: 1...20_000, using: &generator)) / 1000
        units += Double(Int.random(in: 1...2048, using: &generator)) * 16 / 2048
      }
      values += [sum, units, sum * Double(Int.random(in: 1...40, using: &generator)), -sum]
      // Every magnitude the fast path takes, and beyond it.
      let exponent = Double.random(in: -12...17, using: &generator)
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

  static func written(_ value: Double) -> String? {
    var bytes: [UInt8] = []
    guard ShortestDecimal.write(value, to: { bytes.append(contentsOf: $0) }) else {
      #expect(bytes.isEmpty)
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The sums of advances that the issue saw printed as binary noise, and exact values with
  /// more digits, which stay exact.
  static let exactCases: [(Double, String)] = [
    (21.791999999999998, "21.792"), (49.168000000000006, "49.168"),
    (60.65599999999999, "60.656"), (43.583999999999996, "43.584"),
    (933.1840000000002, "933.184"), (130.06399999999996, "130.064"),
    (261.609375, "261.609375"), (41.80859375, "41.80859375"), (0.1 + 0.2, "0.3"),
    (-21.791999999999998, "-21.792"), (21.999999999999996, "22"), (1 / 3, "0.333333333"),
  ]

  @Test(arguments: exactCases)
  func writesTheExactDecimal(value: Double, expected: String) {
    #expect(Self.written(value) == expected)
    #expect(formatNumber(value) == expected)
  }

  @Test func peopleSeeAtLeastTheFractionDigitsAskedFor() {
    #expect(formatNumber(21.791999999999998, minimumFractionDigits: 3) == "21.792")
    #expect(formatNumber(110.32, minimumFractionDigits: 3) == "110.320")
    #expect(formatNumber(120, minimumFractionDigits: 3) == "120.000")
    #expect(formatNumber(261.609375, minimumFractionDigits: 3) == "261.609375")
    #expect(formatNumber(-1e-12, minimumFractionDigits: 3) == "0.000")
    #expect(formatNumber(.infinity, minimumFractionDigits: 3) == "inf")
    // What `print(size)` shows (the README's example prints sizes).
    #expect(Size(width: 110.32, height: 65.37599999999999).description == "110.32 × 65.376")
  }

  @Test func writesTheShortestDecimalWithinTolerance() throws {
    var failures: [String] = []
    var written = 0
    for value in Self.values() where value.isFinite {
      let magnitude = value.magnitude
      let inRange = magnitude >= 0x1p-40 && magnitude < 1e15 && magnitude != magnitude.rounded()
      guard let text = Self.written(value) else {
        if inRange { failures.append("\(value): declined") }
        continue
      }
      written += 1
      // `description` is exact enough: within half a unit in the last place of the value.
      let exact = try #require(Decimal(string: value.description))
      let tolerance = max(1e-9, magnitude * 0x1p-40)
      let slack = value.ulp
      let decimal = try #require(Decimal(string: text))
      let distance = abs(NSDecimalNumber(decimal: decimal - exact).doubleValue)
      if distance > tolerance + slack { failures.append("\(value): \(text) too far") }
      if text.count > value.description.count, !value.description.contains("e") {
        failures.append("\(value): \(text) longer than \(value.description)")
      }
      // No decimal with one fraction digit less is within the tolerance.
      let fraction = text.split(separator: ".").dropFirst().first?.count ?? 0
      guard fraction > 0 else { continue }
      for mode in [NSDecimalNumber.RoundingMode.down, .up] {
        var source = exact
        var shorter = Decimal()
        NSDecimalRound(&shorter, &source, fraction - 1, mode)
        let gap = abs(NSDecimalNumber(decimal: shorter - exact).doubleValue)
        if gap < tolerance - slack { failures.append("\(value): \(shorter) is shorter") }
      }
    }
    #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(20))")
    #expect(written > 100_000)
  }
}
