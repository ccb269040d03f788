import Caliper
import CaliperLayout

/// One request line of `caliper serve`, read from its JSON object and checked.
///
/// The keys mirror `caliper measure`'s options (README, "Service mode"): `text`, `font` or
/// `fonts`, `size`, `locale`, `widths`, `lines`, `scale`; `id` is echoed in the response;
/// `{"id": …, "stats": true}` asks for the font library's cache counters instead.
struct ServeRequest {
  enum Action {
    case measure(text: String, style: TextStyle, proposals: [ProposedViewSize])
    case stats
  }

  static let keys: Set<String> = [
    "id", "text", "font", "fonts", "size", "locale", "widths", "lines", "scale", "stats",
  ]
  /// The longest locale identifier or font name accepted, in bytes.
  static let maxNameBytes = 4096

  let id: JSONWriter.Value
  let action: Action
  var format = MeasureFormat()

  /// The `id` of a request, as it is echoed: a string or a number, else null.
  static func id(of request: JSONValue) -> JSONWriter.Value {
    switch request["id"] {
    case .string(let string): return .string(string)
    case .number(let number): return .number(number)
    default: return .null
    }
  }

  init(_ request: JSONValue, limits: RequestLimits) throws(RequestError) {
    guard case .object(let members) = request else {
      throw RequestError(
        .invalidRequest, "a request is a JSON object, not \(request.kindDescription)")
    }
    for member in members where !Self.keys.contains(member.key) {
      throw RequestError(
        .unknownKey,
        "unknown key '\(member.key)' (expected one of: \(Self.keys.sorted().joined(separator: ", ")))"
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
    var style = TextStyle()
    style.fonts = try Self.fonts(request).map(FontReference.init)
    if let size = request["size"] {
      style.size = try RequestLimits.fontSize(Self.number(size, key: "size"))
    }
    if let locale = request["locale"] { style.locale = try Self.name(locale, key: "locale") }
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
    if let scale = request["scale"] {
      format.scale = try RequestLimits.scale(Self.number(scale, key: "scale"))
    }
    action = .measure(text: text, style: style, proposals: proposals)
  }

  /// `font` (one name or path) or `fonts` (several, in order), not both.
  private static func fonts(_ request: JSONValue) throws(RequestError) -> [String] {
    switch (request["font"], request["fonts"]) {
    case (nil, nil): return []
    case (let font?, nil): return [try name(font, key: "font")]
    case (nil, .array(let values)?):
      return try values.map { (value: JSONValue) throws(RequestError) in
        try name(value, key: "fonts[]")
      }
    case (nil, let other?):
      throw RequestError(
        .invalidValue, "'fonts' must be an array of names or paths, not \(other.kindDescription)")
    case (.some, .some):
      throw RequestError(.invalidRequest, "give 'font' or 'fonts', not both")
    }
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

  /// A font name, path or locale: a non-empty string without NUL (C would cut it there).
  private static func name(_ value: JSONValue, key: String) throws(RequestError) -> String {
    let string = try string(value, key: key)
    guard !string.isEmpty, string.utf8.count <= maxNameBytes, !string.utf8.contains(0) else {
      throw RequestError(
        .invalidValue,
        "'\(key)' must be a non-empty string of at most \(maxNameBytes) bytes without NUL")
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
