/// Short human summaries of layout results: the root's size and how many views were shown.

extension LayoutResult: CustomStringConvertible {
  /// "300 × 120 pt, 7 views at width 300".
  public var description: String {
    let width = proposal.width.map { "width " + formatNumber($0) } ?? "the ideal width"
    return
      "\(formatNumber(size.width)) × \(formatNumber(size.height)) pt, \(nodes.count) "
      + "view\(nodes.count == 1 ? "" : "s") at \(width)"
  }
}

extension LayoutOutcome: CustomStringConvertible {
  /// "stable after 2 passes: 300 × 120 pt, 7 views at width 300", or
  /// "loop on badgeWidth after 8 passes: …" when the observations never settled.
  public var description: String {
    let passCount = "\(passes.count) pass\(passes.count == 1 ? "" : "es")"
    let verdict =
      loop.map { "loop on \($0.keys.joined(separator: ", ")) after \(passCount)" }
      ?? "stable after \(passCount)"
    return verdict + (passes.isEmpty ? "" : ": \(result)")
  }
}
