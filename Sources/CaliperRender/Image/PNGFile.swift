internal import CPNG

#if canImport(Glibc)
  internal import Glibc
#endif

/// Reads and writes PNG files with libpng's simplified API (8-bit RGBA).
///
/// ```swift
/// try PNGFile.write(image, to: "out.png")
/// let back = try PNGFile.read("out.png")   // back.width == image.width
/// ```
public enum PNGFile {
  /// libpng's `PNG_FORMAT_RGBA` (a macro of macros Swift does not import).
  private static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

  /// Writes `image` as an 8-bit RGBA PNG at `path`.
  ///
  /// The PNG is made in memory and written with `write(2)`, so that a failed write says
  /// why as every other output does ("No space left on device"): libpng's own file writer
  /// says "Write Error", or nothing when the failure comes at `fclose`.
  /// The corresponding libpng function is `png_image_write_to_memory`.
  public static func write(_ image: Image, to path: String) throws(RenderError) {
    let file = try encode(image, path: path)
    if let failure = writeFile(file[...], to: path) {
      throw .png(path: path, message: failure)
    }
  }

  /// Writes `bytes` to a new or emptied file at `path`; returns why not, if it could not.
  private static func writeFile(_ bytes: ArraySlice<UInt8>, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    var failure: String?
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        if written <= 0 {
          failure = written < 0 ? String(cString: strerror(errno)) : "short write"
          return
        }
        offset += written
      }
    }
    if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
    return failure
  }

  /// `image` as the bytes of an 8-bit RGBA PNG: the same bytes `write(_:to:)` puts in a
  /// file (`POST /v1/render` answers with them).
  ///
  /// The corresponding libpng function is `png_image_write_to_memory`.
  public static func data(_ image: Image) throws(RenderError) -> [UInt8] {
    try encode(image, path: "-")
  }

  /// `image` as the bytes of an 8-bit RGBA PNG; errors name `path`.
  private static func encode(_ image: Image, path: String) throws(RenderError) -> [UInt8] {
    guard image.width > 0, image.height > 0 else {
      throw .png(path: path, message: "the image is empty (\(image.width) × \(image.height))")
    }
    var control = png_image()
    control.version = UInt32(PNG_IMAGE_VERSION)
    control.width = UInt32(image.width)
    control.height = UInt32(image.height)
    control.format = rgba
    defer { png_image_free(&control) }
    let stride = Int32(image.width * 4)
    var size = 0
    var bytes: [UInt8] = []
    let status = image.pixels.withUnsafeBytes { pixels -> Int32 in
      // The first call measures, the second writes.
      guard png_image_write_to_memory(&control, nil, &size, 0, pixels.baseAddress, stride, nil) != 0
      else { return 0 }
      bytes = [UInt8](repeating: 0, count: size)
      return bytes.withUnsafeMutableBytes {
        png_image_write_to_memory(
          &control, $0.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
      }
    }
    guard status != 0 else { throw .png(path: path, message: message(control)) }
    return Array(bytes.prefix(size))
  }

  /// Reads the PNG at `path` as 8-bit RGBA.
  ///
  /// The corresponding libpng functions are `png_image_begin_read_from_file` and
  /// `png_image_finish_read`.
  public static func read(_ path: String) throws(RenderError) -> Image {
    var control = png_image()
    control.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_file(&control, path) != 0 else {
      defer { png_image_free(&control) }
      throw .png(path: path, message: message(control))
    }
    control.format = rgba
    let width = Int(control.width)
    let height = Int(control.height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = pixels.withUnsafeMutableBytes { bytes in
      png_image_finish_read(&control, nil, bytes.baseAddress, Int32(width * 4), nil)
    }
    defer { png_image_free(&control) }
    guard status != 0 else { throw .png(path: path, message: message(control)) }
    return Image(width: width, height: height, pixels: pixels)
  }

  /// libpng's own message for the last failure.
  private static func message(_ control: png_image) -> String {
    var copy = control.message
    return withUnsafeBytes(of: &copy) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
