/// The walk both XLIFF readers share: units inside nested groups, each group's limits
/// passed down over its parent's.
extension XMLElement {
  /// Hands `body` each element named `unit` in this element and its `group`s (at any
  /// depth) that is not marked `translate="no"`, with the limit its groups pass down:
  /// `limit` here, and `limits(group, outer)` inside each group. XLIFF 1.2's `trans-unit`
  /// and 2.0's `unit` nest in groups alike.
  func xliffUnits(
    named unit: String, limit: StringLimit,
    limits: (XMLElement, StringLimit) throws(CatalogError) -> StringLimit,
    _ body: (XMLElement, StringLimit) throws(CatalogError) -> Void
  ) throws(CatalogError) {
    for element in elements {
      if element.name == "group" {
        try element.xliffUnits(
          named: unit, limit: try limits(element, limit), limits: limits, body)
      } else if element.name == unit, element.attribute("translate") != "no" {
        try body(element, limit)
      }
    }
  }
}
