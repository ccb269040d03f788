import CPrefetch
import Synchronization

/// Break lines: greedy line filling at a width, as arithmetic over prepared segments.
///
/// Problem: layout asks for the same text at many widths; reshaping per width is slow.
/// Solution: a scan over `PreparedText`'s segments adding their widths; a segment that does
/// not fit starts a new line; a word wider than the width on a line of its own is broken at
/// grapheme boundaries (no hyphen), also inside a HarfBuzz cluster of several graphemes
/// (the "fi" ligature), whose sides are then reshaped on their own as Pango does. A line that
/// ends at a soft hyphen (U+00AD) shows a hyphen whose width counts on that line, so such a
/// break is taken only where the hyphen fits too (`SoftHyphen.swift`). Where a line
/// edge falls where HarfBuzz marks breaking unsafe, the stretch from that edge to the
/// nearest safe offset is reshaped (`LineWidths.width`), so that the line's width is the
/// width it has when drawn. Limitation: greedy, not optimal-fit (like SwiftUI,
/// TextKit and Pango).
///
/// Every decision the scan makes is a `fits` test, so the scan also records the range of
/// limits [lo, hi) for which every test would come out the same: any limit in it gives the
/// same lines, and a caller can reuse them.
struct LineBreaker {
  /// The width lines must fit in (`.infinity` for none).
  let limit: Double
  /// Limits for which every `fits` test so far gives the same answer: [lowest, highest).
  var lowest = -Double.infinity
  var highest = Double.infinity
  var validLimits: Range<Double> { lowest..<highest }
  /// The indent of the line being filled (`LineWidths.indent(atLineStart:)`): every
  /// width `fits` tests is measured from it.
  var indent = 0.0
  /// Whether plain texts take the search for each line's end (`LineBreaker+Plain.swift`);
  /// off, they take the general scan (tests compare the two).
  var searchesPlainLines = true
  /// Where plain texts' lines end (`PlainLineIndex`), when the text has one made: the
  /// search for each line's end starts from it.
  var plainIndex: UnsafePointer<PlainLineIndex>? = nil

  /// The text is passed to each scan rather than stored: a stored copy would retain each of
  /// its arrays on every breaking.
  init(limit: Double) {
    self.limit = limit
  }

  /// Sums of fractional advances carry rounding error: a line this much wider still fits.
  /// (Defined in C, where the relayout's copy in one cache line reads it too:
  /// `RelayoutConstants`.)
  static let tolerance: Double = CALIPER_LINE_TOLERANCE

  struct Span: Equatable {
    var start: Int
    var contentEnd: Int
    var end: Int
    var width: Double
    var emergency: Bool
    /// Whether the line ends at a soft hyphen and shows a hyphen (counted in `width`).
    var hyphen: Bool = false
    /// The faces used on the line (trailing whitespace included).
    var faces: FaceMask
    /// The line's vertical metrics: the union over its faces.
    var metrics: LineMetrics = .zero
    /// Where the line starts: the paragraph's first-line or head indent.
    var indent = 0.0
  }

  /// `width ≤ limit + tolerance`, narrowing `validLimits` to the limits with the same answer.
  @inline(__always)
  mutating func fits(_ width: Double) -> Bool {
    let threshold = width + indent - Self.tolerance
    if limit >= threshold {
      // `max(lowest, threshold)` as the one instruction it is for numbers (`maxsd`): both
      // are here (a NaN fits no limit; `lowest` starts at −∞ and takes only numbers), and
      // for equal ones both forms take `threshold`. `max` took six, `lowest` in memory.
      lowest = lowest > threshold ? lowest : threshold
      return true
    }
    highest = min(highest, threshold)
    return false
  }

  /// Whether the first segment of a line, start..<contentEnd and `width` wide, fits. A
  /// segment that may not be broken (CSS `overflow-wrap: normal`, or one grapheme cluster)
  /// is the line whether it fits or overflows, so its test narrows nothing: `validLimits`
  /// (and `TextMeasurement.tightWidth`) then reach the widths where it overflows, as its
  /// lines are the same there.
  @inline(__always)
  mutating func fitsAlone(
    _ width: Double, _ widths: LineWidths, from start: Int, to contentEnd: Int
  ) -> Bool {
    isBreakable(widths, from: start, to: contentEnd) ? fits(width) : true
  }

