import CaliperTestSupport
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

  /// `init(_:)` gathers eight flags with one multiply: the same flags as setting each one,
  /// at every count around a word's and a load's edges, and no bit set past the count
  /// (`==` compares whole words).
  @Test func initFromBoolsSetsWhatAFlagByFlagLoopSets() {
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x32F3)
    for count in Array(0...140) + [255, 256, 257, 1000] {
      for round in 0..<8 {
        // All false, all true, then random densities.
        let flags = (0..<count).map { _ in
          round == 0 ? false : round == 1 ? true : Int.random(in: 0..<round, using: &generator) == 0
        }
        var expected = BitArray(repeating: false, count: count)
        for index in flags.indices where flags[index] { expected[index] = true }
        let made = BitArray(flags)
        #expect(made == expected, "count \(count), round \(round)")
        #expect(made.indices.allSatisfy { made[$0] == flags[$0] }, "count \(count)")
      }
    }
  }

  /// `formIntersection` clears what clearing flag by flag clears.
  @Test func formIntersectionClearsWhatAFlagByFlagLoopClears() {
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x32F4)
    for count in Array(0...140) + [255, 256, 257] {
      for _ in 0..<6 {
        var flags = BitArray(repeating: true, count: count)
        for index in 0..<count where Bool.random(using: &generator) { flags[index] = false }
        let other = BitArray((0..<count).map { _ in Bool.random(using: &generator) })
        var expected = flags
        for index in 0..<count where !other[index] { expected[index] = false }
        flags.formIntersection(other)
        #expect(flags == expected, "count \(count)")
      }
    }
  }

  /// Flags made all set equal the same flags made any other way: no bit past the count is
  /// set (`==` compares whole words; the prepared storage keeps a text's grapheme starts
  /// apart only where they differ from its cluster starts, which start all set).
  @Test func allSetEqualsTheSameFlagsMadeOtherwise() {
    for count in Array(0...140) + [255, 256, 257] {
      let made = BitArray(repeating: true, count: count)
      #expect(made == BitArray([Bool](repeating: true, count: count)), "count \(count)")
      var cleared = made
      cleared.formIntersection(BitArray([Bool](repeating: true, count: count)))
      #expect(cleared == made, "count \(count)")
      var set = BitArray(repeating: false, count: count)
      for index in 0..<count { set[index] = true }
      #expect(made == set, "count \(count)")
    }
  }

  /// A prepared text keeps its grapheme starts apart only where some are not cluster starts:
  /// a combining mark's text has none apart (its grapheme starts are its cluster starts),
  /// and "office" has them, its "ffi" one HarfBuzz cluster of three graphemes in Noto Sans.
  @Test func graphemeStartsAreKeptOnlyWhereTheyDifferFromClusterStarts() throws {
    let fonts = try TestFonts.library.get()
    let marked = try fonts.prepare("e\u{301} x")
    #expect(marked.storage.clusterStart[1] == false)
    #expect(marked.storage.graphemeStart.count == 0)
    let ligature = try fonts.prepare("office")
    #expect(ligature.storage.graphemeStart.count == ligature.storage.clusterStart.count)
    #expect(ligature.storage.graphemeStart != ligature.storage.clusterStart)
  }
}
