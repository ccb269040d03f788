import Testing

@testable import Caliper

/// `ScalarTable` and `FirstFaceTable` keep two scalars that share a slot (the second in the
/// slot's neighbour), so that a text that asks both does not compute their answers again
/// each time; and answer only for the scalar (and generation) an entry was kept for.
///
/// The pairs are the fallback-heavy corpus's: "ع" U+0639 and "宽" U+5BBD share slot 2163
/// of 4,096 (`ScalarTable.slot`: 0x639 × 0x9E3779B1 mod 2^32, shifted right by 20, by hand
/// in Python), as do U+168E, U+30FB and U+4150; U+1051 has the neighbour, 2162.
@Suite struct TwoWayScalarTableTests {
  static let sharing: [UInt32] = [0x639, 0x5BBD, 0x168E, 0x30FB, 0x4150]
  static let neighbour: UInt32 = 0x1051

  @Test func slotsAreAsComputedByHand() {
    let slots = Self.sharing.map { ScalarTable.slot($0, shift: 20) }
    #expect(Set(slots) == [2163])
    #expect(ScalarTable.slot(Self.neighbour, shift: 20) == 2162)
  }

  /// Two scalars of one slot, asked in turn, are each computed once.
  @Test func twoScalarsOfOneSlotAreBothKept() {
    let table = ScalarTable(slotsLog2: 12)
    var computed: [UInt32] = []
    let pair = Self.sharing.prefix(2).map { Unicode.Scalar($0)! }
    for _ in 0..<3 {
      for scalar in pair {
        let answer = table.answer(scalar) { scalar in
          computed.append(scalar.value)
          return UInt8(truncatingIfNeeded: scalar.value)
        }
        #expect(answer == UInt8(truncatingIfNeeded: scalar.value))
      }
    }
    #expect(computed == [0x639, 0x5BBD])
  }

  /// Five scalars of one slot and the neighbour's own, asked in every order for many
  /// rounds: every answer is the scalar's own (never another's kept in the pair), and a
  /// scalar asked again right after its answer was computed is not computed again.
  @Test func crowdedSlotsAnswerOnlyTheirOwnScalars() {
    let table = ScalarTable(slotsLog2: 12)
    let values = Self.sharing + [Self.neighbour]
    var generator = ShortestDecimalTests.SeededGenerator(state: 32)
    var last: UInt32?
    var repeats = 0
    var computedAgain = 0
    for _ in 0..<2_000 {
      let value = values.randomElement(using: &generator)!
      if value == last { repeats += 1 }
      let answer = table.answer(Unicode.Scalar(value)!) { scalar in
        if scalar.value == last { computedAgain += 1 }
        return UInt8(truncatingIfNeeded: scalar.value &* 7)
      }
      #expect(answer == UInt8(truncatingIfNeeded: value &* 7))
      last = value
    }
    #expect(repeats > 100)
    #expect(computedAgain == 0)
  }

  /// The first-face table keeps both scalars of a slot under one generation, and neither
  /// under another.
  @Test func firstFacesOfOneSlotAreBothKept() {
    let table = FirstFaceTable()
    let (one, other) = (Unicode.Scalar(0x639)!, Unicode.Scalar(0x5BBD)!)
    table.setFace(one, 2, facts: 1, generation: 5)
    table.setFace(other, 6, facts: 1 | 64, generation: 5)
    #expect(table.face(one, generation: 5)?.face == 2)
    #expect(table.face(other, generation: 5)?.face == 6)
    #expect(table.face(other, generation: 5).map { Int($0.facts) } == 65)
    #expect(table.face(one, generation: 6) == nil)
    #expect(table.face(other, generation: 6) == nil)
    // Under a new generation the old answers are no one's: a scalar takes its own slot.
    table.setFace(other, 3, facts: 1, generation: 6)
    #expect(table.face(other, generation: 6)?.face == 3)
    // It took its own slot, where `one`'s old answer was.
    #expect(table.face(one, generation: 5) == nil)
    // A third scalar of the full pair: every answer is still the scalar's own or none.
    table.setFace(one, 4, facts: 1, generation: 6)
    table.setFace(Unicode.Scalar(0x168E)!, 5, facts: 1, generation: 6)
    for (value, face) in [(0x639, 4), (0x5BBD, 3), (0x168E, 5)] as [(UInt32, UInt64)] {
      let known = table.face(Unicode.Scalar(value)!, generation: 6)
      #expect(known == nil || known?.face == face, "\(value)")
    }
    #expect(table.face(Unicode.Scalar(0x168E)!, generation: 6)?.face == 5)
  }
}
