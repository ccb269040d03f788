/// `POST /v1/measure` with `Content-Type: application/x-ndjson`: many request lines in one
/// body, answered with stdin `serve`'s response lines in the same order.
///
/// Each line is answered as soon as the body piece that ends it arrives, so a batch never
/// holds more than one request line and `SpillBuffer.memoryLimit` bytes of its answer in
/// memory. Blank lines are skipped, as on stdin.
package struct NDJSONBatch {
  private let session: ServeSession
  private var splitter: LineSplitter
  private let output = SpillBuffer()

  package init(session: ServeSession) {
    self.session = session
    splitter = LineSplitter(maxLineBytes: session.limits.maxLineBytes)
  }

  package mutating func append(_ chunk: UnsafeRawBufferPointer) {
    splitter.append(chunk, each: answer)
  }

  /// The answer to every line, as a 200 response.
  package mutating func finish() -> ServiceResponse {
    splitter.finish(each: answer)
    guard let body = output.finish() else {
      return .error(500, "batch-not-buffered", "the answer could not be kept in a temporary file")
    }
    return ServiceResponse(status: 200, contentType: ServiceResponse.ndjson, body: body)
  }

  private func answer(_ item: LineSplitter.Item) {
    switch item {
    case .line(let line):
      if ServeSession.isBlank(line) { return }
      session.respond(to: line) { output.append($0) }
    case .tooLong(let byteCount):
      output.append(session.lineTooLong(byteCount: byteCount))
    }
    output.append("\n")
  }
}
