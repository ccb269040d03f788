/// `POST /v1/measure` with `Content-Type: application/x-ndjson`: many request lines in one
/// body, answered with stdin `serve`'s response lines in the same order.
///
/// Each line is answered as soon as the body piece that ends it arrives, so a batch never
/// holds more than one request line and `SpillBuffer.memoryLimit` bytes of its answer in
/// memory. Blank lines are skipped, as on stdin, and lines are numbered as stdin numbers
/// them (from 1, blank ones counted), so that an error whose id cannot be read names the
/// same line.
package struct NDJSONBatch {
  private let session: ServeSession
  private var splitter: LineSplitter
  private let output = SpillBuffer()
  private var lineNumber = 0

  package init(session: ServeSession) {
    self.session = session
    splitter = LineSplitter(maxLineBytes: session.limits.maxLineBytes)
  }

  package mutating func append(_ chunk: UnsafeRawBufferPointer) {
    var number = lineNumber
    splitter.append(chunk) { [session, output] in
      Self.answer($0, number: &number, session: session, output: output)
    }
    lineNumber = number
  }

  /// The answer to every line, as a 200 response.
  package mutating func finish() -> ServiceResponse {
    var number = lineNumber
    splitter.finish { [session, output] in
      Self.answer($0, number: &number, session: session, output: output)
    }
    lineNumber = number
    guard let body = output.finish() else {
      return .error(500, "batch-not-buffered", "the answer could not be kept in a temporary file")
    }
    return ServiceResponse(status: 200, contentType: ServiceResponse.ndjson, body: body)
  }

  private static func answer(
    _ item: LineSplitter.Item, number: inout Int, session: ServeSession, output: SpillBuffer
  ) {
    number += 1
    switch item {
    case .line(let line):
      if ServeSession.isBlank(line) { return }
      session.respond(to: line, number: number) { output.append($0) }
    case .tooLong(let byteCount):
      output.append(session.lineTooLong(byteCount: byteCount, line: number))
    }
    output.append("\n")
  }
}
