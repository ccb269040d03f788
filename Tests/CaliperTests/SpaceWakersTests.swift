import CHarfBuzz
import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// A face whose space takes part in lookups only as context (Noto Sans Devanagari's GPOS
/// lookup 33) shapes word by word a run that holds none of the scalars that can wake those
/// lookups (`SpaceWakers`), and in context one that holds one.
@Suite struct SpaceWakersTests {
  static let devanagari = TestFonts.directory + "/NotoSansDevanagari-Regular.ttf"

  /// The wakers of Noto Sans Devanagari are the scalars of the glyphs of the input classes
  /// of GPOS lookup 33, whose backtrack class 1 holds the space, as `ttx -t GPOS` lists them
  /// (ChainContextPos format 2: InputClassDef classes 1 and 2: uni1CD0–uni1CD2, uni1CF4,
  /// uni20F0, uniA8E0–uniA8F1 and ligatures of them that GSUB makes only from them, such as
  /// two_radeva from uniA8E2 + uniA8EF in GSUB lookup 29), read through the cmap. Inter's
  /// space is in GSUB lookups 0, 42 and 43 (`ttx -t GSUB`: single substitutions of
  /// "uni0020"): it has none and keeps shaping in context. GPOS lookup 12 (ChainContextPos
  /// format 2) names class 0, where the space is, right before the glyphs of its input
  /// class 1 (udattadeva, uni1CDA, uni1CF8, uni1CF9): U+0951, U+1CDA, U+1CF8 and U+1CF9
  /// wake it too.
  @Test func devanagariWakersAreTheVedicMarks() throws {
    let fonts = try TestFonts.library.get()
    let font = try fonts.font(path: Self.devanagari)
    #expect(!font.spaceIsInert)
    let expected: [UInt32] =
      [0x0951, 0x1CD0, 0x1CD1, 0x1CD2, 0x1CDA, 0x1CF4, 0x1CF8, 0x1CF9, 0x20F0]
      + Array(0xA8E0...0xA8F1)
    #expect(font.spaceWakers?.scalars == expected)
    let inter = try fonts.font(path: TestFonts.directory + "/Inter-roman.var.ttf")
    #expect(!inter.spaceIsInert)
    #expect(inter.spaceWakers == nil)
  }

  /// The proof's claim, checked with HarfBuzz itself for every bundled face whose space is
  /// inert or has wakers: each corpus line (its scalars the face maps, as a run of it holds
  /// them) that holds no waker shapes the same as a whole and as words, each word with the
  /// spaces after it shaped alone: the same glyph ids, advances and offsets.
  @Test func wordsAloneAreTheLineInContext() throws {
    let fonts = try TestFonts.library.get()
    let corpus = Self.corpusLines()
    #expect(corpus.count > 300)
    var compared: [String: Int] = [:]
    for file in LayoutGlyphsTests.files {
      let font = try fonts.font(path: TestFonts.directory + "/" + file)
      let wakers = font.spaceIsInert ? SpaceWakers(scalars: []) : font.spaceWakers
      guard let wakers else { continue }
      for line in corpus {
        let scalars = Array(line.unicodeScalars.filter { font.covers($0) })
        guard scalars.count > 1, !scalars.contains(where: { wakers.wakes($0, in: font) }) else {
          continue
        }
        let script = Self.script(of: scalars)
        let whole = Self.shape(scalars, font: font, script: script)
        let words = PreparedGlyphsTests.words(scalars).flatMap {
          Self.shape(scalars[$0], font: font, script: script)
        }
        #expect(whole == words, "\(file): \(String(String.UnicodeScalarView(scalars)))")
        compared[file, default: 0] += 1
      }
    }
    #expect(compared["NotoSansDevanagari-Regular.ttf", default: 0] > 100, "\(compared)")
    #expect(compared["NotoSans-Regular.ttf", default: 0] > 300, "\(compared)")
  }

  /// "क ꣠क": a Vedic mark after a space wakes lookup 33, so the run is shaped whole with the
  /// paragraph as context, and its glyphs are `hb-shape`'s (HarfBuzz 6.0.0, units per em
  /// 1000): `hb-shape --no-glyph-names Fonts/NotoSansDevanagari-Regular.ttf 'क ꣠क'` →
  /// [25=0+762|3=1+260|134=1+510|852=1@0,-347+0|25=3+762], 36.704 pt wide at 16 pt
  /// ((762 + 260 + 510 + 762) × 16 / 1000).
  @Test func vedicMarkAfterASpaceIsShapedInContext() throws {
    let library = try TestFonts.library.get()
    let style = TextStyle(size: 16, fonts: [.file(Self.devanagari)])
    var prepared: PreparedText?
    // The log of HarfBuzz calls exists in debug builds only (the sanitizers' optimized
    // test builds have none).
    #if DEBUG
      let calls = try PreparedGlyphsTests.calls {
        prepared = try library.prepare("क \u{A8E0}क", style: style)
      }
      #expect(!calls.isEmpty && calls.allSatisfy { $0.context == 0..<4 }, "\(calls)")
    #else
      prepared = try library.prepare("क \u{A8E0}क", style: style)
    #endif
    let text = try #require(prepared)
    #expect(text.runs.count == 1)
    let font = try library.font(path: Self.devanagari)
    #expect(!Shaper.spaceSleeps(in: 0..<4, of: text.analysis.scalars, font: font))
    let size = text.measure(ProposedViewSize(width: nil, height: nil)).size
    #expect(abs(size.width - 36.704) < 1e-9)
    let line = try #require(text.measure(ProposedViewSize(width: nil, height: nil)).lines.first)
    let glyphs = text.glyphRuns(in: line).flatMap(\.glyphs)
    #expect(glyphs.map(\.id) == [25, 3, 134, 852, 25])
    #expect(glyphs.map { $0.y * 1000 / 16 }.map { $0.rounded() } == [0, 0, 0, -347, 0])
  }