  /// Whether `width` fits, as `fits` says, without narrowing `validLimits`: for probes whose
  /// answers a later `fits` accounts for.
  @inline(__always)
  func fitsAt(_ width: Double) -> Bool {
    Self.fits(width, indent: indent, limit: limit)
  }

  /// Whether a line `width` wide from `indent` fits `limit`, within `tolerance`: the one
  /// rule `fitsAt` (so `fits`) and the greedy line count (`GreedyLines(plain:…)`) test by.
  @inline(__always)
  static func fits(_ width: Double, indent: Double, limit: Double) -> Bool {
    limit >= width + indent - tolerance
  }

  /// Measures the next `fits` tests from `indent`: for a line filled outside the scan (a
  /// truncated last line).
  mutating func measure(fromIndent indent: Double) {
    self.indent = indent
  }

  /// Narrows `validLimits` to `range`: for lines known to hold only there.
  mutating func narrow(to range: Range<Double>) {
    lowest = max(lowest, range.lowerBound)
    highest = min(highest, range.upperBound)
  }

  /// The lines, as spans.
  mutating func breakLines(_ widths: LineWidths) -> [Span] {
    var spans: [Span] = []
    breakLines(widths, into: &spans)
    return spans
  }

  /// Breaks the lines, handing each to `sink` in order: one scan over the segments, no
  /// shaping but at unsafe line edges, and no allocation but the sink's own.
  mutating func breakLines<Sink: LineSink>(_ widths: LineWidths, into sink: inout Sink) {
    #if DEBUG
      // Counted for tests only: an atomic add on every relayout costs release builds ~4 %.
      widths.text.breakCache.scans.add(1, ordering: .relaxed)
    #endif
    // The scan reads the segments and prefix sums through buffer pointers: no bounds check
    // and no retain per segment (relayout at a new width is this loop; see RESULTS.md).
    widths.text.segments.withUnsafeBufferPointer { segments in
      widths.text.prefix.withUnsafeBufferPointer { prefix in
        Self.prefetch(segments)
        Self.prefetch(prefix)
        // A plain text's lines of whole segments are each one search (`breakPlainLines`),
        // with their metrics worked out once; the general scan takes over only at a segment
        // wider than the line on a line of its own, and comes back at the next line.
        var plainMetrics = widths.text.lineBreaks.plainLineMetrics
        var first = 0
        if searchesPlainLines, widths.text.storage.breakFacts.contains(.plainLines) {
          first = breakPlainLines(
            widths, segments: segments, prefix: prefix, from: 0, metrics: &plainMetrics,
            into: &sink)
          if first == segments.count || sink.isFull { return }
        }
        breakLines(
          widths, segments: segments, prefix: prefix, from: first, plainMetrics: plainMetrics,
          into: &sink)
      }
    }
  }

  /// Asks for the cache lines of `buffer` (its first `limit` bytes): a text relaid out after other
  /// work finds its segments and prefix sums out of the CPU caches, and the search for
  /// each line's end reads them one probe at a time, each waiting for the last; fetched
  /// together first, the misses overlap (RESULTS.md, relayout).
  /// Four hints a step: the loop's own instructions were most of the hints' cost (a hint
  /// past the buffer's end, up to three lines, is harmless: a prefetch never faults).
  @inline(__always)
  static func prefetch<Element>(_ buffer: UnsafeBufferPointer<Element>, limit: Int = 4096) {
    guard let base = buffer.baseAddress else { return }
    let bytes = min(buffer.count * MemoryLayout<Element>.stride, limit)
    let raw = UnsafeRawPointer(base)
    var offset = 0
    while offset < bytes {
      caliper_prefetch(raw + offset)
      caliper_prefetch(raw + (offset + 64))
      caliper_prefetch(raw + (offset + 128))
      caliper_prefetch(raw + (offset + 192))
      offset &+= 256  // below `bytes` + 256: no overflow
    }
  }
}
