import CaliperTestSupport
import Testing

@testable import Caliper

/// `Shaper.wordEnd`, which finds a word's end from a mask of the spaces among sixteen
/// scalars (`windowSpaces`), ends every word where the scan scalar by scalar does: over
/// every corpus line and seeded random text (long words, runs of spaces, marks after a
/// space, spaces at a window's edge), from every offset, with the run's end and a bound
/// anywhere after it.
@Suite struct WordEndTests {
  typealias Generator = ShortestDecimalTests.SeededGenerator

  /// The end the scan scalar by scalar finds: past the non-spaces, then the spaces, on
  /// until a grapheme starts (or the limit).
  static func scannedEnd(
    from start: Int, limit: Int, scalars: [Unicode.Scalar], graphemeStart: [Bool]
  ) -> Int {
    var end = start
    repeat {
      while end < limit, scalars[end] != " " { end += 1 }
      while end < limit, scalars[end] == " " { end += 1 }
    } while end < limit && !graphemeStart[end]
    return end
  }

  /// Corpus lines and random lines of words of 1 to 40 scalars, single and repeated spaces,
  /// marks after a space (in the space's grapheme) and other spaces (no-break, ideographic).
  static var texts: [String] {
    var generator = Generator(state: 0x00E0_D5CA_11)
    let pieces: [String] = [
      "a", "word", "office", "नमस्ते", "प्रौद्योगिकी", "النص", "文字", " ", " ", " ", "  ",
      "      ", " \u{301}", "\u{301}", "\u{A0}", "\u{3000}", "abcdefghijklmno",
      "abcdefghijklmnopqrstuvwxyz", "\u{1F600}", "\u{10FFFF}", "\u{20}\u{20}\u{20}x",
    ]
    return TightLoopItemizationTests.texts
      + RandomScalars.texts(of: pieces, count: 400, longest: 24, using: &generator)
  }

  @Test func windowSpacesAreTheSpaces() {
    var checked = 0
    for text in Self.texts {
      let scalars = Array(text.unicodeScalars)
      scalars.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for start in stride(from: 0, through: buffer.count - Shaper.wordWindow, by: 1) {
          var expected: UInt32 = 0
          for offset in 0..<Shaper.wordWindow where buffer[start + offset] == " " {
            expected |= 1 << offset
          }
          #expect(Shaper.windowSpaces(base + start) == expected)
          checked += 1
        }
      }
    }
    #expect(checked > 10_000)
  }

  @Test func wordEndIsTheScannedEnd() throws {
    var generator = Generator(state: 0x0005_CA22_ED)
    var (fast, spacesLeft, marked) = (0, 0, 0)
    for text in Self.texts {
      let analysis = try TextAnalysis(text: text, style: TextStyle(size: 16))
      let (scalars, graphemeStart) = (analysis.scalars, analysis.graphemeStart)
      guard !scalars.isEmpty else { continue }
      for start in scalars.indices {
        // The run's end: the text's, or anywhere after `start`; a bound sometimes.
        let runEnd =
          Bool.random(using: &generator)
          ? scalars.count : Int.random(in: (start + 1)...scalars.count, using: &generator)
        let run = TextRun(range: 0..<runEnd, face: 0, script: 0, level: 0)
        let bound =
          Int.random(in: 0..<4, using: &generator) == 0
          ? Int.random(in: (start + 1)...(start + 20), using: &generator) : Int.max
        let limit = min(runEnd, bound)
        let end = Shaper.wordEnd(
          from: start, in: run, scalars: scalars, boundaries: graphemeStart, before: bound)
        let expected = Self.scannedEnd(
          from: start, limit: limit, scalars: scalars, graphemeStart: graphemeStart)
        #expect(end == expected, "\(text.debugDescription) from \(start) to \(limit)")
        // How many the window decides: the word's end inside it, or the limit.
        if scalars.count - start >= Shaper.wordWindow, expected - start < Shaper.wordWindow {
          fast += 1
          if expected == limit, limit - start < Shaper.wordWindow,
            scalars[limit - 1] == " "
          {
            spacesLeft += 1
          }
        }
        // A mark after the first spaces: the window's end is no grapheme start.
        var first = start
        while first < scalars.count, scalars[first] != " " { first += 1 }
        while first < scalars.count, scalars[first] == " " { first += 1 }
        if first < limit, !graphemeStart[first] { marked += 1 }
      }
    }
    #expect(fast > 20_000)
    #expect(spacesLeft > 500)
    #expect(marked > 500)
  }
}
