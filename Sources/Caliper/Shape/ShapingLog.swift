#if DEBUG
  import Synchronization

  /// Debug builds only: the HarfBuzz calls made inside `ShapingLog.$current.withValue`, so
  /// that tests can check which pieces drawing shapes (`PreparedGlyphsTests`): the glyphs
  /// are the same either way by HarfBuzz's safe-to-break promise, the calls are not.
  final class ShapingLog: Sendable {
    /// One call of `Shaper.withGlyphs`: the scalars shaped and the context around them.
    struct Call: Hashable, Sendable {
      let range: Range<Int>
      let context: Range<Int>
    }

    @TaskLocal static var current: ShapingLog?

    private let recorded = Mutex<[Call]>([])

    /// The calls so far, in order.
    var calls: [Call] { recorded.withLock { $0 } }

    func record(_ range: Range<Int>, context: Range<Int>) {
      recorded.withLock { $0.append(Call(range: range, context: context)) }
    }
  }
#endif
