/// The shortest decimal within a billionth of a point of a number measuring produced, as
/// ASCII bytes: the one choice of digits behind every number Caliper prints, for people
/// (`formatNumber`) and for programs (the CLI's JSON).
///
/// Problem: sums of advances carry binary rounding error. 16 pt × 1362 units / 1000 is
/// 21.792, but the `Double` a sum of advances gives is 21.791999999999998, and Swift's
/// `description` (the shortest text that reads back as the same `Double`) prints that noise.
/// Three fixed decimals hide it but lose exact values a font gives at other sizes and units
/// per em (DejaVu Sans at 16 pt advances in 1/128 pt: 261.609375), so that measuring again
/// at a width read from the output may not give the same lines. Solution: the decimal with
/// the fewest fraction digits within τ = max(10^-9, |x| · 2^-40) of the value x, the one
/// nearest x among those. τ is far above the error of a sum of advances (a few units in the
/// last place) and far below the breaker's tolerance of 10^-6 pt, so a width read back from
/// the output and proposed again gives the same lines (`RoundTripTests`), and every exact
/// value with up to 8 fraction digits is printed exactly. τ is more than half the gap
/// between neighbouring `Double`s, so the digits are never more than `description`'s.
/// Found exactly with integers: x is m · 2^-s (m the 53-bit significand); for k fraction
/// digits the decimal nearest x is n / 10^k, n = m · 10^k / 2^s rounded, at a distance of
/// |m · 10^k − n · 2^s| / (2^s · 10^k). A decimal with fewer digits is also one with more,
/// so the least k is found by bisection; k = min(10, 19 − whole digits) always suffices. Limitations: magnitudes
/// below 2^-40 or from 10^15 up, and whole numbers, are the caller's (`write` declines them).
package enum ShortestDecimal {
  /// The digits of `value`'s shortest decimal (see the type) as an integer `digits` with
  /// `fractionDigits` of them after the point (sign not included), or nil for a value
  /// outside the range this handles.
  package static func digits(_ value: Double) -> (digits: UInt64, fractionDigits: Int)? {
    let magnitude = value.magnitude
    // Not whole: a round trip through Int (`rounded()` is a call into libm).
    guard magnitude >= 0x1p-40, magnitude < 1e15, Double(Int(magnitude)) != magnitude else {
      return nil
    }
    let significand = UInt128(value.significandBitPattern | 1 << 52)
    let exponent = Int(value.exponentBitPattern) - 1023
    let shift = 52 - exponent
    // At most 10 fraction digits (within 10^-10 / 2 of x) and 19 digits in all (n fits in
    // 64 bits): floor(exponent · log10 2) + 1 (78913 / 2^18 is log10 2 to 6 digits, exact
    // here) is at most the number of whole digits.
    let most = min(10, 18 - (exponent * 78913) >> 18)
    guard value.isNormal, case .near(let found) = test(significand, shift, fractionDigits: most)
    else { return nil }
    var (digits, fractionDigits) = (found, most)
    var low = 0
    while low < fractionDigits {
      let middle = (low + fractionDigits) / 2
      if case .near(let found) = test(significand, shift, fractionDigits: middle) {
        (digits, fractionDigits) = (found, middle)
      } else {
        low = middle + 1
      }
    }
    return (digits, fractionDigits)
  }

  /// Hands `value`'s shortest decimal as ASCII to `body` and returns true, or returns false
  /// without calling `body` when `value` is outside what this writes (see the type).
  package static func write(_ value: Double, to body: (UnsafeBufferPointer<UInt8>) -> Void)
    -> Bool
  {
    guard let (digits, fractionDigits) = digits(value) else { return false }
    spell(digits, fractionDigits: fractionDigits, negative: value < 0 && digits != 0, to: body)
    return true
  }

  /// 10^k for k fraction digits, k ≤ 10.
  private static let powersOfTen: [UInt64] = {
    var powers: [UInt64] = [1]
    for _ in 1...10 { powers.append(powers[powers.count - 1] * 10) }
    return powers
  }()

  private enum Outcome {
    /// n / 10^k is within τ of the value.
    case near(UInt64)
    /// No decimal with k fraction digits is.
    case far
  }

  /// Whether the decimal with `fractionDigits` fraction digits nearest
  /// `significand` · 2^-`shift` is within τ of it (see the type).
  @inline(__always)
  private static func test(_ significand: UInt128, _ shift: Int, fractionDigits: Int)
    -> Outcome
  {
    // Products stay below 2^127: significand < 2^53, 10^k ≤ 10^10 < 2^34, shift ≤ 92.
    let power = UInt128(powersOfTen[fractionDigits])
    let product = significand * power
    let half = UInt128(1) << (shift - 1)
    let remainder = product & (half << 1 &- 1)
    let distance = remainder < half ? remainder : (half << 1) - remainder
    // |x − n / 10^k| = distance / (2^shift · 10^k): within 10^-9, or within |x| · 2^-40
    // (= product · 2^-40 / (2^shift · 10^k); needed only from |x| ≈ 1100 up, shift ≤ 42).
    guard
      distance * 1_000_000_000 <= power << shift || (shift <= 80 && distance << 40 <= product)
    else { return .far }
    return .near(UInt64((product + half) >> shift))
  }

  /// `digits` / 10^`fractionDigits` as `description` spells it: "-" when negative, the
  /// whole part ("0" when there is none), then "." and the fraction digits if there are any.
  private static func spell(
    _ digits: UInt64, fractionDigits: Int, negative: Bool,
    to body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    // Written last digit first, two at a time, into 40 bytes on the stack (at most 10
    // fraction digits, a point, 15 whole digits, a sign).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
      pairs.withUnsafeBufferPointer { pairs in
        var index = buffer.count
        var rest = digits
        func put(_ value: UInt64, count: Int) {
          let pair = Int(truncatingIfNeeded: value) &* 2
          if count == 2 {
            index -= 2
            buffer[index] = pairs[pair]
          } else {
            index -= 1
          }
          buffer[index + count - 1] = pairs[pair + 1]
        }
        var left = fractionDigits
        while left >= 2 {
          put(rest % 100, count: 2)
          rest /= 100
          left -= 2
        }
        if left == 1 {
          put(rest % 10, count: 1)
          rest /= 10
        }
        if fractionDigits > 0 {
          index -= 1
          buffer[index] = UInt8(ascii: ".")
        }
        while rest >= 100 {
          put(rest % 100, count: 2)
          rest /= 100
        }
        put(rest, count: rest >= 10 ? 2 : 1)
        if negative {
          index -= 1
          buffer[index] = UInt8(ascii: "-")
        }
        body(UnsafeBufferPointer(rebasing: buffer[index...]))
      }
    }
  }

  /// "00", "01", … "99": the digits of every number below 100, two bytes each.
  private static let pairs: [UInt8] = (0..<100).flatMap { number in
    [UInt8(ascii: "0") + UInt8(number / 10), UInt8(ascii: "0") + UInt8(number % 10)]
  }
}
