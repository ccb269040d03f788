import Caliper
import CaliperService

/// Streamed output of `caliper measure`: each text's table or JSON line written as it is
/// measured, never the whole answer held in memory.
///
/// Problem: 10 MB of prose at width 100 is 243 MB of JSON with its lines; building it as
/// one string (and the values behind it) took 1.6 GB, and `--input` with many texts held
/// every text's output until the last was done. A bulk job of sizes only (`--no-lines`)
/// has the opposite shape: thousands of small answers, where writing them one at a time
/// on one thread left the other cores idle. Solution: texts go in windows of a few per job.
/// With lines, the window's texts are prepared in parallel (`TextBatch`), then, in input
/// order, each is measured one proposal at a time and written through `Output` (flushed
/// every 64 KiB) in pieces of at most 64 KiB (`MeasurementJSON.write`,
/// `MeasurementTable.write`): memory is the window's prepared texts plus one block of
/// lines. Sizes only, each job prepares, measures and formats its texts whole (an answer
/// is the text and a few hundred bytes per proposal) and drops each prepared text at
/// once; the texts stream through the jobs with no barrier between windows
/// (`TextBatch.prepareInOrder`), and this thread, itself one of the jobs, writes the
/// answers in input order. Limitation: with lines, line breaking runs on the writing
/// thread, so only preparing is parallel.
enum MeasureStream {
  /// Writes the result of each of `texts` to `output`, in order.
  ///
  /// - Throws: the first text's `CaliperError` that could not be prepared (the texts
  ///   before it are written).
  static func write(
    _ texts: [String], batch: TextBatch, jobs: Int?, proposals: [ProposedViewSize],
    options: TextContainerOptions, format: MeasureFormat, json: Bool, output: inout Output,
    afterEach: () -> Void = {}
  ) throws {
    var remaining = texts.makeIterator()
    try write(
      next: { remaining.next() }, batch: batch, jobs: jobs, proposals: proposals,
      options: options, format: format, json: json, output: &output, afterEach: afterEach)
  }

  /// Writes the result of each text `next` gives until it gives nil, in order, reading a
  /// window of texts at a time: memory is the window, not the input.
  ///
  /// A text goes through the prepared-text cache when it comes again within its window or
  /// came before (a hash of the texts seen is kept, up to `remembered` of them).
  static func write(
    next: () throws -> String?, batch: TextBatch, jobs: Int?, proposals: [ProposedViewSize],
    options: TextContainerOptions, format: MeasureFormat, json: Bool, output: inout Output,
    afterEach: () -> Void = {}
  ) throws {
    let whole = !format.needsLines
    let window = max(1, jobs ?? TextBatch.coreCount) * (whole ? 16 : 4)
    var seen = Set<Int>()
    var slice: [String] = []
    var cached: [Bool] = []
    /// The next window of texts, with whether each goes through the prepared-text cache.
    func readWindow() throws {
      slice.removeAll(keepingCapacity: true)
      while slice.count < window, let text = try next() { slice.append(text) }
      // Only a text that comes again goes through the prepared-text cache.
      cached = TextBatch.repeats(in: slice)
      for index in slice.indices {
        var text = slice[index]
        let hash = text.withUTF8 { bytes in  // the bytes, as `TextBatch.repeats` hashes them
          var hasher = Hasher()
          hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
          return hasher.finalize()
        }
        if seen.contains(hash) {
          cached[index] = true
        } else if seen.count < remembered {
          seen.insert(hash)
        }
      }
    }
    if whole {
      // Sizes only: the texts stream through the jobs, with no barrier between windows;
      // this thread writes the answers in input order as they are done.
      var position = 0
      try batch.prepareInOrder(
        jobs: jobs, ahead: window,
        next: {
          if position == slice.count {
            try readWindow()
            position = 0
            if slice.isEmpty { return nil }
          }
          defer { position += 1 }
          return (slice[position], cached[position])
        },
        transform: { text in
          let rows = MeasuredRows(
            text: text, proposals: proposals, options: options, format: format)
          guard json else {
            var bytes: [UInt8] = []
            answer(rows, json: false) { bytes += $0 }
            return bytes
          }
          // The answer made in one buffer and handed on as it is (gathered from pieces, a
          // few KB were grown and copied four times a text).
          var writer = JSONWriter(
            capacity: text.string.utf8.count + proposals.count * bytesPerRow + 512)
          jsonAnswer(rows, into: &writer) { _ in }
          return writer.takeBytes()
        },
        consume: { answer in
          output.write(try answer.get())
          afterEach()
        })
      return
    }
    while true {
      try readWindow()
      if slice.isEmpty { break }
      for item in batch.prepare(slice, jobs: jobs, cached: cached, transform: { $0 }) {
        let text = try item.get()
        answer(
          MeasuredRows(text: text, proposals: proposals, options: options, format: format),
          json: json
        ) { output.write($0) }
        afterEach()
      }
    }
  }

  /// The most texts whose hashes are kept to find a repeat in a later window (16 MB).
  static let remembered = 1 << 20

  /// About the bytes of one row of a JSON answer without lines (`--no-lines`: 270).
  static let bytesPerRow = 320

  /// One text's answer, handed to `sink` in pieces: a JSON line or a table.
  static func answer(_ rows: MeasuredRows, json: Bool, to sink: ([UInt8]) -> Void) {
    if json {
      var writer = JSONWriter()
      jsonAnswer(rows, into: &writer) { writer in
        sink(writer.bytes)
        writer.removeAll()
      }
      sink(writer.bytes)
    } else if rows.text.style.writingMode.isVertical {
      VerticalTable.write(rows) { sink(Array($0.utf8)) }
    } else {
      MeasurementTable.write(rows) { sink(Array($0.utf8)) }
    }
  }

  /// One text's JSON line appended to `writer`; `flush` as `MeasurementJSON.write`'s.
  static func jsonAnswer(
    _ rows: MeasuredRows, into writer: inout JSONWriter, flush: (inout JSONWriter) -> Void
  ) {
    // Invalid UTF-8 in an argument was repaired before measuring: counted in lossy.
    // (Looked up only when some argument had any: hashing every text costs.)
    let repaired = CommandLineArguments.invalidUTF8
    let lossy = MeasurementJSON.Lossy(
      invalidUTF8: repaired.isEmpty ? 0 : repaired[rows.text.string] ?? 0)
    MeasurementJSON.write(rows, lossy: lossy, into: &writer, flush: flush)
    writer.raw("\n")
  }
}
