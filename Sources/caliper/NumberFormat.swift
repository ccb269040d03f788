/// Aligns the CLI's table columns; the numbers in them come from `formatNumber`, the one
/// formatter for people (`JSONWriter.number` is the one for programs).
enum NumberFormat {
  static func padded(_ text: String, _ width: Int, right: Bool = true) -> String {
    let pad = String(repeating: " ", count: max(0, width - text.count))
    return right ? pad + text : text + pad
  }
}
