import CaliperTestSupport
import Testing

@testable import Caliper

/// `Shaper.shapeRuns` over a paragraph's runs in one call (one lock of the shape cache
/// across the runs' ends, each run's cut found first, the output kept from one run to the
/// next) writes what it writes called once a run, as the styled path calls it: the same
/// advances, cluster starts, unsafe offsets, `.notdef` count and cut pieces, over every
/// corpus line and seeded random text of many short runs in several faces, scripts and
/// directions, with the cache cold (misses between hits) and warm (every word a hit).
@Suite struct ShapeRunsTests {
  typealias Generator = ShortestDecimalTests.SeededGenerator

  /// What shaping wrote.
  struct Shaped: Equatable {
    var advances: [Double]
    var clusterStart: [Bool]
    var unsafeBefore: [Bool]
    var missingGlyphs: Int
    var cutPieces: [CutPiece]
  }

  /// `text`'s runs, as preparing made them, shaped again through `library`'s cache, in
  /// one call (`oneCall`) or a call a run.
  static func shape(_ text: PreparedText, library: FontLibrary, oneCall: Bool) throws -> Shaped {
    let storage = text.storage
    let analysis = try TextAnalysis(text: text.string, style: text.style)
    let (scalars, graphemeStart) = (analysis.scalars, analysis.graphemeStart)
    var shaped = ShapedText(count: scalars.count, size: text.style.size)
    let cache = library.shapes
    let shaper = Shaper(style: text.style, pairs: cache.usesPairs)
    let fonts = storage.cascadeFonts.map { $0.map(Unmanaged.passUnretained) }
    fonts.withUnsafeBufferPointer { fonts in
      storage.runs.withUnsafeBufferPointer { runs in
        if oneCall {
          shaper.shapeRuns(
            runs, fonts: fonts, scalars: scalars, graphemeStart: graphemeStart, cache: cache,
            into: &shaped)
        } else {
          for index in runs.indices {
            shaper.shapeRuns(
              UnsafeBufferPointer(rebasing: runs[index...index]), fonts: fonts,
              scalars: scalars, graphemeStart: graphemeStart, cache: cache, into: &shaped)
          }
        }
      }
    }
    withExtendedLifetime(storage.cascadeFonts) {}
    let flags = 0...scalars.count
    return Shaped(
      advances: shaped.advances, clusterStart: flags.map { shaped.clusterStart[$0] },
      unsafeBefore: flags.map { shaped.unsafeBefore[$0] },
      missingGlyphs: shaped.missingGlyphCount, cutPieces: shaped.cutPieces)
  }

  /// Random lines of short runs: words and marks of several scripts and faces (Latin,
  /// Devanagari, Arabic, Hebrew, Thai, CJK, Hangul, emoji, symbols of a fallback face),
  /// digits and punctuation between them, spaces of several kinds, a missing glyph, a line
  /// separator, a right-to-left override.
  static func randomTexts(_ generator: inout Generator, count: Int) -> [String] {
    let pieces: [String] = [
      "a", "word", "office", "é", "ñandú", "नमस्ते", "क्ष", "दुनिया", "عربي", "ب", "النص", "שלום",
      "ภาษา", "中", "文字", "한국어", "ｱｲｳ", "😀", "☺️", "★", "∑", "1", "2023", ",", ".", "!",
      "(", " ", " ", " ", "  ", "\u{A0}", "\u{3000}", "\u{301}", "\u{E000}", "\u{2028}",
      "\u{202E}", "\u{202C}", "x\u{AD}y",
    ]
    return RandomScalars.texts(of: pieces, count: count, longest: 48, using: &generator)
  }

  static var texts: [String] {
    var generator = Generator(state: 0x5A9E_2F0E)
    return TightLoopItemizationTests.texts + randomTexts(&generator, count: 300)
  }

  /// Every text in three styles: the default, a language and a feature of its own (keyed
  /// apart in the cache), and letter spacing (optional ligatures off: other features).
  @Test func oneCallEqualsACallARun() throws {
    var spaced = TextStyle(size: 16)
    spaced.letterSpacing = 0.5
    var featured = TextStyle(size: 13, locale: "hi")
    featured.features = [try FontFeature(tag: "liga", value: 0)]
    var runs = 0
    var multiRun = 0
    for style in [TextStyle(size: 16), featured, spaced] {
      let library = try FontLibrary(
        fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
      for text in Self.texts {
        let prepared = try library.prepare(text, style: style)
        runs += prepared.storage.runs.count
        if prepared.storage.runs.count > 1 { multiRun += 1 }
        // A call a run first, through a cache that holds the words of the texts before:
        // the one call's misses among hits; then one call, every word a hit.
        let general = try Self.shape(prepared, library: library, oneCall: false)
        let once = try Self.shape(prepared, library: library, oneCall: true)
        #expect(once == general, "\(text.prefix(40))")
        // A cold cache (for some texts: a library each): the one call before the calls a
        // run.
        if prepared.storage.runs.count > 1, multiRun % 16 == 1 {
          let cold = try FontLibrary(
            fontsDirectory: TestFonts.directory, limits: CacheLimits(preparedBytes: 0))
          let first = try Self.shape(prepared, library: cold, oneCall: true)
          let then = try Self.shape(prepared, library: cold, oneCall: false)
          #expect(first == then, "cold: \(text.prefix(40))")
          #expect(first == general, "cold: \(text.prefix(40))")
        }
      }
    }
    #expect(multiRun > 1000, "\(multiRun) of \(runs) runs")
  }
}
