import Testing

@testable import Caliper

/// `SlotOrder`, eight slot numbers in one word, against an array of the same numbers under
/// random inserts, removals and moves: every position, every slot's position, the count.
@Suite struct SlotOrderTests {
  @Test func sameAsAnArray() {
    var random = LineBreakCacheModelTests.Generator(state: 42)
    var order = SlotOrder()
    var model: [Int] = []
    var moves = 0
    for step in 0..<20_000 {
      let free = (0..<SlotOrder.capacity).filter { !model.contains($0) }
      switch Int.random(in: 0..<6, using: &random) {
      case 0 where !free.isEmpty:
        let slot = free.randomElement(using: &random)!
        let position = Int.random(in: 0...model.count, using: &random)
        order.insert(slot, at: position)
        model.insert(slot, at: position)
      case 1 where !free.isEmpty:
        let slot = free.randomElement(using: &random)!
        order.pushFront(slot)
        model.insert(slot, at: 0)
      case 2 where !model.isEmpty:
        let position = Int.random(in: 0..<model.count, using: &random)
        order.remove(at: position)
        model.remove(at: position)
      case 3 where !model.isEmpty:
        let position = Int.random(in: 0..<model.count, using: &random)
        order.moveToFront(from: position)
        model.insert(model.remove(at: position), at: 0)
        moves += 1
      case 4 where !model.isEmpty:
        order.moveLastToFront()
        model.insert(model.removeLast(), at: 0)
        moves += 1
      case 5 where Int.random(in: 0..<50, using: &random) == 0:
        order.removeAll()
        model.removeAll()
      default:
        break
      }
      #expect(order.count == model.count, "step \(step)")
      for (position, slot) in model.enumerated() {
        #expect(order[position] == slot, "step \(step)")
      }
      for slot in 0..<SlotOrder.capacity {
        #expect(order.position(of: slot) == model.firstIndex(of: slot), "step \(step), \(slot)")
      }
    }
    #expect(moves > 1_000)
  }
}
