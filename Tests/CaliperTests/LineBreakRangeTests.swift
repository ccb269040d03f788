import Testing

@testable import Caliper

/// Each breaking's range of widths [lo, hi), and the cache that reuses breakings inside it,
/// checked against fresh breakings of an uncached text.
@Suite struct LineBreakRangeTests {
  static let paragraphs = TestFonts.paragraphs

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

  /// Least recently used out, also across the wrap of the cache's 32-bit change counter
  /// (what tells a lookup's vacancy still good): the order of use is kept apart from it, so
  /// the breaking used last stays and the one unused longest goes.
  @Test func leastRecentlyUsedGoesAcrossTheClocksWrap() {
    for start in [0, UInt32.max - 5] {
      let cache = LineBreakCache(capacity: 8, clock: start)
      func store(_ lower: Double) {
        let vacancy = cache.fit(containing: lower).vacancy
        var fit = LineFit()
        fit.count = Int(lower)
        cache.insertFit(lower..<(lower + 1), fit, at: vacancy)
      }
      for lower in 0..<8 { store(Double(lower)) }
      #expect(cache.count == 8)
      // Used again, 0 becomes the most recent; 1 is now the least recently used.
      #expect(cache.fit(containing: 0.5).found?.fit.count == 0)
      store(8)
      #expect(cache.fit(containing: 1.5).found == nil, "clock from \(start)")
      for lower in [0, 2, 3, 4, 5, 6, 7, 8] {
        #expect(cache.fit(containing: Double(lower) + 0.5).found?.fit.count == lower)
      }
    }
  }

  /// The cache's buffers grow as an array does (two, then doubling) up to any capacity:
  /// what was stored survives each growth, lines included, and once full the least
  /// recently used goes; emptied, it fills again in the same buffers.
  @Test func cacheBuffersGrowToAnyCapacity() {
    func entry(_ lower: Int) -> LineBreakCache.Entry {
      var fit = LineFit()
      fit.count = lower
      let span = LineBreaker.Span(
        start: lower, contentEnd: lower, end: lower, width: Double(lower), emergency: false,
        faces: .empty)
      let limits = Double(lower)..<Double(lower + 1)
      return LineBreakCache.Entry(limits: limits, fit: fit, spans: [span])
    }
    for capacity in [1, 3, 5] {
      let cache = LineBreakCache(capacity: capacity)
      for round in 0..<2 {
        for lower in 0..<capacity { cache.insert(entry(lower)) }
        #expect(cache.count == capacity)
        // Each found with its lines, in order: 0 is now the least recently used.
        for lower in 0..<capacity {
          let hit = cache.entry(containing: Double(lower) + 0.5, needsSpans: true)
          #expect(hit?.fit.count == lower, "capacity \(capacity), round \(round)")
          #expect(hit?.spans?.first?.start == lower)
        }
        cache.insert(entry(capacity))
        #expect(cache.count == capacity)
        #expect(cache.entry(containing: 0.5, needsSpans: false) == nil)
        let newest = cache.entry(containing: Double(capacity) + 0.5, needsSpans: true)
        #expect(newest?.spans?.first?.start == capacity)
        cache.removeAll()
        #expect(cache.count == 0)
      }
    }
  }
}

/// `sizeThatFits` is `measure` without the lines: the same size, line count and range, bit
/// for bit, whether it breaks first or reuses a breaking `measure` made (and the reverse).
@Suite struct SizeThatFitsTests {
  @Test func sameSizeAsMeasure() throws {
    var compared = 0
    for text in LineBreakRangeTests.paragraphs.prefix(80) {
      let sizing = try TestFonts.prepare(text)
      let measuring = try TestFonts.prepare(text)
      let widths: [Double] = [0, 35, 80, 120, 180, 240, 300.5, 480, 960, .infinity, .nan, -5]
      for width in widths {
        let proposal = ProposedViewSize(width: width, height: nil)
        let fit = sizing.sizeThatFits(proposal)
        let measured = measuring.measure(proposal)
        #expect(fit.size == measured.size, "\(width)")
        #expect(fit.lineCount == measured.lineCount)
        #expect(fit.lineBreakRange == measured.lineBreakRange)
        // Each now answers from the other's kind of cache entry.
        // (Fields, not whole values: a NaN proposal is not equal to itself.)
        let again = sizing.measure(proposal)
        #expect(again.lines == measured.lines && again.size == measured.size)
        let refit = measuring.sizeThatFits(proposal)
        #expect(refit.size == fit.size && refit.lineBreakRange == fit.lineBreakRange)
        compared += 1
      }
    }
    #expect(compared == 80 * 12)
  }

  /// NaN and negative widths measure as width 0: one word (or cluster) per line.
  @Test func nanAndNegativeWidthsAreZero() throws {
    let text = try TestFonts.prepare("Blue tile with a longer local label")
    let zero = text.measure(ProposedViewSize(width: 0, height: nil))
    #expect(zero.lineCount > 1)
    for width in [Double.nan, -1, -Double.infinity] {
      #expect(text.measure(ProposedViewSize(width: width, height: nil)).lines == zero.lines)
      #expect(text.sizeThatFits(ProposedViewSize(width: width, height: nil)).size == zero.size)
    }
  }

  @Test func paddingAndInsetsCountAsInMeasure() throws {
    let text = try TestFonts.prepare(LineBreakRangeTests.paragraphs[3])
    let options = TextContainerOptions(
      lineFragmentPadding: 5, textContainerInset: Size(width: 3, height: 2))
    for width in [90.0, 200, 333] {
      let proposal = ProposedViewSize(width: width, height: nil)
      let measured = text.measure(proposal, options: options)
      #expect(text.sizeThatFits(proposal, options: options).size == measured.size)
      #expect(measured.size.width <= width)
    }
  }
}
