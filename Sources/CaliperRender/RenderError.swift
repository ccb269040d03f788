/// Why a render failed.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// libpng could not write or read `path`.
  case png(path: String, message: String)
  /// FreeType could not open or use a face.
  case freeType(function: String, code: Int32, path: String)
  /// The image would be larger than `limit` pixels on a side.
  case tooLarge(width: Int, height: Int, limit: Int)
  /// The image would have more than `limit` pixels (`RenderOptions.maxPixels`).
  case tooManyPixels(width: Int, height: Int, limit: Int)

  public var description: String {
    switch self {
    case .png(let path, let message): return "PNG \(path): \(message)"
    case .freeType(let function, let code, let path):
      return "FreeType \(function) failed with error \(code) for \(path)"
    case .tooLarge(let width, let height, let limit):
      func side(_ pixels: Int) -> String {
        pixels < RenderOptions.saturatedPixels
          ? "\(pixels)" : "over \(RenderOptions.saturatedPixels)"
      }
      return
        "the image would be \(side(width)) × \(side(height)) pixels; at most \(limit) on a side"
    case .tooManyPixels(let width, let height, let limit):
      return
        "the image would be \(width) × \(height) = \(width * height) pixels, over the pixel "
        + "budget of \(limit) (maxPixels, --max-pixels)"
    }
  }
}
