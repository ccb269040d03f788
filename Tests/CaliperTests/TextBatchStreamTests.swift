import Caliper
import Testing

/// `TextBatch.prepareInOrder` against one-by-one measurement: every text handed back once,
/// in the order read, whatever the threads and the number in flight; errors where they
/// belong.
@Suite struct TextBatchStreamTests {
  struct ReadFailed: Error {}
  struct WriteFailed: Error {}

  static let proposals = [nil, 0, 120, 300, 960].map { ProposedViewSize(width: $0, height: nil) }

  /// A text and its measurements at `proposals`, as bytes.
  static func answer(_ prepared: PreparedText) -> [UInt8] {
    Array("\(prepared.string)\n\(proposals.map { prepared.measure($0) })".utf8)
  }

  /// Streams `texts` through `prepareInOrder`, each answered by `answer`.
  static func stream(
    _ texts: [String], batch: TextBatch, jobs: Int, ahead: Int,
    consume: (Result<[UInt8], CaliperError>) throws -> Void
  ) throws {
    var remaining = texts.makeIterator()
    try batch.prepareInOrder(
      jobs: jobs, ahead: ahead,
      next: { remaining.next().map { (text: $0, cached: false) } },
      transform: { Self.answer($0) }, consume: consume)
  }

  static func string(_ result: Result<[UInt8], CaliperError>) throws -> String {
    String(decoding: try result.get(), as: UTF8.self)
  }

  @Test(arguments: [(1, 1), (1, 7), (2, 1), (2, 3), (2, 32), (8, 5), (8, 128)])
  func orderAndValuesEqualSerial(jobs: Int, ahead: Int) throws {
    let fonts = try TestFonts.library.get()
    let texts = Array(TestFonts.paragraphs.prefix(300))
    #expect(texts.count == 300)
    let serial = try texts.map {
      String(decoding: Self.answer(try fonts.prepare($0)), as: UTF8.self)
    }
    var got: [String] = []
    try Self.stream(texts, batch: TextBatch(fonts: fonts), jobs: jobs, ahead: ahead) {
      got.append(try Self.string($0))
    }
    #expect(got.count == texts.count)
    for (index, answer) in got.enumerated() {
      #expect(answer.hasPrefix(texts[index] + "\n"), "text \(index) out of order")
      #expect(answer == serial[index], "text \(index)")
    }
  }

  @Test func aTextsErrorIsInItsPlace() throws {
    let fonts = try TestFonts.library.get()
    let style = TextStyle(fonts: [.file("/nonexistent/font.ttf")])
    var outcomes: [Bool] = []
    try Self.stream(
      ["a", "b", "c"], batch: TextBatch(fonts: fonts, style: style), jobs: 2, ahead: 2
    ) { outcomes.append((try? $0.get()) != nil) }
    #expect(outcomes == [false, false, false])
    var none = 0
    try Self.stream([], batch: TextBatch(fonts: fonts), jobs: 2, ahead: 4) { _ in none += 1 }
    #expect(none == 0)
  }

  /// A failed read ends the stream after every text read before it is handed back.
  @Test(arguments: [1, 2, 4])
  func aReadErrorComesAfterTheTextsBeforeIt(jobs: Int) throws {
    let fonts = try TestFonts.library.get()
    let texts = Array(TestFonts.paragraphs.prefix(20))
    var index = 0
    var got: [String] = []
    #expect(throws: ReadFailed.self) {
      try TextBatch(fonts: fonts).prepareInOrder(
        jobs: jobs, ahead: 8,
        next: {
          guard index < 13 else { throw ReadFailed() }
          defer { index += 1 }
          return (texts[index], false)
        },
        transform: { Array($0.string.utf8) },
        consume: { got.append(try Self.string($0)) })
    }
    #expect(got == Array(texts.prefix(13)))
  }

  /// A failed write stops the stream: nothing after it is handed back, no text is read far
  /// past it, and the error is the write's.
  @Test(arguments: [1, 2, 4])
  func aWriteErrorStopsTheStream(jobs: Int) throws {
    let fonts = try TestFonts.library.get()
    let texts = Array(TestFonts.paragraphs.prefix(100))
    var read = 0
    var got: [String] = []
    #expect(throws: WriteFailed.self) {
      try TextBatch(fonts: fonts).prepareInOrder(
        jobs: jobs, ahead: 6,
        next: {
          guard read < texts.count else { return nil }
          defer { read += 1 }
          return (texts[read], false)
        },
        transform: { Array($0.string.utf8) },
        consume: { result in
          guard got.count < 10 else { throw WriteFailed() }
          got.append(try Self.string(result))
        })
    }
    #expect(got == Array(texts.prefix(10)))
    #expect(read <= 11 + 6, "read \(read) texts for 11 handed back with 6 in flight")
  }
}
