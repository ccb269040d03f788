import CHarfBuzz
import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// Whether the space takes part in a face's lookups decides whether text may be shaped word
/// by word (`Font.spaceIsInert`). `LayoutGlyphs` reads GSUB and GPOS itself; the reference
/// is HarfBuzz's `hb_ot_layout_lookup_collect_glyphs` on every lookup (Caliper's old way to
/// answer it): its answer must be the same for every glyph of every bundled face, the space
/// first (never "inert" where HarfBuzz collects the glyph).
@Suite struct LayoutGlyphsTests {
  static let files =
    (try? FileManager.default.contentsOfDirectory(atPath: TestFonts.directory))
    .map { $0.filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }.sorted() } ?? []

  /// A HarfBuzz face of a bundled font file.
  final class Face {
    let face: OpaquePointer
    let font: OpaquePointer
    init(_ file: String) {
      let blob = hb_blob_create_from_file(TestFonts.directory + "/" + file)
      face = hb_face_create(blob, 0)
      hb_blob_destroy(blob)
      font = hb_font_create(face)
    }
    deinit {
      hb_font_destroy(font)
      hb_face_destroy(face)
    }

    /// Every glyph in any lookup's backtrack, input, lookahead or output set.
    func collectedGlyphs() -> OpaquePointer { Self.collectedGlyphs(face) }

    /// Every glyph in any of `face`'s lookups' backtrack, input, lookahead or output sets:
    /// `hb_ot_layout_lookup_collect_glyphs` on every lookup of `tables`.
    static func collectedGlyphs(_ face: OpaquePointer, tables: [String] = ["GSUB", "GPOS"])
      -> OpaquePointer
    {
      let all = hb_set_create()!
      let sets = (0..<4).map { _ in hb_set_create() }
      defer { for set in sets { hb_set_destroy(set) } }
      for table in tables {
        let tag = table.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        for lookup in 0..<hb_ot_layout_table_get_lookup_count(face, tag) {
          for set in sets { hb_set_clear(set) }
          hb_ot_layout_lookup_collect_glyphs(face, tag, lookup, sets[0], sets[1], sets[2], sets[3])
          for set in sets { hb_set_union(all, set) }
        }
      }
      return all
    }
  }

  @Test func everyBundledFontIsCompared() {
    #expect(Self.files.count == 13, "\(Self.files)")
  }

  /// The glyphs that take part though HarfBuzz does not collect them: those a class-based
  /// rule names as class 0 before the end of its span (see `LayoutGlyphs`). Noto Sans
  /// Devanagari's GPOS lookup 12 (`ttx -t GPOS`: ChainContextPos format 2) has rules whose
  /// backtrack names class 0 right before the input (`<Backtrack index="0" value="0"/>`),
  /// and some rule names each of its backtrack classes 1–17: so every glyph HarfBuzz does
  /// not collect into lookup 12's backtrack set is in class 0 there. (Its GSUB lookup 31
  /// names class 0 only last, after the i vowel sign: not counted.) No other bundled face
  /// has a class-based rule naming class 0.
  static func classZero(_ face: Face, _ file: String) -> OpaquePointer {
    let glyphs = hb_set_create()!
    guard file == "NotoSansDevanagari-Regular.ttf" else { return glyphs }
    let before = hb_set_create()!
    defer { hb_set_destroy(before) }
    let gpos = "GPOS".utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    hb_ot_layout_lookup_collect_glyphs(face.face, gpos, 12, before, nil, nil, nil)
    hb_set_add_range(glyphs, 0, hb_face_get_glyph_count(face.face) - 1)
    hb_set_subtract(glyphs, before)
    return glyphs
  }

  @Test(arguments: files) func agreesWithCollectGlyphs(_ file: String) {
    let face = Face(file)
    let collected = face.collectedGlyphs()
    defer { hb_set_destroy(collected) }
    let classZero = Self.classZero(face, file)
    defer { hb_set_destroy(classZero) }
    hb_set_union(collected, classZero)
    var space: hb_codepoint_t = 0
    #expect(hb_font_get_nominal_glyph(face.font, 0x20, &space) != 0)
    // Every glyph of the face, the space first.
    let glyphs = [space] + Array(0..<hb_face_get_glyph_count(face.face))
    for glyph in glyphs {
      let expected = hb_set_has(collected, glyph) != 0
      #expect(
        LayoutGlyphs.takePart(glyph, face: face.face) == expected,
        "glyph \(glyph) (space \(space)): HarfBuzz collects it: \(expected)")
    }
  }

  /// The space in GSUB alone (what `SpaceWakers` asks first): the same answer as
  /// `collect_glyphs` on the GSUB lookups, for every bundled face.
  @Test(arguments: files) func spaceInSubstitutionsAgrees(_ file: String) {
    let face = Face(file)
    let collected = Face.collectedGlyphs(face.face, tables: ["GSUB"])
    defer { hb_set_destroy(collected) }
    var space: hb_codepoint_t = 0
    #expect(hb_font_get_nominal_glyph(face.font, 0x20, &space) != 0)
    #expect(
      LayoutGlyphs.takePart(space, face: face.face, tables: [("GSUB", true)])
        == (hb_set_has(collected, space) != 0))
  }

  /// The faces that shape word by word, as HarfBuzz's collected glyphs say.
  @Test func bundledFacesWithAnInertSpace() throws {
    let fonts = try TestFonts.library.get()
    for file in Self.files {
      let face = Face(file)
      let collected = face.collectedGlyphs()
      defer { hb_set_destroy(collected) }
      var space: hb_codepoint_t = 0
      _ = hb_font_get_nominal_glyph(face.font, 0x20, &space)
      let font = try fonts.font(path: TestFonts.directory + "/" + file)
      #expect(font.spaceIsInert == (hb_set_has(collected, space) == 0), "\(file)")
    }
  }

  /// Class-pair kerning whose second-glyph classes are a format-1 class definition (glyphs
  /// 10, 11 and 12 in classes 1, 0 and 1), in a face made of that GPOS table alone: never
  /// "inert" where HarfBuzz collects the glyph. HarfBuzz 6.0 collects each run of classified
  /// glyphs with the glyph after it (11 and 13 too), as in DejaVu Sans's GPOS.
  @Test func classPairsAgreeWithCollectGlyphs() {
    var bytes: [UInt8] = [0, 1, 0, 0, 0, 0, 0, 0, 0, 10]  // version 1.0, lookup list at 10
    bytes += [0, 1, 0, 4]  // one lookup, at 14
    bytes += [0, 2, 0, 0, 0, 1, 0, 8]  // pair positioning, one subtable, at 22
    // Format 2: coverage at 20, value formats x advance and none, no first-glyph classes,
    // second-glyph classes at 26, one class by two, then the two values.
    bytes += [0, 2, 0, 20, 0, 4, 0, 0, 0, 0, 0, 26, 0, 1, 0, 2, 0, 0, 0xFF, 0xF0]
    bytes += [0, 1, 0, 1, 0, 5]  // coverage: glyph 5
    bytes += [0, 1, 0, 10, 0, 3, 0, 1, 0, 0, 0, 1]  // classes from glyph 10: 1, 0, 1
    let face = hb_face_builder_create()!
    defer { hb_face_destroy(face) }
    let blob = bytes.withUnsafeBufferPointer {
      hb_blob_create(
        UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self),
        UInt32($0.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
    }
    _ = hb_face_builder_add_table(face, "GPOS".utf8.reduce(0) { $0 << 8 | UInt32($1) }, blob)
    hb_blob_destroy(blob)
    let collected = Face.collectedGlyphs(face)
    defer { hb_set_destroy(collected) }
    #expect(hb_set_get_population(collected) > 0)
    for glyph in UInt32(0)..<20 where hb_set_has(collected, glyph) != 0 {
      #expect(LayoutGlyphs.takePart(glyph, face: face), "glyph \(glyph)")
    }
    #expect([5, 10, 12].allSatisfy { LayoutGlyphs.takePart($0, face: face) })
    #expect(![4, 9, 14].contains { LayoutGlyphs.takePart($0, face: face) })
  }

  /// A GPOS table whose one pair-positioning subtable lists the same pair set 32,000 times,
  /// each of 65,535 pairs: 2 billion records to read in 326 KB of table. Answered "takes
  /// part" once its budget (8 values a byte) is spent, not read to the end.
  @Test func sharedSubtablesAreReadWithinABudget() {
    let sets = 32_000
    let coverage = 10 + 2 * sets  // from the subtable, which is at 22
    let pairSet = coverage + 4
    var bytes: [UInt8] = [0, 1, 0, 0, 0, 0, 0, 0, 0, 10]  // version 1.0, lookup list at 10
    bytes += [0, 1, 0, 4]  // one lookup, at 14
    bytes += [0, 2, 0, 0, 0, 1, 0, 8]  // pair positioning, one subtable, at 22
    bytes += [0, 1] + Self.u16(coverage) + [0, 4, 0, 0] + Self.u16(sets)
    for _ in 0..<sets { bytes += Self.u16(pairSet) }
    bytes += [0, 1, 0, 0]  // coverage: format 1, no glyph
    bytes += [0xFF, 0xFF] + Array(repeating: [0, 9, 0, 0], count: 0xFFFF).flatMap { $0 }
    #expect(throws: LookupTableReader.Unreadable.self) { try Self.lookups(bytes) }
  }

  /// A lookup list that reaches past the table's end: "takes part", not a crash.
  @Test func truncatedTableIsUnreadable() {
    let bytes: [UInt8] = [0, 1, 0, 0, 0, 0, 0, 0, 0, 10, 0, 1, 0, 4, 0, 2]
    #expect(throws: LookupTableReader.Unreadable.self) { try Self.lookups(bytes) }
  }

  static func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

  /// Whether glyph 3 takes part in the GPOS table `bytes`.
  static func lookups(_ bytes: [UInt8]) throws(LookupTableReader.Unreadable) -> Bool {
    let answer = bytes.withUnsafeBytes {
      var table = LookupTableReader(bytes: $0, glyph: 3)
      return Result { () throws(LookupTableReader.Unreadable) in
        try table.anyLookup(substitutes: false)
      }
    }
    return try answer.get()
  }
}
