/// How a paragraph's lines are set, beyond its characters: tab stops.
///
/// ```swift
/// var style = TextStyle(size: 14)
/// style.paragraph.tabStops = TabStops([40, 120])
/// ```
public struct ParagraphStyle: Sendable, Hashable {
  /// Where tab characters advance to.
  public var tabStops: TabStops

  public init(tabStops: TabStops = TabStops()) {
    self.tabStops = tabStops
  }

  /// The first reason this style cannot be used, if any.
  var problem: String? {
    tabStops.problem
  }
}
