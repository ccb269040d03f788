import PangoShim

/// Pango, set up once per process as Caliper measures (PangoShim, after Scripts/pango-breaks).
enum Pango {
  /// Points fontconfig at `fontsDirectory` alone and makes the shared context at `size`.
  static func setUp(fontsDirectory: String, size: Double) -> Bool {
    pango_shim_setup(fontsDirectory, size) == 0
  }

  /// Pango's version ("1.50.12").
  static var version: String { String(cString: pango_shim_version()) }

  /// The families the private font map holds.
  static var families: String {
    var buffer = [CChar](repeating: 0, count: 4096)
    pango_shim_list_families(&buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// One Pango layout over one text; the layout is freed with its owner.
///
/// The corresponding PangoShim functions are `pango_shim_layout_*`.
final class PangoText {
  private let layout: OpaquePointer

  /// A new layout over `paragraph`: `pango_layout_new`, font, wrap mode, attributes, text.
  init(_ paragraph: Paragraph) {
    layout = paragraph.utf8.withUnsafeBufferPointer {
      pango_shim_layout_create($0.baseAddress, Int32($0.count))
    }
  }

  /// A new vertical layout over `paragraph` in `language`: a layout of the context with base
  /// gravity east (`pango_shim_layout_create_vertical`), whose width is the column length and
  /// whose size is (longest column, block width).
  init(vertical paragraph: Paragraph, language: String) {
    layout = paragraph.utf8.withUnsafeBufferPointer {
      pango_shim_layout_create_vertical($0.baseAddress, Int32($0.count), language)
    }
  }

  deinit {
    pango_shim_layout_destroy(layout)
  }

  /// Sets the wrap width in points; `nil` for none (the ideal size).
  func setWidth(_ points: Double?) {
    pango_shim_layout_set_width(layout, points ?? -1)
  }

  /// The logical size in points.
  var size: (width: Double, height: Double) {
    var width = 0.0
    var height = 0.0
    pango_shim_layout_get_size(layout, &width, &height)
    return (width, height)
  }

  /// The number of lines.
  var lineCount: Int { Int(pango_shim_layout_line_count(layout)) }
}
