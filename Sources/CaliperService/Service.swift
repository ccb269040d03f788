import Caliper
import Synchronization

/// The HTTP service's request handling, without the transport: a request's head decides
/// its endpoint (or an immediate refusal), its body is handed over in pieces, and the
/// answer is one `ServiceResponse`.
///
/// Problem: stdin `serve` and HTTP must give the same answers, and an HTTP server adds
/// routing, media types, authorization and body limits that must be decided before a body
/// is read. Solution: every measuring request goes through the one `ServeSession` (so a
/// body is answered with the very line stdin `serve` writes); this type adds only what
/// HTTP needs around it, and the libmicrohttpd layer in the CLI only moves bytes.
/// Limitation: one request is answered on the thread that received it.
package final class Service: Sendable {
  /// The paths the service answers, with their method.
  package enum Endpoint: String, CaseIterable, Sendable {
    case measure = "/v1/measure"
    case layout = "/v1/layout"
    case render = "/v1/render"
    case fonts = "/v1/fonts"
    case health = "/healthz"
    case metrics = "/metrics"

    package var method: String {
      switch self {
      case .measure, .layout, .render: return "POST"
      case .fonts, .health, .metrics: return "GET"
      }
    }

    /// The `endpoint` label of the metrics.
    package var label: String {
      switch self {
      case .measure: return "measure"
      case .layout: return "layout"
      case .render: return "render"
      case .fonts: return "fonts"
      case .health: return "healthz"
      case .metrics: return "metrics"
      }
    }
  }

  /// What arrives before the body.
  package struct Head: Sendable {
    package var method: String
    package var path: String
    package var contentType: String?
    package var contentLength: Int?
    package var authorization: String?

    package init(
      method: String, path: String, contentType: String? = nil, contentLength: Int? = nil,
      authorization: String? = nil
    ) {
      self.method = method
      self.path = path
      self.contentType = contentType
      self.contentLength = contentLength
      self.authorization = authorization
    }

    /// The path without its query.
    var route: Substring {
      // An ASCII path's characters are its bytes: cut at the byte, without the
      // grapheme breaking that costs more than the rest of a /healthz answer.
      let bytes = path.utf8
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return path.prefix { $0 != "?" } }
      return path[..<(bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex)]
    }
  }

  /// What to do with a request once its head is known.
  package enum Start {
    /// Answer now; any body is not read.
    case answer(ServiceResponse)
    /// Read the body into this, then answer with its `finish()`.
    case receive(RequestBody)
  }

  package let session: ServeSession
  package let metrics = ServiceMetrics()
  private let token: BearerToken?
  /// The largest request body, in bytes (`--max-body-bytes`).
  package let maxBodyBytes: Int
  private let fontCatalog: String
  private let draining = Atomic<Bool>(false)

  package init(session: ServeSession, token: BearerToken?, maxBodyBytes: Int) throws {
    self.session = session
    self.token = token
    self.maxBodyBytes = maxBodyBytes
    fontCatalog = try FontCatalogJSON.encode(session.fonts) + "\n"
  }

  /// From now on `/healthz` answers 503, so that a load balancer stops sending requests.
  package func beginDraining() { draining.store(true, ordering: .relaxed) }

  /// The metrics label of a request's path: its endpoint's, or "other".
  package static func label(path: String) -> String {
    Endpoint(rawValue: String(Head(method: "", path: path).route))?.label ?? "other"
  }

  /// Routes a request by its head: the refusals that need no body (404, 405, 401, 415,
  /// 413 from `Content-Length`) and the answers that need none (GET endpoints) come at once.
  package func start(_ head: Head) -> Start {
    guard let endpoint = Endpoint(rawValue: String(head.route)) else {
      return .answer(
        .error(
          404, "not-found", "no endpoint at \(head.route); see GET /v1/fonts, POST /v1/measure"))
    }
    guard head.method == endpoint.method || (endpoint.method == "GET" && head.method == "HEAD")
    else {
      return .answer(
        .error(
          405, "method-not-allowed", "\(endpoint.rawValue) takes \(endpoint.method)",
          headers: [("Allow", endpoint.method == "GET" ? "GET, HEAD" : endpoint.method)]))
    }
    if endpoint != .health, let token, !token.accepts(authorization: head.authorization) {
      return .answer(
        .error(
          401, "unauthorized",
          head.authorization == nil
            ? "this service needs 'Authorization: Bearer <token>'" : "the token is not valid",
          headers: [("WWW-Authenticate", "Bearer")]))
    }
    switch endpoint {
    case .health:
      return .answer(
        draining.load(ordering: .relaxed)
          ? .json(503, "{\"status\":\"draining\"}\n") : .json(200, "{\"status\":\"ok\"}\n"))
    case .metrics:
      var response = ServiceResponse.json(
        200, metrics.text(cache: session.fonts.cacheStatistics.prepared))
      response.contentType = "text/plain; version=0.0.4; charset=utf-8"
      return .answer(response)
    case .fonts:
      return .answer(.json(200, fontCatalog))
    case .measure, .layout, .render:
      let mediaType = head.contentType.map(Self.mediaType) ?? ServiceResponse.json
      let batch = endpoint == .measure && mediaType == ServiceResponse.ndjson
      guard mediaType == ServiceResponse.json || batch else {
        return .answer(
          .error(
            415, "unsupported-media-type",
            "\(endpoint.rawValue) takes application/json"
              + (endpoint == .measure ? " or application/x-ndjson" : "")
              + ", not \(mediaType)"))
      }
      if let length = head.contentLength, length > maxBodyBytes {
        return .answer(bodyTooLarge(length))
      }
      return .receive(
        RequestBody(
          service: self, kind: batch ? .batch(NDJSONBatch(session: session)) : .whole(endpoint, []))
      )
    }
  }

  /// 413 for a body of `length` bytes.
  func bodyTooLarge(_ length: Int) -> ServiceResponse {
    .error(
      413, "body-too-large",
      "the body is \(length) bytes or more, over the limit of \(maxBodyBytes) (--max-body-bytes)")
  }

  /// `type/subtype` of a Content-Type value, lowercased, without parameters.
  static func mediaType(_ value: String) -> String {
    // An ASCII value's characters are its bytes: the same answer byte by byte, without
    // the grapheme breaking and Unicode case mapping (most of /v1/measure's HTTP cost).
    guard value.utf8.allSatisfy({ $0 < 0x80 }) else {
      return String(value.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" }).lowercased()
    }
    var bytes: [UInt8] = []
    for byte in value.utf8 {
      if byte == UInt8(ascii: ";") { break }
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { continue }
      bytes.append(UInt8(ascii: "A") <= byte && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The answer to a single measuring request: the line stdin `serve` writes for the body
  /// as its one line of input (so an error whose id cannot be read says `"line":1`); 200
  /// for a result, 400 for a body that is not JSON, 422 for a request the measurer refuses.
  func measure(_ body: [UInt8]) -> ServiceResponse {
    var bytes: [UInt8] = []
    let code = session.respond(to: body, number: 1) { bytes.append(contentsOf: $0.utf8) }
    bytes.append(UInt8(ascii: "\n"))
    let status = code == nil ? 200 : code == .invalidJSON ? 400 : 422
    return ServiceResponse(status: status, contentType: ServiceResponse.json, body: .bytes(bytes))
  }
}

/// The body of one request, received in pieces.
package final class RequestBody {
  enum Kind {
    case whole(Service.Endpoint, [UInt8])
    case batch(NDJSONBatch)
    /// While a piece is added (so that the array is not copied).
    case adding
  }

  private let service: Service
  private var kind: Kind
  private var received = 0

  init(service: Service, kind: Kind) {
    self.service = service
    self.kind = kind
  }

  /// Takes the next piece; returns a 413 response once the body passes the limit (a body
  /// sent without `Content-Length`, chunked).
  package func append(_ piece: UnsafeRawBufferPointer) -> ServiceResponse? {
    received += piece.count
    if received > service.maxBodyBytes { return service.bodyTooLarge(received) }
    switch kind {
    case .whole(let endpoint, var bytes):
      kind = .adding
      bytes.append(contentsOf: piece)
      kind = .whole(endpoint, bytes)
    case .batch(var batch):
      kind = .adding
      batch.append(piece)
      kind = .batch(batch)
    case .adding: break
    }
    return nil
  }

  /// The answer, once the whole body has arrived.
  package func finish() -> ServiceResponse {
    switch kind {
    case .whole(.layout, let bytes): return service.layout(bytes)
    case .whole(.render, let bytes): return service.render(bytes)
    case .whole(_, let bytes): return service.measure(bytes)
    case .batch(var batch): return batch.finish()
    case .adding: return .error(500, "internal", "the body was not received")
    }
  }
}
