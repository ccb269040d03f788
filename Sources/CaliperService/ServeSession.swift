import Caliper
import CaliperLayout

/// The request handler of `caliper serve`: one request line in, one response line out.
///
/// Problem: a service must answer every line, whatever it holds, with exactly one line, and
/// reuse its fonts across requests. Solution: a session owns one `FontLibrary` (faces,
/// shaped words and prepared texts cached for the life of the process) and turns each line
/// into a response with `respond(to:)`, which never throws: a line that cannot be
/// measured is answered with an error object naming the problem.
/// Limitation: requests are answered one at a time, in order.
package struct ServeSession {
  package let fonts: FontLibrary
  package let limits: RequestLimits

  package init(fonts: FontLibrary, limits: RequestLimits) {
    self.fonts = fonts
    self.limits = limits
  }

  /// The response to one request line (without its newline).
  package func respond(to line: some Collection<UInt8>) -> String {
    var response = ""
    respond(to: line) { response += $0 }
    return response
  }

  /// The response to one request line (without its newline), handed to `sink` in pieces
  /// as it is made: a result one width at a time, its lines in blocks of 64 KiB
  /// (`MeasurementJSON.write`). A response estimated over `limits.maxResponseBytes` is
  /// refused before any of it is written, so memory per request is bounded by the limits
  /// (the text and one measurement's lines), not by what the request asks for.
  /// `number` is the request's line number, given in an error whose id cannot be read.
  ///
  /// - Returns: the code of the error object written, or nil for a result (HTTP's status).
  @discardableResult
  package func respond(
    to line: some Collection<UInt8>, number: Int? = nil, into sink: (String) -> Void
  ) -> RequestError.Code? {
    let json: JSONValue
    let invalidUTF8: Int
    do {
      (json, invalidUTF8) = try Self.parse(line)
    } catch {
      sink(Self.error(id: .null, line: number, error))
      return error.code
    }
    let request: ServeRequest
    do {
      request = try ServeRequest(json, limits: limits)
    } catch {
      let id = ServeRequest.id(of: json)
      if case .null = id {
        sink(Self.error(id: id, line: number, error))
      } else {
        sink(Self.error(id: id, error))
      }
      return error.code
    }
    switch request.action {
    case .stats:
      sink(JSONWriter.encode(.object([("id", request.id), ("stats", statistics)])))
    case .measure(let string, let settings, let proposals):
      let prepared: PreparedText
      do {
        prepared = try fonts.prepare(string, style: settings.style, spans: settings.spans)
      } catch {
        sink(Self.error(id: request.id, RequestError(Self.code(error), error.description)))
        return Self.code(error)
      }
      do {
        try limits.check(
          responseBytes: Self.estimatedBytes(
            prepared, proposals, options: settings.container, format: request.format,
            stoppingPast: limits.maxResponseBytes))
      } catch {
        sink(Self.error(id: request.id, error))
        return error.code
      }
      MeasurementJSON.write(
        MeasuredRows(
          text: prepared, proposals: proposals, options: settings.container,
          format: request.format),
        lossy: MeasurementJSON.Lossy(invalidUTF8: invalidUTF8), leading: [("id", request.id)],
        to: { sink(String(decoding: $0, as: UTF8.self)) })
    }
    return nil
  }

  /// A request as JSON, each invalid UTF-8 sequence replaced by U+FFFD (counted).
  ///
  /// - Throws: `invalid-json`, naming where the JSON goes wrong.
  package static func parse(_ line: some Collection<UInt8>) throws(RequestError) -> (
    JSONValue, invalidUTF8: Int
  ) {
    let (text, invalidUTF8) = repairingUTF8(line)
    do {
      return (try JSONValue(parsing: text), invalidUTF8)
    } catch {
      throw RequestError(.invalidJSON, "\(error.message) (\(error.path) of the request)")
    }
  }

  /// About how many bytes the response for `text` at `proposals` takes, counted until it
  /// passes `limit`: the text (escaped as JSON), and per proposal a result and, with lines, each line's
  /// fields and text, with rects a few per line, with points one index each (line counts
  /// from `sizeThatFits`, which builds no lines).
  package static func estimatedBytes(
    _ text: PreparedText, _ proposals: [ProposedViewSize], options: TextContainerOptions,
    format: MeasureFormat, stoppingPast limit: Int
  ) -> Int {
    // As written: a control character takes six bytes (`\u0001`), not one.
    let textBytes = JSONWriter.escapedByteCount(text.string)
    var total = 512 + textBytes + 80 * (text.faces.count + text.missing.count)
    for proposal in proposals where total <= limit {
      total += 400
      if format.needsLines {
        let lineCount = text.sizeThatFits(proposal, options: options).lineCount
        if format.lines { total += textBytes + 320 * lineCount }
        // Rects: a few a line (one per bidi piece), and an index a point.
        if format.rects != nil { total += 400 + 240 * lineCount }
        if format.ink { total += 120 + 120 * lineCount }
        total += 24 * format.points.count
      }
    }
    return total
  }

  /// Whether a request line is blank (spaces and tabs only): skipped, with no answer.
  package static func isBlank(_ line: some Collection<UInt8>) -> Bool {
    line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
  }

  /// The answer to a request line longer than `limits.maxLineBytes`, which was skipped.
  package func lineTooLong(byteCount: Int, line: Int? = nil) -> String {
    Self.error(
      id: .null, line: line,
      RequestError(
        .lineTooLong,
        "the request line is \(byteCount) bytes, over the limit of \(limits.maxLineBytes)"
          + " (--max-line-bytes); it was skipped"))
  }

  /// `{"id": …, "error": {"code": …, "message": …}}`.
  package static func error(id: JSONWriter.Value, line: Int? = nil, _ error: RequestError)
    -> String
  {
    JSONWriter.encode(
      .object(
        [("id", id)] + (line.map { [("line", .integer($0))] } ?? []) + [
          (
            "error",
            .object([("code", .string(error.code.rawValue)), ("message", .string(error.message))])
          )
        ]))
  }

  /// The error code of a library failure.
  package static func code(_ error: CaliperError) -> RequestError.Code {
    switch error {
    case .fontsDirectoryNotFound, .unreadableFontFile, .notAFont, .unknownFontFamily,
      .malformedFont, .unsupportedFontFormat, .fontIndexOutOfRange, .fontFileTooLarge,
      .tooManyFonts:
      return .fontUnavailable
    case .textTooLong: return .textTooLong
    case .invalidFontSize: return .sizeOutOfRange
    case .invalidProposal: return .widthOutOfRange
    case .invalidSpan, .invalidLineLimit, .invalidFontFeature, .invalidFontVariation,
      .invalidStyle:
      return .invalidValue
    case .hyphenationDictionary: return .dictionaryUnavailable
    case .library: return .measureFailed
    }
  }

  /// The counters of the library's caches: `faces.misses` is the number of font files
  /// opened so far.
  package var statistics: JSONWriter.Value {
    let report = fonts.cacheStatistics
    func counters(_ statistics: CacheStatistics) -> JSONWriter.Value {
      .object([
        ("hits", .integer(statistics.hits)), ("misses", .integer(statistics.misses)),
        ("evictions", .integer(statistics.evictions)), ("entries", .integer(statistics.entries)),
        ("bytes", .integer(statistics.bytes)), ("byteLimit", .integer(statistics.byteLimit)),
      ])
    }
    return .object([
      ("faces", counters(report.faces)), ("shapes", counters(report.shapes)),
      ("prepared", counters(report.prepared)),
    ])
  }

  /// The bytes as a string, each invalid UTF-8 sequence replaced by U+FFFD (the maximal
  /// subparts of Unicode's "best practice", as `String(decoding:as:)` does), and how many
  /// were replaced.
  package static func repairingUTF8(_ bytes: some Collection<UInt8>) -> (String, Int) {
    if let valid = String(validating: bytes, as: UTF8.self) { return (valid, 0) }
    var scalars = String.UnicodeScalarView()
    var replaced = 0
    var iterator = bytes.makeIterator()
    var decoder = UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): scalars.append(scalar)
      case .error:
        scalars.append("\u{FFFD}")
        replaced += 1
      case .emptyInput: return (String(scalars), replaced)
      }
    }
  }
}
