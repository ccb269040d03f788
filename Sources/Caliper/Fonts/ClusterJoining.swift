internal import CHarfBuzz

/// Whether a face's layout can make one cluster's glyphs depend on another's.
///
/// Problem: a run without spaces (Japanese, Chinese) is one word, shaped whole by HarfBuzz
/// in every paragraph it is in (1.7 M instructions for a 720-byte Japanese paragraph),
/// although the CJK fallback face (Droid Sans Fallback: one GSUB lookup, single
/// substitutions for `vert`; no GPOS lookup) cannot make a glyph depend on its neighbours.
/// Solution: read once, from the face's tables, whether any of its lookups can; where none
/// can, each grapheme cluster shapes the same alone as in its run, so the run is shaped
/// cluster by cluster through the shape cache (`Shaper.shapesByCluster`). Safe, because
/// each rewrites or moves one glyph by what it is alone (the lookup's flags and a mark
/// filtering set only choose which glyphs it skips):
/// - GSUB 1 (single), 2 (multiple: the glyphs it makes keep the cluster), 3 (alternate:
///   the feature's value picks the alternate, except for `rand`, below);
/// - GPOS 1 (single adjustment);
/// - extension lookups (GSUB 7, GPOS 9) of those types, each subtable's own type read.
/// Not safe, so such a face shapes its runs as before: GSUB 4 (ligature), 5 and 6
/// (contexts, whose nested lookups act on the glyphs a context matched), 8 (reverse
/// chaining); GPOS 2 (pairs), 3 (cursive), 4–6 (marks attached to a base the lookup finds
/// by skipping back, possibly past a cluster's start), 7 and 8 (contexts); any other type
/// or an unreadable table. Nor is a face with a `kern` table (HarfBuzz kerns pairs with it
/// where GPOS does not), with AAT tables (`morx`, `mort`, `kerx`, `trak`: HarfBuzz shapes
/// with those instead of GSUB/GPOS, or adds tracking), or with a Graphite `Silf` table
/// (Debian's HarfBuzz shapes with Graphite where a face has one). And what HarfBuzz does
/// across clusters with the face's single substitutions: a face with `rand` (alternates
/// drawn from a sequence that runs through the whole buffer) or with `frac`, `numr` or
/// `dnom` (HarfBuzz itself marks the digits on both sides of U+2044 FRACTION SLASH for
/// those features) does not qualify either.
///
/// What HarfBuzz does without the font's tables stays inside a cluster, on a face whose
/// cmap maps the space (required here): normalization decomposes and composes a base with
/// the marks after it (one grapheme); fallback mark positioning places marks around the
/// base of their HarfBuzz cluster, and zeroing marks' advances is per glyph; default
/// ignorables become the space glyph with no advance (they are deleted, moving a cluster
/// value, only where the face has no space); dotted circles are inserted only at the start
/// of a buffer flagged as the text's start, which Caliper never sets; fallback kerning asks
/// the font functions for pairs, which HarfBuzz's own OpenType functions (Caliper's) lack. HarfBuzz's clusters
/// are inside ICU's graphemes except after a control character (`Control ÷ Extend`), which
/// is why a cluster piece never ends with one (`Shaper.clusterPieceEnd`). Which features
/// HarfBuzz turns on by a glyph's neighbours (Arabic joining forms, Indic syllables) is the
/// script's shaper's business, not the face's: `Shaper.shapesByCluster` allows only scripts
/// HarfBuzz shapes with no such choice. Limitation: a face that qualifies only for its
/// default features (a ligature lookup no default feature turns on) is still excluded:
/// every lookup is read, enabled or not, as for `Font.spaceIsInert`.
enum ClusterJoining {
  /// Whether no lookup or table of `face` can make a cluster's glyphs depend on another's.
  static func joinsNoClusters(face: OpaquePointer, font: OpaquePointer) -> Bool {
    var space: hb_codepoint_t = 0
    guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return false }
    for tag in otherShapingTables where hasTable(face, tag) { return false }
    // GPOS first: a Latin face's first GPOS lookup is usually pairs, which settles it.
    return onlyLookups(face, "GPOS", safe: [1], extensionType: 9)
      && onlyLookups(face, "GSUB", safe: [1, 2, 3], extensionType: 7)
  }

  /// The tables HarfBuzz shapes with instead of, or besides, GSUB and GPOS: legacy kerning,
  /// AAT's, tracking, and Graphite's (Debian's HarfBuzz shapes with Graphite where a face
  /// has one).
  static let otherShapingTables = ["kern", "morx", "mort", "kerx", "trak", "Silf"]

  /// The features HarfBuzz applies across clusters with single substitutions.
  static let acrossClusterFeatures = [FontFormat.fourCC("rand")] + fractionFeatures

  /// The automatic fraction features: HarfBuzz adds them to every plan and applies their
  /// lookups only around U+2044 (FRACTION SLASH), across clusters.
  static let fractionFeatures = ["frac", "numr", "dnom"].map(FontFormat.fourCC)

  /// Whether `face` has the table `name` (with any bytes).
  ///
  /// The corresponding HarfBuzz function is `hb_face_reference_table`.
  static func hasTable(_ face: OpaquePointer, _ name: String) -> Bool {
    let blob = hb_face_reference_table(face, FontFormat.fourCC(name))
    defer { hb_blob_destroy(blob) }
    return hb_blob_get_length(blob) > 0
  }

  /// Whether every lookup of `face`'s table `name` (absent: none) has a type in `safe`
  /// (through extensions of `extensionType`), and no feature of it is one HarfBuzz applies
  /// across clusters (`acrossClusterFeatures`).
  private static func onlyLookups(
    _ face: OpaquePointer, _ name: String, safe: Set<Int>, extensionType: Int
  ) -> Bool {
    do {
      return try LookupTableReader.withTable(of: face, name) {
        reader throws(LookupTableReader.Unreadable) in
        try reader.onlyLookups(of: safe, extensionType: extensionType)
      } ?? true
    } catch {
      return false
    }
  }
}

extension LookupTableReader {
  /// Whether this GSUB or GPOS table's lookups are all of the `safe` types (an extension
  /// lookup, of type `extensionType`, by each subtable's own type) and none of its features
  /// is one of `ClusterJoining.acrossClusterFeatures`.
  fileprivate mutating func onlyLookups(of safe: Set<Int>, extensionType: Int)
    throws(Unreadable) -> Bool
  {
    // HarfBuzz gives a table of another major version no lookups.
    guard try u16(0) == 1 else { return true }
    if let features = try offset(from: 0, at: 6) {
      let count = try u16(features)
      try spend(count)
      for index in 0..<count
      where try ClusterJoining.acrossClusterFeatures.contains(
        UInt32(u32(features + 2 + 6 * index)))
      {
        return false
      }
    }
    guard let list = try offset(from: 0, at: 8) else { return true }
    let count = try u16(list)
    try spend(count)
    for index in 0..<count {
      guard let lookup = try offset(from: list, at: list + 2 + 2 * index) else { continue }
      guard try subtableTypes(ofLookupAt: lookup, extensionType: extensionType).isSubset(of: safe)
      else { return false }
    }
    return true
  }
}
