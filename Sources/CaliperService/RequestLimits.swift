import Caliper

/// The bounds on one measuring request, shared by `caliper measure` and `caliper serve`.
///
/// Problem: a measuring service is fed by other programs, and a value that is merely odd
/// (a 10^308 width, a 0 pt font, a gigabyte of text) must not take it down or give a wrong
/// number. Solution: every request value passes one of these checks before it reaches the
/// library, and a refusal names the value, the bound and the option that sets it.
/// Limitation: the bounds on font files are the library's (see `CaliperError`).
package struct RequestLimits {
  package init() {}

  /// The longest request line `caliper serve` reads (`--max-line-bytes`).
  package var maxLineBytes = 32 << 20
  /// The longest text, in bytes of UTF-8 (`--max-text-bytes`): the library's own bound.
  package var maxTextBytes = InputLimits().maxTextBytes
  /// The most widths in one request or one `--width` list (`--max-widths`).
  package var maxWidths = 1_000
  /// The largest response `caliper serve` writes for one request, estimated before any of
  /// it is written (`--max-response-bytes`).
  package var maxResponseBytes = 64 << 20

  /// Refuses more than `maxWidths` widths.
  package func check(widthCount count: Int, option: String) throws(RequestError) {
    guard count <= maxWidths else {
      throw RequestError(
        .tooManyWidths,
        "\(count) widths, over the limit of \(maxWidths) (\(option)); send several requests")
    }
  }

  /// Refuses a response estimated at more than `maxResponseBytes`.
  package func check(responseBytes estimate: Int) throws(RequestError) {
    guard estimate <= maxResponseBytes else {
      throw RequestError(
        .responseTooLarge,
        "the response would be about \(estimate) bytes, over the limit of \(maxResponseBytes)"
          + " (--max-response-bytes); ask for fewer widths or \"lines\": false")
    }
  }

  /// Scales are in (0, maxScale] pixels per point, for rounding (`measure`, `serve`) and
  /// for drawing (`render`, `layout --png`) alike.
  package static let maxScale = 16.0

  /// Refuses a text longer than `maxTextBytes`.
  package func check(text: String) throws(RequestError) {
    let count = text.utf8.count
    guard count <= maxTextBytes else {
      throw RequestError(
        .textTooLong,
        "the text is \(count) bytes of UTF-8, over the limit of \(maxTextBytes)"
          + " (--max-text-bytes)")
    }
  }

  /// A scale in (0, 16] pixels per point.
  package static func scale(_ value: Double) throws(RequestError) -> Double {
    try positive(value, atMost: maxScale, .scaleOutOfRange, "scale", unit: "pixels per point")
  }

  /// A number in (0, limit]; NaN is refused too.
  private static func positive(
    _ value: Double, atMost limit: Double, _ code: RequestError.Code, _ name: String,
    unit: String
  ) throws(RequestError) -> Double {
    guard value > 0, value <= limit else {
      throw RequestError(
        code,
        "invalid \(name) \(value): it must be a number of \(unit) greater than 0 and at"
          + " most \(Int(limit))")
    }
    return value
  }

  /// A proposed width in [0, +∞]: `nil` (the ideal size) for +∞; −0 becomes 0. Finite
  /// widths of any size are kept: one at least as wide as the text gives the ideal lines.
  package static func width(_ value: Double) throws(RequestError) -> Double? {
    guard !value.isNaN, value >= 0 else {
      throw RequestError(
        .widthOutOfRange,
        "invalid width \(value): widths must be 0 or more (or inf for the ideal size)")
    }
    return value.isInfinite ? nil : value + 0  // + 0 turns -0 into 0
  }
}

/// A refused request: a stable code for programs and a one-line message for people.
package struct RequestError: Error, CustomStringConvertible {
  /// The `error.code` values of `caliper serve` (documented in Caliper.docc/ServeProtocol.md).
  package enum Code: String {
    case invalidJSON = "invalid-json"
    case invalidRequest = "invalid-request"
    case unknownKey = "unknown-key"
    case missingKey = "missing-key"
    case invalidValue = "invalid-value"
    case lineTooLong = "line-too-long"
    case textTooLong = "text-too-long"
    case tooManyWidths = "too-many-widths"
    case responseTooLarge = "response-too-large"
    case sizeOutOfRange = "size-out-of-range"
    case widthOutOfRange = "width-out-of-range"
    case scaleOutOfRange = "scale-out-of-range"
    case fontUnavailable = "font-unavailable"
    case dictionaryUnavailable = "dictionary-unavailable"
    case measureFailed = "measure-failed"
  }

  package let code: Code
  package let message: String

  package init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  package var description: String { message }
}
