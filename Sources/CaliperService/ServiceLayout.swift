import Caliper
import CaliperLayout

extension Service {
  /// `POST /v1/layout`: a layout document as `caliper layout` reads it, plus an optional
  /// `"widths"` array (numbers, null for unspecified, "inf"); the answer is what
  /// `caliper layout --json` prints, a line per width. 422 for a document the layout
  /// reader refuses, 400 for a body that is not JSON.
  func layout(_ body: [UInt8]) -> ServiceResponse {
    let json: JSONValue
    do {
      json = try ServeSession.parse(body).0
    } catch {
      return .error(400, error.code.rawValue, error.message)
    }
    guard case .object(let members) = json else {
      return .error(422, "invalid-layout", "a layout document is a JSON object")
    }
    var widths: [Double?]?
    if let value = json["widths"] {
      guard case .array(let items) = value, !items.isEmpty else {
        return .error(
          422, RequestError.Code.invalidValue.rawValue,
          "'widths' must be a non-empty array of numbers, null or \"inf\"")
      }
      do {
        try session.limits.check(widthCount: items.count, option: "--max-widths")
        widths = try items.map { (item: JSONValue) throws(RequestError) -> Double? in
          switch item {
          case .null: return nil
          case .string(let word) where ["inf", "infinity"].contains(word.lowercased()):
            return .infinity
          case .number(let number): return try RequestLimits.width(number)
          default:
            throw RequestError(
              .invalidValue,
              "a width must be a number, null or \"inf\", not \(item.kindDescription)")
          }
        }
      } catch {
        return .error(422, error.code.rawValue, error.message)
      }
    }
    let document = JSONWriter.encode(Self.value(.object(members.filter { $0.key != "widths" })))
    let description: LayoutDescription
    do {
      description = try LayoutDescription(json: document, fonts: session.fonts)
    } catch {
      return .error(422, "invalid-layout", "\(error)")
    }
    let engine = LayoutEngine(maxPasses: 16)
    let documentProposal = description.proposal ?? .unspecified
    var answer = ""
    for width in widths ?? [documentProposal.width] {
      let proposal = ProposedViewSize(width: width, height: documentProposal.height)
      do {
        let outcome = try engine.layout(description.view, in: proposal, state: description.state)
        answer += LayoutJSON.encode(outcome, findings: nil, all: false) + "\n"
      } catch {
        return .error(422, "invalid-layout", "\(error)")
      }
    }
    return .json(200, answer)
  }

  /// A parsed JSON value as the writer's value, to hand a document on as text.
  static func value(_ json: JSONValue) -> JSONWriter.Value {
    switch json {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .number(let value): return .number(value)
    case .string(let value): return .string(value)
    case .array(let items): return .array(items.map(value))
    case .object(let members): return .object(members.map { ($0.key, value($0.value)) })
    }
  }
}
