import Testing

@testable import Caliper

/// Each breaking's range of widths [lo, hi), and the cache that reuses breakings inside it,
/// checked against fresh breakings of an uncached text.
@Suite struct LineBreakRangeTests {
  static let paragraphs: [String] = {
    let corpus =
      (try? String(contentsOfFile: TestFonts.fixtures + "/gatsby-opening.txt", encoding: .utf8))
      ?? ""
    let multilingual =
      (try? String(contentsOfFile: TestFonts.fixtures + "/multilingual-sample.txt", encoding: .utf8))
      ?? ""
    return (corpus + "\n" + multilingual).split(separator: "\n").map(String.init)
      .filter { $0.count > 40 }
  }()

  static func lines(_ measurement: TextMeasurement) -> [Range<Int>] {
    measurement.lines.map(\.range)
  }

  /// Widths inside a reported range give the same lines as a fresh break, whether they
  /// come from the cache (same prepared text) or not (a new one).
  @Test func widthsInsideTheRangeGiveTheSameLines() throws {
    let texts = Array(Self.paragraphs.prefix(120))
    #expect(texts.count == 120)
    var reused = 0
    for text in texts {
      let cached = try TestFonts.prepare(text)
      for width in stride(from: 0.0, through: 600, by: 47) {
        let measured = cached.measure(ProposedViewSize(width: width, height: nil))
        let range = measured.lineBreakRange
        #expect(range.contains(width), "\(width) outside \(range)")
        let upper = range.upperBound.isFinite ? range.upperBound.nextDown : range.lowerBound + 500
        for probe in [max(0, range.lowerBound), (max(0, range.lowerBound) + upper) / 2, upper] {
          let fresh = try TestFonts.prepare(text).measure(
            ProposedViewSize(width: probe, height: nil))
          let again = cached.measure(ProposedViewSize(width: probe, height: nil))
          #expect(Self.lines(fresh) == Self.lines(measured), "\(probe) in \(range)")
          #expect(again.lines == fresh.lines)
          #expect(again.size == fresh.size)
          reused += 1
        }
      }
    }
    #expect(reused > 0)
  }

  /// Just past the top of a range, the lines change (the range is not merely safe but
  /// tight) for the great majority of breakings.
  @Test func rangesAreTight() throws {
    var tight = 0
    var total = 0
    for text in Self.paragraphs.prefix(60) {
      let prepared = try TestFonts.prepare(text)
      for width in stride(from: 80.0, through: 500, by: 61) {
        let measured = prepared.measure(ProposedViewSize(width: width, height: nil))
        guard measured.lineBreakRange.upperBound.isFinite else { continue }
        total += 1
        let above = try TestFonts.prepare(text).measure(
          ProposedViewSize(width: measured.lineBreakRange.upperBound + 1e-3, height: nil))
        if Self.lines(above) != Self.lines(measured) { tight += 1 }
      }
    }
    #expect(total > 100)
    #expect(Double(tight) >= 0.95 * Double(total), "\(tight) of \(total)")
  }

  @Test func cacheIsBoundedAndEmpties() throws {
    let prepared = try TestFonts.prepare(Self.paragraphs[0])
    for width in stride(from: 20.0, through: 400, by: 19) {
      _ = prepared.measure(ProposedViewSize(width: width, height: nil))
    }
    #expect(prepared.breakCache.count == prepared.breakCache.capacity)
    prepared.breakCache.removeAll()
    #expect(prepared.breakCache.count == 0)
    let ideal = prepared.measure(.unspecified)
    #expect(ideal.lineBreakRange.upperBound == .infinity)
    #expect(prepared.breakCache.count == 0)
  }
}
