import Testing

@testable import Caliper

/// `PreparedText.isTrailing` answers the hanging whitespace from a list of Unicode's
/// White_Space characters instead of asking each scalar's property: the same answer as the
/// property for every scalar (no-break spaces aside, which are content).
@Suite struct TrailingWhitespaceTests {
  @Test func everyScalarAsItsProperty() {
    var trailing = 0
    for value in UInt32(0)...0x10_FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let noBreak = value == 0xA0 || value == 0x202F || value == 0x2007
      let expected = !noBreak && scalar.properties.isWhitespace
      #expect(PreparedText.isTrailing(scalar) == expected, "U+\(String(value, radix: 16))")
      if expected { trailing += 1 }
    }
    // White_Space has 25 characters; three are no-break spaces.
    #expect(trailing == 22)
  }
}
