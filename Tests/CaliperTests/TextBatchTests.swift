import Caliper
import Testing

/// The batch API against one-by-one measurement: the same results, in input order, on any
/// number of threads.
@Suite struct TextBatchTests {
  static let paragraphs = TestFonts.paragraphs

  static let proposals = [nil, 0, 120, 300, 960].map { ProposedViewSize(width: $0, height: nil) }

  @Test(arguments: [1, 2, 8, 64])
  func parallelEqualsSerial(jobs: Int) throws {
    let fonts = try TestFonts.library.get()
    let texts = Array(Self.paragraphs.prefix(400))
    #expect(texts.count == 400)
    let serial = try texts.map { text in
      let prepared = try fonts.prepare(text)
      return Self.proposals.map { prepared.measure($0) }
    }
    let batch = TextBatch(fonts: fonts).measure(texts, at: Self.proposals, jobs: jobs)
    #expect(batch.count == texts.count)
    for (index, result) in batch.enumerated() {
      let item = try result.get()
      #expect(item.prepared.string == texts[index])
      #expect(item.measurements == serial[index], "paragraph \(index)")
    }
  }

  @Test func errorsStayInTheirSlot() throws {
    let fonts = try TestFonts.library.get()
    let style = TextStyle(fonts: [.file("/nonexistent/font.ttf")])
    let results = TextBatch(fonts: fonts, style: style).measure(
      ["a", "b"], at: [.unspecified], jobs: 2)
    #expect(results.count == 2)
    for result in results {
      #expect(throws: CaliperError.self) { try result.get() }
    }
    #expect(TextBatch(fonts: fonts).measure([], at: [.unspecified]).isEmpty)
  }
}
