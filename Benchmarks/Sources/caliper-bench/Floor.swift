@_spi(Benchmarks) import Caliper
import Floor

/// The floor of preparing (issue 32): what any engine with Caliper's answers must do for a
/// paragraph whose words are all in a warm shape cache, in C (`Sources/Floor`): read the
/// UTF-8 once, find the break opportunities (ICU's line break iterator, or without ICU a
/// pair table of ASCII classes), one hash lookup per word, font fallback, and the sums (a
/// prefix sum per scalar, each segment's end and content end). Its word table holds the
/// advances Caliper prepared for each word (a word and the spaces after it, the shape
/// cache's unit), so the floor's ideal widths can be checked against Caliper's. Font
/// fallback: the face Caliper gives a word's spaces is decided by the word, the scalar after
/// them and the paragraph's direction (Pango's itemizing rule, `FaceChooser`: "है 1" puts
/// the space in Noto Sans with "1", "है abc" keeps it in the Devanagari face), so a word
/// with spaces is keyed also by one lookup of the next scalar's class in a flat table (its
/// first face, from Caliper's cascade, with its script and bidi class), made once for the
/// corpus's scalars. That key decides the spaces' face for the benchmark's corpora, not in
/// general: a neutral after the spaces would also need a bidi pass over neutrals, which the
/// floor leaves out (there it is cheaper than Caliper's answers allow, never dearer).
final class FloorTable {
  let table: OpaquePointer

  /// The words of every paragraph of `corpus` with Caliper's advances.
  init(_ corpus: Corpus, bench: Bench) {
    table = floor_table_new()
    Self.setFaces(table, corpus, bench: bench)
    for paragraph in corpus.paragraphs {
      let advances = bench.prepare(paragraph).scalarAdvances
      let bytes = Array(paragraph.text.utf8)
      let count = Int32(bytes.count)
      let base = floor_base(table, bytes, count)
      var byte = 0
      var scalar = 0
      while byte < bytes.count {
        let start = byte
        let first = scalar
        while byte < bytes.count, bytes[byte] != 0x20 { byte += 1 }
        let spaces = byte
        while byte < bytes.count, bytes[byte] == 0x20 { byte += 1 }
        scalar += bytes[start..<byte].filter { $0 & 0xC0 != 0x80 }.count
        let word = Array(advances[first..<min(scalar, advances.count)])
        let context = byte > spaces ? floor_context(table, bytes, count, Int32(byte), base) : 0
        bytes.withUnsafeBufferPointer { utf8 in
          floor_table_put(
            table, utf8.baseAddress! + start, Int32(byte - start), context, word,
            Int32(word.count))
        }
      }
    }
  }

  /// Gives the floor the first face of every scalar of `corpus`: the first face of the
  /// style's cascade whose cmap has it (`FirstFaceTable`'s answer), 255 for none.
  private static func setFaces(_ table: OpaquePointer, _ corpus: Corpus, bench: Bench) {
    do {
      let fonts = try bench.fonts.cascade(for: bench.style).paths.map { key in
        // A collection's face other than 0: its path, a NUL and the index.
        let parts = key.split(separator: "\0", omittingEmptySubsequences: false)
        return try bench.fonts.font(
          path: String(parts[0]), index: parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
      }
      let scalars = Set(corpus.paragraphs.flatMap { $0.text.unicodeScalars.map(\.value) })
        .sorted()
      let faces = scalars.map { value in
        let scalar = Unicode.Scalar(value)!
        return UInt8(fonts.firstIndex { $0.covers(scalar) } ?? 255)
      }
      floor_table_set_faces(table, scalars, faces, Int32(scalars.count))
    } catch {
      fatalError("the floor's faces: \(error)")
    }
  }

  deinit { floor_table_free(table) }

  /// The floor over one paragraph: its ideal width and segment count.
  @inline(never)
  func run(_ paragraph: Paragraph, icu: Bool) -> (idealWidth: Double, segments: Int) {
    var result = floor_result()
    let status = paragraph.utf8.withUnsafeBufferPointer { utf8 in
      utf8.withMemoryRebound(to: UInt8.self) { bytes in
        floor_paragraph(table, bytes.baseAddress, Int32(bytes.count), icu ? 1 : 0, &result)
      }
    }
    precondition(status == 0, "the floor's ICU calls failed")
    defer { floor_result_free(&result) }
    return (result.ideal_width, Int(result.segments))
  }
}

/// One class's floor row: Caliper's warm prepare against the floor with and without ICU,
/// each paragraph's three timed in turn; the median pass total of each.
struct FloorRow {
  let corpus: String
  let paragraphs: Int
  let prepare: Double
  let floorICU: Double
  let floorPairs: Double
  /// Paragraphs whose floor (ICU) has Caliper's segment count and ideal width (to 1e-9 pt).
  let agreeing: Int

  init(_ prepared: PreparedCorpus, bench: Bench) {
    let paragraphs = prepared.corpus.paragraphs
    let table = FloorTable(prepared.corpus, bench: bench)
    var agreeing = 0
    for (paragraph, text) in zip(paragraphs, prepared.texts) {
      let floor = table.run(paragraph, icu: true)
      if floor.segments == text.segmentCount, abs(floor.idealWidth - text.idealWidth) < 1e-9 {
        agreeing += 1
      }
    }
    var totals: [[Double]] = [[], [], []]
    for pass in 0...bench.passes {
      var sums = [0.0, 0.0, 0.0]
      for paragraph in paragraphs {
        sums[0] += Stopwatch.time { blackHole(bench.prepare(paragraph).idealWidth) }
        sums[1] += Stopwatch.time { blackHole(table.run(paragraph, icu: true)) }
        sums[2] += Stopwatch.time { blackHole(table.run(paragraph, icu: false)) }
      }
      if pass > 0 { for index in 0..<3 { totals[index].append(sums[index]) } }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    corpus = prepared.corpus.name
    self.paragraphs = paragraphs.count
    prepare = median(totals[0]) / Double(paragraphs.count)
    floorICU = median(totals[1]) / Double(paragraphs.count)
    floorPairs = median(totals[2]) / Double(paragraphs.count)
    self.agreeing = agreeing
  }

  static let header =
    "| class | paragraphs | Caliper prepare (warm shape cache) | floor, ICU | floor, pair table "
    + "| prepare / floor (ICU) | prepare / floor (pair table) | floor agrees with Caliper "
    + "| target | met |\n|---|---:|---:|---:|---:|---:|---:|---:|---|---|"

  var markdown: String {
    let ratio = prepare / floorICU
    let cells = [
      corpus, String(paragraphs), Self.time(prepare), Self.time(floorICU),
      Self.time(floorPairs), String(format: "%.1f×", ratio),
      String(format: "%.1f×", prepare / floorPairs),
      "\(agreeing) of \(paragraphs)", "prepare ≤ 2× floor (ICU)", ratio <= 2 ? "yes" : "no",
    ]
    return "| " + cells.joined(separator: " | ") + " |"
  }

  private static func time(_ nanoseconds: Double) -> String {
    nanoseconds >= 1000
      ? String(format: "%.1f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
  }
}
