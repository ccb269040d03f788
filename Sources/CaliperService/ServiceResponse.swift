/// One HTTP answer of the service, made without knowing the transport: a status, a media
/// type, extra headers and a body (bytes, or a temporary file for a long NDJSON batch).
package struct ServiceResponse: Sendable {
  package enum Body: Sendable {
    case bytes([UInt8])
    /// An open, unlinked file of `size` bytes, read from its start; the transport closes it.
    case file(descriptor: Int32, size: Int)
  }

  package var status: Int
  package var contentType: String
  package var headers: [(String, String)] = []
  package var body: Body

  package init(status: Int, contentType: String, body: Body, headers: [(String, String)] = []) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.headers = headers
  }

  package static let json = "application/json"
  package static let ndjson = "application/x-ndjson"

  /// A JSON body.
  package static func json(_ status: Int, _ text: String) -> ServiceResponse {
    ServiceResponse(status: status, contentType: json, body: .bytes(Array(text.utf8)))
  }

  /// `{"error": {"code": …, "message": …}}` with `status`: the body of every refusal the
  /// HTTP layer makes (a refused measuring request keeps stdin `serve`'s object, with `id`).
  package static func error(
    _ status: Int, _ code: String, _ message: String, headers: [(String, String)] = []
  ) -> ServiceResponse {
    var response = json(
      status,
      JSONWriter.encode(
        .object([
          ("error", .object([("code", .string(code)), ("message", .string(message))]))
        ])) + "\n")
    response.headers = headers
    return response
  }

  /// The size of the body in bytes.
  package var byteCount: Int {
    switch body {
    case .bytes(let bytes): return bytes.count
    case .file(_, let size): return size
    }
  }
}
