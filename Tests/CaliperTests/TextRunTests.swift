import Foundation
import Testing

@testable import Caliper

/// `Itemization.runs` (raw buffers, the run's face, script and level in locals) gives the
/// runs of the plain rule written here: a new run wherever a scalar's face, script or bidi
/// level differs from its run's first scalar's, read through `level(at:)`. Over every line
/// of every corpus file and mixed strings of scripts, directions and faces, among them texts
/// of more runs than the room reserved for them, and with the entry after the text (where
/// the search writes its sentinel) holding each face first.
@Suite struct TextRunTests {
  static func reference(_ analysis: TextAnalysis, faceOf: [UInt16]) -> [TextRun] {
    var runs: [TextRun] = []
    var start = 0
    for next in 1...analysis.scalars.count
    where next == analysis.scalars.count || faceOf[next] != faceOf[start]
      || analysis.scripts[next] != analysis.scripts[start]
      || analysis.level(at: next) != analysis.level(at: start)
    {
      runs.append(
        TextRun(
          range: start..<next, face: Int(faceOf[start]), script: analysis.scripts[start],
          level: analysis.level(at: start)))
      start = next
    }
    return runs
  }

  @Test func runsAreThePlainRules() throws {
    let library = try TestFonts.library.get()
    let style = TextStyle(size: 16)
    var compared = 0
    var leveled = 0
    var beyondRoom = 0
    // Runs of one or two scalars, more than the room of one every 5 scalars (and than 64).
    let manyRuns = [
      String(repeating: "aب", count: 30), String(repeating: "a中", count: 100),
      String(repeating: "ab שלום ", count: 20), String(repeating: "中 ب x ★", count: 40),
    ]
    let texts =
      TightLoopItemizationTests.texts + manyRuns + [
        "x", "abc שלום def", "שלום abc", "مرحبا 123 بالعالم", "a中b", "\u{202B}a\u{202C}b",
      ]
    for text in texts where !text.isEmpty {
      var analysis = try TextAnalysis(text: text, style: style)
      analysis.resolveScripts()
      var resolver = FontCascade.Resolver(try library.cascade(for: style))
      let items = try Itemization(analysis: analysis, resolver: &resolver, style: style)
      guard !items.faceOf.isEmpty else { continue }
      let expected = Self.reference(analysis, faceOf: items.faceOf)
      // The entry after the text as `Itemization.init` leaves it (room it filled past the
      // stretches' ends) or as another face: the search writes its own.
      for after in Set([items.faceOf.last!, 0, 1, UInt16.max]) {
        var faces = items.faceOf + [after]
        let runs = Itemization.runs(analysis, faceOf: &faces)
        #expect(runs == expected, "\(text.prefix(60))")
      }
      compared += 1
      if analysis.hasBidi { leveled += 1 }
      if expected.count > min(analysis.scalars.count / 5 + 8, 64) { beyondRoom += 1 }
    }
    #expect(compared > 1000)
    #expect(leveled > 100)
    #expect(beyondRoom >= 4)
  }

  /// A prepared text keeps its runs' array as `Itemization.runs` made it: a long paragraph of
  /// one script and face (Russian, 10,000 scalars, one run from `Itemization.runs`) holds
  /// room for a handful of runs, not one every 5 scalars (an estimate from the length alone
  /// kept room for 2,014 runs, 64 KB, for its one). Bounded as the array's doubling from 8
  /// would leave it: at most 64, or twice its runs.
  @Test func longParagraphOfOneRunKeepsLittleRoom() throws {
    let word = "съешь ещё этих мягких французских булок, да выпей же чаю. "
    let text = String(repeating: word, count: 10_000 / word.unicodeScalars.count + 1)
    #expect(text.unicodeScalars.count >= 10_000)
    let prepared = try TestFonts.prepare(text)
    #expect(prepared.runs.count < 8, "\(prepared.runs.count) runs")
    #expect(
      prepared.runs.capacity <= max(64, 2 * prepared.runs.count),
      "room for \(prepared.runs.capacity) runs, \(prepared.runs.count) held")
  }
}
