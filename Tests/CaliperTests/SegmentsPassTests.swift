import Testing

@testable import Caliper

/// The storage's segments pass (`PreparedTextStorage.segments`, raw buffers, faces by
/// shifts, facts gathered as it goes) and its tab scan (`tabOffsets`) give what the
/// general per-segment code gives: each segment made by `Segment.init` from
/// `PreparedText.contentEnd` over the array, `PreparedText.faceMask` over the faces, the
/// `BitArray`'s subscript and the hyphenation points as a set; over every corpus line and
/// seeded random text, with random faces (past 31 and 63 too), unsafe flags and
/// hyphenation points, and through `prepare` itself.
@Suite struct SegmentsPassTests {
  typealias Generator = ShortestDecimalTests.SeededGenerator

  /// The segments as the general code makes them, one at a time.
  static func generalSegments(
    breaks: [Int32], mandatory: [Bool], points: Set<Int32>, scalars: [Unicode.Scalar],
    faceOf: [UInt16], oneMask: FaceMask, unsafe: BitArray, keepingSpaces: Bool
  ) -> [Segment] {
    var segments: [Segment] = []
    var start = 0
    for (offset, stored) in breaks.enumerated() {
      let end = Int(stored)
      let inside = end < scalars.count
      segments.append(
        Segment(
          start: start,
          contentEnd: PreparedText.contentEnd(
            scalars, from: start, to: end, keepingSpaces: keepingSpaces),
          end: end, isHardBreak: mandatory[offset],
          faces: faceOf.isEmpty ? oneMask : PreparedText.faceMask(start..<end, faceOf: faceOf),
          unsafeEnd: inside && unsafe[end],
          softHyphen: inside && (points.contains(stored) || scalars[end - 1] == "\u{AD}")))
      start = end
    }
    return segments
  }

  /// Random lines of the characters the pass tells apart: letters, CJK, spaces of every
  /// kind (trailing and not), tabs, line separators, soft hyphens, marks.
  static func randomTexts(_ generator: inout Generator, count: Int) -> [String] {
    let pieces: [String] = [
      "a", "word", "é", "中", "文字", "ب", "क्ष", " ", "  ", "\t", "\u{2028}", "\n", "\u{A0}",
      "\u{3000}", "\u{2003}", "\u{AD}", "\u{301}", "x\u{AD}y", "-", "😀", "\u{200B}",
    ]
    return RandomScalars.texts(of: pieces, count: count, longest: 40, using: &generator)
  }

  static var texts: [String] {
    var generator = Generator(state: 0x5E6_3E47)
    return TightLoopItemizationTests.texts + randomTexts(&generator, count: 60)
  }

  @Test func passEqualsTheGeneralCode() throws {
    var generator = Generator(state: 0xFACE_5E65)
    var checked = 0
    for text in Self.texts {
      let analysis = try TextAnalysis(text: text, style: TextStyle())
      let scalars = analysis.scalars
      let count = scalars.count
      // Hyphenation points: a random subset of the soft breaks before the end.
      let points = analysis.breaks.filter { Int($0) < count && Bool.random(using: &generator) }
      var unsafe = BitArray(repeating: false, count: count + 1)
      for index in 0...count where UInt8.random(in: 0..<4, using: &generator) == 0 {
        unsafe[index] = true
      }
      // One face, few faces, and faces past the packed mask's 31 and `FaceMask`'s 63.
      let faceLists: [[UInt16]] = [
        [],
        (0..<count).map { _ in UInt16.random(in: 0..<4, using: &generator) },
        (0..<count).map { _ in UInt16.random(in: 0..<70, using: &generator) },
      ]
      for faceOf in faceLists {
        for keepingSpaces in [false, true] {
          let oneMask = FaceMask(face: Int.random(in: 0..<66, using: &generator))
          let made = PreparedTextStorage.segments(
            breaks: analysis.breaks, mandatory: analysis.mandatory, hyphenationPoints: points,
            scalars: scalars, faceOf: faceOf, oneMask: oneMask, unsafeBefore: unsafe,
            keepingSpaces: keepingSpaces)
          let general = Self.generalSegments(
            breaks: analysis.breaks, mandatory: analysis.mandatory, points: Set(points),
            scalars: scalars, faceOf: faceOf, oneMask: oneMask, unsafe: unsafe,
            keepingSpaces: keepingSpaces)
          #expect(made.segments == general, "\(text.debugDescription)")
          #expect(made.allPlain == general.allSatisfy(\.isPlain), "\(text.debugDescription)")
          #expect(
            made.packedFaces == general.reduce(0) { $0 | $1.packedFaces },
            "\(text.debugDescription)")
          checked += general.count
        }
      }
    }
    #expect(checked > 10_000)
  }

  /// Through `prepare`: the prepared segments against the general code over a fresh
  /// analysis of the same text, the prepared faces and unsafe flags (plain, CSS
  /// `break-spaces`, and hyphenated styles).
  @Test(arguments: [
    TextStyle(), TextStyle(breakRules: .css, whiteSpace: .breakSpaces),
    TextStyle(hyphenation: .auto),
  ])
  func preparedSegmentsEqualTheGeneralCode(style: TextStyle) throws {
    let library = try TestFonts.library.get()
    for text in Self.texts {
      let prepared = try library.prepare(text, style: style, cached: false)
      var analysis = try TextAnalysis(text: text, style: style)
      if style.hyphenation.isEnabled {
        try analysis.addHyphenationPoints(locale: style.locale)
      }
      let count = analysis.scalars.count
      let single = prepared.storage.singleFace
      let general = Self.generalSegments(
        breaks: analysis.breaks, mandatory: analysis.mandatory,
        points: Set(analysis.hyphenationPoints), scalars: analysis.scalars,
        faceOf: single >= 0 ? [] : (0..<count).map { UInt16(prepared.face(at: $0)) },
        oneMask: FaceMask(face: max(single, 0)), unsafe: prepared.unsafeBefore,
        keepingSpaces: style.whiteSpace == .breakSpaces)
      #expect(prepared.segments == general, "\(text.debugDescription)")
    }
  }

  /// `FaceMask(face:)` (the bit both the pass and `PreparedText.faceMask` set, without a
  /// branch): face i's bit below 63, the one overflow bit from 63 up, by hand. Fails with the
  /// overflow left to the shift (`1 &<< face` wraps face 64 to bit 0) or the clamp at 62.
  @Test func faceMaskOfEachFace() {
    for face in 0..<300 {
      let expected: UInt64 = face < 63 ? UInt64(1) << UInt64(face) : UInt64(1) << 63
      #expect(FaceMask(face: face).bits == expected, "face \(face)")
      #expect(FaceMask(face: face).overflows == (face >= 63), "face \(face)")
    }
  }

  @Test func tabOffsetsAreTheTabs() {
    var generator = Generator(state: 0x7AB5)
    for text in Self.texts + Self.randomTexts(&generator, count: 200) {
      let scalars = Array(text.unicodeScalars)
      #expect(
        PreparedTextStorage.tabOffsets(scalars) == scalars.indices.filter { scalars[$0] == "\t" },
        "\(text.debugDescription)")
    }
  }
}
