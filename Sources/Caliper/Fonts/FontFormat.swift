/// Font-file triage: what a file's first bytes say it is, and whether its table
/// directory fits inside it.
///
/// Problem: HarfBuzz accepts any bytes as a face (a WOFF file, a truncated font or a text
/// file becomes a face with no glyphs, and every character then measures as `.notdef`),
/// and FreeType opens formats HarfBuzz cannot shape (WOFF, Type 1, BDF/PCF bitmaps).
/// Solution: before either sees the bytes, read the header: only TrueType/OpenType
/// (`0x00010000`, `true`, `OTTO`) and collections (`ttcf`) are accepted; known other
/// formats are refused by name; and every table record of the chosen face must lie inside
/// the file, with the tables measuring needs (`cmap`, `head`, `hhea`, `hmtx`, `maxp`)
/// present. Limitation: tables are checked for bounds, not parsed; HarfBuzz's sanitizer
/// does the rest.
enum FontFormat {
  /// The tables without which a face cannot be measured.
  static let requiredTables = ["cmap", "head", "hhea", "hmtx", "maxp"]

  /// Checks `bytes` as the font file at `path`, for the face at `index`.
  ///
  /// - Throws: `CaliperError.unsupportedFontFormat` for a known format Caliper cannot
  ///   shape, `.malformedFont` for anything else that is not a usable sfnt face, and
  ///   `.fontIndexOutOfRange` for a face a collection does not have.
  static func check(_ bytes: UnsafeRawBufferPointer, path: String, index: Int)
    throws(CaliperError)
  {
    guard bytes.count >= 12 else {
      throw .malformedFont(path: path, reason: "\(bytes.count) bytes is too short for a font")
    }
    let tag = uint32(bytes, 0)
    switch tag {
    case 0x0001_0000, fourCC("true"), fourCC("OTTO"):
      guard index == 0 else {
        throw .fontIndexOutOfRange(path: path, index: index, count: 1)
      }
      try checkDirectory(bytes, at: 0, path: path)
    case fourCC("ttcf"):
      let count = Int(uint32(bytes, 8))
      guard 12 + count * 4 <= bytes.count else {
        throw .malformedFont(path: path, reason: "the collection header extends past the end")
      }
      guard index >= 0, index < count else {
        throw .fontIndexOutOfRange(path: path, index: index, count: count)
      }
      try checkDirectory(bytes, at: Int(uint32(bytes, 12 + index * 4)), path: path)
    default:
      if let format = knownFormat(bytes) {
        throw .unsupportedFontFormat(path: path, format: format)
      }
      let header = (0..<4).map { hex(bytes[$0]) }.joined(separator: " ")
      throw .malformedFont(
        path: path, reason: "not a TrueType/OpenType font (it starts with bytes \(header))")
    }
  }

  /// A face's table directory at `offset`: header, records and each table inside the file.
  private static func checkDirectory(_ bytes: UnsafeRawBufferPointer, at offset: Int, path: String)
    throws(CaliperError)
  {
    guard offset >= 0, offset + 12 <= bytes.count else {
      throw .malformedFont(path: path, reason: "the face's table directory is past the end")
    }
    let tableCount = Int(uint16(bytes, offset + 4))
    let recordsEnd = offset + 12 + tableCount * 16
    guard recordsEnd <= bytes.count else {
      throw .malformedFont(
        path: path,
        reason: "the table directory (\(tableCount) tables) extends past the end of the file"
          + " (\(bytes.count) bytes): the file is truncated")
    }
    var found = Set<UInt32>()
    for record in 0..<tableCount {
      let base = offset + 12 + record * 16
      let tag = uint32(bytes, base)
      let start = Int(uint32(bytes, base + 8))
      let length = Int(uint32(bytes, base + 12))
      guard start + length <= bytes.count else {
        throw .malformedFont(
          path: path,
          reason: "table '\(tagName(tag))' (\(length) bytes at offset \(start)) extends past"
            + " the end of the file (\(bytes.count) bytes): the file is truncated or corrupt")
      }
      found.insert(tag)
    }
    for name in requiredTables where !found.contains(fourCC(name)) {
      throw .malformedFont(path: path, reason: "the font has no '\(name)' table")
    }
  }

  /// The name of a font format Caliper recognises but cannot shape.
  private static func knownFormat(_ bytes: UnsafeRawBufferPointer) -> String? {
    let tag = uint32(bytes, 0)
    if tag == fourCC("wOFF") { return "WOFF (convert it to TTF or OTF)" }
    if tag == fourCC("wOF2") { return "WOFF2 (convert it to TTF or OTF)" }
    if tag == fourCC("typ1") { return "Mac Type 1" }
    if bytes[0] == 0x80, bytes[1] == 0x01 { return "Type 1 (PFB)" }
    if tag == 0x0166_6370 { return "PCF bitmap" }
    let prefix = String(decoding: bytes[..<min(bytes.count, 16)], as: UTF8.self)
    if prefix.hasPrefix("%!PS-AdobeFont") || prefix.hasPrefix("%!FontType1") {
      return "Type 1 (PFA)"
    }
    if prefix.hasPrefix("STARTFONT") { return "BDF bitmap" }
    return nil
  }

  private static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
    (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[offset + $1]) }
  }

  private static func uint16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
    UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  static func fourCC(_ name: String) -> UInt32 {
    name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
  }

  private static func tagName(_ tag: UInt32) -> String {
    let bytes = (0..<4).map { UInt8(truncatingIfNeeded: tag >> (24 - 8 * UInt32($0))) }
    guard bytes.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      return bytes.map(hex).joined(separator: " ")
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 15)])
  }
}
