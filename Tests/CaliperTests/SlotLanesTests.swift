import Testing

@testable import Caliper

/// `LineBreakCache.Slots.find` for a size: its first test compares the width with every
/// size-only breaking's range at once as `Float`s (`lowers`, `uppers`), which only turns
/// away widths no range holds; the keys decide. Eight disjoint ranges whose ends no `Float`
/// holds exactly (and one from −∞, one to +∞), and widths one `Double` step and one
/// `Float` step either side of each end, where the `Float`s of width and end are often
/// equal though the `Double`s are not: each width finds the breaking whose range holds it
/// (by a plain `contains`), else nothing.
@Suite struct SlotLanesTests {
  @Test func widthsNextToRangeEndsFindExactlyTheirRange() {
    var slots = LineBreakCache.Slots(capacity: 8, clock: 0, meter: CostMeter())
    defer { slots.destroy() }
    var ranges: [Range<Double>] = (1..<7).map { index in
      let lower = 10 * Double(index) + 1.0 / 3
      return lower..<(lower + 7 + 1.0 / 7)
    }
    ranges.insert(-Double.infinity..<(1.0 / 3), at: 0)
    ranges.append((70 + 1.0 / 3)..<Double.infinity)
    for (index, range) in ranges.enumerated() {
      // Stored as a relayout stores it: right after its lookup missed.
      let probe = range.lowerBound.isFinite ? range.lowerBound : range.upperBound - 1
      #expect(slots.find(probe, limit: nil, needsSpans: false).found == nil)
      var fit = LineFit()
      fit.count = index
      slots.storeFitAfterMiss(range, fit)
    }
    var widths: [Double] = [0, 1e39, -1e39, .greatestFiniteMagnitude]
    for range in ranges {
      for end in [range.lowerBound, range.upperBound] where end.isFinite {
        let floatStep = Double(Float(end).ulp)
        widths += [
          end.nextDown, end, end.nextUp, end - floatStep, end + floatStep, end - floatStep / 2,
          end + floatStep / 2,
        ]
      }
    }
    // The case the lanes must not get wrong is here: a width whose `Float` is a finite end's
    // though the `Double`s differ, on both sides of an end.
    let sameFloat = widths.filter { width in
      ranges.contains { range in
        [range.lowerBound, range.upperBound].contains { end in
          end.isFinite && Float(width) == Float(end) && width != end
        }
      }
    }
    #expect(sameFloat.contains { w in ranges.contains { w < $0.upperBound && w > $0.lowerBound } })
    for width in widths {
      let expected = ranges.firstIndex { $0.contains(width) }
      let found = slots.find(width, limit: nil, needsSpans: false).found
      #expect(found.map { slots.details[$0].fit.count } == expected, "width \(width)")
    }
  }
}
