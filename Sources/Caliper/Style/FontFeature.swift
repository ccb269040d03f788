internal import CHarfBuzz

/// An OpenType feature setting: a four-letter tag, a value and the text it applies to.
///
/// Features select a font's alternate glyphs and positioning: `tnum` (tabular digits, as
/// SwiftUI's `monospacedDigit()`), `smcp` (small capitals), `liga=0` (no ligatures),
/// `kern=0` (no kerning), `aalt=2` (the second alternate). They are passed to HarfBuzz's
/// `hb_shape` with every run, and are part of every cache key.
///
/// ```swift
/// let style = TextStyle(features: [try FontFeature(parsing: "tnum"), try FontFeature(parsing: "liga=0")])
/// let digits = try FontFeature(tag: "tnum", range: 3..<5)  // scalars 3 and 4 only
/// ```
public struct FontFeature: Sendable, Hashable, CustomStringConvertible {
  /// The tag as HarfBuzz's big-endian `hb_tag_t`.
  let code: UInt32
  /// The value: 0 turns the feature off, 1 on; larger values pick an alternate.
  public let value: UInt32
  /// The Unicode-scalar offsets of the text it applies to; `nil` for the whole text.
  public let range: Range<Int>?

  /// A feature by tag ("tnum", "ss01"; shorter tags are padded with spaces, as OpenType
  /// does).
  ///
  /// - Throws: `CaliperError.invalidFontFeature` for a tag that is not 1–4 printable ASCII
  ///   characters or a range that starts below 0.
  public init(tag: String, value: UInt32 = 1, range: Range<Int>? = nil) throws(CaliperError) {
    guard let code = FontTag.code(tag) else {
      throw .invalidFontFeature(tag, reason: "a tag is 1 to 4 printable ASCII characters")
    }
    if let range, range.lowerBound < 0 {
      throw .invalidFontFeature(tag, reason: "a range cannot start before 0")
    }
    self.code = code
    self.value = value
    self.range = range
  }

  /// Parses HarfBuzz's feature syntax (`hb_feature_from_string`, as `hb-shape --features`
  /// and CSS `font-feature-settings`): "tnum", "+tnum", "-liga", "liga=0", "kern=off",
  /// "aalt=2", "tnum[3:5]" (scalars 3 and 4), "tnum[3]", "tnum[3:]", "\"smcp\" on".
  ///
  /// - Throws: `CaliperError.invalidFontFeature` when HarfBuzz does not accept the string.
  public init(parsing string: String) throws(CaliperError) {
    var feature = hb_feature_t()
    let accepted = string.withCString { hb_feature_from_string($0, -1, &feature) != 0 }
    guard accepted, !string.isEmpty else {
      throw .invalidFontFeature(
        string, reason: "expected a tag with an optional value and range, as \"liga=0\"")
    }
    code = feature.tag
    value = feature.value
    let start = Int(feature.start)
    let end = feature.end == UInt32.max ? Int.max : Int(feature.end)
    guard start < end else {
      throw .invalidFontFeature(string, reason: "the range [\(start):\(end)] is empty")
    }
    range = start == 0 && end == Int.max ? nil : start..<end
  }

  /// `liga=0`, `clig=0`, `dlig=0`: what letter spacing turns off.
  static let noOptionalLigatures = ["liga", "clig", "dlig"].map {
    FontFeature(code: FontTag.code($0)!, value: 0)
  }

  /// A feature over the whole text from a tag already checked.
  private init(code: UInt32, value: UInt32) {
    self.code = code
    self.value = value
    range = nil
  }

  /// The tag, four characters ("tnum", "ss01", "cv1 ").
  public var tag: String { FontTag.string(code) }

  /// HarfBuzz's form: "tnum", "liga=0", "aalt=2", "tnum[3:5]", "ss1" (padding dropped).
  public var description: String {
    var text = String(tag.reversed().drop { $0 == " " }.reversed())  // HarfBuzz pads it back
    if let range {
      let end = range.upperBound == Int.max ? "" : String(range.upperBound)
      text += "[\(range.lowerBound):\(end)]"
    }
    if value != 1 { text += "=\(value)" }
    return text
  }

  /// HarfBuzz's structure for `hb_shape`. Clusters are scalar offsets in the whole text
  /// (the shaper adds the paragraph as context), so a range applies as given.
  func harfBuzzFeature() -> hb_feature_t {
    let start = UInt32(clamping: range?.lowerBound ?? 0)
    let end = range.map { $0.upperBound == Int.max ? UInt32.max : UInt32(clamping: $0.upperBound) }
    return hb_feature_t(tag: code, value: value, start: start, end: end ?? UInt32.max)
  }
}

/// OpenType tags: four bytes, read big-endian.
enum FontTag {
  /// The tag of 1–4 printable ASCII characters, padded with spaces; nil otherwise.
  static func code(_ text: String) -> UInt32? {
    let bytes = Array(text.utf8)
    guard (1...4).contains(bytes.count), bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      return nil
    }
    let padded = bytes + [UInt8](filled: 0x20, count: 4 - bytes.count)
    return padded.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  }

  static func string(_ code: UInt32) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> UInt32($0)) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
