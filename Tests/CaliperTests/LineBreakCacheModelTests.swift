import Testing

@testable import Caliper

/// The breaking cache against the straightforward program it replaces: a plain array of
/// breakings, the most recently used first, searched from the front and evicted from the
/// back. Random widths and ranges on a coarse grid (so that lookups hit, miss, fall on a
/// range's ends and ranges overlap), size-only entries beside entries with lines and with
/// line limits, stale vacancies, and emptying; every answer and the count compared.
@Suite struct LineBreakCacheModelTests {
  /// One breaking of the model: its range, an identity (its size's line count), whether it
  /// kept lines, and its line limit's line count.
  struct Breaking: Equatable {
    let limits: Range<Double>
    let id: Int
    let hasSpans: Bool
    let limit: Int?
  }

  /// The plain array LRU.
  struct Model {
    let capacity: Int
    var list: [Breaking] = []  // most recently used first

    mutating func find(_ width: Double, limit: Int?, needsSpans: Bool) -> Breaking? {
      guard
        let index = list.firstIndex(where: {
          $0.limits.contains(width) && ($0.hasSpans || !needsSpans) && $0.limit == limit
        })
      else { return nil }
      let found = list.remove(at: index)
      list.insert(found, at: 0)
      return found
    }

    mutating func store(_ breaking: Breaking) {
      if let index = list.firstIndex(where: {
        $0.limits == breaking.limits && $0.limit == breaking.limit
      }) {
        list.remove(at: index)
      } else if list.count == capacity {
        list.removeLast()
      }
      list.insert(breaking, at: 0)
    }
  }

  /// SplitMix64: the same sequence on every run.
  typealias Generator = ShortestDecimalTests.SeededGenerator

  /// What a model test draws at random, from one seeded generator: each step's number
  /// (`id`, the breakings' identity), a width and a choice of operation, and the widths
  /// and breakings an operation needs (also `StoreAfterMissTests`'s).
  struct Draws {
    var random: Generator
    var id = 0

    /// A width on a half-point grid over `range` (in half points): widths that fall on
    /// ranges' ends as often as inside them.
    mutating func grid(_ range: ClosedRange<Int>) -> Double {
      Double(Int.random(in: range, using: &random)) / 2
    }

    /// A breaking with lines, a line limit, both or neither, at a range that may overlap
    /// others.
    mutating func breaking() -> Breaking {
      let lower = grid(0...40)
      return Breaking(
        limits: lower..<(lower + grid(0...6)), id: id,
        hasSpans: Bool.random(using: &random),
        limit: Bool.random(using: &random) ? Int.random(in: 1...2, using: &random) : nil)
    }

    /// `body(step, width, choice)` for `steps` steps, `choice` in 0..<100.
    static func steps(
      seed: UInt64, _ steps: Int, _ body: (Int, Double, Int, inout Draws) -> Void
    ) {
      var draws = Draws(random: Generator(state: seed))
      for step in 0..<steps {
        draws.id += 1
        let width = draws.grid(0...40)
        body(step, width, Int.random(in: 0..<100, using: &draws.random), &draws)
      }
    }
  }

  static func lineLimit(_ lines: Int?) -> LineLimit? {
    guard let lines else { return nil }
    return LineLimit(TextContainerOptions(lineLimit: lines), proposal: .unspecified)
  }

  static func entry(_ breaking: Breaking) -> LineBreakCache.Entry {
    var fit = LineFit()
    fit.count = breaking.id
    let span = LineBreaker.Span(
      start: breaking.id, contentEnd: breaking.id, end: breaking.id, width: 0, emergency: false,
      faces: .empty)
    var entry = LineBreakCache.Entry(
      limits: breaking.limits, fit: fit, spans: breaking.hasSpans ? [span] : nil)
    if let limit = lineLimit(breaking.limit) {
      entry.limited = LineBreakCache.Limited(limit: limit, truncation: nil)
    }
    return entry
  }

