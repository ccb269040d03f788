/// The text Swift's `description` gives a `Double`, as ASCII bytes, for the numbers
/// measuring produces (widths, heights, offsets); nothing for other numbers.
///
/// Problem: `description` (and `write(to:)`) finds the shortest digits that read back as the
/// same `Double` with a general algorithm and hands them on through a generic text stream:
/// about 650 instructions a number, 25 M of the bulk `measure --input … --json` job. Solution:
/// for a value x with 1e-3 <= |x| < 1e15 that is not a whole number, the same digits found
/// exactly with integers. x is m · 2^-s (m the 53-bit significand, s > 0). A decimal reads
/// back as x when it lies closer to x than half the gap 2^-s to the next `Double`. For k
/// fraction digits the decimal nearest x is n / 10^k, with n = m · 10^k / 2^s rounded, and it
/// reads back as x when 2 · |m · 10^k − n · 2^s| < 10^k. A decimal with fewer digits is also
/// one with more, so the shortest is at the least such k (found by bisection), and Swift
/// prints the one nearest x among the shortest: n. In this range every candidate has the
/// same leading digit position, so fewest fraction digits is fewest digits, and
/// `description` spells the value without an exponent. Limitations: where the reading back
/// would hang on a tie (a decimal exactly half-way between two `Double`s, two candidates
/// equally near x) or the gap below x is smaller than above it (m a power of two), nothing
/// is written and the caller formats the value itself; whole numbers and other magnitudes
/// are the caller's too.
package enum ShortestDecimal {
  /// Hands `value`'s `description` as ASCII to `body` and returns true, or returns false
  /// without calling `body` when `value` is outside what this writes (see the type).
  package static func write(_ value: Double, to body: (UnsafeBufferPointer<UInt8>) -> Void)
    -> Bool
  {
    let magnitude = value.magnitude
    // Not whole: a round trip through Int (`rounded()` is a call into libm).
    guard magnitude >= 1e-3, magnitude < 1e15, Double(Int(magnitude)) != magnitude,
      value.significandBitPattern != 0
    else { return false }
    let significand = UInt128(value.significandBitPattern | 1 << 52)
    let exponent = Int(value.exponentBitPattern) - 1023
    let shift = 52 - exponent
    // Enough fraction digits for 17 significant ones, which always read back:
    // floor(exponent · log10 2) + 1 (78913 / 2^18 is log10 2 to 6 digits, exact here) is at
    // most the number of whole digits.
    let wholeDigits = (exponent * 78913) >> 18 + 1
    let most = min(17 - wholeDigits, powersOfTen.count - 1)
    // Measured numbers mostly need all 17 digits (sums of advances) or a few: one test
    // settles the first, bisection the others.
    var fractionDigits = most
    var digits: UInt64
    switch test(significand, shift, fractionDigits: most - 1) {
    case .tie: return false
    case .readsOther:
      guard case .readsBack(let found) = test(significand, shift, fractionDigits: most) else {
        return false
      }
      digits = found
    case .readsBack(let found):
      digits = found
      fractionDigits = most - 1
      var low = 1
      while low < fractionDigits {
        let middle = (low + fractionDigits) / 2
        switch test(significand, shift, fractionDigits: middle) {
        case .readsBack(let found): (digits, fractionDigits) = (found, middle)
        case .readsOther: low = middle + 1
        case .tie: return false
        }
      }
    }
    spell(digits, fractionDigits: fractionDigits, negative: value < 0, to: body)
    return true
  }

  /// 10^k for k fraction digits (10^19 is the largest below 2^64).
  private static let powersOfTen: [UInt64] = {
    var powers: [UInt64] = [1]
    for _ in 1...19 { powers.append(powers[powers.count - 1] * 10) }
    return powers
  }()

  private enum Outcome {
    /// n / 10^k reads back as the value.
    case readsBack(UInt64)
    /// No decimal with k fraction digits reads back as the value.
    case readsOther
    /// The answer hangs on how a tie is broken.
    case tie
  }

  /// Whether the decimal with `fractionDigits` fraction digits nearest
  /// `significand` · 2^-`shift` reads back as it.
  @inline(__always)
  private static func test(_ significand: UInt128, _ shift: Int, fractionDigits: Int)
    -> Outcome
  {
    let power = UInt128(powersOfTen[fractionDigits])
    let product = significand * power
    let half = UInt128(1) << (shift - 1)
    let remainder = product & (half << 1 &- 1)
    let distance = remainder < half ? remainder : (half << 1) - remainder
    guard distance << 1 <= power else { return .readsOther }
    // On the edge of reading back, or two decimals equally near.
    if distance << 1 == power || remainder == half { return .tie }
    return .readsBack(UInt64((product + half) >> shift))
  }

  /// `digits` / 10^`fractionDigits` as `description` spells it: "-" when negative, the
  /// whole part ("0" when there is none), ".", the fraction digits.
  private static func spell(
    _ digits: UInt64, fractionDigits: Int, negative: Bool,
    to body: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    // Written last digit first, two at a time, into 40 bytes on the stack (at most 19
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
        index -= 1
        buffer[index] = UInt8(ascii: ".")
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
