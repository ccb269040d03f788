/// Bounds on what one text or font may ask of a `FontLibrary`; past a bound the request is
/// refused with a `CaliperError` that names the bound, never trapped on or silently cut.
///
/// The defaults keep every count inside the C libraries' 32-bit lengths with room to spare
/// and keep one request's memory in the hundreds of megabytes.
///
/// ```swift
/// let fonts = try FontLibrary.bundled(inputLimits: InputLimits(maxTextBytes: 1 << 20))
/// ```
public struct InputLimits: Sendable, Hashable {
  /// The longest text, in bytes of UTF-8 (default 16 MiB; at most 2^31 − 1, the C
  /// libraries' lengths: larger values are taken as that).
  public var maxTextBytes: Int
  /// The largest font file, in bytes, checked before it is read (default 64 MiB).
  public var maxFontFileBytes: Int
  /// The largest font size in points (default 10,000); sizes must also be greater than 0.
  public var maxFontSize: Double

  public init(
    maxTextBytes: Int = 16 << 20, maxFontFileBytes: Int = 64 << 20, maxFontSize: Double = 10_000
  ) {
    self.maxTextBytes = min(max(0, maxTextBytes), Int(Int32.max))
    self.maxFontFileBytes = maxFontFileBytes
    self.maxFontSize = maxFontSize
  }
}
