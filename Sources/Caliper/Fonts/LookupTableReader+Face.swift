internal import CHarfBuzz

extension LookupTableReader {
  /// `body` over a reader of `face`'s table `tag` looking for `glyph`, or nil where the
  /// face has no such table or an empty one.
  ///
  /// The corresponding HarfBuzz function is `hb_face_reference_table`.
  static func withTable<Result>(
    of face: OpaquePointer, _ tag: String, glyph: UInt16 = 0,
    _ body: (inout LookupTableReader) throws(Unreadable) -> Result
  ) throws(Unreadable) -> Result? {
    let blob = hb_face_reference_table(face, FontFormat.fourCC(tag))
    defer { hb_blob_destroy(blob) }
    var length: UInt32 = 0
    guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
    var table = LookupTableReader(
      bytes: UnsafeRawBufferPointer(start: data, count: Int(length)), glyph: glyph)
    return try body(&table)
  }
}
