extension JSONReader {
  /// A number or an expression over state (text such as "state.badgeWidth + 16").
  func expression() throws(LayoutError) -> Expression {
    switch value {
    case .number(let number):
      guard number >= 0 else {
        throw error("negative size \(formatNumber(number)): sizes are numbers ≥ 0")
      }
      return .number(number + 0)
    case .bool(let bool): return .bool(bool)
    case .string(let text):
      do {
        return try Expression(parsing: text)
      } catch {
        throw self.error(error.message)
      }
    default:
      throw error("expected a number or an expression, found \(value.kindDescription)")
    }
  }
}
