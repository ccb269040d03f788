/// Everything that can go wrong while finding fonts, preparing or measuring text.
///
/// Each case's `description` is a one-line message naming the problem, fit for a user.
public enum CaliperError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No folder of bundled fonts was found; lists the places searched, in order.
  case fontsDirectoryNotFound(searched: [String])
  /// A font file could not be read.
  case unreadableFontFile(path: String, reason: String)
  /// A file was read but is not a font FreeType can open.
  case notAFont(path: String, function: String, code: Int32)
  /// A file that is not a usable TrueType/OpenType font: why, in words.
  case malformedFont(path: String, reason: String)
  /// A font format Caliper recognises but cannot shape (WOFF, WOFF2, Type 1, BDF, PCF).
  case unsupportedFontFormat(path: String, format: String)
  /// A face index a font file (or collection) does not have.
  case fontIndexOutOfRange(path: String, index: Int, count: Int)
  /// A font file larger than `InputLimits.maxFontFileBytes`, refused before reading it.
  case fontFileTooLarge(path: String, bytes: Int, limit: Int)
  /// A text longer than `InputLimits.maxTextBytes` of UTF-8.
  case textTooLong(bytes: Int, limit: Int)
  /// A style naming more fonts than a cascade holds (`FontCascade.mostFaces`).
  case tooManyFonts(count: Int, limit: Int)
  /// A font family that is neither bundled nor installed on the system.
  case unknownFontFamily(String)
  /// A font size outside (0, `InputLimits.maxFontSize`].
  case invalidFontSize(Double, limit: Double = InputLimits().maxFontSize)
  /// A proposed width or height that is NaN or negative.
  case invalidProposal(Double)
  /// A styled span whose range is not inside the text (`count` scalars).
  case invalidSpan(Range<Int>, count: Int)
  /// A line limit below 1.
  case invalidLineLimit(Int)
  /// An OpenType feature setting that is not valid (`FontFeature`).
  case invalidFontFeature(String, reason: String)
  /// A variable-font axis setting that is not valid (`FontVariation`).
  case invalidFontVariation(String, reason: String)
  /// A style setting that cannot be used (a negative tab stop, a line height ≤ 0, a
  /// spacing that is not finite...).
  case invalidStyle(String)
  /// Hyphenation was asked for but no usable dictionary exists for the locale (nil: a
  /// dictionary file that failed to load).
  case hyphenationDictionary(locale: String?, reason: String)
  /// A C library call failed.
  case library(function: String, code: Int32, name: String)

  public var description: String {
    switch self {
    case .fontsDirectoryNotFound(let searched):
      return "no bundled fonts folder found (searched: \(searched.joined(separator: ", ")));"
        + " set CALIPER_FONTS to the folder holding NotoSans-Regular.ttf"
    case .unreadableFontFile(let path, let reason):
      return "cannot read font file \(path): \(reason)"
    case .notAFont(let path, let function, let code):
      return "not a font file: \(path) (\(function) failed with FreeType error \(code))"
    case .malformedFont(let path, let reason):
      return "not a usable font file: \(path): \(reason)"
    case .unsupportedFontFormat(let path, let format):
      return "unsupported font format: \(path) is \(format)"
    case .fontIndexOutOfRange(let path, let index, let count):
      return
        "font file \(path) has \(count) face\(count == 1 ? "" : "s"); there is no face \(index)"
    case .fontFileTooLarge(let path, let bytes, let limit):
      return "font file \(path) is \(bytes) bytes, over the limit of \(limit) bytes"
        + " (InputLimits.maxFontFileBytes)"
    case .textTooLong(let bytes, let limit):
      return "text of \(bytes) bytes of UTF-8 is over the limit of \(limit) bytes"
        + " (InputLimits.maxTextBytes)"
    case .tooManyFonts(let count, let limit):
      return "\(count) fonts is more than a cascade holds (\(limit) with the bundled ones)"
    case .unknownFontFamily(let name):
      return "no font family named '\(name)' among the bundled fonts or the system's"
    case .invalidFontSize(let size, let limit):
      return "invalid font size \(size): it must be a number of points greater than 0 and at"
        + " most \(limit) (InputLimits.maxFontSize)"
    case .invalidProposal(let value):
      return "invalid proposed dimension \(value): it must be 0 or more (or nil/infinity)"
    case .invalidSpan(let range, let count):
      return "invalid span \(range.lowerBound)..<\(range.upperBound): the text has \(count)"
        + " Unicode scalars (spans are scalar offsets inside it)"
    case .invalidLineLimit(let limit):
      return "invalid line limit \(limit): it must be 1 or more (or none)"
    case .invalidFontFeature(let text, let reason):
      return "invalid font feature '\(text)': \(reason)"
    case .invalidFontVariation(let text, let reason):
      return "invalid font variation '\(text)': \(reason)"
    case .invalidStyle(let reason):
      return "invalid text style: \(reason)"
    case .hyphenationDictionary(let locale, let reason):
      return locale.map { "cannot hyphenate locale '\($0)': \(reason)" } ?? reason
    case .library(let function, let code, let name):
      return "\(function) failed: \(name) (\(code))"
    }
  }
}
