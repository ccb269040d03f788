@_spi(Benchmarks) import Caliper
import Foundation

/// W7, memory of prepared text: `PreparedText.memoryFootprint` per paragraph, per break
/// segment and per byte of text (arrays and string; shared faces and cached breakings are
/// not counted).
struct MemoryRow {
  let corpus: String
  let paragraphs: Int
  let bytes: Int
  let segments: Int
  let footprint: Int

  init(_ prepared: PreparedCorpus) {
    corpus = prepared.corpus.name
    paragraphs = prepared.texts.count
    bytes = prepared.corpus.byteCount
    segments = prepared.segmentCount
    footprint = prepared.texts.reduce(0) { $0 + $1.memoryFootprint }
  }

  static let header =
    "| class | paragraphs | text bytes | segments | bytes per paragraph | bytes per segment "
    + "| bytes per text byte |\n|---|---:|---:|---:|---:|---:|---:|"

  var markdown: String {
    let perParagraph = Double(footprint) / Double(paragraphs)
    let perSegment = Double(footprint) / Double(segments)
    let perByte = Double(footprint) / Double(bytes)
    return String(
      format: "| %@ | %d | %d | %d | %.0f | %.1f | %.1f |", corpus, paragraphs, bytes, segments,
      perParagraph, perSegment, perByte)
  }
}
