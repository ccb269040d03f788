import Caliper

/// The result schema of `caliper measure --json` and `caliper serve` (documented in Caliper.docc/CommandLine.md): one
/// encoder, so that the two commands can never disagree.
package enum MeasurementJSON {
  /// The lossy steps taken on the way to a result, each a count (0 when nothing was lost),
  /// reported as the result's `lossy` object. Add a count here to report a new step.
  package struct Lossy {
    /// Invalid UTF-8 sequences replaced by U+FFFD.
    package init(invalidUTF8: Int = 0) { self.invalidUTF8 = invalidUTF8 }

    package var invalidUTF8 = 0
    /// Clusters drawn with `.notdef` (`PreparedText.missingGlyphCount`).
    package var missingGlyphs = 0
    /// Advances a broken font made negative, set to 0 (`PreparedText.clampedAdvanceCount`).
    package var clampedAdvances = 0

    /// The `lossy` object, written directly (as a `Value` it was an array of keys made
    /// for every text).
    package func write(into json: inout JSONWriter) {
      json.member("{\"invalidUTF8\":", invalidUTF8)
      json.member(",\"missingGlyphs\":", missingGlyphs)
      json.member(",\"clampedAdvances\":", clampedAdvances)
      json.raw("}")
    }
  }

  /// One result object, written to `sink` in pieces as it is made: the text's fields, then
  /// each row (asked for one at a time) and its lines, as they are made, in blocks of about
  /// `linesPerPiece` bytes. A caller that writes each piece out holds one block at a time,
  /// not the whole answer (10 MB of prose at width 100 is 243 MB of JSON).
  ///
  /// - Parameters:
  ///   - leading: members placed before the result's own (serve's `id`).
  package static func write(
    _ rows: MeasuredRows, lossy: Lossy = Lossy(), leading: [(String, JSONWriter.Value)] = [],
    to sink: ([UInt8]) -> Void
  ) {
    var json = JSONWriter()
    write(rows, lossy: lossy, leading: leading, into: &json) { json in
      sink(json.bytes)
      json.removeAll()
    }
    sink(json.bytes)
  }

  /// `write`'s members appended to `json`; `flush` is handed `json` whenever a block of
  /// lines has made it longer than `linesPerPiece` (and may empty it).
  package static func write(
    _ rows: MeasuredRows, lossy: Lossy = Lossy(), leading: [(String, JSONWriter.Value)] = [],
    into json: inout JSONWriter, flush: (inout JSONWriter) -> Void
  ) {
    if rows.text.style.writingMode.isVertical {
      return VerticalJSON.write(rows, lossy: lossy, leading: leading, into: &json, flush: flush)
    }
    let format = rows.format
    json.raw("{")
    json.members(leading)
    if !leading.isEmpty { json.raw(",") }
    header(rows.text, format: format, lossy: lossy, into: &json)
    json.raw(",\"results\":[")
    for index in 0..<rows.count {
      if index > 0 { json.raw(",") }
      json.raw("{")
      let row = rows.row(index)
      result(row.measurement, into: &json)
      characterFields(rows.text, row, format: format, into: &json)
      decorationFields(rows.text, row, into: &json)
      // Ink shapes the row's lines again (from its one breaking), held while they are written.
      let ink = format.ink ? rows.text.inkBounds(of: row.withLines) : nil
      if let ink {
        json.raw(",\"inkRect\":")
        json.write(inkRect(ink.rect))
      }
      guard format.lines else {
        json.raw("}")
        continue
      }
      json.raw(",\"lines\":[")
      var first = true
      var lineIndex = 0
      row.lines { line in
        if !first { json.raw(",") }
        first = false
        self.line(line, ink: ink.map { inkRect($0.lines[lineIndex]) }, into: &json)
        lineIndex += 1
        if json.count >= linesPerPiece { flush(&json) }
      }
      json.raw("]}")
    }
    json.raw("]}")
  }

  /// `,"rects":[…],"carets":[…]` for `format.rects`, `,"characterIndexes":[…]` for
  /// `format.points` and `,"placeholders":[…]` for a text with inline placeholders
  /// (`CharacterGeometry`), or nothing.
  package static func characterFields(
    _ text: PreparedText, _ row: MeasuredRows.Row, format: MeasureFormat,
    into json: inout JSONWriter
  ) {
    let hasPlaceholders = text.spans.contains { $0.placeholder != nil }
    guard format.rects != nil || !format.points.isEmpty || hasPlaceholders else { return }
    // The row's lines, held while its characters are placed.
    let geometry = text.characterGeometry(of: row.withLines)
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
    json.raw(",")
    json.members(pairs)
  }

  /// A placeholder's `{"start", "end", "label", "line", "x", "y", "width", "height"}`, its
  /// rect moved by `origin` (a layout node's top left).
  package static func placeholder(_ placed: PlaceholderRect, origin: Point = .zero)
    -> JSONWriter.Value
  {
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

  /// An ink rect (`InkBounds`) as `rect`, or null for no ink.
  package static func inkRect(_ ink: Rect?) -> JSONWriter.Value {
    ink.map(rect) ?? .null
  }

  package static func rect(_ rect: Rect) -> JSONWriter.Value {
    .object([
      ("x", .number(rect.minX)), ("y", .number(rect.minY)), ("width", .number(rect.width)),
      ("height", .number(rect.height)),
    ])
  }

  /// How many bytes of lines `write` gathers before handing them on.
  package static let linesPerPiece = 1 << 16

  /// The members before `results`: the text, its size, faces, what was lost, the ideal
  /// size and the min width.
  package static func header(
    _ text: PreparedText, format: MeasureFormat, lossy: Lossy, into json: inout JSONWriter
  ) {
    var lossy = lossy
    lossy.missingGlyphs = text.missingGlyphCount
    lossy.clampedAdvances = text.clampedAdvanceCount
    let ideal = VerticalJSON.ideal(text)
    let idealSize = format.scale.map { ideal.size.rounded(toScale: $0) } ?? ideal.size
    json.member("\"text\":", text.string)
    json.member(",\"size\":", text.style.size)
    json.raw(",\"faces\":[")
    for (index, face) in text.faces.enumerated() {
      if index > 0 { json.raw(",") }
      json.string(face.path)
    }
    json.raw("]")
    synthesized(text.faces, into: &json)
    json.raw(",\"missing\":[")
    for (index, scalar) in text.missing.enumerated() {
      if index > 0 { json.raw(",") }
      json.string(codePoint(scalar))
    }
    json.raw("],\"lossy\":")
    lossy.write(into: &json)
    json.member(",\"ideal\":{\"width\":", idealSize.width)
    json.member(",\"height\":", idealSize.height)
    json.member(",\"lineCount\":", ideal.count)
    json.member("},\"minWidth\":", text.minWidth)
  }

  /// `"synthesized": [{"face": 0, "styles": "weight style"}]`: the faces (by index into
  /// `faces`) drawn with styles they lack synthesized (`Font.synthesis`, CSS
  /// `font-synthesis`'s words); left out when no face is.
  static func synthesized(_ faces: [Font], into json: inout JSONWriter) {
    let synthesized = faces.indices.filter { !faces[$0].synthesis.isEmpty }
    guard !synthesized.isEmpty else { return }
    json.raw(",\"synthesized\":[")
    for (count, index) in synthesized.enumerated() {
      json.raw(count > 0 ? ",{" : "{")
      json.member("\"face\":", index)
      json.member(",\"styles\":", faces[index].synthesis.description)
      json.raw("}")
    }
    json.raw("]")
  }

  package static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// A result's members (without braces and lines): proposal, size, line count, used rect
  /// and the line-limit fields.
  package static func result(_ measurement: TextMeasurement, into json: inout JSONWriter) {
    json.raw("\"proposal\":{\"width\":")
    if let width = measurement.proposal.width { json.number(width) } else { json.raw("null") }
    let size = measurement.size
    let used = measurement.usedRect
    let width = json.member("},\"size\":{\"width\":", size.width)
    let height = json.member(",\"height\":", size.height)
    json.member("},\"tightWidth\":", measurement.tightWidth)
    json.member(",\"lineCount\":", measurement.lineCount)
    json.member(",\"usedRect\":{\"x\":", used.minX)
    json.member(",\"y\":", used.minY)
    // The used rect's size is usually the size itself: its text is copied, not formatted
    // again (formatting a number is most of writing a result).
    if used.width.bitPattern == size.width.bitPattern {
      json.member(",\"width\":", repeating: width)
    } else {
      json.member(",\"width\":", used.width)
    }
    if used.height.bitPattern == size.height.bitPattern {
      json.member(",\"height\":", repeating: height)
    } else {
      json.member(",\"height\":", used.height)
    }
    json.raw("},")
    truncationFields(measurement, into: &json)
  }

  /// The line-limit members of a result: `truncated` and `hiddenRange` (null or
  /// `{"start", "end"}` in Unicode scalars).
  package static func truncationFields(_ measurement: TextMeasurement, into json: inout JSONWriter)
  {
    json.member("\"truncated\":", measurement.hiddenRange != nil)
    json.raw(",\"hiddenRange\":")
    guard let hidden = measurement.hiddenRange else { return json.raw("null") }
    json.member("{\"start\":", hidden.lowerBound)
    json.member(",\"end\":", hidden.upperBound)
    json.raw("}")
  }

  /// The alignment and soft-hyphen members of a line: `x`, `justification`, `hyphen`.
  package static func placementFields(_ line: Line, into json: inout JSONWriter) {
    json.member("\"x\":", line.x)
    json.member(",\"justification\":", line.justification)
    json.member(",\"hyphen\":", line.endsWithHyphen)
  }

  /// One line object; with `ink` (asked for), its `inkRect` last.
  package static func line(_ line: Line, ink: JSONWriter.Value? = nil, into json: inout JSONWriter)
  {
    json.member("{\"text\":", line.text)
    json.member(",\"start\":", line.range.lowerBound)
    json.member(",\"end\":", line.range.upperBound)
    json.member(",\"width\":", line.width)
    json.member(",\"widthIncludingTrailingWhitespace\":", line.widthIncludingTrailingWhitespace)
    json.member(",\"height\":", line.height)
    json.member(",\"baseline\":", line.baseline)
    json.member(",\"emergencyBreak\":", line.endsInEmergencyBreak)
    json.member(",\"indent\":", line.indent)
    json.raw(",")
    placementFields(line, into: &json)
    if let ink {
      json.raw(",\"inkRect\":")
      json.write(ink)
    }
    json.raw("}")
  }
}