  /// Runs `steps` random operations on a cache of `capacity` and the model; returns how
  /// many lookups hit, missed and found a breaking with lines or a limit.
  static func run(capacity: Int, clock: UInt32, seed: UInt64, steps: Int) -> [String: Int] {
    let cache = LineBreakCache(capacity: capacity, clock: clock)
    var model = Model(capacity: capacity)
    var seen: [String: Int] = [:]
    Draws.steps(seed: seed, steps) { step, width, choice, draws in
      let id = draws.id
      switch choice {
      case 0..<60:
        // A size at a width (what every relayout asks), stored where the lookup chose when
        // it missed, sometimes after another store made the vacancy stale.
        let cached = cache.fit(containing: width)
        let expected = model.find(width, limit: nil, needsSpans: false)
        #expect(cached.found?.limits == expected?.limits, "step \(step), width \(width)")
        #expect(cached.found?.fit.count == expected?.id, "step \(step), width \(width)")
        seen[expected == nil ? "miss" : "hit", default: 0] += 1
        guard cached.found == nil else { break }
        // What may come between the lookup and its store: another store, a lookup (a hit
        // reorders the breakings), or emptying.
        switch Int.random(in: 0..<8, using: &draws.random) {
        case 0:
          let other = Breaking(
            limits: width..<(width + draws.grid(1...4)), id: id + 100_000, hasSpans: true,
            limit: nil)
          cache.insert(entry(other))
          model.store(other)
          seen["stale", default: 0] += 1
        case 1:
          let other = draws.grid(0...40)
          let found = cache.entry(containing: other, needsSpans: false)
          let expected = model.find(other, limit: nil, needsSpans: false)
          #expect(found?.limits == expected?.limits, "step \(step), width \(other)")
          if expected != nil { seen["hit between", default: 0] += 1 }
        case 2:
          cache.removeAll()
          model.list.removeAll()
          seen["emptied between", default: 0] += 1
        default:
          break
        }
        let limits = (width - draws.grid(0...4))..<(width + draws.grid(1...4))
        var fit = LineFit()
        fit.count = id
        cache.insertFit(limits, fit, at: cached.vacancy)
        model.store(Breaking(limits: limits, id: id, hasSpans: false, limit: nil))
      case 60..<75:
        // Lines, or a line limit, at a range that may overlap others.
        let breaking = draws.breaking()
        cache.insert(entry(breaking))
        model.store(breaking)
      case 75..<99:
        let limit = Int.random(in: 0...2, using: &draws.random)
        let needsSpans = Bool.random(using: &draws.random)
        let found = cache.entry(
          containing: width, limit: lineLimit(limit == 0 ? nil : limit), needsSpans: needsSpans)
        let expected = model.find(width, limit: limit == 0 ? nil : limit, needsSpans: needsSpans)
        #expect(found?.limits == expected?.limits, "step \(step), width \(width)")
        #expect(found?.fit.count == expected?.id, "step \(step), width \(width)")
        if expected?.hasSpans == true || expected?.limit != nil {
          seen["kept", default: 0] += 1
        }
      default:
        cache.removeAll()
        model.list.removeAll()
      }
      #expect(cache.count == model.list.count, "step \(step)")
    }
    return seen
  }

  @Test(arguments: [1, 3, 8])
  func sameAnswersAsAnArrayInOrderOfUse(capacity: Int) {
    for (seed, clock) in [(1, 0), (2, UInt32.max - 40), (3, 7)] as [(UInt64, UInt32)] {
      let seen = Self.run(capacity: capacity, clock: clock, seed: seed, steps: 4_000)
      // The run reached each case it is meant to check.
      for kind in [
        "hit", "miss", "stale", "kept", "hit between", "emptied between",
      ] {
        #expect(seen[kind, default: 0] >= 3, "\(kind): \(seen)")
      }
    }
  }
}
