import Caliper
import CaliperService

/// The values of the options that are not style (widths, scale, counts): one parser and
/// one range check each, used by the option tables' checks and by the commands that read
/// the checked values.
enum OptionValues {
  /// A proposed width: a number ≥ 0, or inf/none for unspecified (`nil`).
  static func width(_ text: String, option: String = "--width") throws -> Double? {
    let trimmed = text.trimmingSpaces.lowercased()
    if ["inf", "infinity", "none", "nil", "+inf"].contains(trimmed) { return nil }
    guard let value = Double(trimmed) else {
      throw UsageError("\(option) expects a number of points or 'inf', not '\(text)'")
    }
    // A number too large for a Double reads as infinity: refused, so that a typo such as
    // 1e999 is not taken for the ideal width, which has its own spellings.
    guard value.isFinite || value.isNaN else {
      throw UsageError(
        "\(option): '\(text)' is not a finite number of points; the ideal width is spelled"
          + " 'inf' or 'none'")
    }
    do {
      return try RequestLimits.width(value)
    } catch {
      throw UsageError("\(option): \(error.message)")
    }
  }

  /// Widths separated by commas.
  static func widths(_ text: String, option: String = "--width") throws -> [Double?] {
    try text.split(separator: ",", omittingEmptySubsequences: false).map {
      try width(String($0), option: option)
    }
  }

  /// Pixels per point, in the one range every command allows.
  static func scale(_ text: String) throws -> Double {
    guard let value = Double(text.trimmingSpaces) else {
      throw UsageError("--scale expects a number, not '\(text)'")
    }
    do {
      return try RequestLimits.scale(value)
    } catch {
      throw UsageError("--scale: \(error.message)")
    }
  }

  /// A number of points in `range`.
  static func points(_ text: String, option: String, _ range: ClosedRange<Double>) throws
    -> Double
  {
    guard let value = Double(text.trimmingSpaces), range.contains(value) else {
      throw UsageError(
        "\(option) expects a number of points from \(formatNumber(range.lowerBound))"
          + " to \(formatNumber(range.upperBound)), not '\(text)'")
    }
    return value + 0
  }

  /// A whole number in `range`.
  static func whole(_ text: String, option: String, _ range: ClosedRange<Int>, _ unit: String)
    throws -> Int
  {
    guard let value = Int(text.trimmingSpaces), range.contains(value) else {
      throw UsageError(
        "\(option) expects a whole number of \(unit) from \(range.lowerBound) to"
          + " \(range.upperBound == 1 << 40 ? "2^40" : String(range.upperBound)), not '\(text)'")
    }
    return value
  }

  /// `--max-text-bytes`, which `measure` and `serve` both take: one declaration, one help
  /// text, the default read from `RequestLimits`.
  static let maxTextBytesOption = Option(
    "--max-text-bytes", value: "<n>",
    help: "Refuse a text longer than n bytes of UTF-8 (default: "
      + "\(bytesText(RequestLimits().maxTextBytes)))."
  ) { _ = try byteCount($0, option: "--max-text-bytes") }

  /// A whole number of bytes from 1 to 2^40, for the `--max-…-bytes` options.
  static func byteCount(_ text: String, option: String) throws -> Int {
    try whole(text, option: option, 1...(1 << 40), "bytes")
  }

  /// A default byte count as help texts say it: "16 MiB", "16 KiB", else the number.
  static func bytesText(_ count: Int) -> String {
    if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
    if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
    return "\(count)"
  }

  /// A whole number of widths from 1 to 2^40, for `--max-widths`.
  static func widthCount(_ text: String) throws -> Int {
    try whole(text, option: "--max-widths", 1...(1 << 40), "widths")
  }

  /// A whole number of pixels from 1 to 2^40, for `--max-pixels`.
  static func pixelCount(_ text: String) throws -> Int {
    try whole(text, option: "--max-pixels", 1...(1 << 40), "pixels")
  }

  /// The option checks, for the tables.
  static let checkWidths: @Sendable (String) throws -> Void = { _ = try widths($0) }
  static let checkScale: @Sendable (String) throws -> Void = { _ = try scale($0) }
}
