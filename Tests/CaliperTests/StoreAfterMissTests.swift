import Synchronization
import Testing

@testable import Caliper

/// The store a relayout at a new width makes (`LineBreakCache.Slots.storeFitAfterMiss`,
/// right after `find` missed under the same lock, with no `Vacancy` checked) against the
/// plain array LRU of `LineBreakCacheModelTests`: random sizes looked up and stored on a
/// miss, breakings with lines and line limits stored beside them (so that a size replaces
/// one that kept lines), lookups with and without lines, and emptying; every answer, the
/// count, the bytes charged to the meter against the slots' own count, and that a size
/// stored over lines or a limit dropped them (read from `Slots.keptSlots`, not the detail).
@Suite struct StoreAfterMissTests {
  typealias Model = LineBreakCacheModelTests.Model
  typealias Breaking = LineBreakCacheModelTests.Breaking

  /// Runs `steps` random operations on slots of `capacity` and the model; returns how often
  /// each kind of step the test is meant to reach happened.
  static func run(capacity: Int, seed: UInt64, steps: Int) -> [String: Int] {
    let meter = CostMeter()
    let charged = Mutex(0)
    meter.attach { bytes in charged.withLock { $0 += bytes } }
    var slots = LineBreakCache.Slots(capacity: capacity, clock: 0, meter: meter)
    defer { slots.destroy() }
    var model = Model(capacity: capacity)
    var seen: [String: Int] = [:]
    LineBreakCacheModelTests.Draws.steps(seed: seed, steps) { step, width, choice, draws in
      let id = draws.id
      switch choice {
      case 0..<65:
        // What `PreparedText.sizeOnlyFit(containing:into:)` does under its lock.
        let found = slots.find(width, limit: nil, needsSpans: false).found
        let expected = model.find(width, limit: nil, needsSpans: false)
        #expect(found.map { slots.keys[$0].limits } == expected?.limits, "step \(step)")
        #expect(found.map { slots.details[$0].fit.count } == expected?.id, "step \(step)")
        guard found == nil else {
          seen["hit", default: 0] += 1
          break
        }
        let limits = (width - draws.grid(0...4))..<(width + draws.grid(1...4))
        var fit = LineFit()
        fit.count = id
        if slots.count == capacity, capacity > 0 {
          let last = model.list[capacity - 1]
          let kind = last.hasSpans || last.limit != nil ? "replaced kept" : "replaced size"
          seen[kind, default: 0] += 1
        } else {
          seen["appended", default: 0] += 1
        }
        slots.storeFitAfterMiss(limits, fit)
        model.store(Breaking(limits: limits, id: id, hasSpans: false, limit: nil))
      case 65..<80:
        // Lines, or a line limit, as `LineBreakCache.insert` stores them.
        let breaking = draws.breaking()
        let entry = LineBreakCacheModelTests.entry(breaking)
        let key = LineBreakCache.Key(
          limits: entry.limits, hasSpans: entry.spans != nil, isLimited: entry.limited != nil)
        if let slot = slots.store(key, limit: entry.limit) {
          let detail = LineBreakCache.Detail(
            fit: entry.fit, spans: entry.spans, limited: entry.limited)
          meter.add(detail.byteCount - slots.details[slot].byteCount)
          slots.setDetail(detail, at: slot)
        }
        model.store(breaking)
      case 80..<98:
        let needsSpans = Bool.random(using: &draws.random)
        let found = slots.find(width, limit: nil, needsSpans: needsSpans).found
        let expected = model.find(width, limit: nil, needsSpans: needsSpans)
        #expect(found.map { slots.keys[$0].limits } == expected?.limits, "step \(step)")
        #expect(found.map { slots.details[$0].fit.count } == expected?.id, "step \(step)")
      default:
        meter.add(-slots.linesBytes)
        slots.removeAll()
        model.list.removeAll()
      }
      #expect(slots.count == model.list.count, "step \(step)")
      // A slot's detail keeps lines or a limit exactly where its key says so: a size stored
      // over one that kept them dropped them (`Slots.keptSlots` told the store to).
      for slot in 0..<slots.count {
        let key = slots.keys[slot]
        #expect(
          slots.details[slot].keeps == (key.hasSpans || key.isLimited),
          "step \(step), slot \(slot)")
      }
      #expect(charged.withLock { $0 } == slots.byteCount, "step \(step)")
    }
    return seen
  }

  @Test(arguments: [1, 3, 8])
  func sameAnswersAsAnArrayInOrderOfUse(capacity: Int) {
    for seed: UInt64 in [1, 2, 3] {
      let seen = Self.run(capacity: capacity, seed: seed, steps: 4_000)
      for kind in ["hit", "appended", "replaced size", "replaced kept"] {
        #expect(seen[kind, default: 0] >= 3, "\(kind): \(seen)")
      }
    }
  }

  /// Capacity 0 keeps nothing: the store after a miss stores nothing.
  @Test func capacityZeroKeepsNothing() {
    var slots = LineBreakCache.Slots(capacity: 0, clock: 0, meter: CostMeter())
    defer { slots.destroy() }
    #expect(slots.find(10, limit: nil, needsSpans: false).found == nil)
    slots.storeFitAfterMiss(5..<15, LineFit())
    #expect(slots.count == 0)
    #expect(slots.find(10, limit: nil, needsSpans: false).found == nil)
  }
}
