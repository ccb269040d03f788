import CHarfBuzz
import CaliperTestSupport
import Testing

@testable import Caliper

/// A ligature starter has a HarfBuzz window only where the next scalar may continue one of
/// its ligatures (`SimpleGlyphs.continuesLigature`); elsewhere it shapes from the pair table
/// as a simple scalar. Checked against HarfBuzz shaping the whole string.
@Suite struct LigatureStarterTests {
  /// Every pair of a starter and a scalar that HarfBuzz, shaping the two alone, makes fewer
  /// than two glyphs of (a ligature) is one `continuesLigature` answers yes for.
  @Test(arguments: LayoutGlyphsTests.files)
  func everyLigatureHasItsSecond(file: String) throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + file)
    var ligatures = 0
    for (name, script) in PairShapingTests.scripts {
      let simple = Self.simple(font, script)
      let values = (0x20...0x7E).map(UInt32.init)
      for starter in values where simple.startsLigatures(starter) {
        for next in values where simple.holdsMixed(next) || simple.startsLigatures(next) {
          guard PairShapingTests.shape([starter, next], font, script).count < 2 else { continue }
          ligatures += 1
          #expect(simple.continuesLigature(starter, next), "\(file) \(name) \(starter) \(next)")
        }
      }
    }
    // Noto Sans: ff, fi, fl in both plans.
    #expect(ligatures >= 6 || !file.hasPrefix("NotoSans-"), "\(file)")
  }

  /// Each starter before each scalar of the run's alphabet, inside words, at the range's
  /// ends, after another starter and before another's window, and hex-like strings (the
  /// URL class's hashes): the pair path and preparing's learning path give per scalar what
  /// HarfBuzz gives the whole string.
  @Test(arguments: LayoutGlyphsTests.files)
  func startersBeforeEveryScalar(file: String) throws {
    let library = try FontLibrary(fontsDirectory: TestFonts.directory)
    let font = try library.font(path: TestFonts.directory + "/" + file)
    var compared = 0
    for (name, script) in PairShapingTests.scripts {
      let simple = Self.simple(font, script)
      let values = (0x20...0x7E).map(UInt32.init)
      let starters = values.filter(simple.startsLigatures)
      let alphabet = values.filter { simple.holdsMixed($0) || simple.startsLigatures($0) }
      guard !starters.isEmpty else { continue }
      let (a, b) = (UInt32(0x61), UInt32(0x54))  // "a", "T": kerning pairs with `f`
      var strings: [[UInt32]] = []
      for starter in starters {
        for next in alphabet {
          strings += [
            [a, starter, next, b], [starter, next], [next, starter], [starter, starter, next],
            [b, next, starter], [a, starter, next, starter, starter, b, b, a],
            [starter, next, a, b, starter, next, starter],
          ]
        }
      }
      let hex = (0x30...0x39).map(UInt32.init) + (0x61...0x66).map(UInt32.init)
      strings += RandomScalars.strings(
        rounds: 500, longest: 40, taken: hex.filter(alphabet.contains), refused: [],
        seed: 0x5eed_f00d
      ).map { $0.map(\.value) }
      compared += try PairShapingTests.comparePieces(
        strings, starters: Set(starters), font: font, file: file, script: script, name: name)
    }
    #expect(compared > 1000 || !file.hasPrefix("NotoSans-"), "\(file)")
  }

  /// The simple scalars of `font`'s plan for `script` (no features), for every pair test.
  static func simple(_ font: Font, _ script: hb_script_t) -> SimpleGlyphs {
    SimpleGlyphs.of(
      face: hb_font_get_face(font.hbFont), font: font.hbFont,
      plan: PairShapingTests.plan(font, script).pointer, features: [])
  }
}