  /// "नमस्ते दुनिया नमस्ते दुनिया": no waker, so each word is shaped alone (its context is
  /// itself), and "नमस्ते " again comes from the shape cache: three calls ("दुनिया" at the
  /// end, without a space, is a word of its own). Before the change the run was one call
  /// with the paragraph as context.
  @Test func devanagariWordsAreShapedAlone() throws {
    #if DEBUG
      // A library of its own: its shape cache holds none of these words yet.
      let library = try FontLibrary(
        fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
      let style = TextStyle(size: 16, fonts: [.file(Self.devanagari)])
      let calls = try PreparedGlyphsTests.calls {
        _ = try library.prepare("नमस्ते दुनिया नमस्ते दुनिया", style: style)
      }
      #expect(calls.allSatisfy { $0.context == $0.range }, "\(calls)")
      #expect(calls.map(\.range) == [0..<7, 7..<14, 21..<27], "\(calls)")
    #endif
  }

  /// More words are cached now (the fallback-heavy class's Devanagari words), and the shape
  /// cache still stays under its byte bound: a 16 KB cache over the class's paragraphs
  /// evicts rather than grows, and a second pass over the first paragraph hits its
  /// Devanagari words.
  @Test func shapeCacheStaysUnderItsBoundWithDevanagariWords() throws {
    let limit = 16 << 10
    let fonts = try FontLibrary(
      fontsDirectory: TestFonts.directory,
      limits: CacheLimits(shapeBytes: limit, preparedBytes: 0))
    let lines = Self.corpusLines().filter { $0.unicodeScalars.contains { $0.value == 0x0928 } }
    #expect(lines.count > 100)
    for line in lines { _ = try fonts.prepare(line) }
    let shapes = fonts.cacheStatistics.shapes
    #expect(shapes.bytes <= limit)
    #expect(shapes.evictions > 0)
    let hits = shapes.hits
    _ = try fonts.prepare("नमस्ते दुनिया नमस्ते दुनिया")
    #expect(fonts.cacheStatistics.shapes.hits == hits + 1)
    #expect(fonts.cacheStatistics.shapes.bytes <= limit)
  }

  /// The benchmark corpus's fallback-heavy and synthetic-mixed lines and the test corpus.
  static func corpusLines() -> [String] {
    let benchmarks = ["fallback-heavy.txt", "synthetic-mixed.txt", "gatsby-opening.txt"].map {
      (try? String(contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/" + $0, encoding: .utf8))
        ?? ""
    }
    return benchmarks.flatMap { $0.split(separator: "\n").map(String.init) } + TestFonts.paragraphs
  }

  /// One glyph as HarfBuzz shapes it: id, cluster-free advance and offsets (font units).
  struct Glyph: Equatable {
    let id: UInt32
    let advance: Int32
    let x: Int32
    let y: Int32
  }

  /// The script HarfBuzz guesses for `scalars` (its first strong scalar's).
  static func script(of scalars: [Unicode.Scalar]) -> hb_script_t {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    for scalar in scalars { hb_buffer_add(buffer, scalar.value, 0) }
    hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
    hb_buffer_guess_segment_properties(buffer)
    return hb_buffer_get_script(buffer)
  }

  /// `scalars` shaped alone in `font` in `script`, left to right (a run's words are shaped
  /// in the run's script and direction, whatever each word alone would guess).
  static func shape<S: Collection<Unicode.Scalar>>(_ scalars: S, font: Font, script: hb_script_t)
    -> [Glyph]
  {
    let buffer = hb_buffer_create()
    defer { hb_buffer_destroy(buffer) }
    for scalar in scalars { hb_buffer_add(buffer, scalar.value, 0) }
    hb_buffer_set_content_type(buffer, HB_BUFFER_CONTENT_TYPE_UNICODE)
    hb_buffer_set_script(buffer, script)
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
    hb_shape(font.hbFont, buffer, nil, 0)
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)!
    let positions = hb_buffer_get_glyph_positions(buffer, &count)!
    return (0..<Int(count)).map {
      Glyph(
        id: infos[$0].codepoint, advance: positions[$0].x_advance, x: positions[$0].x_offset,
        y: positions[$0].y_offset)
    }
  }
}
