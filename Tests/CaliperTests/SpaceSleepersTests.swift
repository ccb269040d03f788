import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// The sleeper ranges (`SpaceWakers.sleepers`): the scalars `Shaper.spaceSleeps` answers
/// without asking the face's coverage must each be one `wakes` answers false for, and the
/// run's verdict must be the scalar-by-scalar one.
@Suite struct SpaceSleepersTests {
  /// Every bundled face with wakers: its ranges are sorted and apart, and every scalar in
  /// them is mapped by the face (HarfBuzz's own `covers`) and no waker; each gap of one
  /// scalar between two ranges is a scalar that wakes. Fails with ranges that run across a
  /// scalar the cmap lacks (a range's end one too far), or that still hold a waker the
  /// closure added after the cmap was read.
  @Test func everyScalarOfARangeSleeps() throws {
    let fonts = try TestFonts.library.get()
    var faces = 0
    for file in LayoutGlyphsTests.files {
      let font = try fonts.font(path: TestFonts.directory + "/" + file)
      guard !font.spaceIsInert, let wakers = font.spaceWakers else { continue }
      faces += 1
      #expect(!wakers.sleepers.isEmpty, "\(file)")
      for (range, next) in zip(wakers.sleepers, wakers.sleepers.dropFirst()) {
        #expect(range.upperBound &+ 1 < next.lowerBound, "\(file): \(range) \(next)")
        if range.upperBound + 2 == next.lowerBound {
          let gap = Unicode.Scalar(range.upperBound + 1)
          #expect(gap.map { wakers.wakes($0, in: font) } ?? true, "\(file): \(range)")
        }
      }
      var checked = 0
      for range in wakers.sleepers {
        for value in range {
          guard let scalar = Unicode.Scalar(value) else { continue }
          #expect(font.covers(scalar) && !wakers.wakes(scalar, in: font), "\(file): \(value)")
          checked += 1
        }
      }
      #expect(checked > 100, "\(file)")
    }
    #expect(faces > 0)
  }

  /// `spaceSleeps` (the ranges) equals `sleepsByScalar` (`wakes` of each scalar) for
  /// every face with wakers over the corpus lines, each line whole and each of its words,
  /// and over seeded random texts of the face's scripts with Vedic marks (wakers), other
  /// scripts' letters (not covered), spaces and ASCII. Fails with a run judged asleep where
  /// a scalar of it is not covered (a fast path that skipped the slow check on leaving a
  /// range), or one judged awake for its spaces.
  @Test func rangesAnswerAsEachScalar() throws {
    let fonts = try TestFonts.library.get()
    var generator = ShortestDecimalTests.SeededGenerator(state: 0x51EE_9E25)
    let pieces = [
      "नमस्ते ", "दुनिया", " ", "  ", "क", "\u{0951}", "\u{A8E0}", "\u{1CDA}", "a", "Word ",
      "\u{0915}\u{094D}\u{0937}", "ع", "字", "\u{00A0}", "\u{200D}", "।", "1", ".",
    ]
    let random = RandomScalars.texts(of: pieces, count: 400, longest: 8, using: &generator)
    let texts = SpaceWakersTests.corpusLines() + random
    var (asleep, awake) = (0, 0)
    for file in LayoutGlyphsTests.files {
      let font = try fonts.font(path: TestFonts.directory + "/" + file)
      guard !font.spaceIsInert, font.spaceWakers != nil else { continue }
      for text in texts {
        let scalars = Array(text.unicodeScalars)
        var ranges = [0..<scalars.count]
        var start = 0
        for index in scalars.indices where scalars[index] == " " {
          ranges.append(start..<index + 1)
          start = index + 1
        }
        for range in ranges {
          let expected = Self.sleepsByScalar(in: range, of: scalars, font: font)
          #expect(
            Shaper.spaceSleeps(in: range, of: scalars, font: font) == expected,
            "\(file): \(String(String.UnicodeScalarView(scalars[range])))")
          if expected { asleep += 1 } else { awake += 1 }
        }
      }
    }
    #expect(asleep > 500 && awake > 500, "\(asleep) \(awake)")
  }

  /// `Shaper.spaceSleeps` as `SpaceWakers.wakes` answers it, scalar by scalar: the reference
  /// the sleeper ranges are tested against.
  static func sleepsByScalar(in range: Range<Int>, of scalars: [Unicode.Scalar], font: Font)
    -> Bool
  {
    guard let wakers = font.spaceWakers else { return false }
    return !scalars[range].contains { wakers.wakes($0, in: font) }
  }
}
