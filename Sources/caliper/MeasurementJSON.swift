import Caliper

/// The result schema of `caliper measure --json` and `caliper serve` (documented in Caliper.docc/CommandLine.md): one
/// encoder, so that the two commands can never disagree.
enum MeasurementJSON {
  /// The lossy steps taken on the way to a result, each a count (0 when nothing was lost),
  /// reported as the result's `lossy` object. Add a count here to report a new step.
  struct Lossy {
    /// Invalid UTF-8 sequences replaced by U+FFFD.
    var invalidUTF8 = 0
    /// Clusters drawn with `.notdef` (`PreparedText.missingGlyphCount`).
    var missingGlyphs = 0
    /// Advances a broken font made negative, set to 0 (`PreparedText.clampedAdvanceCount`).
    var clampedAdvances = 0

    var value: JSONWriter.Value {
      .object([
        ("invalidUTF8", .integer(invalidUTF8)), ("missingGlyphs", .integer(missingGlyphs)),
        ("clampedAdvances", .integer(clampedAdvances)),
      ])
    }
  }

  /// One result object, written to `sink` in pieces as it is made: the text's fields, then
  /// each row (asked for one at a time) and its lines, as they are made, in blocks of at
  /// most `linesPerPiece`. A caller that writes each piece out holds one line at a time,
  /// not the whole answer (10 MB of prose at width 100 is 243 MB of JSON).
  ///
  /// - Parameters:
  ///   - leading: members placed before the result's own (serve's `id`).
  static func write(
    _ rows: MeasuredRows, lossy: Lossy = Lossy(), leading: [(String, JSONWriter.Value)] = [],
    to sink: (String) -> Void
  ) {
    let format = rows.format
    sink(
      opening(header(rows.text, format: format, lossy: lossy, leading: leading))
        + ",\"results\":[")
    for index in 0..<rows.count {
      var piece = index > 0 ? "," : ""
      piece += opening(result(rows.measurement(index), lines: false))
      piece += characterFields(rows, index)
      guard format.lines else {
        sink(piece + "}")
        continue
      }
      piece += ",\"lines\":["
      var first = true
      rows.lines(index) { line in
        if !first { piece += "," }
        first = false
        piece += JSONWriter.encode(self.line(line))
        if piece.utf8.count >= linesPerPiece {
          sink(piece)
          piece = ""
        }
      }
      sink(piece + "]}")
    }
    sink("]}")
  }

  /// `,"rects":[…],"carets":[…]` for `format.rects`, `,"characterIndexes":[…]` for
  /// `format.points` and `,"placeholders":[…]` for a text with inline placeholders
  /// (`CharacterGeometry`), or nothing.
  static func characterFields(_ rows: MeasuredRows, _ index: Int) -> String {
    let format = rows.format
    let text = rows.text
    let hasPlaceholders = text.spans.contains { $0.placeholder != nil }
    guard format.rects != nil || !format.points.isEmpty || hasPlaceholders else { return "" }
    // The row measured with its lines, held while its characters are placed.
    let geometry = text.characterGeometry(
      of: text.measure(rows.proposals[index], options: rows.options))
    var pairs: [(String, JSONWriter.Value)] = []
    if let asked = format.rects {
      let count = text.string.unicodeScalars.count
      let range = min(asked.lowerBound, count)..<min(asked.upperBound, count)
      pairs.append(("rects", .array(geometry.rects(for: range).map(rect))))
      let carets = [range.lowerBound, range.upperBound].map { offset -> JSONWriter.Value in
        guard let caret = geometry.caret(at: offset) else { return .null }
        return .object([
          ("offset", .integer(offset)), ("x", .number(caret.x)), ("y", .number(caret.y)),
          ("height", .number(caret.height)), ("line", .integer(caret.line)),
        ])
      }
      pairs.append(("carets", .array(carets)))
    }
    if !format.points.isEmpty {
      pairs.append(
        (
          "characterIndexes",
          .array(format.points.map { .integer(geometry.characterIndex(for: $0)) })
        ))
    }
    if hasPlaceholders {
      pairs.append(("placeholders", .array(geometry.placeholders.map { placeholder($0) })))
    }
    return "," + String(JSONWriter.encode(.object(pairs)).dropFirst().dropLast())
  }

