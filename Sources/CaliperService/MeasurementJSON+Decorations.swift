import Caliper

extension MeasurementJSON {
  /// `,"decorations":[…]` for a text with decorated spans (`PreparedText.decorations(of:)`):
  /// each stroke's `line`, `kind` (underline, overline, line-through), `style`, `color`
  /// (`#rrggbb` or null for the text's), `x`, `y` (its top), `width` and `thickness`; else
  /// nothing.
  package static func decorationFields(
    _ text: PreparedText, _ row: MeasuredRows.Row, into json: inout JSONWriter
  ) {
    guard text.spans.contains(where: { $0.decoration != nil }) else { return }
    json.raw(",")
    json.members([("decorations", decorations(text, row.withLines))])
  }

  /// The strokes of `measurement`'s decorations (`decorationFields`' objects), moved by
  /// `origin` (a layout node's frame origin; zero for a text measured alone).
  package static func decorations(
    _ text: PreparedText, _ measurement: TextMeasurement, origin: Point = .zero
  ) -> JSONWriter.Value {
    let kinds: [(TextDecoration.Lines, String)] = [
      (.underline, "underline"), (.overline, "overline"), (.lineThrough, "line-through"),
    ]
    return .array(
      text.decorations(of: measurement).map { segment in
        let color = segment.color.map { value -> JSONWriter.Value in
          let hex = String(value, radix: 16)
          return .string("#" + String(repeating: "0", count: 6 - hex.count) + hex)
        }
        return .object([
          ("line", .integer(segment.line)),
          ("kind", .string(kinds.first { $0.0 == segment.kind }?.1 ?? "")),
          ("style", .string(segment.style.rawValue)), ("color", color ?? .null),
          ("x", .number(origin.x + segment.rect.minX)),
          ("y", .number(origin.y + segment.rect.minY)),
          ("width", .number(segment.rect.width)), ("thickness", .number(segment.rect.height)),
        ])
      })
  }
}
