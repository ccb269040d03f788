/// Random strings for the tests that compare a fast path with ICU: `rounds` strings of 1 to
/// `longest` scalars drawn from `taken`, every third from `taken` and `refused` together
/// (the classes the fast path must hand back to ICU), from a seeded generator so that a
/// failure repeats.
enum RandomScalars {
  static func strings(
    rounds: Int, longest: Int, taken: [UInt32], refused: [UInt32], seed: UInt64
  ) -> [[Unicode.Scalar]] {
    var generator = ShortestDecimalTests.SeededGenerator(state: seed)
    return (0..<rounds).map { round in
      let alphabet = round % 3 == 0 ? taken + refused : taken
      return (0..<Int.random(in: 1...longest, using: &generator)).map { _ in
        Unicode.Scalar(alphabet.randomElement(using: &generator)!)!
      }
    }
  }

  /// `count` texts of 1 to `longest` of `pieces` joined, drawn with `generator` (which goes
  /// on from where it was, so that a test can draw other values from it after).
  static func texts(
    of pieces: [String], count: Int, longest: Int,
    using generator: inout ShortestDecimalTests.SeededGenerator
  ) -> [String] {
    (0..<count).map { _ in
      (0..<Int.random(in: 1...longest, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
    }
  }
}