  /// A placeholder's `{"start", "end", "label", "line", "x", "y", "width", "height"}`, its
  /// rect moved by `origin` (a layout node's top left).
  static func placeholder(_ placed: PlaceholderRect, origin: Point = .zero) -> JSONWriter.Value {
    let moved = Rect(
      x: origin.x + placed.rect.minX, y: origin.y + placed.rect.minY, width: placed.rect.width,
      height: placed.rect.height)
    guard case .object(let box) = rect(moved) else { return .null }
    return .object(
      [
        ("start", .integer(placed.range.lowerBound)), ("end", .integer(placed.range.upperBound)),
        ("label", placed.label.map { .string($0) } ?? .null), ("line", .integer(placed.line)),
      ] + box)
  }

  static func rect(_ rect: Rect) -> JSONWriter.Value {
    .object([
      ("x", .number(rect.minX)), ("y", .number(rect.minY)), ("width", .number(rect.width)),
      ("height", .number(rect.height)),
    ])
  }

  /// How many bytes of lines `write` gathers before handing them on.
  static let linesPerPiece = 1 << 16

  /// An object's JSON without its closing brace, for members to follow.
  private static func opening(_ object: JSONWriter.Value) -> String {
    String(JSONWriter.encode(object).dropLast())
  }

  /// The members before `results`: the text, its size, faces, what was lost, the ideal
  /// size and the min width.
  static func header(
    _ text: PreparedText, format: MeasureFormat, lossy: Lossy,
    leading: [(String, JSONWriter.Value)]
  ) -> JSONWriter.Value {
    var lossy = lossy
    lossy.missingGlyphs = text.missingGlyphCount
    lossy.clampedAdvances = text.clampedAdvanceCount
    let ideal = text.sizeThatFits(.unspecified)
    let idealSize = format.scale.map { ideal.size.rounded(toScale: $0) } ?? ideal.size
    return .object(
      leading + [
        ("text", .string(text.string)),
        ("size", .number(text.style.size)),
        ("faces", .array(text.faces.map { .string($0.path) })),
        ("missing", .array(text.missing.map { .string(codePoint($0)) })),
        ("lossy", lossy.value),
        (
          "ideal",
          .object([
            ("width", .number(idealSize.width)), ("height", .number(idealSize.height)),
            ("lineCount", .integer(ideal.lineCount)),
          ])
        ),
        ("minWidth", .number(text.minWidth)),
      ])
  }

  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  static func result(_ measurement: TextMeasurement, lines: Bool) -> JSONWriter.Value {
    var pairs: [(String, JSONWriter.Value)] = [
      ("proposal", .object([("width", measurement.proposal.width.map { .number($0) } ?? .null)])),
      (
        "size",
        .object([
          ("width", .number(measurement.size.width)), ("height", .number(measurement.size.height)),
        ])
      ),
      ("lineCount", .integer(measurement.lineCount)),
      (
        "usedRect",
        .object([
          ("x", .number(measurement.usedRect.minX)), ("y", .number(measurement.usedRect.minY)),
          ("width", .number(measurement.usedRect.width)),
          ("height", .number(measurement.usedRect.height)),
        ])
      ),
    ]
    pairs += truncationFields(measurement)
    if lines {
      pairs.append(("lines", .array(measurement.lines.map(line))))
    }
    return .object(pairs)
  }

  /// The line-limit fields of a result: `truncated` and `hiddenRange` (null or
  /// `{"start", "end"}` in Unicode scalars).
  static func truncationFields(_ measurement: TextMeasurement) -> [(String, JSONWriter.Value)] {
    let hidden: JSONWriter.Value =
      measurement.hiddenRange.map {
        .object([("start", .integer($0.lowerBound)), ("end", .integer($0.upperBound))])
      } ?? .null
    return [("truncated", .bool(measurement.hiddenRange != nil)), ("hiddenRange", hidden)]
  }

  /// The alignment and soft-hyphen fields of a line: `x`, `justification`, `hyphen`.
  static func placementFields(_ line: Line) -> [(String, JSONWriter.Value)] {
    [
      ("x", .number(line.x)), ("justification", .number(line.justification)),
      ("hyphen", .bool(line.endsWithHyphen)),
    ]
  }

  static func line(_ line: Line) -> JSONWriter.Value {
    .object(
      [
        ("text", .string(line.text)),
        ("start", .integer(line.range.lowerBound)),
        ("end", .integer(line.range.upperBound)),
        ("width", .number(line.width)),
        ("widthIncludingTrailingWhitespace", .number(line.widthIncludingTrailingWhitespace)),
        ("height", .number(line.height)),
        ("baseline", .number(line.baseline)),
        ("emergencyBreak", .bool(line.endsInEmergencyBreak)),
        ("indent", .number(line.indent)),
      ] + placementFields(line))
  }
}
