import CaliperTestSupport
import Foundation
import Testing

@testable import Caliper

/// `RelayoutConstants`: the constants a relayout at a new width reads, from one cache line
/// defined in C. Each is checked against the number written here by hand (the C file and
/// this test are two independent spellings of it), the block against one line, and the
/// table's guess, which reads two of them, against its definition worked out by a scan of
/// the positions. The answers they feed (the table's loop, the tight width) are checked
/// against the general scan by `IndexedLoopTests`, `PlainLineIndexTests` and the relayout
/// suites.
@Suite struct RelayoutConstantsTests {
  @Test func eachConstantIsItsNumber() {
    #expect(RelayoutConstants.negativeInfinity == -Double.infinity)
    #expect(RelayoutConstants.infinity == Double.infinity)
    #expect(RelayoutConstants.tolerance == 1e-6)
    #expect(RelayoutConstants.tolerance == LineBreaker.tolerance)
    #expect(RelayoutConstants.half == 0.5)
    #expect(RelayoutConstants.twoTo52 == 4_503_599_627_370_496)
  }

  /// The point of the block: its bytes are on one 64-byte line (`aligned(64)` in the C
  /// file, and at most 64 bytes).
  @Test func theConstantsAreOneCacheLine() {
    let (address, bytes) = RelayoutConstants.memory
    #expect(bytes <= 64)
    #expect(address % 64 == 0, "at \(address)")
    #expect(address / 64 == (address + UInt(bytes) - 1) / 64)
  }

  /// `PlainLineIndex.firstGuess(room:)`, which reads `half` and `twoTo52`: the last segment
  /// ending at or before step ⌊room × scale⌋ (clamped to the steps; NaN: the last step), or
  /// the first, from a scan of the table's own positions. Where room × scale is a whole
  /// number the rounding may take either neighbouring step (a guess only). Over corpus
  /// paragraphs and hostile texts, at seeded random rooms, rooms at and near each segment's
  /// end, and hostile rooms.
  @Test func theFirstGuessIsItsDefinition() throws {
    let library = try TestFonts.library.get()
    let corpus = try String(
      contentsOfFile: TestFonts.root + "/Benchmarks/Corpus/gatsby-opening.txt", encoding: .utf8)
    let paragraphs = corpus.split(separator: "\n").prefix(30).map(String.init)
    var random = ShortestDecimalTests.SeededGenerator(state: 32)
    var checked = 0
    for paragraph in paragraphs + IndexedLoopTests.hostile where !paragraph.isEmpty {
      let text = try library.prepare(paragraph)
      guard let table = text.makePlainLineIndex() else { continue }
      defer { PlainLineIndex.destroy(table) }
      let index = table.pointee
      let count = index.steps - 1
      let ends = (0..<count).map { index.endPositions[$0] }
      var rooms: [Double] = [
        .nan, .infinity, -.infinity, -1, 0, 1e-300, 1e300, 0.5 / index.scale,
        1.5 / index.scale, index.lastStep / index.scale,
      ]
      for end in ends {
        rooms += [end - index.origin, (end - index.origin).nextUp, (end - index.origin).nextDown]
      }
      for _ in 0..<200 {
        rooms.append(Double.random(in: -10...(ends[count - 1] - index.origin + 10), using: &random))
      }
      for room in rooms {
        let guess = index.firstGuess(room: room)
        let position = room * index.scale
        let clamped = position.isNaN ? index.lastStep : min(max(position, 0.5), index.lastStep)
        let step = clamped.rounded(.down)
        // Either neighbour where the clamped position is a whole number above 0.5.
        let steps = clamped != step || clamped <= 0.5 ? [step] : [step, step - 1]
        let expected = steps.map { step in
          max(0, (ends.lastIndex { $0 <= index.origin + step / index.scale }) ?? -1)
        }
        #expect(expected.contains(guess), "room \(room): \(guess), expected \(expected)")
        checked += 1
      }
    }
    #expect(checked > 5_000)
  }
}

/// The table's struct as the first call after other work reads it: what the table's loop
/// reads (`endPositions` through `scale`) in its first 64 bytes (one or two lines, where it
/// was 80 bytes, always two), and the counts the loop makes its buffers with, the text's own
/// arrays' counts (a count made from the wrong array fails here).
@Suite struct PlainLineIndexLayoutTests {
  @Test func theLoopReadsOneLineOfTheStruct() throws {
    let library = try TestFonts.library.get()
    typealias Table = PlainLineIndex
    for key in [
      \Table.endPositions, \Table.startPositions, \Table.lastAtStep, \Table.breakable,
    ] as [PartialKeyPath<Table>] {
      #expect(try #require(MemoryLayout<Table>.offset(of: key)) < 64)
    }
    for key in [\Table.segmentCount, \Table.prefixCount] as [PartialKeyPath<Table>] {
      #expect(try #require(MemoryLayout<Table>.offset(of: key)) < 64)
    }
    for key in [\Table.lastStep, \Table.scale] as [PartialKeyPath<Table>] {
      #expect(try #require(MemoryLayout<Table>.offset(of: key)) + 8 <= 64)
    }
    for paragraph in IndexedLoopTests.hostile + ["A few words of a short paragraph."] {
      let text = try library.prepare(paragraph)
      guard let table = text.makePlainLineIndex() else { continue }
      defer { PlainLineIndex.destroy(table) }
      #expect(table.pointee.segmentCount == text.segments.count)
      #expect(table.pointee.prefixCount == text.prefix.count)
      #expect(table.pointee.steps == text.segments.count + 1)
    }
  }
}
