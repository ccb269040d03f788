import Testing

@testable import Caliper

/// `BitArray`'s word-at-a-time operations give what the same operation flag by flag gives.
@Suite struct BitArrayTests {
  @Test func insertComplementSetsWhatAFlagByFlagLoopSets() {
    var generator = SystemRandomNumberGenerator()
    for count in [0, 1, 2, 3, 63, 64, 65, 127, 128, 129, 200] {
      for _ in 0..<20 {
        var flags = BitArray(repeating: false, count: count)
        var other = BitArray(repeating: false, count: count)
        for index in 0..<count {
          flags[index] = Bool.random(using: &generator)
          other[index] = Bool.random(using: &generator)
        }
        let lower = Int.random(in: 0...count, using: &generator)
        let upper = Int.random(in: lower...count, using: &generator)
        var expected = flags
        for index in lower..<upper where !other[index] { expected[index] = true }
        flags.insertComplement(of: other, in: lower..<upper)
        #expect(flags == expected, "count \(count), range \(lower)..<\(upper)")
      }
    }
  }
}
