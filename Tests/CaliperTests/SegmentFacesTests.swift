import Testing

@testable import Caliper

/// Preparing gives each segment the faces of the runs it overlaps (a walk over the runs
/// beside the segments, `PreparedTextStorage.faceMask(_:runs:from:)`); the faces must be the
/// union of the face of each of its scalars, worked out here from `faceOf` one scalar at a
/// time (`PreparedText.faceMask(_:faceOf:)`, the slow path measuring uses). Over every line
/// of every corpus file (fallback across scripts, bidi), styled spans with slots of their
/// own, placeholders and vertical text (runs cut by orientation).
@Suite struct SegmentFacesTests {
  static func check(_ text: PreparedText, _ label: String) -> Bool {
    guard text.storage.singleFace < 0 else { return false }
    for segment in text.segments {
      let scalars = PreparedText.faceMask(
        segment.start..<segment.end, faceOf: text.storage.faceOf)
      let expected = Segment(
        start: 0, contentEnd: 0, end: 0, isHardBreak: false, faces: scalars, unsafeEnd: false,
        softHyphen: false
      ).faces
      #expect(segment.faces == expected, "\(label.prefix(60)) \(segment.start)..<\(segment.end)")
    }
    return true
  }

  @Test func segmentFacesAreTheirScalarsFaces() throws {
    let library = try TestFonts.library.get()
    var checked = 0
    var vertical = TextStyle(size: 16)
    vertical.writingMode = .verticalRL
    for text in TightLoopItemizationTests.texts where !text.isEmpty {
      if Self.check(try library.prepare(text, style: TextStyle(size: 16)), text) { checked += 1 }
    }
    for text in ["縦書きの abc テキスト 123。", "日本語とEnglishと한국어", "a中b\nc"] {
      if Self.check(try library.prepare(text, style: vertical), text) { checked += 1 }
    }
    // Spans: a slot of their own at another size, inside words and across a break.
    let mixed = "Blue 这是 tile नमस्ते label"
    let spans = [
      TextSpan(2..<7, size: 24), TextSpan(12..<15, size: 8),
      TextSpan(20..<21, placeholder: Placeholder(width: 12, height: 8)),
    ]
    if Self.check(try library.prepare(mixed, style: TextStyle(size: 16), spans: spans), mixed) {
      checked += 1
    }
    #expect(checked > 500)
  }
}
