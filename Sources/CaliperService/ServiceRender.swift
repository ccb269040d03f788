import Caliper
import CaliperLayout
import CaliperRender

extension Service {
  /// `POST /v1/render`: a measuring request (the serve schema) with at most one width,
  /// answered with `image/png`: the bytes `caliper render --width W [--scale S]` writes
  /// for the same text and style. A refused request gets stdin `serve`'s error object
  /// (422; 400 for a body that is not JSON).
  func render(_ body: [UInt8]) -> ServiceResponse {
    let json: JSONValue
    do {
      json = try ServeSession.parse(body).0
    } catch {
      return .json(400, ServeSession.error(id: .null, error) + "\n")
    }
    let request: ServeRequest
    do {
      request = try ServeRequest(json, limits: session.limits)
    } catch {
      return .json(422, ServeSession.error(id: ServeRequest.id(of: json), error) + "\n")
    }
    func refuse(_ code: RequestError.Code, _ message: String) -> ServiceResponse {
      .json(422, ServeSession.error(id: request.id, RequestError(code, message)) + "\n")
    }
    guard case .measure(let string, let settings, let proposals) = request.action else {
      return refuse(.invalidRequest, "/v1/render draws a text, not statistics")
    }
    guard proposals.count == 1 else {
      return refuse(.tooManyWidths, "/v1/render draws one width, not \(proposals.count)")
    }
    var options = RenderOptions()
    if let scale = request.format.scale { options.scale = scale }
    do {
      let prepared = try session.fonts.prepare(string, style: settings.style, spans: settings.spans)
      let rendering = try TextRenderer(options: options).render(
        prepared, proposal: proposals[0], fonts: session.fonts, textOptions: settings.container)
      return ServiceResponse(
        status: 200, contentType: "image/png", body: .bytes(try PNGFile.data(rendering.image)))
    } catch let error as CaliperError {
      return refuse(ServeSession.code(error), error.description)
    } catch {
      return refuse(.measureFailed, "\(error)")
    }
  }
}
