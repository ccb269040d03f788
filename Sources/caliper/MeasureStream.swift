import Caliper

/// Streamed output of `caliper measure`: each text's table or JSON line written as it is
/// measured, a width at a time, never the whole answer held in memory.
///
/// Problem: 10 MB of prose at width 100 is 243 MB of JSON with its lines; building it as
/// one string (and the values behind it) took 1.6 GB, and `--input` with many texts held
/// every text's output until the last was done. Solution: texts are prepared in windows of
/// a few per job in parallel (`TextBatch`), then, in input order, each is measured one
/// proposal at a time and written through `Output` (flushed every 64 KiB) in pieces of at
/// most 64 KiB (`MeasurementJSON.write`, `MeasurementTable.write`). Memory is the window's
/// prepared texts plus one line (`MeasuredRows`). Limitation: line breaking runs on the
/// writing thread, so only preparing (the costly part) is parallel.
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
    let window = max(1, jobs ?? TextBatch.coreCount) * 4
    var start = 0
    while start < texts.count {
      let end = min(texts.count, start + window)
      let prepared = batch.prepare(Array(texts[start..<end]), jobs: jobs) { $0 }
      for item in prepared {
        let text = try item.get()
        let rows = MeasuredRows(
          text: text, proposals: proposals, options: options, format: format)
        if json {
          // Invalid UTF-8 in an argument was repaired before measuring: counted in lossy.
          let lossy = MeasurementJSON.Lossy(
            invalidUTF8: CommandLineArguments.invalidUTF8[text.string] ?? 0)
          MeasurementJSON.write(rows, lossy: lossy, to: { output.write($0) })
          output.write("\n")
        } else {
          MeasurementTable.write(rows, to: { output.write($0) })
        }
        afterEach()
      }
      start = end
    }
  }
}
