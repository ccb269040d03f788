import Caliper
import CaliperLayout

/// One request line of `caliper serve`, read from its JSON object and checked.
///
/// The keys mirror `caliper measure`'s options: `text`, `widths`, `lines`, `scale`, and
/// every field of `StyleSchema` (`size`, `font` or `fonts`, `features`, `lineLimit`,
/// `spans`, …) read by the same field as the option; `id` is echoed in the response;
/// `{"id": …, "stats": true}` asks for the font library's cache counters instead.
package struct ServeRequest {
  package enum Action {
    case measure(text: String, settings: StyleSettings, proposals: [ProposedViewSize])
    case stats
  }

  package static let keys: [String] =
    ["id", "text", "widths", "lines", "scale", "stats", "rects", "points", "ink"]
    + StyleSchema.keys([.style, .text, .proposal])

  package let id: JSONWriter.Value
  package let action: Action
  package var format = MeasureFormat()

  /// The `id` of a request, as it is echoed: a string or a number, else null.
  package static func id(of request: JSONValue) -> JSONWriter.Value {
    switch request["id"] {
    case .string(let string): return .string(string)
    case .number(let number): return .number(number)
    default: return .null
    }
  }

  package init(_ request: JSONValue, limits: RequestLimits) throws(RequestError) {
    guard case .object(let members) = request else {
      throw RequestError(
        .invalidRequest, "a request is a JSON object, not \(request.kindDescription)")
    }
    for member in members where !Self.keys.contains(member.key) {
      throw RequestError(
        .unknownKey,
        "unknown key '\(member.key)'"
          + Suggestion.nearest(member.key, in: StyleSchema.listed(Self.keys)).map {
            " (did you mean '\($0)'?)"
          }.orEmpty
          + " (expected one of: \(StyleSchema.listed(Self.keys).joined(separator: ", ")))"
      )
    }
    switch request["id"] {
    case .string, .number: id = Self.id(of: request)
    case nil: throw RequestError(.missingKey, "missing key 'id' (a string or a number)")
    case let other?:
      throw RequestError(
        .invalidValue, "'id' must be a string or a number, not \(other.kindDescription)")
    }
    if let stats = request["stats"] {
      guard stats == .bool(true), members.count == 2 else {
        throw RequestError(.invalidRequest, "a stats request is {\"id\": …, \"stats\": true} alone")
      }
      action = .stats
      return
    }
    guard let textValue = request["text"] else {
      throw RequestError(.missingKey, "missing key 'text' (the text to measure)")
    }
    let text = try Self.string(textValue, key: "text")
    try limits.check(text: text)
    if request["font"] != nil, request["fonts"] != nil {
      throw RequestError(.invalidRequest, "give 'font' or 'fonts', not both")
    }
    var settings = StyleSettings()
    do {
      try StyleSchema.read(members, into: &settings)
    } catch {
      throw RequestError(
        error.key == "size" && error.isOutOfRange ? .sizeOutOfRange : .invalidValue, error.message)
    }
    var proposals = [ProposedViewSize.unspecified]
    if let widths = request["widths"] {
      guard case .array(let values) = widths, !values.isEmpty else {
        throw RequestError(
          .invalidValue, "'widths' must be a non-empty array of numbers, null or \"inf\"")
      }
      try limits.check(widthCount: values.count, option: "--max-widths")
      proposals = try values.map { (value: JSONValue) throws(RequestError) in
        ProposedViewSize(width: try Self.width(value), height: nil)
      }
    }
    if let lines = request["lines"] {
      guard case .bool(let value) = lines else {
        throw RequestError(
          .invalidValue, "'lines' must be true or false, not \(lines.kindDescription)")
      }
      format.lines = value
    }
    if let ink = request["ink"] {
      guard case .bool(let value) = ink else {
        throw RequestError(
          .invalidValue, "'ink' must be true or false, not \(ink.kindDescription)")
      }
      format.ink = value
    }
    if let rects = request["rects"] {
      guard case .array(let bounds) = rects, bounds.count == 2,
        case .number(let start) = bounds[0], case .number(let end) = bounds[1],
        start.rounded() == start, end.rounded() == end, 0 <= start, start <= end,
        end <= Double(Int32.max)
      else {
        throw RequestError(
          .invalidValue, "'rects' must be [start, end], whole numbers with 0 ≤ start ≤ end")
      }
      format.rects = Int(start)..<Int(end)
    }
    if let points = request["points"] {
      guard case .array(let values) = points else {
        throw RequestError(.invalidValue, "'points' must be an array of [x, y] pairs")
      }
      guard values.count <= MeasureFormat.maxPoints else {
        throw RequestError(
          .invalidValue, "'points' holds \(values.count) points, over \(MeasureFormat.maxPoints)")
      }
      format.points = try values.map { (value: JSONValue) throws(RequestError) in
        guard case .array(let pair) = value, pair.count == 2, case .number(let x) = pair[0],
          case .number(let y) = pair[1], x.isFinite, y.isFinite
        else {
          throw RequestError(.invalidValue, "'points' must be an array of [x, y] pairs of numbers")
        }
        return Point(x: x, y: y)
      }
    }
    if let scale = request["scale"] {
      format.scale = try RequestLimits.scale(Self.number(scale, key: "scale"))
    }
    if let key = format.unavailableForVertical(settings.style).first {
      throw RequestError(.invalidValue, "'\(key)' is not available for vertical text yet")
    }
    let widths = proposals.map(\.width)
    do {
      proposals = try settings.proposals(widths: widths)
    } catch {
      throw RequestError(.invalidValue, error.message)
    }
    try limits.check(widthCount: proposals.count, option: "--max-widths")
    action = .measure(text: text, settings: settings, proposals: proposals)
  }

  /// A proposed width: a number ≥ 0, null or "inf" (the ideal size).
  private static func width(_ value: JSONValue) throws(RequestError) -> Double? {
    switch value {
    case .null: return nil
    case .number(let number): return try RequestLimits.width(number)
    case .string(let string) where ["inf", "infinity", "none"].contains(string.lowercased()):
      return nil
    default:
      throw RequestError(
        .invalidValue,
        "a width must be a number of points, null or \"inf\", not \(value.kindDescription)")
    }
  }

  private static func string(_ value: JSONValue, key: String) throws(RequestError) -> String {
    guard case .string(let string) = value else {
      throw RequestError(.invalidValue, "'\(key)' must be a string, not \(value.kindDescription)")
    }
    return string
  }

  private static func number(_ value: JSONValue, key: String) throws(RequestError) -> Double {
    guard case .number(let number) = value else {
      throw RequestError(.invalidValue, "'\(key)' must be a number, not \(value.kindDescription)")
    }
    return number
  }
}
