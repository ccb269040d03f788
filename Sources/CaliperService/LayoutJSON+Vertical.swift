import Caliper

/// The layout JSON of a vertical text node (`TextStyle.writingMode`): its `writingMode` and
/// its `columns`, each `{"text", "x", "y", "width", "height"}` in the layout's coordinates
/// (`width` the column's width, `height` its length, trailing whitespace excluded), in
/// reading order (right to left in vertical-rl), as `caliper measure --json` gives them.
extension LayoutJSON {
  static func columns(_ block: VerticalMeasurement, in frame: Rect, prepared: PreparedText)
    -> [(String, JSONWriter.Value)]
  {
    var pairs: [(String, JSONWriter.Value)] = [
      ("writingMode", .string(prepared.style.writingMode.rawValue)),
      (
        "columns",
        .array(
          block.columns.map { column in
            .object([
              ("text", .string(column.text)), ("x", .number(frame.minX + column.x)),
              ("y", .number(frame.minY + column.y)), ("width", .number(column.width)),
              ("height", .number(column.extent)),
            ])
          })
      ),
    ]
    if block.truncated { pairs.append(("truncated", .bool(true))) }
    return pairs
  }
}
