import Foundation
import Testing

@testable import Caliper

/// The emergency break's estimate (`LineBreaker.estimatedBreak`) by gallop and bisection,
/// for texts whose prefix sums never fall, against the candidate-by-candidate scan it
/// replaces there: the same offset for every word of the corpus (and the URLs, long words
/// of many pieces), from its start and from random grapheme starts inside it, at random
/// limits from none to past the word's width, with and without an indent. An equivalence
/// test: the scan is the expected value.
@Suite struct EmergencyEstimateTests {
  typealias Random = ShortestDecimalTests.SeededGenerator

  static let styles: [TextStyle] = [
    TextStyle(), TextStyle(size: 9), TextStyle(wordSpacing: -2), TextStyle(letterSpacing: 1.5),
  ]

  @Test(arguments: 0..<styles.count)
  func gallopGivesTheScansBreak(_ styleIndex: Int) throws {
    let library = try TestFonts.library.get()
    var random = Random(state: UInt64(300 + styleIndex))
    let urls = try String(
      contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/urls-unbreakable.txt", encoding: .utf8
    ).split(separator: "\n").prefix(40).map(String.init)
    var compared = 0
    var pieces = 0
    var rising = 0
    for (number, paragraph) in (TestFonts.paragraphs + urls).enumerated() where number % 3 == 0 {
      let text = try library.prepare(paragraph, style: Self.styles[styleIndex])
      guard text.storage.prefixRises else { continue }
      rising += 1
      let widths = text.widths
      for segment in text.segments where segment.contentEnd - segment.start > 1 {
        var breaker = LineBreaker(limit: 0)
        // Line starts inside the word: its start and grapheme starts after it.
        var starts = [segment.start]
        for _ in 0..<2 {
          let offset = Int.random(in: segment.start..<segment.contentEnd, using: &random)
          if text.isEmergencyBreak(offset) { starts.append(offset) }
        }
        for start in starts {
          guard let first = breaker.nextCandidate(widths, after: start, before: segment.contentEnd)
          else { continue }
          let whole = text.advanceSum(start..<segment.contentEnd)
          for _ in 0..<4 {
            breaker = LineBreaker(limit: Double.random(in: 0...(whole * 1.2), using: &random))
            breaker.indent = Bool.random(using: &random) ? 0 : 7
            let scanned = breaker.estimatedBreak(
              widths.wordCuts, from: start, first: first, before: segment.contentEnd,
              galloping: false)
            let galloped = breaker.estimatedBreak(
              widths.wordCuts, from: start, first: first, before: segment.contentEnd,
              galloping: true)
            #expect(
              galloped == scanned,
              "limit \(breaker.limit), \(start)..<\(segment.contentEnd): \(paragraph.prefix(30))")
            if scanned > first { pieces += 1 }
            compared += 1
          }
        }
      }
    }
    // Not vacuous: most texts rise, and many estimates pass the first candidate.
    #expect(rising > 20)
    #expect(compared > 2000)
    #expect(pieces > 500)
  }
}
