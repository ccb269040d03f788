/// Where a tab character advances to: explicit stops, then default stops at a regular
/// interval (TextKit's `NSParagraphStyle.tabStops` and `defaultTabInterval`).
///
/// A tab advances the pen to the first stop beyond it, measured from the line's start.
/// Default stops are the multiples of `defaultInterval` beyond the last explicit stop;
/// without an interval, 8 widths of the space of the cascade's first face (as Pango and
/// terminals do).
///
/// ```swift
/// var style = TextStyle()
/// style.paragraph.tabStops = TabStops([40, 120])      // then every 8 spaces
/// style.paragraph.tabStops = TabStops(defaultInterval: 24)
/// ```
public struct TabStops: Sendable, Hashable {
  /// Explicit stops in points from the line's start, ascending.
  public var stops: [Double]
  /// The distance between default stops in points; `nil`: 8 space widths.
  public var defaultInterval: Double?

  public init(_ stops: [Double] = [], defaultInterval: Double? = nil) {
    self.stops = stops
    self.defaultInterval = defaultInterval
  }

  /// How many space widths apart the default stops are when no interval is given.
  public static let spacesPerDefaultStop = 8.0

  /// The first reason these stops cannot be used, if any.
  var problem: String? {
    let limit = ParagraphStyle.longestLength
    if let bad = stops.first(where: { !($0.isFinite && $0 >= 0 && $0 <= limit) }) {
      return "tab stop \(bad) must be a number of points from 0 to \(limit)"
    }
    if stops.count > 10_000 { return "\(stops.count) tab stops are more than 10000" }
    if zip(stops, stops.dropFirst()).contains(where: { $0 >= $1 }) {
      return "tab stops must be strictly ascending (\(stops))"
    }
    if let interval = defaultInterval, !(interval.isFinite && interval >= 0.01 && interval <= limit)
    {
      return "default tab interval \(interval) must be a number of points from 0.01 to \(limit)"
    }
    return nil
  }
}

/// Tab stops in points, ready for the line breaker.
struct ResolvedTabStops: Sendable {
  let stops: [Double]
  let interval: Double

  /// With the default interval taken from `spaceWidth` (points) where none is given.
  init(_ tabs: TabStops, spaceWidth: Double) {
    stops = tabs.stops
    let interval = tabs.defaultInterval ?? TabStops.spacesPerDefaultStop * spaceWidth
    // A face whose space has no width would put every default stop at 0.
    self.interval = interval > 0 ? interval : 1
  }

  /// The first stop beyond `x` (points from the line's start).
  func next(after x: Double) -> Double {
    let tolerance = 1e-9
    // The first explicit stop beyond x, by bisection (up to 10,000 stops, asked per tab).
    var low = 0
    var high = stops.count
    while low < high {
      let middle = (low + high) / 2
      if stops[middle] > x + tolerance { high = middle } else { low = middle + 1 }
    }
    if low < stops.count { return stops[low] }
    let from = max(x, stops.last ?? 0)
    var stop = ((from + tolerance) / interval).rounded(.down) * interval + interval
    if stop <= x + tolerance { stop += interval }
    return stop
  }
}
